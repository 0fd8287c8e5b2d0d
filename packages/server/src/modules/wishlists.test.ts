// The wishlists API (issue 17; spec 02 §3, §4, §5, §7; commerce-api §9) over real HTTP: making, naming,
// reading and paging lists and their items, every parameter and error, the limits, and who may use a
// list (a buyer acting for Contoso vs Northwind, another buyer of Contoso, a guest). Moving a list into
// the cart is in wishlists-to-cart.test.ts; the access matrix tries every call with every party.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_WISHLIST_NAME,
  MAX_WISHLIST_ITEMS,
  MAX_WISHLISTS_PER_ACCOUNT,
  WISHLIST_ITEM_ERROR_CODES,
} from '@store/core';
import { errorOf, startTestServer, type Agent, type TestServer } from '../test-support/server.ts';
import { DEMO_USERS } from '../seed/access.ts';
import {
  actingFor,
  demoBuyer,
  makeList,
  pause,
  productsLike,
  type AccountCalls,
  type DemoAccounts,
  type Product,
} from '../test-support/wishlists.ts';

let s: TestServer;
let buyer: Agent;
let accounts: DemoAccounts;
let contoso: AccountCalls;
let northwind: AccountCalls;
let datasets: Product[];

before(async () => {
  s = await startTestServer();
  ({ accounts, buyer, contoso, northwind } = await demoBuyer(s));
  datasets = await productsLike(s, { sku: 'DS-00%', qtyMin: '1' }, 40);
});
after(async () => {
  await s?.close();
});

/** A dataset no other test uses. */
const nextDataset = () => datasets.shift()!;
const ids = (items: Array<{ productId: string }>) => items.map((i) => i.productId);
const time = (iso: string) => Date.parse(iso);

async function listCount(as: AccountCalls): Promise<number> {
  const res = await as.get('/wishlists');
  assert.equal(res.status, 200, res.text);
  return res.body.wishlistCount;
}

describe('making and naming lists', () => {
  test('a name is required: absent, blank, too long or with control characters is a 400 with the rule’s message, nothing made', async () => {
    const fabrikam = actingFor(buyer, accounts.fabrikam);
    const before = await listCount(fabrikam);
    const cases: Array<[unknown, string]> = [
      [{}, 'Enter a name for the list.'],
      [{ name: '   ' }, 'Enter a name for the list.'],
      [{ name: 'x'.repeat(81) }, 'A list name has at most 80 characters.'],
      [{ name: 'Bad\u202Ename' }, 'A list name can’t contain control or direction characters.'],
    ];
    for (const [body, message] of cases) {
      const res = await fabrikam.post('/wishlists', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.deepEqual(res.body, [{ errorCode: 'INVALID_API_INPUT', message }]);
    }
    assert.equal((await fabrikam.post('/wishlists', { name: 'X', extra: 1 })).status, 400, 'unknown fields');
    assert.equal((await fabrikam.post('/wishlists', { name: 7 })).status, 400);
    assert.equal(await listCount(fabrikam), before, 'nothing made');
  });

  test(`"${DEFAULT_WISHLIST_NAME}" with products: 201 with the list and its first page, the name trimmed, a product given twice once`, async () => {
    const [a, b] = [nextDataset(), nextDataset()];
    const res = await contoso.post('/wishlists', {
      name: `  ${DEFAULT_WISHLIST_NAME} `,
      products: [{ productId: a.id }, { productId: b.id }, { productId: a.id }],
    });
    assert.equal(res.status, 201, res.text);
    const { summary, page } = res.body;
    assert.match(summary.id, /^0wl[0-9A-Za-z]{15}$/);
    assert.equal(summary.name, DEFAULT_WISHLIST_NAME);
    assert.equal(summary.wishlistProductCount, 2);
    assert.equal(summary.createdDate, summary.modifiedDate);
    assert.ok(Number.isFinite(time(summary.createdDate)));
    // Newest first by default: the body's order is the order they were added.
    assert.deepEqual(ids(page.items), [b.id, a.id]);
    assert.equal(page.hasErrors, false);
    assert.equal(page.currencyIsoCode, 'USD');
    assert.equal(page.currentPageToken, '0');
    assert.equal(page.nextPageToken, null);
    assert.equal(page.previousPageToken, null);
    assert.equal(page.previousPageUrl, null);
    const item = page.items[1];
    assert.match(item.wishlistItemId, /^0wi/);
    assert.equal(item.productSummary.productId, a.id);
    assert.equal(item.productSummary.name, a.name);
    assert.equal(item.productSummary.sku, a.sku);
    assert.ok(item.productSummary.productUrlName);
    assert.equal(item.productSummary.fields.StockKeepingUnit, a.sku);
    assert.ok(item.productSummary.thumbnailImage.url);
    assert.deepEqual(Object.keys(item.productSummary.purchaseQuantityRule).sort(), ['increment', 'maximum', 'minimum']);
    assert.equal(item.error, null);
    assert.ok(Number.isFinite(time(item.createdDate)));
  });

  test('products must be ones the account may see: unknown, Draft or not entitled is a 404 alike, malformed a 400; nothing made', async () => {
    const fabrikam = actingFor(buyer, accounts.fabrikam);
    const [partner] = await productsLike(s, { sku: 'PX-%' });
    const [draft] = await productsLike(s, { sku: 'DS-001%' });
    await s.db.db.updateTable('product').set({ is_active: 0 }).where('id', '=', draft!.id).execute();
    await s.catalogueChanged();
    try {
      const before = await listCount(fabrikam);
      for (const productId of ['01t000000999999AAA', draft!.id, partner!.id]) {
        const res = await fabrikam.post('/wishlists', { name: 'Mixed', products: [{ productId }] });
        assert.equal(res.status, 404, productId);
        assert.deepEqual(res.body, [
          { errorCode: 'NOT_FOUND', message: `The product ${productId} doesn't exist or isn't available to you.` },
        ]);
      }
      const bad = await fabrikam.post('/wishlists', { name: 'Mixed', products: [{ productId: 'nope' }] });
      assert.equal(bad.status, 400);
      assert.equal(errorOf(bad).errorCode, 'INVALID_ID_FIELD');
      assert.equal(await listCount(fabrikam), before);
      // Northwind (Wholesale Partners) is entitled to the partner dataset.
      const ok = await makeList(northwind, 'Partner picks', [partner!]);
      assert.equal(ok.summary.wishlistProductCount, 1);
    } finally {
      await s.db.db.updateTable('product').set({ is_active: 1 }).where('id', '=', draft!.id).execute();
      await s.catalogueChanged();
    }
  });

  test('PATCH renames (a WishlistSummary; modifiedDate moves); a bad name, an unknown or malformed id change nothing', async () => {
    const list = await makeList(contoso, 'Quarterly');
    await pause();
    const renamed = await contoso.patch(`/wishlists/${list.summary.id}`, { name: ' Reorders ' });
    assert.equal(renamed.status, 200, renamed.text);
    assert.equal(renamed.body.id, list.summary.id);
    assert.equal(renamed.body.name, 'Reorders');
    assert.equal(renamed.body.createdDate, list.summary.createdDate);
    assert.ok(time(renamed.body.modifiedDate) > time(list.summary.modifiedDate), 'modifiedDate moves on rename');
    assert.equal(renamed.body.wishlistProductCount, 0);
    const blank = await contoso.patch(`/wishlists/${list.summary.id}`, { name: '' });
    assert.deepEqual(blank.body, [{ errorCode: 'INVALID_API_INPUT', message: 'Enter a name for the list.' }]);
    const missing = await contoso.patch(`/wishlists/${list.summary.id}`, {});
    assert.equal(missing.status, 400);
    const unknown = await contoso.patch('/wishlists/0wl000000999999AAA', { name: 'X' });
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.body, [
      { errorCode: 'ITEM_NOT_FOUND', message: "The wishlist 0wl000000999999AAA doesn't exist or isn't yours." },
    ]);
    const malformed = await contoso.patch('/wishlists/abc', { name: 'X' });
    assert.equal(malformed.status, 400);
    assert.equal(errorOf(malformed).errorCode, 'INVALID_ID_FIELD');
    const cart = await contoso.patch(`/wishlists/0a6000000000001AAA`, { name: 'X' });
    assert.equal(cart.status, 400, 'an id of another kind is malformed here');
    const after = await contoso.get(`/wishlists/${list.summary.id}`);
    assert.equal(after.body.summary.name, 'Reorders');
    assert.equal(after.body.summary.modifiedDate, renamed.body.modifiedDate);
  });

  test('DELETE removes the list and its items (204); then it is a 404', async () => {
    const list = await makeList(contoso, 'Short-lived', [nextDataset()]);
    const id = list.summary.id;
    const gone = await contoso.del(`/wishlists/${id}`);
    assert.equal(gone.status, 204);
    assert.equal(gone.text, '');
    assert.equal((await contoso.get(`/wishlists/${id}`)).status, 404);
    assert.equal((await contoso.del(`/wishlists/${id}`)).status, 404);
    const left = await s.db.db.selectFrom('wishlist_item').select('id').where('wishlist_id', '=', id).execute();
    assert.deepEqual(left, [], 'its items go too');
    assert.ok(!(await contoso.get('/wishlists')).body.summaries.some((l: { id: string }) => l.id === id));
  });

  test(`an account keeps at most ${MAX_WISHLISTS_PER_ACCOUNT} lists: the next is a 409 MAX_LIMIT_EXCEEDED, nothing made`, async () => {
    const a = await s.login(DEMO_USERS.consumer.email);
    const casey = actingFor(a);
    for (let i = (await listCount(casey)) + 1; i <= MAX_WISHLISTS_PER_ACCOUNT; i++) await makeList(casey, `List ${i}`);
    const over = await casey.post('/wishlists', { name: 'One too many' });
    assert.equal(over.status, 409);
    assert.equal(errorOf(over).errorCode, 'MAX_LIMIT_EXCEEDED');
    assert.match(errorOf(over).message, new RegExp(`at most ${MAX_WISHLISTS_PER_ACCOUNT} lists`));
    assert.equal(await listCount(casey), MAX_WISHLISTS_PER_ACCOUNT);
  });
});

describe('items', () => {
  test('POST wishlist-items: 201 with the item; the same product again is a 200 with that item, nothing added twice', async () => {
    const list = await makeList(contoso, 'Adds');
    const p = nextDataset();
    await pause();
    const added = await contoso.post(`/wishlists/${list.summary.id}/wishlist-items`, { productId: p.id });
    assert.equal(added.status, 201, added.text);
    assert.equal(added.body.productId, p.id);
    assert.equal(added.body.productSummary.name, p.name);
    assert.equal(added.body.error, null);
    const again = await contoso.post(`/wishlists/${list.summary.id}/wishlist-items`, { productId: p.id });
    assert.equal(again.status, 200);
    assert.equal(again.body.wishlistItemId, added.body.wishlistItemId);
    const after = (await contoso.get(`/wishlists/${list.summary.id}`)).body;
    assert.equal(after.summary.wishlistProductCount, 1);
    assert.ok(time(after.summary.modifiedDate) > time(list.summary.modifiedDate), 'modifiedDate moves on add');
  });

  test('the same product added three times at once: one item, one 201, the others answer that item', async () => {
    const list = await makeList(northwind, 'Race');
    const p = nextDataset();
    const answers = await Promise.all(
      [1, 2, 3].map(() => northwind.post(`/wishlists/${list.summary.id}/wishlist-items`, { productId: p.id })),
    );
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 200, 201]);
    assert.equal(new Set(answers.map((a) => a.body.wishlistItemId)).size, 1);
    assert.equal((await northwind.get(`/wishlists/${list.summary.id}`)).body.summary.wishlistProductCount, 1);
  });

  test('an item’s prices are the effective account’s current prices for one unit, as decimal strings', async () => {
    const p = nextDataset();
    const sales: string[] = [];
    for (const [as, account] of [
      [contoso, accounts.contoso],
      [northwind, accounts.northwind],
    ] as const) {
      const list = await makeList(as, 'Priced', [p]);
      const item = list.page.items[0];
      const price = (await buyer.api(`/pricing/products/${p.id}?effectiveAccountId=${account}`)).body;
      assert.equal(typeof item.salesPrice, 'string');
      assert.match(item.salesPrice, /^\d+\.\d{2}$/);
      assert.equal(item.salesPrice, price.unitPrice, account);
      assert.equal(item.listPrice, price.listPrice, account);
      assert.equal(item.currencyIsoCode, 'USD');
      sales.push(item.salesPrice);
    }
    assert.notEqual(sales[0], sales[1], 'Northwind’s wholesale price is not Contoso’s store price');
  });

  test('bad adds change nothing: unknown, Draft or malformed products, a missing productId, an unknown list', async () => {
    const list = await makeList(contoso, 'Refusals');
    const path = `/wishlists/${list.summary.id}/wishlist-items`;
    const unknown = await contoso.post(path, { productId: '01t000000999999AAA' });
    assert.equal(unknown.status, 404);
    assert.equal(errorOf(unknown).message, "The product 01t000000999999AAA doesn't exist or isn't available to you.");
    assert.equal(errorOf(await contoso.post(path, { productId: 'x' })).errorCode, 'INVALID_ID_FIELD');
    const none = await contoso.post(path, {});
    assert.equal(none.status, 400);
    assert.match(errorOf(none).message, /productId/);
    const [partner] = await productsLike(s, { sku: 'PX-%' });
    assert.equal((await contoso.post(path, { productId: partner!.id })).status, 404, 'not entitled to Contoso');
    const noList = await contoso.post('/wishlists/0wl000000999999AAA/wishlist-items', { productId: nextDataset().id });
    assert.equal(noList.status, 404);
    const after = (await contoso.get(`/wishlists/${list.summary.id}`)).body.summary;
    assert.equal(after.wishlistProductCount, 0);
    assert.equal(after.modifiedDate, list.summary.modifiedDate);
  });

  test(`a list holds at most ${MAX_WISHLIST_ITEMS} products: the next add is a 409, a POST with more is a 400`, async () => {
    const list = await makeList(contoso, 'Full');
    const rows = await s.db.db
      .selectFrom('product')
      .select(['id', 'name'])
      .where('is_active', '=', 1)
      .orderBy('sku')
      .limit(MAX_WISHLIST_ITEMS + 1)
      .execute();
    assert.equal(rows.length, MAX_WISHLIST_ITEMS + 1);
    // Filled in the database: 500 adds over HTTP would test nothing more.
    await s.db.db
      .insertInto('wishlist_item')
      .values(
        rows.slice(0, MAX_WISHLIST_ITEMS).map((r, i) => ({
          id: `0wi${String(i).padStart(12, '0')}AAA`,
          wishlist_id: list.summary.id,
          product_id: r.id,
          product_name: r.name,
          created_at: new Date(Date.now() - 1000 + i).toISOString(),
        })),
      )
      .execute();
    const over = await contoso.post(`/wishlists/${list.summary.id}/wishlist-items`, { productId: rows.at(-1)!.id });
    assert.equal(over.status, 409);
    assert.equal(errorOf(over).errorCode, 'MAX_LIMIT_EXCEEDED');
    assert.match(errorOf(over).message, /at most 500 products/);
    const same = await contoso.post(`/wishlists/${list.summary.id}/wishlist-items`, { productId: rows[0]!.id });
    assert.equal(same.status, 200, 'a product already on a full list is still its item');
    assert.equal((await contoso.get(`/wishlists/${list.summary.id}`)).body.summary.wishlistProductCount, 500);
    const tooMany = await contoso.post('/wishlists', {
      name: 'Too many',
      products: rows.map((r) => ({ productId: r.id })),
    });
    assert.equal(tooMany.status, 400);
    await contoso.del(`/wishlists/${list.summary.id}`);
  });

  test('removing an item (nested and short form): 204, modifiedDate moves; again, or under another list, a 404', async () => {
    const [a, b] = [nextDataset(), nextDataset()];
    const list = await makeList(contoso, 'Removals', [a, b]);
    const other = await makeList(contoso, 'Other');
    const [itemB, itemA] = list.page.items;
    const id = list.summary.id;
    const wrongList = await contoso.del(`/wishlists/${other.summary.id}/wishlist-items/${itemA.wishlistItemId}`);
    assert.equal(wrongList.status, 404);
    assert.deepEqual(wrongList.body, [
      {
        errorCode: 'ITEM_NOT_FOUND',
        message: `The wishlist item ${itemA.wishlistItemId} doesn't exist or isn't yours.`,
      },
    ]);
    await pause();
    assert.equal((await contoso.del(`/wishlists/${id}/wishlist-items/${itemA.wishlistItemId}`)).status, 204);
    const mid = (await contoso.get(`/wishlists/${id}`)).body;
    assert.deepEqual(ids(mid.page.items), [b.id]);
    assert.ok(time(mid.summary.modifiedDate) > time(list.summary.modifiedDate), 'modifiedDate moves on remove');
    assert.equal((await contoso.del(`/wishlists/${id}/wishlist-items/${itemA.wishlistItemId}`)).status, 404);
    assert.equal((await contoso.del(`/wishlist-items/${itemB.wishlistItemId}`)).status, 204);
    assert.equal((await contoso.del(`/wishlist-items/${itemB.wishlistItemId}`)).status, 404);
    assert.equal((await contoso.del('/wishlist-items/bad')).status, 400);
    assert.equal((await contoso.get(`/wishlists/${id}`)).body.summary.wishlistProductCount, 0);
  });

  test('a product the account may no longer see keeps its line with only its id, stored name and an error', async () => {
    const [p, q] = [nextDataset(), nextDataset()];
    const list = await makeList(contoso, 'Lapsed', [p, q]);
    await s.db.db
      .updateTable('product')
      .set({ is_active: 0, name: 'Renamed while Draft' })
      .where('id', '=', p.id)
      .execute();
    await s.catalogueChanged();
    try {
      const page = (await contoso.get(`/wishlists/${list.summary.id}/wishlist-items`)).body;
      assert.equal(page.hasErrors, true);
      const lapsed = page.items.find((i: { productId: string }) => i.productId === p.id);
      assert.deepEqual(lapsed.productSummary, {
        productId: p.id,
        name: p.name,
        sku: '',
        productUrlName: '',
        productClass: 'Simple',
        fields: {},
        thumbnailImage: null,
        purchaseQuantityRule: lapsed.productSummary.purchaseQuantityRule,
      });
      assert.equal(lapsed.listPrice, null);
      assert.equal(lapsed.salesPrice, null);
      assert.deepEqual(lapsed.error, {
        errorCode: WISHLIST_ITEM_ERROR_CODES.productUnavailable,
        message: `${p.name} is no longer available to you.`,
      });
      const fine = page.items.find((i: { productId: string }) => i.productId === q.id);
      assert.equal(fine.error, null);
      // The buyer can still remove it.
      assert.equal((await contoso.del(`/wishlist-items/${lapsed.wishlistItemId}`)).status, 204);
      assert.equal((await contoso.get(`/wishlists/${list.summary.id}`)).body.page.hasErrors, false);
    } finally {
      await s.db.db.updateTable('product').set({ is_active: 1, name: p.name }).where('id', '=', p.id).execute();
      await s.catalogueChanged();
    }
  });

  test('a product without a price for the account: prices null and an error; the collection has errors', async () => {
    const p = nextDataset();
    const list = await makeList(contoso, 'Unpriced', [p]);
    const entries = await s.db.db
      .selectFrom('price_book_entry')
      .select('id')
      .where('product_id', '=', p.id)
      .where('is_active', '=', 1)
      .execute();
    const entryIds = entries.map((e) => e.id);
    await s.db.db.updateTable('price_book_entry').set({ is_active: 0 }).where('id', 'in', entryIds).execute();
    try {
      const page = (await contoso.get(`/wishlists/${list.summary.id}/wishlist-items`)).body;
      assert.equal(page.hasErrors, true);
      const [item] = page.items;
      assert.equal(item.productSummary.name, p.name, 'still shown: the account may see it');
      assert.equal(item.listPrice, null);
      assert.equal(item.salesPrice, null);
      assert.deepEqual(item.error, {
        errorCode: WISHLIST_ITEM_ERROR_CODES.priceUnavailable,
        message: `${p.name} has no price for you now.`,
      });
    } finally {
      await s.db.db.updateTable('price_book_entry').set({ is_active: 1 }).where('id', 'in', entryIds).execute();
    }
  });
});

describe('reading lists: parameters', () => {
  let list: { summary: { id: string } };
  let added: Product[];
  before(async () => {
    added = [nextDataset(), nextDataset(), nextDataset()];
    list = await makeList(northwind, 'Paged', added);
  });

  test('sortItemsBy: CreatedDateDesc (the default) and CreatedDateAsc; anything else is a 400', async () => {
    const path = `/wishlists/${list.summary.id}`;
    const newest = added.map((p) => p.id).reverse();
    assert.deepEqual(ids((await northwind.get(path)).body.page.items), newest);
    assert.deepEqual(ids((await northwind.get(`${path}?sortItemsBy=CreatedDateDesc`)).body.page.items), newest);
    assert.deepEqual(
      ids((await northwind.get(`${path}/wishlist-items?sortItemsBy=CreatedDateAsc`)).body.items),
      added.map((p) => p.id),
    );
    for (const bad of ['NameAsc', 'createddateasc', ''])
      assert.equal((await northwind.get(`${path}?sortItemsBy=${bad}`)).status, 400, bad);
  });

  test('productFields: each item’s fields are those asked (a comma list or repeated), the rest of the summary stays', async () => {
    const path = `/wishlists/${list.summary.id}/wishlist-items`;
    for (const q of [
      'productFields=Name,B2B_Record_Count__c',
      'productFields=Name&productFields=B2B_Record_Count__c',
    ]) {
      const items = (await northwind.get(`${path}?${q}`)).body.items;
      for (const item of items) {
        assert.deepEqual(Object.keys(item.productSummary.fields).sort(), ['B2B_Record_Count__c', 'Name'], q);
        assert.ok(item.productSummary.sku, 'the sku is still there');
      }
    }
    const all = (await northwind.get(path)).body.items[0].productSummary.fields;
    assert.ok(Object.keys(all).length > 5, 'without productFields: every field');
  });

  test('pageSize and page tokens: pages follow each other by token and by URL; bounds are 1–200 (1–100 for GET wishlists)', async () => {
    const path = `/wishlists/${list.summary.id}`;
    const first = (await northwind.get(`${path}?pageSize=2&sortItemsBy=CreatedDateAsc`)).body.page;
    assert.deepEqual(ids(first.items), [added[0]!.id, added[1]!.id]);
    assert.equal(first.currentPageToken, '0');
    assert.equal(first.nextPageToken, '1');
    assert.equal(first.previousPageToken, null);
    const next = new URL(first.nextPageUrl, s.url);
    assert.equal(next.pathname, `/services/data/v65.0/commerce/webstores/0ZE000000000001AAA${path}/wishlist-items`);
    assert.equal(next.searchParams.get('pageToken'), '1');
    assert.equal(next.searchParams.get('pageSize'), '2');
    assert.equal(next.searchParams.get('sortItemsBy'), 'CreatedDateAsc');
    const second = (await buyer.get(first.nextPageUrl)).body;
    assert.deepEqual(ids(second.items), [added[2]!.id]);
    assert.equal(second.nextPageToken, null);
    assert.equal(second.nextPageUrl, null);
    assert.equal(second.previousPageToken, '0');
    assert.deepEqual(ids((await buyer.get(second.previousPageUrl)).body.items), ids(first.items));
    const byToken = (await northwind.get(`${path}?pageSize=2&sortItemsBy=CreatedDateAsc&pageToken=1`)).body.page;
    assert.deepEqual(ids(byToken.items), [added[2]!.id]);
    const byPage = (await northwind.get(`${path}/wishlist-items?pageSize=2&sortItemsBy=CreatedDateAsc&page=1`)).body;
    assert.deepEqual(ids(byPage.items), [added[2]!.id], 'the reference’s `page` names the same token');
    const beyond = (await northwind.get(`${path}/wishlist-items?pageSize=2&pageToken=9`)).body;
    assert.deepEqual(beyond.items, []);
    for (const q of ['pageSize=0', 'pageSize=201', 'pageSize=1.5', 'pageSize=x', 'pageToken=-1', 'pageToken=abc'])
      assert.equal((await northwind.get(`${path}?${q}`)).status, 400, q);
    assert.equal((await northwind.get(`${path}?pageSize=200`)).status, 200);
    assert.equal((await northwind.get(`${path}/wishlist-items?pageSize=201`)).status, 400);
    assert.equal((await northwind.get('/wishlists?pageSize=101')).status, 400);
    assert.equal((await northwind.get('/wishlists?pageSize=0')).status, 400);
    const hundred = await northwind.get(
      `/wishlists?pageSize=100&includeDisplayedList=true&wishlistId=${list.summary.id}`,
    );
    assert.equal(hundred.status, 200);
    assert.equal(hundred.body.displayedList.page.items.length, 3);
  });

  test('GET wishlists: summaries newest-modified first; displayedList only when asked, the named list or the newest', async () => {
    const older = await makeList(northwind, 'Older');
    await pause();
    const newer = await makeList(northwind, 'Newer');
    let res = await northwind.get('/wishlists');
    assert.equal(res.status, 200);
    assert.equal(res.body.displayedList, null, 'not asked for');
    assert.equal(res.body.wishlistCount, res.body.summaries.length);
    assert.deepEqual(
      res.body.summaries.slice(0, 2).map((l: { id: string }) => l.id),
      [newer.summary.id, older.summary.id],
    );
    const modified = res.body.summaries.map((l: { modifiedDate: string }) => time(l.modifiedDate));
    assert.deepEqual(
      modified,
      [...modified].sort((a, b) => b - a),
    );
    assert.equal((await northwind.get('/wishlists?includeDisplayedList=false')).body.displayedList, null);
    res = await northwind.get('/wishlists?includeDisplayedList=true&pageSize=1');
    assert.equal(res.body.displayedList.summary.id, newer.summary.id, 'the most recently modified');
    // An add moves the older list to the front, and it becomes the displayed one.
    await pause();
    await northwind.post(`/wishlists/${older.summary.id}/wishlist-items`, { productId: nextDataset().id });
    res = await northwind.get('/wishlists?includeDisplayedList=TRUE');
    assert.equal(res.body.summaries[0].id, older.summary.id);
    assert.equal(res.body.displayedList.summary.id, older.summary.id);
    assert.equal(res.body.displayedList.page.items.length, 1);
    res = await northwind.get(
      `/wishlists?includeDisplayedList=true&wishlistId=${list.summary.id}&pageSize=1&sortItemsBy=CreatedDateAsc&productFields=Name`,
    );
    assert.equal(res.body.displayedList.summary.id, list.summary.id);
    assert.deepEqual(ids(res.body.displayedList.page.items), [added[0]!.id]);
    assert.deepEqual(Object.keys(res.body.displayedList.page.items[0].productSummary.fields), ['Name']);
    assert.equal(res.body.displayedList.page.nextPageToken, '1');
    const unknown = await northwind.get('/wishlists?includeDisplayedList=true&wishlistId=0wl000000999999AAA');
    assert.equal(unknown.status, 404);
    assert.equal((await northwind.get('/wishlists?wishlistId=bad')).status, 400);
    assert.equal((await northwind.get('/wishlists?includeDisplayedList=yes')).status, 400);
  });

  test('includeProductIds (our addition): each summary lists its products newest first, for this account only', async () => {
    const [a, b, c] = [nextDataset(), nextDataset(), nextDataset()];
    const fabrikam = actingFor(buyer, accounts.fabrikam);
    const first = await makeList(fabrikam, 'Shortlist', [a]);
    await pause();
    await fabrikam.post(`/wishlists/${first.summary.id}/wishlist-items`, { productId: b.id });
    const second = await makeList(fabrikam, 'Maybe', [b, c]);
    const res = await fabrikam.get('/wishlists?includeProductIds=true');
    assert.equal(res.status, 200, res.text);
    const byId = new Map(res.body.summaries.map((l: { id: string; productIds: string[] }) => [l.id, l.productIds]));
    assert.deepEqual(byId.get(first.summary.id), [b.id, a.id]);
    assert.deepEqual(new Set(byId.get(second.summary.id) as string[]), new Set([b.id, c.id]));
    assert.equal(
      (await fabrikam.get('/wishlists')).body.summaries.some((l: object) => 'productIds' in l),
      false,
      'only when asked',
    );
    const other = await northwind.get('/wishlists?includeProductIds=true');
    for (const l of other.body.summaries) assert.equal(l.productIds.includes(a.id), false, 'Northwind’s lists');
    assert.equal((await fabrikam.get('/wishlists?includeProductIds=maybe')).status, 400);
  });

  test('an account without lists: no summaries and no displayed list', async () => {
    const a = await s.register({
      firstName: 'Lista',
      lastName: 'Empty',
      email: `empty-${Date.now().toString(36)}@lists.example`,
      password: 'Lists-2026-pass',
    });
    const res = await a.api('/wishlists?includeDisplayedList=true');
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { displayedList: null, summaries: [], wishlistCount: 0 });
  });
});

describe('whose lists', () => {
  test('a guest has no lists: every call is the address book’s guest answer (403 CPA_DISABLED), nothing made', async () => {
    const guest = actingFor(s.agent());
    const list = await makeList(contoso, 'Not for guests', [nextDataset()]);
    const id = list.summary.id;
    const item = list.page.items[0].wishlistItemId;
    const calls = [
      () => guest.get('/wishlists'),
      () => guest.post('/wishlists', { name: DEFAULT_WISHLIST_NAME }),
      () => guest.get(`/wishlists/${id}`),
      () => guest.patch(`/wishlists/${id}`, { name: 'Mine' }),
      () => guest.get(`/wishlists/${id}/wishlist-items`),
      () => guest.post(`/wishlists/${id}/wishlist-items`, { productId: nextDataset().id }),
      () => guest.del(`/wishlists/${id}/wishlist-items/${item}`),
      () => guest.del(`/wishlist-items/${item}`),
      () => guest.post(`/wishlists/${id}/actions/add-wishlist-to-cart`),
      () => guest.del(`/wishlists/${id}`),
    ];
    const before = await s.db.db.selectFrom('wishlist').select(s.db.db.fn.countAll().as('n')).executeTakeFirst();
    for (const call of calls) {
      const res = await call();
      assert.equal(res.status, 403, res.text);
      assert.deepEqual(res.body, [
        {
          errorCode: 'CPA_DISABLED',
          message: 'Lists aren\u2019t available to guests (CPA disabled). Log in to keep a list.',
        },
      ]);
    }
    // A guest naming an account is told the same, before the account is looked at.
    assert.equal((await actingFor(s.agent(), accounts.contoso).get('/wishlists')).status, 403);
    const after = await s.db.db.selectFrom('wishlist').select(s.db.db.fn.countAll().as('n')).executeTakeFirst();
    assert.equal(Number(after!.n), Number(before!.n));
    assert.equal((await contoso.get(`/wishlists/${id}`)).body.summary.wishlistProductCount, 1);
    assert.equal((await contoso.get(`/wishlists/${id}`)).body.summary.name, 'Not for guests');
  });

  test('a buyer’s Contoso lists are not Northwind’s: acting for Northwind, a Contoso list is a 404 like an unknown one, unchanged', async () => {
    const list = await makeList(contoso, 'Contoso reorders', [nextDataset()]);
    const id = list.summary.id;
    const item = list.page.items[0].wishlistItemId;
    const unknown = '0wl000000999999AAA';
    const same = async (call: (listId: string) => Promise<{ status: number; text: string }>) => {
      const [mine, none] = [await call(id), await call(unknown)];
      assert.equal(mine.status, 404, mine.text);
      assert.equal(mine.text.replaceAll(id, unknown), none.text);
    };
    await same((l) => northwind.get(`/wishlists/${l}`));
    await same((l) => northwind.get(`/wishlists/${l}/wishlist-items`));
    await same((l) => northwind.get(`/wishlists?includeDisplayedList=true&wishlistId=${l}`));
    await same((l) => northwind.patch(`/wishlists/${l}`, { name: 'Taken' }));
    await same((l) => northwind.post(`/wishlists/${l}/wishlist-items`, { productId: nextDataset().id }));
    await same((l) => northwind.del(`/wishlists/${l}/wishlist-items/${item}`));
    await same((l) => northwind.post(`/wishlists/${l}/actions/add-wishlist-to-cart`));
    await same((l) => northwind.del(`/wishlists/${l}`));
    const shortForm = await northwind.del(`/wishlist-items/${item}`);
    assert.equal(shortForm.status, 404);
    const listed = (await northwind.get('/wishlists')).body.summaries.map((l: { id: string }) => l.id);
    assert.ok(!listed.includes(id), 'Northwind’s summaries do not show it');
    const after = (await contoso.get(`/wishlists/${id}`)).body;
    assert.equal(after.summary.name, 'Contoso reorders');
    assert.equal(after.summary.modifiedDate, list.summary.modifiedDate);
    assert.deepEqual(ids(after.page.items), ids(list.page.items));
  });

  test('the session’s chosen account decides without a parameter; an account the buyer can’t act for is a 403', async () => {
    const list = await makeList(contoso, 'Switched');
    const session = actingFor(buyer);
    const switched = await buyer.patch(
      `${'/services/data/v65.0/commerce/webstores/0ZE000000000001AAA'}/session-context`,
      {
        effectiveAccountId: accounts.contoso,
      },
    );
    assert.equal(switched.status, 200, switched.text);
    try {
      const seen = (await session.get('/wishlists')).body.summaries.map((l: { id: string }) => l.id);
      assert.ok(seen.includes(list.summary.id), 'acting for Contoso by the session');
      assert.equal((await session.get(`/wishlists/${list.summary.id}`)).status, 200);
    } finally {
      await buyer.patch(`${'/services/data/v65.0/commerce/webstores/0ZE000000000001AAA'}/session-context`, {
        effectiveAccountId: accounts.northwind,
      });
    }
    assert.equal((await session.get(`/wishlists/${list.summary.id}`)).status, 404, 'back on Northwind');
    const casey = await s.login(DEMO_USERS.consumer.email);
    const foreign = await actingFor(casey, accounts.contoso).get('/wishlists');
    assert.equal(foreign.status, 403);
    assert.equal(errorOf(foreign).errorCode, 'INSUFFICIENT_ACCESS');
    const bad = await actingFor(casey, 'nope').get('/wishlists');
    assert.equal(bad.status, 400);
  });

  test('every buyer who acts for Contoso shares its lists: another buyer reads, renames and adds', async () => {
    const email = `second-${Date.now().toString(36)}@contoso.example`;
    const second = await s.register({ firstName: 'Second', lastName: 'Buyer', email, password: 'Contoso-2026-pass' });
    const user = await s.db.db.selectFrom('app_user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    assert.equal((await actingFor(second, accounts.contoso).get('/wishlists')).status, 403, 'not yet Contoso’s');
    await s.db.db
      .insertInto('user_managed_account')
      .values({ user_id: user.id, account_id: accounts.contoso })
      .execute();
    const list = await makeList(contoso, 'Shared');
    const colleague = actingFor(second, accounts.contoso);
    const seen = (await colleague.get('/wishlists')).body.summaries.map((l: { id: string }) => l.id);
    assert.ok(seen.includes(list.summary.id));
    assert.equal((await colleague.patch(`/wishlists/${list.summary.id}`, { name: 'Shared, renamed' })).status, 200);
    const p = nextDataset();
    assert.equal(
      (await colleague.post(`/wishlists/${list.summary.id}/wishlist-items`, { productId: p.id })).status,
      201,
    );
    const mine = (await contoso.get(`/wishlists/${list.summary.id}`)).body;
    assert.equal(mine.summary.name, 'Shared, renamed');
    assert.deepEqual(ids(mine.page.items), [p.id]);
    // The colleague's own account knows nothing of it.
    assert.equal((await actingFor(second).get(`/wishlists/${list.summary.id}`)).status, 404);
  });
});
