// A dataset's per-record pricing set in the workspace over real HTTP (issue 19): read with its default, set (and
// audited), used at once by the list builder's price and by a selection's cart line, reset to the default;
// bad amounts are 400s that change nothing; shoppers are refused. SQLite, or PostgreSQL with DATABASE_URL.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  defaultListPricing,
  listPriceFor,
  type CartItem,
  type DatasetListCounts,
  type DatasetListPricingSetting,
  type ListPricing,
} from '@store/core';
import { BASE, errorOf, startTestServer, type Agent, type TestServer } from '../../test-support/server.ts';
import { DEMO_USERS } from '../../seed/access.ts';
import { WORKSPACE_BASE as W } from '../../test-support/workspace-operations.ts';
import { productIdOf } from '../../test-support/purchase.ts';
import { storedFile } from '../../test-support/dataset-file-csv.ts';

let s: TestServer;
let admin: Agent;
let dataset: string;
let path: string;

before(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO_USERS.admin.email);
  dataset = await productIdOf(s, 'DS-00004');
  path = `${W}/products/${dataset}/list-pricing`;
});
after(async () => {
  await s?.close();
});

const OWN: ListPricing = { per1000: '100.00', minimum: '5.00', tiers: [{ fromRecords: 50, per1000: '80.00' }] };
const setting = async () => {
  const res = await admin.get(path);
  assert.equal(res.status, 200, res.text);
  return res.body as DatasetListPricingSetting;
};
const guestCounts = async (query: string) => {
  const res = await s.agent().api(`/datasets/${dataset}/counts?${query}`);
  assert.equal(res.status, 200, res.text);
  return res.body as DatasetListCounts;
};
/** A selection of the dataset with records: the first record's state. */
const someSelection = async () => {
  const file = await storedFile(s.db.db, dataset);
  return `region=${encodeURIComponent(file.rows[0]![file.header.indexOf('State')]!)}`;
};

describe("a dataset's list pricing in the workspace", () => {
  test('without one, the default derived from the whole price and the file applies', async () => {
    const got = await setting();
    const file = await storedFile(s.db.db, dataset);
    assert.equal(got.listPricing, null);
    assert.equal(got.records, file.rows.length);
    const whole = (await guestCounts('')).price!.wholeListPrice!;
    assert.equal(got.wholePrice, whole);
    assert.deepEqual(got.defaultListPricing, defaultListPricing(whole, file.rows.length));
  });

  test('set: audited, and the counts price and a selection line use it; reset returns to the default', async () => {
    const put = await admin.put(path, { listPricing: OWN });
    assert.equal(put.status, 200, put.text);
    assert.deepEqual((put.body as DatasetListPricingSetting).listPricing, OWN);
    assert.deepEqual((await setting()).listPricing, OWN);
    const audit = await s.db.db
      .selectFrom('audit_log')
      .select(['action', 'record_type', 'after_json'])
      .where('record_id', '=', dataset)
      .where('action', '=', 'setListPricing')
      .execute();
    assert.equal(audit.length, 1);
    assert.deepEqual(JSON.parse(audit[0]!.after_json!), OWN);

    const query = await someSelection();
    const counts = await guestCounts(query);
    const expected = listPriceFor(OWN, counts.records, counts.price!.wholeListPrice);
    assert.equal(counts.price!.amount, expected.amount);
    assert.equal(counts.price!.per1000, counts.records >= 50 ? '80.00' : '100.00');

    const buyer = s.agent();
    const line = await buyer.post(`${BASE}/carts/current/cart-items`, {
      productId: dataset,
      quantity: '1',
      listSelection: query,
    });
    assert.equal(line.status, 201, line.text);
    assert.equal((line.body as CartItem).salesPrice, expected.amount, 'the line is priced by the seller’s pricing');

    const reset = await admin.delete(path);
    assert.equal(reset.status, 200, reset.text);
    assert.equal((reset.body as DatasetListPricingSetting).listPricing, null);
    const back = await guestCounts(query);
    const def = (await setting()).defaultListPricing!;
    assert.equal(back.price!.amount, listPriceFor(def, back.records, back.price!.wholeListPrice).amount);

    // PUT with null is the same reset.
    assert.equal((await admin.put(path, { listPricing: OWN })).status, 200);
    const nulled = await admin.put(path, { listPricing: null });
    assert.equal(nulled.status, 200, nulled.text);
    assert.equal((await setting()).listPricing, null);
  });

  test('bad amounts and tiers are 400 and change nothing', async () => {
    assert.equal((await admin.put(path, { listPricing: OWN })).status, 200);
    const bad: Array<[string, unknown]> = [
      ['three decimals', { ...OWN, per1000: '1.234' }],
      ['not a number', { ...OWN, minimum: '4.5.0' }],
      ['negative', { ...OWN, per1000: '-1.00' }],
      ['a number, not a decimal string', { ...OWN, per1000: 45 }],
      ['zero per 1,000', { ...OWN, per1000: '0.00' }],
      [
        'tiers that go down',
        {
          ...OWN,
          tiers: [
            { fromRecords: 50, per1000: '80.00' },
            { fromRecords: 10, per1000: '70.00' },
          ],
        },
      ],
      ['a tier from 0 records', { ...OWN, tiers: [{ fromRecords: 0, per1000: '80.00' }] }],
      ['an unknown field', { ...OWN, currency: 'EUR' }],
    ];
    for (const [what, listPricing] of bad) {
      const res = await admin.put(path, { listPricing });
      assert.equal(res.status, 400, `${what}: ${res.text}`);
      assert.equal(errorOf(res).errorCode, 'INVALID_API_INPUT', what);
    }
    assert.deepEqual((await setting()).listPricing, OWN);
    assert.equal((await admin.delete(path)).status, 200);
  });

  test('shoppers and guests are refused; a product that is not a dataset is not found', async () => {
    const shopper = await s.login(DEMO_USERS.consumer.email);
    for (const a of [shopper, s.agent()]) {
      assert.equal((await a.get(path)).status, 403);
      assert.equal((await a.put(path, { listPricing: OWN })).status, 403);
      assert.equal((await a.delete(path)).status, 403);
    }
    assert.equal((await setting()).listPricing, null);
    const physical = await s.db.db
      .selectFrom('product')
      .select('id')
      .where('fulfilment', '=', 'Physical')
      .executeTakeFirstOrThrow();
    assert.equal((await admin.get(`${W}/products/${physical.id}/list-pricing`)).status, 404);
  });
});
