// What a dataset download delivers, over real HTTP after real checkouts (issue 19): the stored file byte for
// byte; for a line with a selection, exactly the records recordInSelection keeps (counted here with the tests'
// own reader); a subscription line the newer version after a second upload, its selection re-applied; a
// dataset with no ready file a 409 in the error shape. The cart path that writes a line's selection is the
// "lines" work's: here the placed order's line gets it written directly.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { type ListSelection, listColumnsOf, parseListSelection, recordInSelection } from '@store/core';
import { DEMO_USERS } from '../../seed/access.ts';
import { SELLING_MODEL_IDS } from '../../seed/store.ts';
import { BASE, errorOf, startTestServer, type Agent, type TestServer } from '../../test-support/server.ts';
import { pay, placeCardOrder, productIdOf } from '../../test-support/purchase.ts';
import { parseCsv } from '../../test-support/csv.ts';
import { storedFile } from '../../test-support/dataset-file-csv.ts';
import { listCsv, uploadReady } from '../../test-support/dataset-file-upload.ts';

let s: TestServer;
let admin: Agent;
let buyer: Agent;

before(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO_USERS.admin.email);
  buyer = await s.login(DEMO_USERS.buyer.email);
});
after(async () => {
  await s?.close();
});

/** The order's download links, each with the product it delivers. */
async function links(orderId: string): Promise<Array<{ productId: string; url: string; orderItemId: string }>> {
  const res = await buyer.api(`/order-summaries/${orderId}/downloads`);
  assert.equal(res.status, 200, res.text);
  return res.body.items;
}

const lineOf = async (orderId: string, productId: string) =>
  (
    await s.db.db
      .selectFrom('order_item')
      .select('id')
      .where('order_id', '=', orderId)
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow()
  ).id;

/** What the "lines" work writes on a line bought as a selection. */
const setSelection = (lineId: string, selection: string, version: number | null) =>
  s.db.db
    .updateTable('order_item')
    .set({ list_selection: selection, list_file_version: version })
    .where('id', '=', lineId)
    .execute();

/** The stored file's rows the selection keeps, by the tests' reader. */
function expectedRows(file: { header: string[]; rows: string[][] }, selection: ListSelection): string[][] {
  const columns = listColumnsOf(file.header);
  return file.rows.filter((r) => recordInSelection(selection, columns, r));
}

describe('downloads deliver the stored file', () => {
  test('a whole dataset is the stored bytes; a selection exactly the records it keeps, of the version bought', async () => {
    const productId = await productIdOf(s, 'DS-00021');
    await uploadReady(admin, productId, listCsv(60, 'D'));
    const orderId = await placeCardOrder(buyer, productId);
    const [link] = await links(orderId);
    const whole = await buyer.get(link!.url);
    assert.equal(whole.status, 200, whole.text);
    const v1 = await storedFile(s.db.db, productId);
    assert.equal(whole.text, v1.text, 'byte for byte the stored file');

    // The line bought Texas records with an email, on the version it was priced on.
    const query = 'email=1&region=TX';
    await setSelection(await lineOf(orderId, productId), query, v1.version);
    const want = expectedRows(v1, parseListSelection(query));
    assert.ok(want.length > 5 && want.length < v1.rows.length, `a real subset: ${want.length}`);
    const part = await buyer.get(link!.url);
    assert.equal(part.status, 200, part.text);
    const [header, ...rows] = parseCsv(part.text);
    assert.deepEqual(header, v1.header);
    assert.deepEqual(rows, want);

    // A newer file does not change what a one-time line bought.
    await uploadReady(admin, productId, listCsv(20, 'E'));
    assert.deepEqual(parseCsv((await buyer.get(link!.url)).text).slice(1), want);
  });

  test('a subscription line gets the live version after a new upload, its selection re-applied', async () => {
    const productId = (
      await s.db.db
        .selectFrom('product')
        .innerJoin('price_book_entry', 'price_book_entry.product_id', 'product.id')
        .select('product.id')
        .where('price_book_entry.selling_model_id', '=', SELLING_MODEL_IDS.monthlyRefresh)
        .where('product.fulfilment', '=', 'Dataset')
        .where('product.product_class', '=', 'Simple')
        .where('product.sku', 'like', 'DS-%')
        .orderBy('product.sku')
        .executeTakeFirstOrThrow()
    ).id;
    await uploadReady(admin, productId, listCsv(30, 'F'));
    const added = await buyer.post(`${BASE}/carts/current/cart-items`, {
      productId,
      quantity: '1',
      type: 'Product',
      productSellingModelId: SELLING_MODEL_IDS.monthlyRefresh,
    });
    assert.equal(added.status, 201, added.text);
    const checkoutId = (await buyer.put(`${BASE}/checkouts`, { cartId: 'active' })).body.checkoutId;
    await startCheckoutAddress(buyer, checkoutId);
    await pay(buyer, checkoutId);
    const placed = await buyer.post(`${BASE}/checkouts/${checkoutId}/orders`);
    assert.equal(placed.status, 201, placed.text);
    const orderId = placed.body.orderSummaryId as string;
    const v1 = await storedFile(s.db.db, productId);
    const query = 'region=CA';
    await setSelection(await lineOf(orderId, productId), query, v1.version);
    const link = (await links(orderId)).find((l) => l.productId === productId)!;
    assert.deepEqual(parseCsv((await buyer.get(link.url)).text).slice(1), expectedRows(v1, { region: ['CA'] }));

    await uploadReady(admin, productId, listCsv(45, 'G'));
    const v2 = await storedFile(s.db.db, productId);
    assert.equal(v2.version, v1.version + 1);
    const rows = parseCsv((await buyer.get(link.url)).text).slice(1);
    assert.deepEqual(rows, expectedRows(v2, { region: ['CA'] }), 'the newer file, the same selection');
    assert.ok(rows.every((r) => r[0]!.includes('G')));
  });

  test('a dataset without a ready file answers 409 DATASET_FILE_NOT_READY', async () => {
    const productId = await productIdOf(s, 'DS-00022');
    const orderId = await placeCardOrder(buyer, productId);
    await s.db.db.updateTable('dataset_file').set({ status: 'failed' }).where('product_id', '=', productId).execute();
    const [link] = await links(orderId);
    const res = await buyer.get(link!.url);
    assert.equal(res.status, 409, res.text);
    assert.equal(errorOf(res).errorCode, 'DATASET_FILE_NOT_READY');
    assert.equal((await s.get(`/samples/DS-00022.csv`)).status, 404, 'and it has no sample');
  });
});

/** The subscription's checkout: the buyer's delivery address (its contact details are on file). */
async function startCheckoutAddress(a: Agent, checkoutId: string) {
  const res = await a.patch(`${BASE}/checkouts/${checkoutId}`, {
    deliveryAddress: {
      name: 'A B',
      street: '48 Congress Ave',
      city: 'Austin',
      region: 'TX',
      postalCode: '78701',
      country: 'US',
    },
  });
  assert.equal(res.status, 202, res.text);
}
