// Seller insights (issue 18 item 4) through the real API, on the database the tests run on: the funnel counts
// equal the activity rows and real orders made here, rows and orders outside the period are not counted (the
// period's first and last instants are), the top and zero-result search terms, the defaults, and the refusals.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { addDays, type WorkspaceInsights } from '@store/core';
import { errorOf, startTestServer, type Agent, type TestServer } from '../../test-support/server.ts';
import { placeCardOrder, placeGuestOrder, productIdOf } from '../../test-support/purchase.ts';
import { insertActivityRows, times } from '../../test-support/insight-rows.ts';
import { DEMO_USERS } from '../../seed/access.ts';
import { CATALOGUE_MANAGER } from '../../seed/workspace-users.ts';
import { WEBSTORE_ID } from '../../seed/store.ts';
import { operationsOf, type OpenApiDoc } from '../../security/openapi-fuzz.ts';
import { fuzzAsAdministrator } from '../../test-support/workspace-fuzz.ts';

const W = `/services/admin/webstores/${WEBSTORE_ID}`;
const today = new Date().toISOString().slice(0, 10);
/** The week the tests report on, today last. */
const from = addDays(today, -6);
const week = `from=${from}&to=${today}`;

let s: TestServer;
let admin: Agent;
const ids = { viewed: '', added: '', ordered: '', oldOrder: '' };

async function insights(query: string, who = admin): Promise<WorkspaceInsights> {
  const res = await who.get(`${W}/insights?${query}`);
  assert.equal(res.status, 200, res.text);
  return res.body;
}

before(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO_USERS.admin.email);
  const consumer = await s.login(DEMO_USERS.consumer.email);
  [ids.viewed, ids.added, ids.ordered, ids.oldOrder] = await Promise.all(
    ['DS-00011', 'DS-00012', 'DS-00013', 'DS-00014'].map((sku) => productIdOf(s, sku)),
  );
  // "added": viewed 5 times (two of them at the period's first and last instants), added twice, clicked once in
  // a recommendation strip, bought once. "ordered": viewed 3 times, added once, bought by two guests.
  await insertActivityRows(s, [
    ...times(3, { activity: 'viewProduct', productId: ids.added }),
    { activity: 'viewProduct', productId: ids.added, at: `${from}T00:00:00.000Z` },
    { activity: 'viewProduct', productId: ids.added, at: `${today}T23:59:59.999Z` },
    ...times(2, { activity: 'addToCart', productId: ids.added }),
    { activity: 'clickReco', productId: ids.added },
    ...times(3, { activity: 'viewProduct', productId: ids.ordered }),
    { activity: 'addToCart', productId: ids.ordered },
    // "viewed": only looked at, 7 times.
    ...times(7, { activity: 'viewProduct', productId: ids.viewed }),
    // Other activities about a product are not funnel steps.
    { activity: 'viewReco', productId: ids.viewed },
    { activity: 'clickSearch', productId: ids.viewed, searchTerm: 'dentists' },
  ]);
  // Outside the week: the instant before it starts and the one after it ends.
  await insertActivityRows(s, [
    ...times(4, { activity: 'viewProduct', productId: ids.added, at: `${addDays(from, -1)}T23:59:59.999Z` }),
    { activity: 'addToCart', productId: ids.added, at: `${addDays(from, -1)}T23:59:59.999Z` },
    ...times(2, { activity: 'viewProduct', productId: ids.viewed, at: `${addDays(today, 1)}T00:00:00.000Z` }),
  ]);
  await insertActivityRows(s, [
    ...times(3, { activity: 'viewSearch', searchTerm: 'Dentists', resultCount: 12 }),
    { activity: 'viewSearch', searchTerm: '  dentists ', resultCount: 0 },
    ...times(2, { activity: 'viewSearch', searchTerm: 'Zzqx Widgets', resultCount: 0 }),
    { activity: 'viewSearch', searchTerm: 'plumbers ohio', resultCount: 4 },
    ...times(9, {
      activity: 'viewSearch',
      searchTerm: 'old term',
      resultCount: 0,
      at: `${addDays(from, -3)}T12:00:00.000Z`,
    }),
  ]);
  await placeCardOrder(consumer, ids.added);
  await placeGuestOrder(s, 'DS-00013');
  await placeGuestOrder(s, 'DS-00013');
  // An order placed before the week: moved back to when it would have been placed.
  const old = await placeGuestOrder(s, 'DS-00014');
  await s.db.db
    .updateTable('sales_order')
    .set({ created_at: `${addDays(from, -10)}T09:00:00.000Z` })
    .where('id', '=', old)
    .execute();
});

after(() => s?.close());

describe('workspace insights', () => {
  test('the funnel counts the period’s views, adds and recommendation clicks, and its placed orders', async () => {
    const r = await insights(week);
    assert.deepEqual(r.period, { from, to: today });
    const row = (productId: string, sku: string) => ({
      productId,
      sku,
      name: r.funnel.find((f) => f.productId === productId)?.name,
    });
    assert.deepEqual(r.funnel, [
      { ...row(ids.viewed, 'DS-00011'), views: 7, addToCarts: 0, orders: 0, recoClicks: 0 },
      { ...row(ids.added, 'DS-00012'), views: 5, addToCarts: 2, orders: 1, recoClicks: 1 },
      { ...row(ids.ordered, 'DS-00013'), views: 3, addToCarts: 1, orders: 2, recoClicks: 0 },
    ]);
    const names = await s.db.db
      .selectFrom('product')
      .select(['id', 'name'])
      .where('sku', 'in', ['DS-00011', 'DS-00012', 'DS-00013'])
      .execute();
    for (const f of r.funnel) assert.equal(f.name, names.find((n) => n.id === f.productId)?.name);
  });

  test('rows and orders outside the period are not counted; a period covering them counts them', async () => {
    const dayBefore = addDays(from, -1);
    const r = await insights(`from=${dayBefore}&to=${dayBefore}`);
    assert.deepEqual(
      r.funnel.map((f) => [f.sku, f.views, f.addToCarts, f.orders]),
      [['DS-00012', 4, 1, 0]],
    );
    const old = await insights(`from=${addDays(from, -10)}&to=${addDays(from, -10)}`);
    assert.deepEqual(
      old.funnel.map((f) => [f.sku, f.views, f.orders]),
      [['DS-00014', 0, 1]],
    );
    const tomorrow = addDays(today, 1);
    assert.deepEqual(
      (await insights(`from=${tomorrow}&to=${tomorrow}`)).funnel.map((f) => [f.sku, f.views]),
      [['DS-00011', 2]],
    );
  });

  test('top search terms are counted by normalised term; the zero-result list names the searches that found nothing', async () => {
    const r = await insights(week);
    assert.deepEqual(r.topSearchTerms, [
      { term: 'dentists', searches: 4, zeroResultSearches: 1 },
      { term: 'zzqx widgets', searches: 2, zeroResultSearches: 2 },
      { term: 'plumbers ohio', searches: 1, zeroResultSearches: 0 },
    ]);
    assert.deepEqual(r.zeroResultSearchTerms, [
      { term: 'zzqx widgets', searches: 2, zeroResultSearches: 2 },
      { term: 'dentists', searches: 4, zeroResultSearches: 1 },
    ]);
  });

  test('no period is the last 30 days, today included; limit cuts the funnel after the most viewed', async () => {
    const r = await insights('');
    assert.deepEqual(r.period, { from: addDays(today, -29), to: today });
    // The order and the searches 10 and 3 days before the week fall inside the 30 days.
    assert.equal(r.funnel.find((f) => f.sku === 'DS-00014')?.orders, 1);
    assert.equal(r.topSearchTerms[0]?.term, 'old term');
    assert.deepEqual(
      (await insights(`${week}&limit=2`)).funnel.map((f) => f.sku),
      ['DS-00011', 'DS-00012'],
    );
  });

  test('a bad period is a 400 in the error shape', async () => {
    const cases = [
      [`from=${today}&to=${from}`, /from must not be after to/],
      ['from=2024-01-01&to=2025-01-01', /at most 366 days/],
      [`to=${addDays(today, -400)}&from=${addDays(today, -400)}`, null],
      ['from=2026-02-30&to=2026-03-02', /from/],
      ['from=yesterday', /from/],
      [`${week}&limit=0`, /limit/],
      [`${week}&limit=501`, /limit/],
    ] as const;
    for (const [query, message] of cases) {
      const res = await admin.get(`${W}/insights?${query}`);
      if (message === null) {
        assert.equal(res.status, 200, query); // a single day long ago is a fine period
        continue;
      }
      assert.equal(res.status, 400, `${query}: ${res.text}`);
      assert.equal(errorOf(res).errorCode, 'INVALID_API_INPUT');
      assert.match(errorOf(res).message, message, query);
    }
    assert.equal(
      (await admin.get(`${W}/insights?from=2024-01-01&to=2024-12-31`)).status,
      200,
      'a leap year is 366 days',
    );
  });

  test('the catalogue manager reads insights; a shopper and a guest are refused', async () => {
    const manager = await s.login(CATALOGUE_MANAGER.email);
    assert.equal((await insights(week, manager)).funnel.length, 3);
    const consumer = await s.login(DEMO_USERS.consumer.email);
    for (const who of [consumer, s.agent()]) {
      const res = await who.get(`${W}/insights?${week}`);
      assert.equal(res.status, 403, res.text);
      errorOf(res);
    }
  });

  test('fuzz: no malformed request is a 5xx or leaves the error shape, and none changes a row', async () => {
    const doc = (await s.get('/api/docs')).body as OpenApiDoc;
    const ops = operationsOf(doc).filter((op) => op.template.endsWith('/insights'));
    assert.equal(ops.length, 1);
    const state = async () =>
      JSON.stringify(
        await Promise.all([
          s.db.db
            .selectFrom('shopper_activity')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow(),
          s.db.db
            .selectFrom('sales_order')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow(),
        ]),
      );
    const tally = await fuzzAsAdministrator(
      s.url,
      admin,
      ops,
      { params: { webstoreId: WEBSTORE_ID }, fields: {} },
      state,
    );
    console.log(
      `workspace insights fuzz: ${tally.sent} requests, ${tally.faults.length} 5xx, ${tally.shapeless.length} shapeless`,
    );
    assert.deepEqual(tally.faults, []);
    assert.deepEqual(tally.shapeless, []);
    assert.ok(tally.sent > 20);
  });
});
