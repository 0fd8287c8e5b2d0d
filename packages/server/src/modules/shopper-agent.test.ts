// GET shopperAgent/context (spec 01 §7, issue 18): for a browser session and for an agent token, with the
// effectiveAccountId checked as everywhere (another account's is refused, told as an unknown one).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AGENT_READ_TOOLS, agentToolsFor, type ShopperAgentContext } from '@store/core';
import { DEMO_USERS } from '../seed/access.ts';
import {
  BASE,
  WEBSTORE_ID,
  errorOf,
  startTestServer,
  withGuestBrowsingOff,
  type Agent,
  type TestServer,
} from '../test-support/server.ts';
import { makeAgentToken } from '../test-support/agent-tokens.ts';

let s: TestServer;
let morgan: Agent;
let accountIds: Record<string, string>;

before(async () => {
  s = await startTestServer();
  morgan = await s.login(DEMO_USERS.buyer.email);
  const accounts = await s.db.db.selectFrom('account').select(['id', 'name']).execute();
  accountIds = Object.fromEntries(accounts.map((a) => [a.name, a.id]));
});
after(async () => {
  await s?.close();
});

const context = async (a: Agent, query = '', headers: Record<string, string> = {}) =>
  a.api(`/shopperAgent/context${query}`, { headers });

describe('GET shopperAgent/context', () => {
  test('a guest: browsing tools only, no cart, the store’s currency and the MCP endpoint', async () => {
    const res = await context(s.agent());
    assert.equal(res.status, 200, res.text);
    assert.match(res.headers.get('cache-control') ?? '', /no-store/);
    const c = res.body as ShopperAgentContext;
    assert.deepEqual(
      { ...c, storeName: typeof c.storeName },
      {
        webstoreId: WEBSTORE_ID,
        storeName: 'string',
        isAuthenticated: false,
        userId: null,
        effectiveAccountId: null,
        effectiveAccountName: null,
        currencyIsoCode: 'USD',
        locale: 'en-US',
        cartId: null,
        cartItemCount: 0,
        mcpEndpoint: `${new URL(s.url).origin}/mcp`,
        tools: [...AGENT_READ_TOOLS],
      },
    );
  });

  test('a logged-in buyer: their account, their cart and every tool; another account they act for when asked', async () => {
    const product = (await morgan.post(`${BASE}/search/product-search`, { searchTerm: 'dentists', pageSize: 1 })).body
      .productsPage.products[0].id;
    assert.equal(
      (await morgan.post(`${BASE}/carts/current/cart-items`, { productId: product, quantity: '1' })).status,
      201,
    );
    const cart = (await morgan.api('/carts/current')).body;
    const own = (await context(morgan)).body as ShopperAgentContext;
    assert.equal(own.isAuthenticated, true);
    assert.equal(own.effectiveAccountName, 'Northwind Traders');
    assert.equal(own.cartId, cart.cartId);
    assert.equal(own.cartItemCount, Number(cart.totalProductCount));
    assert.deepEqual(own.tools, agentToolsFor(true));
    const contoso = await context(morgan, `?effectiveAccountId=${accountIds['Contoso Dental Group']}`);
    assert.equal(contoso.status, 200, contoso.text);
    assert.equal(contoso.body.effectiveAccountName, 'Contoso Dental Group');
    assert.notEqual(contoso.body.cartId, cart.cartId);
  });

  test('an account the caller may not act for is refused as an unknown one, session or token', async () => {
    const casey = await s.login(DEMO_USERS.consumer.email);
    const token = (await makeAgentToken(casey)).token;
    const northwind = accountIds['Northwind Traders']!;
    const unknown = `${northwind.slice(0, 3)}000000999999AAA`;
    for (const [a, headers] of [
      [casey, {}],
      [s.agent(), { authorization: `Bearer ${token}` }],
    ] as const) {
      const res = await context(a, `?effectiveAccountId=${northwind}`, headers);
      const none = await context(a, `?effectiveAccountId=${unknown}`, headers);
      assert.equal(res.status, 403);
      assert.equal(errorOf(res).errorCode, 'INSUFFICIENT_ACCESS');
      assert.equal(res.text.replaceAll(northwind, unknown), none.text);
    }
  });

  test('an agent token acts as its user; a bad token is a 401, never a guest', async () => {
    const token = (await makeAgentToken(morgan)).token;
    const byToken = await context(s.agent(), '', { authorization: `Bearer ${token}` });
    assert.equal(byToken.status, 200, byToken.text);
    assert.equal(byToken.body.userId, (await context(morgan)).body.userId);
    assert.equal(byToken.body.effectiveAccountName, 'Northwind Traders');
    const bad = await context(s.agent(), '', { authorization: 'Bearer ddat_nope' });
    assert.equal(bad.status, 401);
    assert.equal(errorOf(bad).errorCode, 'INVALID_SESSION_ID');
  });

  test('a store closed to guests answers a guest 401, as its catalogue does', async () => {
    await withGuestBrowsingOff(s, async () => {
      const res = await context(s.agent());
      assert.equal(res.status, 401);
      assert.equal((await context(morgan)).status, 200);
    });
  });
});
