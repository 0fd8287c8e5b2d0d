import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CommerceFetchError } from './errors.ts';
import { json, pathOf, queryOf, recordingFetch, type Responder } from './test-support.ts';
import { createWorkspaceClient } from './workspace-api.ts';

const WS = '0ZE000000000001AAA';
const ROOT = `/services/admin/webstores/${WS}`;
const PRODUCT = '01t000000000101AAA';

function setup(respond?: Responder) {
  const { fetch, calls } = recordingFetch(respond);
  return { w: createWorkspaceClient({ webstoreId: WS, fetch, csrfToken: () => 'tok' }), calls };
}

describe('workspace calls', () => {
  it('lists products with the table query, leaving out what is not set', async () => {
    const { w, calls } = setup(() => json({ items: [], total: 0, page: 2, pageSize: 25, pageCount: 0, sort: '-name' }));
    await w.listProducts({ q: 'dentists & co', page: 2, sort: '-name', status: undefined });
    assert.equal(pathOf(calls[0]!.url), `${ROOT}/products`);
    assert.deepEqual(queryOf(calls[0]!.url), { q: 'dentists & co', page: '2', sort: '-name' });
    assert.equal(calls[0]!.method, 'GET');
  });

  it('changes a product with PATCH, the JSON body and the CSRF token', async () => {
    const { w, calls } = setup(() => json({ id: PRODUCT }));
    await w.updateProduct(PRODUCT, { name: 'Renamed' });
    assert.equal(pathOf(calls[0]!.url), `${ROOT}/products/${PRODUCT}`);
    assert.equal(calls[0]!.method, 'PATCH');
    assert.deepEqual(JSON.parse(calls[0]!.body!), { name: 'Renamed' });
    assert.equal(calls[0]!.headers['X-CSRF-Token'] ?? calls[0]!.headers['x-csrf-token'], 'tok');
  });

  it('replaces prices as {entries} with PUT', async () => {
    const { w, calls } = setup(() => json({ productId: PRODUCT, currencyIsoCode: 'USD', entries: [] }));
    const entries = [{ priceBookId: '01s000000000002AAA', unitPrice: '10.00', tiers: [] }];
    await w.replacePrices(PRODUCT, entries);
    assert.equal(pathOf(calls[0]!.url), `${ROOT}/products/${PRODUCT}/prices`);
    assert.equal(calls[0]!.method, 'PUT');
    assert.deepEqual(JSON.parse(calls[0]!.body!), { entries });
  });

  it('refuses a blank product id before sending anything, and keeps any id inside its path segment', async () => {
    const { w, calls } = setup();
    await assert.rejects(async () => w.getProduct(' '), TypeError);
    assert.equal(calls.length, 0);
    await w.getProduct('../me');
    assert.equal(pathOf(calls[0]!.url), `${ROOT}/products/..%2Fme`);
  });

  it('a 403 is a CommerceFetchError carrying the server’s message', async () => {
    const { w } = setup(() =>
      json([{ errorCode: 'INSUFFICIENT_ACCESS', message: 'Only store administrators…' }], { status: 403 }),
    );
    await assert.rejects(w.me(), (e: unknown) => {
      assert.ok(e instanceof CommerceFetchError);
      assert.equal(e.status, 403);
      assert.equal(e.errors[0]?.message, 'Only store administrators…');
      return true;
    });
  });
});
