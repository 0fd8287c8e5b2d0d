import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCommerceClient } from './api.ts';
import { CommerceFetchError } from './errors.ts';
import { json, pathOf, queryOf, recordingFetch, type Responder } from './test-support.ts';

const WS = '0ZE000000000001AAA';
const BASE = `/services/data/v65.0/commerce/webstores/${WS}`;
const LIST = '0wl000000000001AAA';
const ITEM = '0wi000000000001AAA';
const PRODUCT = '01t000000000101AAA';
const CONTOSO = '001000000000002AAA';

function setup(respond?: Responder) {
  const { fetch, calls } = recordingFetch(respond);
  return { client: createCommerceClient({ webstoreId: WS, fetch, csrfToken: () => 'tok' }), calls };
}
const noContent = () => new Response(null, { status: 204 });

describe('wishlist reads', () => {
  it('GET wishlists with every parameter, productFields as a comma list', async () => {
    const answer = { displayedList: null, summaries: [], wishlistCount: 0 };
    const { client, calls } = setup(() => json(answer));
    const got = await client.getWishlists({
      includeDisplayedList: true,
      includeProductIds: true,
      pageSize: 10,
      productFields: ['Name', 'StockKeepingUnit'],
      sortItemsBy: 'CreatedDateAsc',
      wishlistId: LIST,
      effectiveAccountId: CONTOSO,
    });
    assert.deepEqual(got, answer);
    assert.equal(calls[0]!.method, 'GET');
    assert.equal(pathOf(calls[0]!.url), `${BASE}/wishlists`);
    assert.deepEqual(queryOf(calls[0]!.url), {
      includeDisplayedList: 'true',
      includeProductIds: 'true',
      pageSize: '10',
      productFields: 'Name,StockKeepingUnit',
      sortItemsBy: 'CreatedDateAsc',
      wishlistId: LIST,
      effectiveAccountId: CONTOSO,
    });
  });

  it('GET wishlists without options sends no parameters; the all-zero account is left out', async () => {
    const { client, calls } = setup(() => json({ summaries: [] }));
    await client.getWishlists();
    await client.getWishlists({ effectiveAccountId: '000000000000000AAA' });
    assert.deepEqual(queryOf(calls[0]!.url), {});
    assert.deepEqual(queryOf(calls[1]!.url), {});
  });

  it('GET wishlists/{id} and its wishlist-items with the page token', async () => {
    const { client, calls } = setup(() => json({}));
    await client.getWishlist(LIST, { pageSize: 2, pageToken: '1', sortItemsBy: 'CreatedDateDesc' });
    await client.getWishlistItems(LIST, { pageSize: 200, productFields: 'Name', effectiveAccountId: CONTOSO });
    assert.equal(pathOf(calls[0]!.url), `${BASE}/wishlists/${LIST}`);
    assert.deepEqual(queryOf(calls[0]!.url), { pageSize: '2', pageToken: '1', sortItemsBy: 'CreatedDateDesc' });
    assert.equal(pathOf(calls[1]!.url), `${BASE}/wishlists/${LIST}/wishlist-items`);
    assert.deepEqual(queryOf(calls[1]!.url), { pageSize: '200', productFields: 'Name', effectiveAccountId: CONTOSO });
  });
});

describe('wishlist changes', () => {
  it('POST wishlists with the name and products, the account in the query and the CSRF header', async () => {
    const { client, calls } = setup(() => json({ summary: { id: LIST } }, { status: 201 }));
    const made = await client.createWishlist(
      { name: 'My List', products: [{ productId: PRODUCT }] },
      { effectiveAccountId: CONTOSO },
    );
    assert.deepEqual(made, { summary: { id: LIST } });
    assert.equal(calls[0]!.method, 'POST');
    assert.equal(pathOf(calls[0]!.url), `${BASE}/wishlists`);
    assert.deepEqual(queryOf(calls[0]!.url), { effectiveAccountId: CONTOSO });
    assert.deepEqual(JSON.parse(calls[0]!.body!), { name: 'My List', products: [{ productId: PRODUCT }] });
    assert.equal(calls[0]!.headers['X-CSRF-Token'] ?? calls[0]!.headers['x-csrf-token'], 'tok');
  });

  it('PATCH and DELETE wishlists/{id}', async () => {
    const { client, calls } = setup((call) => (call.method === 'DELETE' ? noContent() : json({ id: LIST })));
    assert.deepEqual(await client.renameWishlist(LIST, 'Reorders'), { id: LIST });
    assert.equal(await client.deleteWishlist(LIST), undefined);
    assert.equal(calls[0]!.method, 'PATCH');
    assert.equal(pathOf(calls[0]!.url), `${BASE}/wishlists/${LIST}`);
    assert.deepEqual(JSON.parse(calls[0]!.body!), { name: 'Reorders' });
    assert.equal(calls[1]!.method, 'DELETE');
    assert.equal(pathOf(calls[1]!.url), `${BASE}/wishlists/${LIST}`);
    assert.equal(calls[1]!.body, undefined);
  });

  it('POST and DELETE wishlist-items', async () => {
    const { client, calls } = setup((call) =>
      call.method === 'DELETE' ? noContent() : json({ wishlistItemId: ITEM }, { status: 201 }),
    );
    assert.deepEqual(await client.addWishlistItem(LIST, PRODUCT, { effectiveAccountId: CONTOSO }), {
      wishlistItemId: ITEM,
    });
    await client.removeWishlistItem(LIST, ITEM);
    assert.equal(pathOf(calls[0]!.url), `${BASE}/wishlists/${LIST}/wishlist-items`);
    assert.deepEqual(JSON.parse(calls[0]!.body!), { productId: PRODUCT });
    assert.deepEqual(queryOf(calls[0]!.url), { effectiveAccountId: CONTOSO });
    assert.equal(calls[1]!.method, 'DELETE');
    assert.equal(pathOf(calls[1]!.url), `${BASE}/wishlists/${LIST}/wishlist-items/${ITEM}`);
  });

  it('POST wishlists/{id}/actions/add-wishlist-to-cart without a body', async () => {
    const result = { cartId: '0a6000000000001AAA', productsRequestedCount: 0 };
    const { client, calls } = setup(() => json(result));
    assert.deepEqual(await client.addWishlistToCart(LIST), result);
    assert.equal(calls[0]!.method, 'POST');
    assert.equal(pathOf(calls[0]!.url), `${BASE}/wishlists/${LIST}/actions/add-wishlist-to-cart`);
  });

  it('the server’s error reaches the caller with its status and code', async () => {
    const { client } = setup(() =>
      json([{ errorCode: 'CPA_DISABLED', message: 'Log in to keep a list.' }], { status: 403 }),
    );
    await assert.rejects(client.addWishlistItem(LIST, PRODUCT), (e: unknown) => {
      assert.ok(e instanceof CommerceFetchError);
      assert.equal(e.status, 403);
      assert.equal(e.errors[0]?.type, 'CPA_DISABLED');
      return true;
    });
  });
});

describe('missing ids (spec 02 §5)', () => {
  it('a missing wishlistId or productId is a TypeError before any request', async () => {
    const { client, calls } = setup();
    const missing = [
      () => client.getWishlist(''),
      () => client.getWishlistItems(undefined as unknown as string),
      () => client.renameWishlist('', 'x'),
      () => client.deleteWishlist(''),
      () => client.addWishlistItem('', PRODUCT),
      () => client.addWishlistItem(LIST, ''),
      () => client.removeWishlistItem(LIST, ''),
      () => client.removeWishlistItem('', ITEM),
      () => client.addWishlistToCart(''),
      () => client.getWishlists({ wishlistId: '' }),
    ];
    for (const call of missing) await assert.rejects(async () => call(), TypeError);
    assert.equal(calls.length, 0);
  });
});
