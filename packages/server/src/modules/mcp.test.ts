// The store's MCP server (issue 18 item 5) through the official SDK's Client and StreamableHTTPClientTransport
// against the running test server: what an AI assistant sees with a buyer's agent token, with none (a guest),
// and with a bad or revoked one. Every answer is checked against what the same buyer sees through the REST API.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AGENT_READ_TOOLS, agentToolsFor } from '@store/core';
import { DEMO_USERS, PARTNER_SKUS } from '../seed/access.ts';
import { BASE, errorOf, startTestServer, type Agent, type TestServer } from '../test-support/server.ts';
import { callTool, makeAgentToken, mcpClient } from '../test-support/agent-tokens.ts';

let s: TestServer;
let casey: Agent;
let caseyToken: string;
let partnerProductId: string;
let accountIds: Record<string, string>;

before(async () => {
  s = await startTestServer();
  casey = await s.login(DEMO_USERS.consumer.email);
  caseyToken = (await makeAgentToken(casey, 'Casey’s assistant')).token;
  partnerProductId = (
    await s.db.db.selectFrom('product').select('id').where('sku', '=', PARTNER_SKUS[0]!).executeTakeFirstOrThrow()
  ).id;
  const accounts = await s.db.db.selectFrom('account').select(['id', 'name']).execute();
  accountIds = Object.fromEntries(accounts.map((a) => [a.name, a.id]));
});
after(async () => {
  await s?.close();
});

const mcpPost = (headers: Record<string, string>) =>
  fetch(`${s.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });

describe('MCP server with a buyer’s agent token', () => {
  test('lists every tool', async () => {
    const client = await mcpClient(s, caseyToken);
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), [...agentToolsFor(true)].sort());
    for (const t of tools) assert.ok(t.description && t.inputSchema.type === 'object', t.name);
    await client.close();
  });

  test('search_catalogue for "dentists" finds the dentist datasets, with the buyer’s prices', async () => {
    const client = await mcpClient(s, caseyToken);
    const { isError, json } = await callTool(client, 'search_catalogue', { term: 'dentists' });
    assert.equal(isError, false);
    assert.ok(json.total > 0);
    for (const p of json.products.slice(0, 3)) assert.match(p.name, /dentist/i);
    // The same search as the REST API's, for the same buyer: the same first products and prices.
    const rest = await casey.post(`${BASE}/search/product-search`, { searchTerm: 'dentists', includePrices: true });
    assert.equal(rest.status, 201, rest.text);
    const restFirst = rest.body.productsPage.products.slice(0, 5);
    assert.deepEqual(
      json.products.slice(0, 5).map((p: any) => [p.id, p.unitPrice]),
      restFirst.map((p: any) => [p.id, p.prices.unitPrice]),
    );
    assert.ok(json.products.every((p: any) => typeof p.unitPrice === 'string'));
    for (const p of json.products) assert.match(p.sku, /^[A-Z]{2}-\d{5}/, 'each product with its SKU');
    assert.ok(json.products.every((p: any) => typeof p.description === 'string' && p.description.length > 0));
    await client.close();
  });

  test('add_to_cart puts a dataset in the buyer’s own cart, as the REST cart API shows it', async () => {
    const client = await mcpClient(s, caseyToken);
    const found = await callTool(client, 'search_catalogue', { term: 'dentists' });
    const productId = found.json.products[0].id as string;
    const added = await callTool(client, 'add_to_cart', { productId, quantity: 1 });
    assert.equal(added.isError, false, added.text);
    assert.equal(added.json.added.productId, productId);
    const lines = await casey.api('/carts/current/cart-items');
    assert.equal(lines.status, 200, lines.text);
    const line = lines.body.cartItems.find((i: any) => i.cartItem.productId === productId)?.cartItem;
    assert.ok(line, 'the line is in the buyer’s cart');
    assert.equal(line.cartItemId, added.json.added.cartItemId);
    const cart = await callTool(client, 'get_cart');
    assert.equal(cart.json.cartId, lines.body.cartSummary.cartId);
    assert.equal(cart.json.grandTotalAmount, lines.body.cartSummary.grandTotalAmount);

    const removed = await callTool(client, 'remove_cart_item', { cartItemId: line.cartItemId });
    assert.equal(removed.isError, false, removed.text);
    const after = await casey.api('/carts/current/cart-items');
    assert.equal(
      after.body.cartItems.some((i: any) => i.cartItem.productId === productId),
      false,
    );
    await client.close();
  });

  test('a product outside the buyer’s entitlements is refused, in the words of the REST API’s 404', async () => {
    const client = await mcpClient(s, caseyToken);
    const rest = await casey.api(`/products/${partnerProductId}`);
    assert.equal(rest.status, 404);
    const byId = await callTool(client, 'get_product', { idOrSku: partnerProductId });
    assert.equal(byId.isError, true);
    assert.equal(byId.text, errorOf(rest).message);
    const bySku = await callTool(client, 'get_product', { idOrSku: PARTNER_SKUS[0] });
    assert.equal(bySku.isError, true);
    assert.match(bySku.text, /doesn't exist or isn't available to you/);

    const restAdd = await casey.post(`${BASE}/carts/current/cart-items`, {
      productId: partnerProductId,
      quantity: '1',
    });
    assert.equal(restAdd.status, 404);
    const add = await callTool(client, 'add_to_cart', { productId: partnerProductId });
    assert.equal(add.isError, true);
    assert.equal(add.text, errorOf(restAdd).message);
    const cart = await casey.api('/carts/current/cart-items');
    assert.equal(
      cart.body.cartItems.some((i: any) => i.cartItem.productId === partnerProductId),
      false,
    );
    // A Wholesale Partner's token reads it, with the partner's price.
    const morgan = await s.login(DEMO_USERS.buyer.email);
    const partner = await mcpClient(s, (await makeAgentToken(morgan)).token);
    const seen = await callTool(partner, 'get_product', { idOrSku: PARTNER_SKUS[0] });
    assert.equal(seen.isError, false, seen.text);
    assert.equal(seen.json.id, partnerProductId);
    assert.match(seen.json.price.unitPrice, /^\d+\.\d{2}$/);
    await Promise.all([client.close(), partner.close()]);
  });

  test('a token acts only for its user’s accounts', async () => {
    const client = await mcpClient(s, caseyToken);
    const other = await callTool(client, 'get_cart', { effectiveAccountId: accountIds['Northwind Traders'] });
    assert.equal(other.isError, true);
    assert.match(other.text, /You don't have access to the account/);
    const add = await callTool(client, 'add_to_cart', {
      productId: (await callTool(client, 'search_catalogue', { term: 'dentists' })).json.products[0].id,
      effectiveAccountId: accountIds['Northwind Traders'],
    });
    assert.equal(add.isError, true);
    const northwindCarts = await s.db.db
      .selectFrom('cart')
      .select('id')
      .where('account_id', '=', accountIds['Northwind Traders']!)
      .where('owner_user_id', '=', (await casey.api('/session-context')).body.userId)
      .execute();
    assert.deepEqual(northwindCarts, []);
    // Morgan's token may act for an account Morgan acts for (Contoso), with that account's cart.
    const morgan = await s.login(DEMO_USERS.buyer.email);
    const partner = await mcpClient(s, (await makeAgentToken(morgan)).token);
    const contoso = await callTool(partner, 'get_cart', { effectiveAccountId: accountIds['Contoso Dental Group'] });
    assert.equal(contoso.isError, false, contoso.text);
    await Promise.all([client.close(), partner.close()]);
  });

  test('start_checkout readies the checkout and answers the storefront page where the buyer pays', async () => {
    const consumer = await s.register({
      firstName: 'Agent',
      lastName: 'Buyer',
      email: `agent-${Date.now().toString(36)}@example.com`,
      password: 'Agent-2026-pass',
    });
    const client = await mcpClient(s, (await makeAgentToken(consumer)).token);
    const empty = await callTool(client, 'start_checkout');
    assert.equal(empty.isError, true, 'an empty cart has no checkout');
    const productId = (await callTool(client, 'search_catalogue', { term: 'dentists' })).json.products[0].id;
    await callTool(client, 'add_to_cart', { productId });
    const started = await callTool(client, 'start_checkout');
    assert.equal(started.isError, false, started.text);
    assert.equal(started.json.reviewUrl, `${new URL(s.url).origin}/checkout`);
    // The buyer's browser finds the same checkout, unpaid.
    const active = await consumer.api('/checkouts/active');
    assert.ok(active.status === 200 || active.status === 422, active.text);
    assert.equal(active.body.checkoutId, started.json.checkoutId);
    assert.equal(active.body.paymentMethod ?? null, null);
    await client.close();
  });
});

describe('MCP server without a token, and with a bad one', () => {
  test('without a token: only the read tools, as a guest with the guest’s prices', async () => {
    const client = await mcpClient(s);
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), [...AGENT_READ_TOOLS].sort());
    const found = await callTool(client, 'search_catalogue', { term: 'dentists' });
    assert.equal(found.isError, false);
    const guest = await s
      .agent()
      .post(`${BASE}/search/product-search`, { searchTerm: 'dentists', includePrices: true });
    assert.equal(found.json.products[0].unitPrice, guest.body.productsPage.products[0].prices.unitPrice);
    // The cart tools do not exist for a guest: the call is refused and no cart is made.
    const add = await callTool(client, 'add_to_cart', { productId: found.json.products[0].id });
    assert.equal(add.isError, true);
    assert.match(add.text, /add_to_cart not found/);
    await client.close();
  });

  test('a bad token, a revoked one and a non-Bearer header are 401 before any tool', async () => {
    for (const header of ['Bearer ddat_not-a-token', 'Bearer ', 'Basic dXNlcjpwYXNz']) {
      const res = await mcpPost({ authorization: header });
      assert.equal(res.status, 401, header);
      assert.equal(res.headers.get('www-authenticate'), 'Bearer realm="mcp"');
      assert.equal(errorOf({ body: await res.json() }).errorCode, 'INVALID_SESSION_ID');
    }
    const made = await makeAgentToken(casey, 'Soon revoked');
    assert.equal((await mcpPost({ authorization: `Bearer ${made.token}` })).status, 200);
    assert.equal((await casey.delete(`${BASE}/agent-tokens/${made.id}`)).status, 204);
    assert.equal((await mcpPost({ authorization: `Bearer ${made.token}` })).status, 401);
    await assert.rejects(
      () => mcpClient(s, made.token),
      (e: { code?: number }) => e.code === 401,
    );
  });

  test('cookies are not a caller here: a logged-in browser’s cookies without a token get the guest’s tools', async () => {
    const res = await mcpPost({ cookie: casey.cookieHeader() });
    assert.equal(res.status, 200);
    // The SDK writes the answer itself; it still carries the store's security headers and is never cached.
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.match(res.headers.get('cache-control') ?? '', /no-store/);
    assert.equal(res.headers.get('set-cookie'), null, 'no session or CSRF cookie is handed out here');
    const body = await res.json();
    assert.deepEqual(body.result.tools.map((t: any) => t.name).sort(), [...AGENT_READ_TOOLS].sort());
  });

  test('malformed requests and tool arguments are refused, never a 5xx, and change no cart', async () => {
    const raw = (body: string, token?: string) =>
      fetch(`${s.url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body,
      });
    const cartBefore = (await casey.api('/carts/current')).body;
    for (const body of ['not json', '{}', '[]', '{"jsonrpc":"2.0","id":1,"method":"no/such"}', '"x"']) {
      const res = await raw(body, caseyToken);
      await res.text();
      assert.ok(res.status >= 200 && res.status < 500, `${body}: ${res.status}`);
    }
    const client = await mcpClient(s, caseyToken);
    for (const [name, args] of [
      ['get_product', { idOrSku: '' }],
      ['get_product', { idOrSku: 'x'.repeat(10_000) }],
      ['search_catalogue', { term: 42 }],
      ['search_catalogue', { term: 'dentists', page: 0 }],
      ['add_to_cart', { productId: 'not-an-id' }],
      ['add_to_cart', { productId: partnerProductId, quantity: -1 }],
      ['add_to_cart', { productId: partnerProductId, quantity: 1.5 }],
      ['update_cart_item', { cartItemId: '0a9000000999999AAA', quantity: 2 }],
      ['remove_cart_item', { cartItemId: '../../x' }],
      ['get_cart', { effectiveAccountId: 'not-an-account' }],
      ['no_such_tool', {}],
    ] as const) {
      const res = await client.callTool({ name, arguments: args }).catch((e: Error) => ({ isError: true, error: e }));
      const what = `${name} ${JSON.stringify(args).slice(0, 80)}`;
      assert.equal(res.isError, true, `${what} is refused`);
      // A refusal in the service's words, never the server's own failure.
      const text = 'content' in res ? JSON.stringify(res.content) : String(res.error);
      assert.doesNotMatch(text, /could not complete this request|Internal server error/, what);
    }
    await client.close();
    assert.deepEqual((await casey.api('/carts/current')).body, cartBefore);
  });

  test('stateless: a second process on the same database answers the same token and sees the same cart', async () => {
    const second = await startTestServer({ shareDatabaseOf: s });
    try {
      const there = await mcpClient(second, caseyToken);
      const here = await mcpClient(s, caseyToken);
      const found = (await callTool(there, 'search_catalogue', { term: 'dentists' })).json.products;
      // A variation parent is refused as the storefront refuses it; get_product names its variations instead.
      const parent = found.find((p: { productClass: string }) => p.productClass === 'VariationParent');
      const refused = await callTool(there, 'add_to_cart', { productId: parent.id });
      assert.equal(refused.isError, true);
      assert.match(refused.text, /is a variation parent; add one of its variations instead/);
      const variations = (await callTool(here, 'get_product', { idOrSku: parent.id })).json.variations;
      assert.ok(variations.length > 0);
      assert.ok(variations.every((v: { name: string; sku: string }) => v.name && v.sku));
      const productId = variations[0].id;
      const added = await callTool(there, 'add_to_cart', { productId });
      assert.equal(added.isError, false, added.text);
      const cart = await callTool(here, 'get_cart');
      assert.ok(cart.json.items.some((i: { productId: string }) => i.productId === productId));
      await callTool(here, 'remove_cart_item', { cartItemId: added.json.added.cartItemId });
      await Promise.all([there.close(), here.close()]);
    } finally {
      await second.close();
    }
  });

  test('GET and DELETE answer 405 (stateless: no stream, no session)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${s.url}/mcp`, { method });
      assert.equal(res.status, 405);
      assert.equal((await res.json()).error.message, 'Method not allowed.');
    }
  });
});
