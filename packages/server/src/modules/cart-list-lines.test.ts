// A selection of a dataset's records bought (issue 19): added to the cart (counted and priced by the server on
// the stored file), placed as an order line that keeps the selection and the file version, shown on the order
// and in the confirmation email. Against a real server and database (SQLite, or PostgreSQL with DATABASE_URL);
// the expected counts come from the stored file parsed by the tests' own strict reader.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  canonicalListSelection,
  decimalToMinorUnits,
  listColumnsOf,
  listPriceFor,
  minorUnitsToDecimal,
  type DatasetEvaluation,
  listFilterValue,
  type CartItem,
  type DatasetListCounts,
  type OrderDetail,
} from '@store/core';
import { BASE, errorOf, startTestServer, type Agent, type TestServer } from '../test-support/server.ts';
import { ADDRESS, CONTACT, payAndPlace, placeGuestOrder, productIdOf } from '../test-support/purchase.ts';
import { storedFile, type StoredFile } from '../test-support/dataset-file-csv.ts';
import { DEMO_USERS, PARTNER_SKUS } from '../seed/access.ts';
import { SELLING_MODEL_IDS } from '../seed/store.ts';
import { processDatasetFile, storeDatasetFile } from '../services/dataset-files/file-store.ts';
import { datasetFileProcessors } from '../services/dataset-files/processors.ts';

let s: TestServer;
let dentists: string;
let file: StoredFile;

before(async () => {
  s = await startTestServer();
  dentists = await productIdOf(s, 'DS-00001');
  file = await storedFile(s.db.db, dentists);
});
after(async () => {
  await s?.close();
});

const col = (name: string) => file.header.indexOf(name);
const filled = (r: string[], name: string) => (r[col(name)] ?? '').trim() !== '';
const add = (a: Agent, body: Record<string, unknown>) =>
  a.post(`${BASE}/carts/current/cart-items`, { quantity: '1', type: 'Product', ...body });
const cartItems = async (a: Agent) =>
  ((await a.api('/carts/current/cart-items')).body.cartItems ?? []).map(
    (r: { cartItem: CartItem }) => r.cartItem,
  ) as CartItem[];
const countsOf = async (a: Agent, query: string) => {
  const res = await a.api(`/datasets/${dentists}/counts?${query}`);
  assert.equal(res.status, 200, res.text);
  return res.body as DatasetListCounts;
};

describe('a selection of a dataset in the cart', () => {
  test('Texas with an email: the server counts the stored file and prices it as the counts API does', async () => {
    const a = s.agent();
    const expected = file.rows.filter((r) => r[col('State')] === 'TX' && filled(r, 'Email')).length;
    assert.ok(expected > 0 && expected < file.rows.length);
    // Sent in another order than the canonical one: the line stores the canonical query.
    const added = await add(a, { productId: dentists, listSelection: 'email=1&region=TX' });
    assert.equal(added.status, 201, added.text);
    const item = added.body as CartItem;
    assert.deepEqual(item.listSelection, {
      selection: 'region=TX&email=1',
      label: 'State or region: TX · Has email',
      records: expected,
      fileVersion: file.version,
    });
    assert.equal(item.quantity, '1');
    const counts = await countsOf(a, 'region=TX&email=1');
    assert.equal(counts.records, expected);
    assert.ok(counts.price);
    assert.equal(item.totalPrice, counts.price.amount, 'the line costs what the list builder showed');
    assert.equal(item.salesPrice, counts.price.amount);
    assert.ok(Number(item.totalPrice) < Number(counts.price.wholeListPrice), 'a part costs less than the whole');
    const summary = (await a.api('/carts/current')).body;
    assert.equal(summary.totalProductAmount, counts.price.amount, 'the cart total is the selection price');

    // The cart's item list says the same.
    const [listed] = await cartItems(a);
    assert.deepEqual(listed?.listSelection, item.listSelection);

    // The same selection again is refused like a dataset bought once; nothing changes.
    const again = await add(a, { productId: dentists, listSelection: 'region=TX&email=1' });
    assert.equal(again.status, 409, again.text);
    assert.equal(errorOf(again).errorCode, 'MAX_LIMIT_EXCEEDED');

    // Another selection of the same dataset is its own line.
    const ok = await add(a, { productId: dentists, listSelection: 'region=OK' });
    assert.equal(ok.status, 201, ok.text);
    assert.equal(
      (ok.body as CartItem).listSelection?.records,
      file.rows.filter((r) => r[col('State')] === 'OK').length,
    );
    assert.equal((await cartItems(a)).length, 2);

    // The whole dataset and its selections are never in one cart together.
    const whole = await add(a, { productId: dentists });
    assert.equal(whole.status, 409, whole.text);
    assert.equal(errorOf(whole).errorCode, 'MAX_LIMIT_EXCEEDED');
    assert.match(errorOf(whole).message, /selection/);

    // A quantity change on a selection line keeps it at one, at its price.
    const patched = await a.patch(`${BASE}/carts/current/cart-items/${item.cartItemId}`, { quantity: '2' });
    assert.equal(patched.status, 400, patched.text);
    const after = (await a.api('/carts/current')).body;
    assert.equal(after.totalProductCount, '2');
  });

  test('bad and empty selections are 400 and change nothing; there is no price to send', async () => {
    const a = s.agent();
    assert.equal((await add(a, { productId: dentists, listSelection: 'region=TX' })).status, 201);
    const before = (await a.api('/carts/current')).body;
    const physical = await s.db.db
      .selectFrom('product')
      .select('id')
      .where('fulfilment', '=', 'Physical')
      .where('is_active', '=', 1)
      .executeTakeFirstOrThrow();
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['a flag that is not 1 or 0', { productId: dentists, listSelection: 'email=yes' }, /Has email/],
      ['no filter at all', { productId: dentists, listSelection: 'colour=red' }, /names no filter/],
      ['too long a value', { productId: dentists, listSelection: `city=${'x'.repeat(81)}` }, /at most 80/],
      ['no record matches', { productId: dentists, listSelection: 'region=ZZ' }, /No records/],
      ['more than one of a selection', { productId: dentists, listSelection: 'region=OK', quantity: '2' }, /quantity/],
      ['a product that is not a dataset', { productId: physical.id, listSelection: 'region=TX' }, /isn't a dataset/],
      ['a price from the browser', { productId: dentists, listSelection: 'region=OK', salesPrice: '0.01' }, /./],
    ];
    for (const [what, body, message] of cases) {
      const res = await add(a, body);
      assert.equal(res.status, 400, `${what}: ${res.text}`);
      assert.equal(errorOf(res).errorCode, 'INVALID_API_INPUT', what);
      assert.match(errorOf(res).message, message, what);
    }
    const after = (await a.api('/carts/current')).body;
    assert.equal(after.totalProductAmount, before.totalProductAmount);
    assert.equal((await cartItems(a)).length, 1);
  });

  test('a partner-only dataset is unknown to a guest, with a selection as without', async () => {
    const partner = await productIdOf(s, PARTNER_SKUS[0]!);
    const res = await add(s.agent(), { productId: partner, listSelection: 'region=TX' });
    assert.equal(res.status, 404, res.text);
    assert.equal(errorOf(res).errorCode, 'ITEM_NOT_FOUND');
  });

  test('a guest’s selection goes into the shopper’s cart at login, counted again', async () => {
    const guest = s.agent();
    assert.equal((await add(guest, { productId: dentists, listSelection: 'region=TX&email=1' })).status, 201);
    const login = await guest.post('/services/auth/login', {
      email: DEMO_USERS.consumer.email,
      password: 'Datasets2026!',
    });
    assert.equal(login.status, 200, login.text);
    assert.equal(login.body.cartMerge.mergedLineCount, 1);
    const [line] = await cartItems(guest);
    assert.equal(line?.listSelection?.selection, 'region=TX&email=1');
    assert.equal(
      line?.listSelection?.records,
      file.rows.filter((r) => r[col('State')] === 'TX' && filled(r, 'Email')).length,
    );
  });

  test('a TermDefined subscription: the selection per term × terms, never more than the whole line', async () => {
    // A dataset with a file, offered on the annual (TermDefined) model and not partner-only.
    const offered = await s.db.db
      .selectFrom('product_selling_model')
      .innerJoin('product', 'product.id', 'product_selling_model.product_id')
      .innerJoin('dataset_file', 'dataset_file.product_id', 'product.id')
      .select('product.id')
      .where('product_selling_model.selling_model_id', '=', SELLING_MODEL_IDS.annual)
      .where('product.sku', 'like', 'DS-%')
      .where('dataset_file.status', '=', 'ready')
      .executeTakeFirstOrThrow();
    const stored = await storedFile(s.db.db, offered.id);
    const region = listFilterValue('region', stored.rows[0]![listColumnsOf(stored.header).region]);
    const selection = canonicalListSelection({ region: [region] });
    const plan = { productSellingModelId: SELLING_MODEL_IDS.annual, subscriptionTerm: 2 };
    const whole = await add(s.agent(), { productId: offered.id, ...plan });
    assert.equal(whole.status, 201, whole.text);
    const a = s.agent();
    const line = await add(a, { productId: offered.id, ...plan, listSelection: selection });
    assert.equal(line.status, 201, line.text);
    const evaluation = (await a.api(`/datasets/${offered.id}`)).body as DatasetEvaluation;
    const records = (line.body as CartItem).listSelection!.records;
    assert.equal(records, stored.rows.filter((r) => r[listColumnsOf(stored.header).region] === region).length);
    const perTerm = listPriceFor(evaluation.listPricing!, records).amount;
    const expected = Math.min(
      Number(decimalToMinorUnits(perTerm)) * 2,
      Number(decimalToMinorUnits(whole.body.totalPrice)),
    );
    assert.equal((line.body as CartItem).totalPrice, minorUnitsToDecimal(expected));
    assert.equal((line.body as CartItem).subscriptionTerm, 2);
  });

  test('the batch add takes selections line by line', async () => {
    const a = s.agent();
    const res = await a.post(`${BASE}/carts/current/cart-items/batch`, {
      inputs: [
        { richInput: { productId: dentists, quantity: '1', listSelection: 'region=TX&email=1' } },
        { richInput: { productId: dentists, quantity: '1', listSelection: 'region=ZZ' } },
      ],
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.hasErrors, true);
    assert.equal(res.body.results[0].statusCode, 201);
    assert.equal(res.body.results[0].result.listSelection.selection, 'region=TX&email=1');
    assert.equal(res.body.results[1].statusCode, 400);
    assert.equal((await cartItems(a)).length, 1);
  });
});

/** A guest's checkout of whatever is in the agent's cart, with contact and address: the checkout id. */
async function checkoutOfCart(a: Agent): Promise<string> {
  const started = await a.put(`${BASE}/checkouts`, { cartId: 'active' });
  assert.equal(started.status, 202, started.text);
  const id = started.body.checkoutId as string;
  assert.equal((await a.patch(`${BASE}/checkouts/${id}`, { contactInfo: CONTACT })).status, 202);
  assert.equal((await a.patch(`${BASE}/checkouts/${id}`, { deliveryAddress: ADDRESS })).status, 202);
  return id;
}

describe('a selection bought', () => {
  test('the order line keeps the selection and the file version; the order and the email show them', async () => {
    const a = s.agent();
    const added = await add(a, { productId: dentists, listSelection: 'region=TX&email=1' });
    assert.equal(added.status, 201, added.text);
    const line = added.body as CartItem;
    const orderId = await payAndPlace(a, await checkoutOfCart(a));

    const order = await a.api(`/order-summaries/${orderId}`);
    assert.equal(order.status, 200, order.text);
    const detail = order.body as OrderDetail;
    assert.equal(detail.lines.length, 1);
    assert.deepEqual(detail.lines[0]!.listSelection, line.listSelection);
    assert.equal(detail.lines[0]!.salesPrice, line.salesPrice);
    const stored = await s.db.db
      .selectFrom('order_item')
      .select(['list_selection', 'list_records', 'list_file_version'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(stored, {
      list_selection: 'region=TX&email=1',
      list_records: line.listSelection!.records,
      list_file_version: file.version,
    });

    const mail = await s.db.db
      .selectFrom('mail_outbox')
      .select(['text_body', 'html_body'])
      .where('order_id', '=', orderId)
      .where('kind', '=', 'order-confirmation')
      .executeTakeFirstOrThrow();
    const records = line.listSelection!.records.toLocaleString('en-US');
    assert.ok(
      mail.text_body.includes(`Selection: State or region: TX · Has email (${records} records)`),
      mail.text_body,
    );
    assert.ok(mail.html_body.includes(`(${records} records)`));
  });

  test('a whole dataset line is placed with the live file version, and no selection', async () => {
    const orderId = await placeGuestOrder(s, 'DS-00002');
    const ds2 = await storedFile(s.db.db, await productIdOf(s, 'DS-00002'));
    const stored = await s.db.db
      .selectFrom('order_item')
      .select(['list_selection', 'list_file_version'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(stored, { list_selection: null, list_file_version: ds2.version });
  });

  test('a selection whose file changed before the order is placed is refused with a clear message', async () => {
    const product = await productIdOf(s, 'DS-00002');
    const current = await storedFile(s.db.db, product);
    // A selection this file has records for: the first record's region.
    const region = current.rows[0]![listColumnsOf(current.header).region]!;
    const selection = canonicalListSelection({ region: [listFilterValue('region', region)] });
    const a = s.agent();
    const added = await add(a, { productId: product, listSelection: selection });
    assert.equal(added.status, 201, added.text);
    const checkoutId = await checkoutOfCart(a);
    // The seller uploads a new version of the file meanwhile (the same records, a new version).
    const next = await storeDatasetFile(s.db.db, {
      webstoreId: (
        await s.db.db.selectFrom('product').select('webstore_id').where('id', '=', product).executeTakeFirstOrThrow()
      ).webstore_id,
      productId: product,
      fileName: 'new.csv',
      uploadedBy: null,
      source: [current.text],
    });
    await processDatasetFile(s.db.db, next.id, { processors: datasetFileProcessors() });
    const paid = await a.post(`${BASE}/checkouts/${checkoutId}/payments`, {
      requestType: 'Auth',
      paymentToken: 'tok_test_success_visa_4242',
      billingAddress: ADDRESS,
    });
    assert.equal(paid.status, 200, paid.text);
    const placed = await a.post(`${BASE}/checkouts/${checkoutId}/orders`);
    assert.equal(placed.status, 409, placed.text);
    assert.match(JSON.stringify(placed.body), /updated since you chose your selection/);
    const orders = await s.db.db
      .selectFrom('order_item')
      .select('id')
      .where('product_id', '=', product)
      .where('list_selection', '=', selection)
      .execute();
    assert.equal(orders.length, 0, 'no order was written');
  });
});
