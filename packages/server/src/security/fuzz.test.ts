// The OpenAPI fuzz suite: every operation of the served document (/api/docs) gets malformed requests of every
// kind that applies to it (openapi-fuzz.ts), over real HTTP, as a guest with a cart and as a logged-in buyer
// with a cart with lines, a checkout and a placed order. It fails on any 5xx, on any 4xx that is not the API's
// [{errorCode, message}] shape, and on any change to either party's cart, checkout, orders, addresses,
// wishlists or session, read before and after each operation's batch. A 2xx is allowed (some malformations, such as an
// unknown query parameter, are rightly ignored), as long as nothing changed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { startTestServer, type Agent, type TestServer } from '../test-support/server.ts';
import { DEMO_USERS } from '../seed/access.ts';
import { WEBSTORE_ID } from '../seed/store.ts';
import {
  applicableKinds,
  fuzzOperation,
  operationName,
  operationsOf,
  type FuzzRequest,
  type OpenApiDoc,
  type Operation,
  type PartyValues,
} from './openapi-fuzz.ts';
import { ADDRESS } from '../test-support/purchase.ts';

const BASE = `/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}`;
const WORKSPACE = `/services/admin/webstores/${WEBSTORE_ID}`;
const CONCURRENCY = 6;

let s: TestServer;
let doc: OpenApiDoc;
before(async () => {
  s = await startTestServer();
  doc = (await s.get('/api/docs')).body;
});
after(async () => {
  await s?.close();
});

interface Party {
  name: string;
  agent: Agent;
  values: PartyValues;
  /** What "nothing changed" compares: the party's state as its own reads return it. */
  snapshot(): Promise<unknown>;
  /** The operations this party fuzzes (all when absent). */
  only?: (op: Operation) => boolean;
}

async function ok(res: Promise<{ status: number; text: string; body: any }>, status = 200) {
  const r = await res;
  assert.ok(r.status === status, `expected ${status}, got ${r.status}: ${r.text.slice(0, 300)}`);
  return r.body;
}

/** A sellable dataset product the cart accepts (the first search hit of a common term). */
async function productIds(a: Agent, n: number): Promise<string[]> {
  const found = await ok(a.api('/search/products?searchTerm=dentists&pageSize=20'));
  return found.productsPage.products
    .filter((p: { productClass: string }) => p.productClass === 'Simple')
    .slice(0, n)
    .map((p: { id: string }) => p.id);
}

const addLine = (a: Agent, productId: string) =>
  ok(a.post(`${BASE}/carts/current/cart-items`, { productId, quantity: '1', type: 'Product' }), 201);

/** Reads that must return the same before and after a batch (volatile timestamps left out). */
async function stateOf(a: Agent, ids: { checkoutId?: string; accountId?: string; orderId?: string }) {
  const read = async (path: string) => {
    const r = await a.api(path);
    return { status: r.status, body: strip(r.body) };
  };
  return {
    session: await read('/session-context'),
    cart: await read('/carts/current'),
    items: await read('/carts/current/cart-items?pageSize=100'),
    ...(ids.checkoutId ? { checkout: await read(`/checkouts/${ids.checkoutId}`) } : {}),
    ...(ids.accountId ? { addresses: await read(`/accounts/${ids.accountId}/addresses?pageSize=50`) } : {}),
    wishlists: await read('/wishlists?includeDisplayedList=true&pageSize=100'),
    ...(ids.orderId
      ? { orders: await read('/order-summaries'), order: await read(`/order-summaries/${ids.orderId}`) }
      : {}),
  };
}

const VOLATILE = new Set<string>([]);
function strip(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(strip);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k]) => !VOLATILE.has(k))
        .map(([k, x]) => [k, strip(x)]),
    );
  return v;
}

async function buyerParty(): Promise<Party> {
  const a = await s.login(DEMO_USERS.buyer.email);
  const session = await ok(a.api('/session-context'));
  const accountId: string = session.effectiveAccountId ?? session.accountId;
  const [p1, p2, p3] = await productIds(a, 3);
  // A placed order: a line, a checkout with an address and a purchase order, placed.
  await addLine(a, p1!);
  const first = await ok(a.put(`${BASE}/checkouts`, { cartId: 'active' }), 202);
  await ok(a.patch(`${BASE}/checkouts/${first.checkoutId}`, { deliveryAddress: ADDRESS }), 202);
  const paid = await a.post(`${BASE}/checkouts/${first.checkoutId}/payments`, {
    requestType: 'Auth',
    paymentToken: 'tok_test_success_visa_4242',
    billingAddress: ADDRESS,
  });
  assert.ok(paid.status < 300, paid.text);
  const placed = await ok(a.post(`${BASE}/checkouts/${first.checkoutId}/orders`), 201);
  // Then a new cart with two lines and a checkout in progress (an address, no payment: nothing to place).
  await addLine(a, p2!);
  const line = await addLine(a, p3!);
  const checkout = await ok(a.put(`${BASE}/checkouts`, { cartId: 'active' }), 202);
  await ok(a.patch(`${BASE}/checkouts/${checkout.checkoutId}`, { deliveryAddress: ADDRESS }), 202);
  const address = await ok(a.post(`${BASE}/accounts/${accountId}/addresses`, ADDRESS), 201);
  const cart = await ok(a.api('/carts/current'));
  const groups = await ok(a.api(`/carts/${cart.cartId}/delivery-groups`));
  // A list of a variation parent, which no cart takes: moving it to the cart, even by a request the server rightly
  // accepts (no body, an ignored parameter), adds nothing, as placing an unpaid order places nothing.
  const parent = await s.db.db
    .selectFrom('product')
    .select('id')
    .where('product_class', '=', 'VariationParent')
    .where('is_active', '=', 1)
    .orderBy('sku')
    .executeTakeFirstOrThrow();
  const wishlist = await ok(
    a.post(`${BASE}/wishlists`, { name: 'My List', products: [{ productId: parent.id }] }),
    201,
  );
  const ids = { checkoutId: checkout.checkoutId, accountId, orderId: placed.orderSummaryId };
  return {
    name: 'buyer',
    agent: a,
    values: valuesOf({
      cartId: cart.cartId,
      productId: p2!,
      cartItemId: line.cartItemId,
      checkoutId: checkout.checkoutId,
      accountId,
      addressId: address.addressId ?? address.id,
      orderSummaryId: placed.orderSummaryId,
      deliveryGroupId: groups.items?.[0]?.id ?? groups.deliveryGroups?.[0]?.id,
      wishlistId: wishlist.summary.id,
      wishlistItemId: wishlist.page.items[0].wishlistItemId,
    }),
    snapshot: () => stateOf(a, ids),
  };
}

/**
 * The administrator, for the workspace's operations only (everyone else is refused before their input is read):
 * malformed workspace input must be a 4xx in the error shape, never a 5xx. Some fuzzed bodies are valid (a name
 * of script text is a name), so a batch with an accepted write may change the catalogue; a batch the server
 * refused entirely must change nothing (the audit log and the target product, read after it).
 */
async function adminParty(buyer: Party): Promise<Party> {
  const a = await s.login(DEMO_USERS.admin.email);
  const productId = buyer.values.params.productId!;
  const read = async (path: string) => strip((await a.get(path)).body);
  return {
    name: 'administrator',
    agent: a,
    values: valuesOf({ ...Object.fromEntries(Object.entries(buyer.values.params)), productId }),
    snapshot: async () => ({
      audit: await read(`${WORKSPACE}/audit-log?pageSize=1`),
      product: await read(`${WORKSPACE}/products/${productId}`),
      prices: await read(`${WORKSPACE}/products/${productId}/prices`),
    }),
    only: (op) => op.template.startsWith('/services/admin/'),
  };
}

async function guestParty(buyer: Party): Promise<Party> {
  const a = s.agent();
  await ok(a.api('/session-context'));
  const [p1] = await productIds(a, 1);
  const line = await addLine(a, p1!);
  const cart = await ok(a.api('/carts/current'));
  // A guest's path params are its own cart's, and the buyer's ids elsewhere: a guest must get none of them.
  return {
    name: 'guest',
    agent: a,
    values: valuesOf({
      ...Object.fromEntries(Object.entries(buyer.values.params)),
      cartId: cart.cartId,
      productId: p1!,
      cartItemId: line.cartItemId,
    }),
    snapshot: () => stateOf(a, {}),
  };
}

/** The party's real values for path params and body fields, by the names the document uses. */
function valuesOf(ids: Record<string, string>): PartyValues {
  const params: Record<string, string> = {
    webstoreId: WEBSTORE_ID,
    apiVersion: 'v65.0',
    ...ids,
    cartStateOrId: ids.cartId!,
    effectiveAccountId: ids.accountId!,
    categoryId: '0ZG000000000001AAA',
    snapshotId: '0RH000000000001AAA',
    cartCouponId: '0c6000000000001AAA',
    couponId: '0c6000000000001AAA',
    file: 'DS-00001.svg',
    token: 'not-a-token',
    // Content delivery (issue 16): the demo store's site and channel, and its home page's content key.
    siteId: '0DM000000000001AAA',
    channelId: '0ap000000000001AAA',
    contentKeyOrId: 'MCDDDEMO00000000000000000012',
  };
  return {
    params,
    fields: {
      webStoreId: WEBSTORE_ID,
      productId: ids.productId,
      product2Id: ids.productId,
      cartId: ids.cartId,
      checkoutId: ids.checkoutId,
    },
  };
}

// ---- sending ------------------------------------------------------------------------------------------------------

interface Answer {
  status: number;
  text: string;
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
function send(url: URL, r: FuzzRequest, cookie: string, csrf: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: r.method,
        path: r.path,
        agent: keepAlive,
        headers: { cookie, 'x-csrf-token': csrf, ...r.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(r.body);
  });
}

function hasErrorShape(text: string): boolean {
  try {
    const body = JSON.parse(text);
    return (
      Array.isArray(body) &&
      body.length > 0 &&
      body.every((e) => e && typeof e.errorCode === 'string' && typeof e.message === 'string')
    );
  } catch {
    return false;
  }
}

const describeRequest = (r: FuzzRequest, party: string) =>
  `${party}: ${r.method} ${r.path.length > 200 ? `${r.path.slice(0, 200)}…(${r.path.length} chars)` : r.path} ` +
  `[${r.kind} in ${r.place}${r.target ? ` ${r.target}` : ''}]` +
  (r.body !== undefined ? ` body ${JSON.stringify(r.body.length > 160 ? `${r.body.slice(0, 160)}…` : r.body)}` : '') +
  (r.headers['content-type'] && r.headers['content-type'] !== 'application/json'
    ? ` (${r.headers['content-type']})`
    : '');

const fail = (what: string, r: FuzzRequest, party: Party, text: string) => ({
  key: `${what.replace(/\d\d$/, 'xx')} ${r.operation} ${r.kind} ${r.place}`,
  line: `${what} ← ${describeRequest(r, party.name)}: ${text.slice(0, 200)}`,
});

async function pool<T>(items: T[], n: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

describe('OpenAPI fuzz: malformed requests to every operation', () => {
  test('every operation of the document gets requests of every kind that applies to it', () => {
    const ops = operationsOf(doc);
    assert.ok(ops.length >= 80, `the document lists ${ops.length} operations`);
    const values = valuesOf({ cartId: 'x', accountId: 'x' });
    for (const op of ops) {
      const got = new Set(fuzzOperation(op, values).map((r) => `${r.place}:${r.kind}`));
      const missing = [...applicableKinds(op)].filter((k) => !got.has(k));
      assert.deepEqual(missing, [], `${operationName(op)} gets no requests of: ${missing.join(', ')}`);
    }
  });

  test('what Node refuses before Fastify (headers over its size limit) still answers in the error shape', async () => {
    const url = new URL(s.url);
    const r: FuzzRequest = {
      operation: '(any)',
      kind: 'huge-string',
      place: 'framing',
      target: 'x-padding',
      method: 'GET',
      path: `${BASE}/session-context?q=${'A'.repeat(20_000)}`,
      headers: { 'x-padding': 'B'.repeat(20_000) },
    };
    const answer = await send(url, r, '', '');
    assert.equal(answer.status, 431);
    assert.ok(hasErrorShape(answer.text), answer.text);
  });

  test('no 5xx, every 4xx in the error shape, and nothing changed, as a guest, a buyer and (workspace) the administrator', {
    timeout: 900_000,
  }, async () => {
    const buyer = await buyerParty();
    const guest = await guestParty(buyer);
    const admin = await adminParty(buyer);
    const parties = [guest, buyer, admin];
    const url = new URL(s.url);
    const failures: Array<{ key: string; line: string }> = [];
    let sent = 0;
    let faults = 0;
    let shapeless = 0;
    let changes = 0;
    let acceptedWrites = 0;
    // FUZZ_OPERATION=<part of "METHOD /path"> runs those operations only, one request at a time with the
    // state read after each, so a state change names the exact request (to reproduce a batch's failure).
    const only = process.env.FUZZ_OPERATION;
    const ops: Operation[] = operationsOf(doc).filter((op) => !only || operationName(op).includes(only));
    // Logging out ends the session the rest of the run uses: those operations go last.
    ops.sort((x, y) => Number(/logout/.test(x.template)) - Number(/logout/.test(y.template)));
    const covered = new Set<string>();
    for (const party of parties) {
      const cookie = party.agent.cookieHeader();
      const csrf = party.agent.cookies.get('csrf_token') ?? '';
      for (const op of ops) {
        if (party.only && !party.only(op)) continue;
        const before = await Promise.all(parties.map((p) => p.snapshot()));
        const requests = fuzzOperation(op, party.values);
        let last = before;
        let accepted = false;
        await pool(requests, only ? 1 : CONCURRENCY, async (r) => {
          const answer = await send(url, r, cookie, csrf).catch((e: Error) => ({ status: -1, text: e.message }));
          sent++;
          if (answer.status >= 200 && answer.status < 300 && r.method !== 'GET') accepted = true;
          if (answer.status === -1) {
            failures.push(fail('no answer', r, party, answer.text));
            return;
          }
          covered.add(operationName(op));
          if (answer.status >= 500) {
            faults++;
            failures.push(fail(String(answer.status), r, party, answer.text));
          } else if (answer.status >= 400 && !hasErrorShape(answer.text)) {
            shapeless++;
            failures.push(fail(`shapeless ${answer.status}`, r, party, answer.text));
          }
          if (only) {
            const now = await Promise.all(parties.map((p) => p.snapshot()));
            // The administrator's accepted workspace write is a change by design (see adminParty).
            const allowed = party.only && answer.status < 300;
            if (!allowed && !isDeepStrictEqual(now, last))
              failures.push(fail(`changed state (${answer.status})`, r, party, answer.text));
            last = now;
          }
        });
        if (/logout/.test(op.template)) continue;
        if (party.only && accepted) {
          acceptedWrites++;
          continue;
        }
        const afterwards = await Promise.all(parties.map((p) => p.snapshot()));
        for (let i = 0; i < parties.length; i++) {
          try {
            assert.deepEqual(afterwards[i], before[i]);
          } catch (e) {
            changes++;
            failures.push({
              key: `change ${parties[i]!.name} ${party.name} ${operationName(op)}`,
              line: `state change of ${parties[i]!.name} after ${party.name}'s ${operationName(op)} batch: ${String((e as Error).message).slice(0, 1500)}`,
            });
          }
        }
      }
    }
    console.log(
      `fuzz: ${covered.size} operations covered, ${sent} requests sent, ${faults} 5xx, ${shapeless} shapeless 4xx, ${changes} state changes, ${acceptedWrites} workspace batches with an accepted write (${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`,
    );
    if (!only) {
      assert.equal(covered.size, operationsOf(doc).length, 'every operation was sent requests');
      assert.ok(sent >= 10_000, `only ${sent} requests`);
    }
    // One example per kind of failure (answer, operation, mutation), so a run with many reads short.
    const groups = new Map<string, { example: string; n: number }>();
    for (const f of failures) {
      const g = groups.get(f.key);
      if (g) g.n++;
      else groups.set(f.key, { example: f.line, n: 1 });
    }
    const report = [...groups.values()].map((g) => `${g.n > 1 ? `(${g.n}×) ` : ''}${g.example}`);
    if (report.length) console.log(report.join('\n'));
    assert.equal(
      failures.length,
      0,
      `${failures.length} failures, ${report.length} kinds (listed above):\n${report.slice(0, 30).join('\n')}`,
    );
  });
});
