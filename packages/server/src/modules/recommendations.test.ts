// GET ai/recommendations against a real server and database (SQLite, or PostgreSQL with DATABASE_URL): purchases
// are real checkouts; viewed products are activity rows written directly (test-support/activity-rows.ts).
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ANALYTICS_COOKIE,
  DEFAULT_SHOPPER_SIGNALS,
  MAX_RECOMMENDATIONS,
  RECOMMENDERS,
  type RecommendationsResult,
} from '@store/core';
import { BASE, startTestServer, type Agent, type TestServer } from '../test-support/server.ts';
import { placeCardOrder, productIdOf } from '../test-support/purchase.ts';
import { insertViews } from '../test-support/activity-rows.ts';
import { giveConsent } from '../test-support/activities.ts';
import { withStoreSettings } from '../test-support/store-settings.ts';
import { DEMO_USERS, PARTNER_SKUS } from '../seed/access.ts';

let s: TestServer;
let consumer: Agent;
let northwind: Agent;
let contoso: Agent;
const ids: Record<string, string> = {};
const SKUS = ['DS-00001', 'DS-00002', 'DS-00003', 'DS-00004', 'DS-00005', 'DS-00136', PARTNER_SKUS[0]!];

before(async () => {
  s = await startTestServer();
  for (const sku of SKUS) ids[sku] = await productIdOf(s, sku);
  [consumer, northwind, contoso] = await Promise.all([
    s.login(DEMO_USERS.consumer.email),
    s.login(DEMO_USERS.buyer.email),
    s.login(DEMO_USERS.buyer.email),
  ]);
  const account = await s.db.db
    .selectFrom('account')
    .select('id')
    .where('name', '=', 'Contoso Dental Group')
    .executeTakeFirstOrThrow();
  assert.equal((await contoso.patch(`${BASE}/session-context`, { effectiveAccountId: account.id })).status, 200);
});
after(async () => {
  await s?.close();
});

const PX = () => ids[PARTNER_SKUS[0]!]!;

async function recommend(a: Agent | null, query: Record<string, string>): Promise<RecommendationsResult> {
  const path = `/ai/recommendations?${new URLSearchParams(query)}`;
  const res = a ? await a.api(path) : await s.api(path);
  assert.equal(res.status, 200, res.text);
  return res.body as RecommendationsResult;
}
const productIds = (r: RecommendationsResult) => r.productPage.products.map((p) => p.id);
const skusOf = async (list: string[]) => {
  const bySku = Object.fromEntries(Object.entries(ids).map(([sku, id]) => [id, sku]));
  return list.map((id) => bySku[id] ?? id);
};

/** One order of the products (all but the last added first, then the checkout with the last). */
async function buy(a: Agent, skus: string[]): Promise<void> {
  for (const sku of skus.slice(0, -1)) {
    const added = await a.post(`${BASE}/carts/current/cart-items`, {
      productId: ids[sku],
      quantity: '1',
      type: 'Product',
    });
    assert.equal(added.status, 201, added.text);
  }
  await placeCardOrder(a, ids[skus.at(-1)!]!);
}

async function expectError(path: string, status: number, code: string) {
  const res = await s.api(path);
  assert.equal(res.status, status, res.text);
  const body = res.body as Array<{ errorCode: string; message: string }>;
  assert.equal(body[0]?.errorCode, code, res.text);
  assert.ok(body[0]?.message);
}

describe('GET ai/recommendations: warnings and bad input', () => {
  test('without a recommender: 200, nothing, MISSING_RECOMMENDER (spec 02 §5)', async () => {
    const r = await recommend(null, { anchorValues: ids['DS-00001']! });
    assert.deepEqual(r, {
      recommender: null,
      recommendationId: null,
      productPage: { products: [], total: 0 },
      warnings: [{ code: 'MISSING_RECOMMENDER', message: 'A recommender name is required for recommendations.' }],
    });
  });

  test('switched off by the seller: 200, nothing, RECOMMENDATIONS_DISABLED; on again on the next call', async () => {
    const query = { recommender: 'SimilarProducts', anchorValues: ids['DS-00001']! };
    await withStoreSettings(
      s,
      (settings) => ({ ...settings, shopperSignals: { ...DEFAULT_SHOPPER_SIGNALS, recommendationsEnabled: false } }),
      async () => {
        const r = await recommend(null, query);
        assert.equal(r.productPage.total, 0);
        assert.deepEqual(
          r.warnings.map((w) => w.code),
          ['RECOMMENDATIONS_DISABLED'],
        );
      },
    );
    assert.ok((await recommend(null, query)).productPage.total > 0);
  });

  test('an unknown recommender, a malformed anchor, too many anchors, a currency the store lacks: 400', async () => {
    await expectError('/ai/recommendations?recommender=Nope', 400, 'INVALID_API_INPUT');
    await expectError(
      '/ai/recommendations?recommender=SimilarProducts&anchorValues=not-an-id',
      400,
      'INVALID_ID_FIELD',
    );
    const many = Array.from({ length: 21 }, (_, i) => `01t0000000${String(i).padStart(5, '0')}AAA`).join(',');
    await expectError(`/ai/recommendations?recommender=SimilarProducts&anchorValues=${many}`, 400, 'INVALID_API_INPUT');
    await expectError('/ai/recommendations?recommender=TopSelling&currencyIsoCode=XYZ', 400, 'INVALID_API_INPUT');
    await expectError(
      '/ai/recommendations?recommender=TopSelling&anchorValues=0ZG000000099999AAA',
      400,
      'INVALID_API_INPUT',
    );
    const draft = await s.db.db
      .selectFrom('category')
      .select('id')
      .where('publish_status', '=', 'Draft')
      .executeTakeFirstOrThrow();
    await expectError(`/ai/recommendations?recommender=TopSelling&anchorValues=${draft.id}`, 400, 'INVALID_API_INPUT');
  });
});

describe('GET ai/recommendations: the recommenders', () => {
  test('customers who bought this also bought: follows purchases, by distinct orders, never the anchor', async () => {
    const a = { recommender: 'CustomersWhoBoughtAlsoBought', anchorValues: ids['DS-00001']! };
    assert.deepEqual(productIds(await recommend(null, a)), [], 'no orders yet');
    await buy(consumer, ['DS-00001', 'DS-00002']);
    assert.deepEqual(await skusOf(productIds(await recommend(null, a))), ['DS-00002']);
    await buy(consumer, ['DS-00003', 'DS-00001']);
    await buy(northwind, ['DS-00001', 'DS-00003', 'DS-00004']);
    const after = await recommend(null, a);
    // DS-00003 is in two orders with DS-00001; DS-00002 and DS-00004 in one each (tie: by id).
    assert.deepEqual(await skusOf(productIds(after)), ['DS-00003', 'DS-00002', 'DS-00004']);
    assert.match(after.recommendationId ?? '', /^[0-9a-f-]{36}$/);
    // An order that holds none of the anchors changes nothing.
    await buy(consumer, ['DS-00002', 'DS-00005']);
    assert.deepEqual(await skusOf(productIds(await recommend(null, a))), ['DS-00003', 'DS-00002', 'DS-00004']);
  });

  test('top selling: by ordered quantity in the store, and only within the category asked', async () => {
    const store = await skusOf(productIds(await recommend(null, { recommender: 'TopSelling' })));
    // Orders so far: DS-00001 ×3, DS-00002 ×2, DS-00003 ×2, DS-00004 ×1, DS-00005 ×1.
    assert.deepEqual(store.slice(0, 5), ['DS-00001', 'DS-00002', 'DS-00003', 'DS-00004', 'DS-00005']);
    const ds1 = await s.db.db
      .selectFrom('product')
      .select('primary_category_id')
      .where('id', '=', ids['DS-00001']!)
      .executeTakeFirstOrThrow();
    const inCategory = await recommend(null, { recommender: 'TopSelling', anchorValues: ds1.primary_category_id! });
    assert.ok(productIds(inCategory).includes(ids['DS-00001']!));
    const members = await s.db.db
      .selectFrom('product_category')
      .select('product_id')
      .where('category_id', '=', ds1.primary_category_id!)
      .execute();
    for (const id of productIds(inCategory))
      assert.ok(
        members.some((m) => m.product_id === id),
        `${id} is in the category`,
      );
  });

  test('recently viewed: the visitor’s (or user’s) own views, newest first, once each, anchors left out', async () => {
    const visitor = randomUUID();
    await insertViews(s, { visitorId: visitor }, [
      ids['DS-00001']!,
      ids['DS-00002']!,
      ids['DS-00003']!,
      ids['DS-00001']!,
    ]);
    await insertViews(s, { visitorId: randomUUID() }, [ids['DS-00004']!]);
    const guest = s.agent();
    guest.cookies.set(ANALYTICS_COOKIE, visitor);
    const withoutConsent = await recommend(guest, { recommender: 'RecentlyViewed' });
    assert.deepEqual(productIds(withoutConsent), [], 'the analytics cookie is not read without statistics consent');
    guest.cookies.set(ANALYTICS_COOKIE, visitor);
    giveConsent(guest);
    const r = await recommend(guest, { recommender: 'RecentlyViewed' });
    assert.deepEqual(await skusOf(productIds(r)), ['DS-00001', 'DS-00003', 'DS-00002']);
    const anchored = await recommend(guest, { recommender: 'RecentlyViewed', anchorValues: ids['DS-00001']! });
    assert.deepEqual(await skusOf(productIds(anchored)), ['DS-00003', 'DS-00002']);
    assert.deepEqual(productIds(await recommend(s.agent(), { recommender: 'RecentlyViewed' })), [], 'no visitor: none');
  });

  test('similar datasets: the same SIC code first, then family and division; never the anchor', async () => {
    const r = await recommend(null, { recommender: 'SimilarProducts', anchorValues: ids['DS-00001']! });
    const list = productIds(r);
    assert.equal(list.length, MAX_RECOMMENDATIONS);
    assert.ok(!list.includes(ids['DS-00001']!));
    const rows = await s.db.db
      .selectFrom('product')
      .select(['id', 'sic_code', 'sic_division'])
      .where('id', 'in', list)
      .execute();
    const anchor = await s.db.db
      .selectFrom('product')
      .select(['sic_code', 'sic_division'])
      .where('id', '=', ids['DS-00001']!)
      .executeTakeFirstOrThrow();
    const tier = (id: string) => {
      const p = rows.find((x) => x.id === id)!;
      if (p.sic_code === anchor.sic_code) return 3;
      if (p.sic_code?.slice(0, 2) === anchor.sic_code?.slice(0, 2)) return 2;
      return p.sic_division === anchor.sic_division ? 1 : 0;
    };
    const tiers = list.map(tier);
    assert.equal(tiers[0], 3);
    assert.deepEqual(
      tiers,
      [...tiers].sort((x, y) => y - x),
      `SIC closeness never rises: ${tiers}`,
    );
    assert.ok(list.includes(ids['DS-00136']!), 'a dataset of the same SIC code');
  });

  test('complete the cart: bought with what is in the cart, then similar; never what the cart holds', async () => {
    const shopper = await s.login(DEMO_USERS.consumer.email);
    assert.deepEqual(productIds(await recommend(shopper, { recommender: 'CompleteTheCart' })), [], 'no cart: nothing');
    const added = await shopper.post(`${BASE}/carts/current/cart-items`, {
      productId: ids['DS-00001'],
      quantity: '1',
      type: 'Product',
    });
    assert.equal(added.status, 201, added.text);
    const r = productIds(await recommend(shopper, { recommender: 'CompleteTheCart' }));
    assert.deepEqual(await skusOf(r.slice(0, 3)), ['DS-00003', 'DS-00002', 'DS-00004']);
    assert.equal(r.length, MAX_RECOMMENDATIONS, 'filled with similar datasets');
    assert.ok(!r.includes(ids['DS-00001']!));
    const anchored = productIds(
      await recommend(shopper, { recommender: 'CustomersWhoBoughtAlsoBought', anchorFromCurrentCart: 'true' }),
    );
    assert.deepEqual(await skusOf(anchored), ['DS-00003', 'DS-00002', 'DS-00004']);
    await shopper.delete(`${BASE}/carts/current`);
  });

  test('prices, when asked, are the effective account’s own', async () => {
    const query = {
      recommender: 'CustomersWhoBoughtAlsoBought',
      anchorValues: ids['DS-00001']!,
      includePricingAndProductInformation: 'true',
    };
    for (const a of [consumer, northwind]) {
      const r = await recommend(a, query);
      assert.ok(r.productPage.products.length);
      for (const p of r.productPage.products) {
        const own = await a.api(`/pricing/products/${p.id}`);
        assert.equal(own.status, 200, own.text);
        assert.equal(p.prices?.unitPrice, own.body.unitPrice, `${p.id}: the account's price`);
      }
    }
    const without = await recommend(consumer, {
      recommender: 'CustomersWhoBoughtAlsoBought',
      anchorValues: ids['DS-00001']!,
    });
    assert.equal(without.productPage.products[0]?.prices, undefined);
  });
});

describe('GET ai/recommendations: entitlements', () => {
  test('a dataset only Wholesale Partners may see is recommended to them by every recommender, and to nobody else', async () => {
    const px = PX();
    // Northwind (entitled) buys it with DS-00001, twice, so it leads also-bought and top sellers.
    await buy(northwind, ['DS-00001', PARTNER_SKUS[0]!]);
    await buy(northwind, ['DS-00001', PARTNER_SKUS[0]!]);
    await buy(northwind, [PARTNER_SKUS[0]!]);
    const users = await s.db.db.selectFrom('app_user').select(['id', 'email']).execute();
    const userOf = (email: string) => users.find((u) => u.email === email)!.id;
    // Everyone has viewed it last.
    for (const email of [DEMO_USERS.consumer.email, DEMO_USERS.buyer.email])
      await insertViews(s, { visitorId: `v-${email}`, userId: userOf(email) }, [ids['DS-00002']!, px], Date.now());
    const guestVisitor = randomUUID();
    const guest = giveConsent(s.agent());
    guest.cookies.set(ANALYTICS_COOKIE, guestVisitor);
    await insertViews(s, { visitorId: guestVisitor }, [ids['DS-00002']!, px], Date.now());
    const parties: Array<[string, Agent, boolean]> = [
      ['guest', guest, false],
      ['consumer', consumer, false],
      ['buyer for Contoso', contoso, false],
      ['buyer for Northwind', northwind, true],
    ];
    for (const [name, a, entitled] of parties) {
      const cart = await a.post(`${BASE}/carts/current/cart-items`, {
        productId: ids['DS-00001'],
        quantity: '1',
        type: 'Product',
      });
      assert.equal(cart.status, 201, `${name}: ${cart.text}`);
      for (const recommender of RECOMMENDERS) {
        const query: Record<string, string> = { recommender, includePricingAndProductInformation: 'true' };
        if (recommender === 'CustomersWhoBoughtAlsoBought' || recommender === 'SimilarProducts')
          query.anchorValues = ids['DS-00001']!;
        const r = await recommend(a, query);
        const res = await a.api(`/ai/recommendations?${new URLSearchParams(query)}`);
        assert.equal(
          productIds(r).includes(px),
          entitled,
          `${name}: ${recommender} ${entitled ? 'shows' : 'hides'} it`,
        );
        assert.equal(res.text.includes(px), entitled, `${name}: ${recommender} never names it`);
      }
      // Named as the anchor by someone who may not see it: as if unknown.
      if (!entitled) {
        const hidden = await recommend(a, { recommender: 'CustomersWhoBoughtAlsoBought', anchorValues: px });
        const unknown = await recommend(a, {
          recommender: 'CustomersWhoBoughtAlsoBought',
          anchorValues: '01t000000099999AAA',
        });
        assert.deepEqual(hidden.productPage, unknown.productPage, `${name}: a hidden anchor is an unknown one`);
      }
      await a.delete(`${BASE}/carts/current`);
    }
  });
});
