// POST /activities/{siteId}/{activity} over real HTTP (issue 18): what is recorded for each activity and in
// which columns, what is refused (and then nothing recorded), consent, the analytics cookie, who the shopper
// is (the session, never the body), retention, and the batched writes.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ANALYTICS_COOKIE,
  ACTIVITY_LIMITS,
  CONSENT_COOKIE,
  DEFAULT_SHOPPER_SIGNALS,
  serializeConsent,
  type ActivityProduct,
  type ShopperActivity,
  type ShopperActivityPayloads,
} from '@store/core';
import { BASE, WEBSTORE_ID, errorOf, startTestServer, type Agent, type TestServer } from '../test-support/server.ts';
import { withStoreSettings } from '../test-support/store-settings.ts';
import {
  activityPath,
  activityProduct,
  giveConsent,
  postActivity,
  recordedActivities,
} from '../test-support/activities.ts';
import { DEMO_USERS } from '../seed/access.ts';
import { parseProxyTrust } from '../http/proxy-trust.ts';

let s: TestServer;
let p1: ActivityProduct;
let p2: ActivityProduct;
let categoryId: string;

before(async () => {
  // One trusted proxy hop, so a request can arrive "over https" (X-Forwarded-Proto) for the Secure attribute.
  s = await startTestServer({ trustProxy: parseProxyTrust('1') });
  p1 = await activityProduct(s, 0);
  p2 = await activityProduct(s, 1);
  categoryId = (await s.db.db.selectFrom('category').select('id').executeTakeFirstOrThrow()).id;
});
after(async () => {
  await s?.close();
});

const consenting = () => giveConsent(s.agent());
const visitorOf = (a: Agent) => a.cookies.get(ANALYTICS_COOKIE)!;

/** Each activity, an example payload and the columns it must land in. */
const examples = (): {
  [A in ShopperActivity]: { payload: ShopperActivityPayloads[A]; columns: Record<string, unknown> };
} => ({
  viewProduct: {
    payload: { product: p1 },
    columns: { product_id: p1.id, unit_price: '120.00', list_price: '150.00', quantity: null },
  },
  addToCart: {
    payload: { product: p1, quantity: 2 },
    columns: { product_id: p1.id, quantity: 2, unit_price: '120.00', list_price: '150.00' },
  },
  viewReco: {
    payload: { recommender: 'similar-datasets', recommendationId: 'r-1', anchorValues: [p1.id], products: [p2] },
    columns: { recommender: 'similar-datasets', product_id: null },
  },
  clickReco: {
    payload: {
      recommender: 'similar-datasets',
      recommendationId: 'r-1',
      anchorValues: [p1.id],
      product: p2,
      position: 1,
    },
    columns: { recommender: 'similar-datasets', product_id: p2.id, position: 1 },
  },
  viewSearch: {
    payload: { searchTerm: '  Dentists   In Texas ', categoryId: null, resultCount: 0, products: [] },
    columns: { search_term: 'dentists in texas', result_count: 0, category_id: null },
  },
  clickSearch: {
    payload: { searchTerm: 'Dentists', categoryId, product: p2, position: 13 },
    columns: { search_term: 'dentists', category_id: categoryId, product_id: p2.id, position: 13 },
  },
  viewCategory: {
    payload: { categoryId, products: [p1, p2] },
    columns: { category_id: categoryId, product_id: null },
  },
  clickCategory: {
    payload: { categoryId, product: p1, position: 2 },
    columns: { category_id: categoryId, product_id: p1.id, position: 2 },
  },
  viewSearchSuggestion: {
    payload: { searchTerm: 'Dent', suggestedTerms: ['dentists'], suggestedProductIds: [p1.id] },
    columns: { search_term: 'dent', product_id: null },
  },
  clickSearchSuggestion: {
    payload: { searchTerm: 'Dent', suggestedTerm: null, productId: p1.id },
    columns: { search_term: 'dent', product_id: p1.id },
  },
});

describe('POST /activities/{siteId}/{activity}', () => {
  test('each activity is answered 204 and recorded once, in its columns, for the visitor the cookie names', async () => {
    const a = consenting();
    for (const [activity, { payload, columns }] of Object.entries(examples())) {
      const res = await postActivity(a, activity as ShopperActivity, payload as never);
      assert.equal(res.status, 204, `${activity}: ${res.text}`);
      assert.equal(res.text, '');
      const rows = await recordedActivities(s, { activity, visitor_id: visitorOf(a) });
      assert.equal(rows.length, 1, `${activity}: one row`);
      const row = rows[0]!;
      assert.equal(row.webstore_id, WEBSTORE_ID);
      assert.equal(row.user_id, null, 'a guest');
      assert.equal(row.account_id, null);
      for (const [column, value] of Object.entries(columns))
        assert.deepEqual(row[column as keyof typeof row], value, `${activity}.${column}`);
      assert.ok(Date.now() - Date.parse(row.occurred_at) < 60_000);
    }
    // The lists a view showed are kept with the row.
    const [view] = await recordedActivities(s, { activity: 'viewCategory', visitor_id: visitorOf(a) });
    assert.deepEqual(JSON.parse(view!.detail_json!).products, [p1, p2]);
  });

  test('bad payloads are 400 in the error shape and record nothing', async () => {
    const a = consenting();
    const long = 'x'.repeat(ACTIVITY_LIMITS.maxSearchTermLength + 1);
    const bad: Array<[string, unknown]> = [
      ['viewProduct', {}],
      ['viewProduct', { product: { ...p1, id: 'not-an-id' } }],
      ['viewProduct', { product: { ...p1, unitPrice: 12.5 } }],
      ['viewProduct', { product: { ...p1, unitPrice: '1e3' } }],
      ['viewProduct', { product: { ...p1, listPrice: '-5.00' } }],
      ['viewProduct', { product: p1, userId: 'someone' }],
      ['addToCart', { product: p1, quantity: 1.5 }],
      ['addToCart', { product: p1, quantity: 0 }],
      ['viewSearch', { searchTerm: long, categoryId: null, resultCount: 1, products: [] }],
      ['viewSearch', { searchTerm: '   ', categoryId: null, resultCount: 1, products: [] }],
      ['viewSearch', { searchTerm: 'a\u202Eb', categoryId: null, resultCount: 1, products: [] }],
      ['viewSearch', { searchTerm: 'a', categoryId: null, resultCount: -1, products: [] }],
      ['viewCategory', { categoryId, products: Array.from({ length: ACTIVITY_LIMITS.maxProducts + 1 }, () => p1) }],
      ['clickSearchSuggestion', { searchTerm: 'a', suggestedTerm: 'ab', productId: p1.id }],
      ['clickSearchSuggestion', { searchTerm: 'a', suggestedTerm: null, productId: null }],
      ['clickReco', { recommender: '', recommendationId: null, anchorValues: [], product: p1, position: 1 }],
    ];
    for (const [activity, payload] of bad) {
      const res = await a.post(activityPath(activity), payload);
      assert.equal(res.status, 400, `${activity} ${JSON.stringify(payload).slice(0, 80)}: ${res.text}`);
      assert.ok(errorOf(res).errorCode && errorOf(res).message);
    }
    const malformedSite = await a.post(activityPath('viewProduct', 'not-a-store'), { product: p1 });
    assert.equal(malformedSite.status, 400);
    const unknownSite = await a.post(activityPath('viewProduct', '0ZE000000000999AAA'), { product: p1 });
    assert.equal(unknownSite.status, 404);
    assert.equal(errorOf(unknownSite).errorCode, 'NOT_FOUND');
    const unknownActivity = await a.post(activityPath('viewBasket'), { product: p1 });
    assert.equal(unknownActivity.status, 404);
    assert.equal(errorOf(unknownActivity).errorCode, 'NOT_FOUND');
    assert.equal(a.cookies.has(ANALYTICS_COOKIE), false, 'no analytics cookie for a refused activity');
    const all = await recordedActivities(s);
    assert.equal(all.filter((r) => r.detail_json?.includes('someone')).length, 0);
    assert.equal(all.filter((r) => r.activity === 'viewBasket').length, 0);
  });

  test('without statistics consent the activity is refused (403 CONSENT_REQUIRED), nothing recorded, no cookie', async () => {
    const before = (await recordedActivities(s)).length;
    const none = s.agent();
    const preferencesOnly = giveConsent(s.agent(), ['preferences', 'marketing']);
    const oldVersion = s.agent();
    oldVersion.cookies.set(CONSENT_COOKIE, encodeURIComponent('v0:essential,statistics'));
    for (const a of [none, preferencesOnly, oldVersion]) {
      const res = await postActivity(a, 'viewProduct', { product: p1 });
      assert.equal(res.status, 403);
      assert.equal(errorOf(res).errorCode, 'CONSENT_REQUIRED');
      assert.equal(res.headers.getSetCookie().filter((c) => c.startsWith(ANALYTICS_COOKIE)).length, 0);
    }
    assert.equal((await recordedActivities(s)).length, before);
  });

  test('the CSRF double submit applies', async () => {
    const a = consenting();
    await a.api('/session-context');
    const res = await a.post(activityPath('viewProduct'), { product: p1 }, { headers: { 'x-csrf-token': 'forged' } });
    assert.equal(res.status, 403);
    assert.equal(errorOf(res).errorCode, 'INVALID_CSRF_TOKEN');
  });

  test('the analytics cookie: set once on the first accepted activity, a year, httpOnly, Lax; Secure over https', async () => {
    const a = consenting();
    const first = await postActivity(a, 'viewProduct', { product: p1 });
    const [cookie] = first.headers.getSetCookie().filter((c) => c.startsWith(`${ANALYTICS_COOKIE}=`));
    assert.ok(cookie, 'set');
    const attrs = cookie.split(';').map((x) => x.trim().toLowerCase());
    assert.ok(attrs.includes('max-age=31536000'), cookie);
    assert.ok(attrs.includes('httponly'), cookie);
    assert.ok(attrs.includes('samesite=lax'), cookie);
    assert.ok(attrs.includes('path=/'), cookie);
    assert.ok(!attrs.includes('secure'), 'not Secure over plain http');
    const second = await postActivity(a, 'viewProduct', { product: p2 });
    assert.equal(second.headers.getSetCookie().filter((c) => c.startsWith(ANALYTICS_COOKIE)).length, 0);
    const rows = await recordedActivities(s, { visitor_id: visitorOf(a) });
    assert.deepEqual(
      rows.map((r) => r.product_id),
      [p1.id, p2.id],
      'both under the one visitor id',
    );

    const overHttps = consenting();
    const res = await postActivity(overHttps, 'viewProduct', { product: p1 });
    assert.equal(res.status, 204);
    const viaProxy = await fetch(`${s.url}${activityPath('viewProduct')}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-proto': 'https',
        cookie: `${CONSENT_COOKIE}=${encodeURIComponent(serializeConsent(['statistics']))}; csrf_token=t`,
        'x-csrf-token': 't',
      },
      body: JSON.stringify({ product: p1 }),
    });
    assert.equal(viaProxy.status, 204);
    const secureCookie = viaProxy.headers.getSetCookie().find((c) => c.startsWith(`${ANALYTICS_COOKIE}=`))!;
    assert.ok(/;\s*Secure/i.test(secureCookie), secureCookie);
  });

  test('withdrawing consent clears the analytics cookie on the next request, and activities are refused', async () => {
    const a = consenting();
    await postActivity(a, 'viewProduct', { product: p1 });
    assert.ok(a.cookies.has(ANALYTICS_COOKIE));
    // Still consenting: any other request leaves it alone.
    const kept = await a.api('/session-context');
    assert.equal(kept.headers.getSetCookie().filter((c) => c.startsWith(ANALYTICS_COOKIE)).length, 0);
    giveConsent(a, ['preferences']);
    const cleared = await a.api('/session-context');
    assert.equal(cleared.status, 200);
    assert.equal(a.cookies.has(ANALYTICS_COOKIE), false, 'cleared by the server');
    assert.equal((await postActivity(a, 'viewProduct', { product: p1 })).status, 403);
  });

  test('the user and the effective account come from the session', async () => {
    const buyer = giveConsent(await s.login(DEMO_USERS.buyer.email));
    const user = await s.db.db
      .selectFrom('app_user')
      .select(['id', 'account_id'])
      .where('email', '=', DEMO_USERS.buyer.email)
      .executeTakeFirstOrThrow();
    assert.equal((await postActivity(buyer, 'addToCart', { product: p1, quantity: 1 })).status, 204);
    const contoso = await s.db.db
      .selectFrom('account')
      .select('id')
      .where('name', '=', 'Contoso Dental Group')
      .executeTakeFirstOrThrow();
    assert.equal((await buyer.patch(`${BASE}/session-context`, { effectiveAccountId: contoso.id })).status, 200);
    assert.equal((await postActivity(buyer, 'addToCart', { product: p2, quantity: 1 })).status, 204);
    // Naming someone else in the body is not a thing the payload can carry.
    const forged = await buyer.post(activityPath('viewProduct'), { product: p1, userId: 'x', accountId: 'y' });
    assert.equal(forged.status, 400);
    const rows = await recordedActivities(s, { visitor_id: visitorOf(buyer) });
    assert.deepEqual(
      rows.map((r) => [r.product_id, r.user_id, r.account_id]),
      [
        [p1.id, user.id, user.account_id],
        [p2.id, user.id, contoso.id],
      ],
    );
  });

  test('with the store’s activity tracking off: 204, nothing recorded, no cookie', async () => {
    const off = { ...DEFAULT_SHOPPER_SIGNALS, activityTrackingEnabled: false };
    await withStoreSettings(
      s,
      (settings) => ({ ...settings, shopperSignals: off }),
      async () => {
        const a = consenting();
        const before = (await recordedActivities(s)).length;
        const res = await postActivity(a, 'viewProduct', { product: p1 });
        assert.equal(res.status, 204);
        assert.equal(a.cookies.has(ANALYTICS_COOKIE), false);
        assert.equal((await recordedActivities(s)).length, before);
      },
    );
  });
});

describe('retention', () => {
  test('rows older than the store’s activityRetentionDays are deleted, newer ones kept; at most hourly', async () => {
    const days = 30;
    const dayMs = 24 * 3600_000;
    const row = (id: string, ageDays: number) => ({
      id,
      webstore_id: WEBSTORE_ID,
      activity: 'viewProduct',
      occurred_at: new Date(Date.now() - ageDays * dayMs).toISOString(),
      visitor_id: 'retention-test',
      product_id: p1.id,
    });
    await withStoreSettings(
      s,
      (settings) => ({ ...settings, shopperSignals: { ...DEFAULT_SHOPPER_SIGNALS, activityRetentionDays: days } }),
      async () => {
        await s.db.db
          .insertInto('shopper_activity')
          .values([row('ret-old', days + 1), row('ret-edge', days - 1), row('ret-new', 0)])
          .execute();
        const retention = s.services.activities.retention;
        const left = async () =>
          (await recordedActivities(s, { visitor_id: 'retention-test' })).map((r) => r.id).sort();
        assert.equal(await retention.prune(WEBSTORE_ID), 1);
        assert.deepEqual(await left(), ['ret-edge', 'ret-new']);
        // Within the hour the check does not run again; an hour later it does.
        const now = new Date();
        await s.db.db
          .insertInto('shopper_activity')
          .values(row('ret-old-2', days + 5))
          .execute();
        await retention.pruneIfDue(WEBSTORE_ID, new Date(now.getTime() + 60_000));
        assert.deepEqual(await left(), ['ret-edge', 'ret-new', 'ret-old-2']);
        await retention.pruneIfDue(WEBSTORE_ID, new Date(now.getTime() + 3600_000 + 60_000));
        assert.deepEqual(await left(), ['ret-edge', 'ret-new']);
      },
    );
  });

  test('a server starting prunes at once', async () => {
    await s.db.db
      .insertInto('shopper_activity')
      .values({
        id: 'ret-start',
        webstore_id: WEBSTORE_ID,
        activity: 'viewProduct',
        occurred_at: new Date(Date.now() - 400 * 24 * 3600_000).toISOString(),
        visitor_id: 'retention-start',
      })
      .execute();
    const second = await startTestServer({ shareDatabaseOf: s });
    try {
      assert.equal((await recordedActivities(s, { visitor_id: 'retention-start' })).length, 0);
    } finally {
      await second.close();
    }
  });
});

describe('batched writes', () => {
  test('rows wait in the buffer, go in one insert when the batch is full, on the timer, and on close', async () => {
    const batched = await startTestServer({ shareDatabaseOf: s, activityBuffer: { flushMs: 300, maxRows: 3 } });
    const a = giveConsent(batched.agent());
    const count = async () =>
      (await s.db.db.selectFrom('shopper_activity').select('id').where('visitor_id', '=', visitorOf(a)).execute())
        .length;
    try {
      // Answered before anything is written.
      assert.equal((await postActivity(a, 'viewProduct', { product: p1 })).status, 204);
      assert.equal((await postActivity(a, 'viewProduct', { product: p2 })).status, 204);
      assert.equal(await count(), 0, 'still buffered');
      assert.equal((await postActivity(a, 'addToCart', { product: p2, quantity: 1 })).status, 204);
      await until(async () => (await count()) === 3, 'the full batch is written at once');
      assert.equal((await postActivity(a, 'viewProduct', { product: p1 })).status, 204);
      assert.equal(await count(), 3);
      await until(async () => (await count()) === 4, 'the timer writes a partial batch');
      assert.equal((await postActivity(a, 'viewProduct', { product: p2 })).status, 204);
    } finally {
      await batched.close();
    }
    assert.equal(await count(), 5, 'closing the server wrote what was buffered');
  });
});

async function until(check: () => Promise<boolean>, what: string, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) assert.fail(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
