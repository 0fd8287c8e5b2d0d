import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KEY_PREFIX } from '../domain/record-ids.ts';
import { collectCatalogue, generateCatalogue } from './catalogue.ts';
import { datasetPid, datasetSpec, productId } from './products.ts';
import { BASE_DATE } from '../datasets/random.ts';
import { PRICE_BOOK_IDS, SELLING_MODEL_IDS, SNAPSHOT_ID, WEBSTORE_ID } from './store.ts';

const demo = collectCatalogue({ products: 500 });
const { catalogue, products, relations } = demo;
const byId = new Map(products.product.map((p) => [p.id, p]));
const datasets = products.product.filter((p) => p.sku.startsWith('DS-'));
const countBy = <T>(rows: T[], key: (r: T) => string) =>
  rows.reduce((m, r) => m.set(key(r), (m.get(key(r)) ?? 0) + 1), new Map<string, number>());

describe('catalogue determinism', () => {
  it('generates identical rows for identical options', () => {
    const again = collectCatalogue({ products: 500 });
    assert.equal(JSON.stringify(again.products), JSON.stringify(products));
    assert.equal(JSON.stringify(again.relations), JSON.stringify(relations));
    assert.equal(JSON.stringify(again.catalogue.store), JSON.stringify(catalogue.store));
    assert.equal(JSON.stringify(again.catalogue.categories), JSON.stringify(catalogue.categories));
  });

  it('a product does not depend on the catalogue size or the batch size', () => {
    const big = generateCatalogue({ products: 3_000 });
    const first = big.productBatches(250).next().value!;
    assert.deepEqual(first.product.slice(0, 200), products.product.slice(0, 200));
    const tree = catalogue.tree;
    assert.deepEqual(datasetSpec(123, tree), datasetSpec(123, big.tree));
  });
});

describe('catalogue contents', () => {
  it('has at least 500 datasets numbered DS-00001 upwards', () => {
    assert.ok(datasets.length >= 500);
    datasets.forEach((p, i) => {
      assert.match(p.sku, /^DS-\d{5,}$/);
      assert.equal(p.sku, `DS-${String(i + 1).padStart(5, '0')}`);
      assert.equal(p.id, productId(datasetPid(i + 1)));
    });
    assert.equal(datasets[0].name, 'US Dentists, Email and Phone');
    assert.equal(catalogue.totalProducts, products.product.length);
  });

  it('has unique ids, SKUs and url names', () => {
    for (const key of ['id', 'sku', 'url_name'] as const)
      assert.equal(new Set(products.product.map((p) => p[key])).size, products.product.length, key);
    // The asset routes (/media/products/{SKU}.svg, /samples/{SKU}.csv) accept two letters, a dash and digits.
    for (const p of products.product) assert.match(p.sku, /^[A-Z]{2}-\d{5,}$/);
    assert.equal(new Set(catalogue.categories.map((c) => c.url_name)).size, catalogue.categories.length);
    assert.equal(new Set(catalogue.categories.map((c) => c.id)).size, catalogue.categories.length);
    for (const c of catalogue.categories) assert.match(c.url_name, /^[a-z0-9]+(-[a-z0-9]+)*$/);
    assert.equal(new Set(products.product_media.map((m) => m.id)).size, products.product_media.length);
    assert.equal(new Set(products.price_book_entry.map((e) => e.id)).size, products.price_book_entry.length);
  });

  it('builds a category tree at least 3 levels deep, parents first, with one Draft category', () => {
    const cats = new Map(catalogue.categories.map((c) => [c.id, c]));
    const seen = new Set<string>();
    for (const c of catalogue.categories) {
      if (c.parent_id) {
        assert.ok(seen.has(c.parent_id), `parent of ${c.name} comes first`);
        assert.equal(c.depth, cats.get(c.parent_id)!.depth + 1);
      } else assert.equal(c.depth, 0);
      seen.add(c.id);
    }
    assert.ok(Math.max(...catalogue.categories.map((c) => c.depth)) >= 3);
    const roots = catalogue.categories.filter((c) => !c.parent_id).map((c) => c.name);
    assert.deepEqual(roots, ['Business Lists', 'Consumer & Geographic Lists', 'Printed Directories']);
    assert.equal(catalogue.categories.filter((c) => c.publish_status === 'Draft').length, 1);
    assert.ok(catalogue.categories.some((c) => c.description));
    const dentists = catalogue.tree.get('industry:8021');
    assert.equal(catalogue.tree.line('industry:8021'), 'Health Services > Dentists');
    assert.equal(dentists.row.depth, 3);
  });

  it('fills the dataset fields', () => {
    const base = new Date(BASE_DATE).toISOString().slice(0, 10);
    const yearBefore = new Date(BASE_DATE - 365 * 86_400_000).toISOString().slice(0, 10);
    for (const p of datasets) {
      // A hundredth of the list the demo stands for (1,200 to 2,500,000 records), at least a sample's 25.
      assert.ok(p.record_count! >= 25 && p.record_count! <= 25_000, `${p.sku} record count`);
      const countries = JSON.parse(p.countries_json) as string[];
      assert.ok(countries.length >= 1);
      assert.match(p.sic_code!, /^\d{4}$/);
      assert.ok(p.sic_division);
      assert.ok(['Verified', 'Updated Monthly', 'New', 'Compiled'].includes(p.list_status!));
      assert.ok(p.last_updated! <= base && p.last_updated! >= yearBefore, `${p.sku} last updated ${p.last_updated}`);
      assert.ok(p.created_at <= new Date(BASE_DATE).toISOString());
      const lines = JSON.parse(p.category_lines_json) as string[];
      assert.ok(lines.length >= 1 && lines.length <= 5);
      const fields = JSON.parse(p.included_fields_json) as string[];
      assert.ok(fields.length >= 5 && fields[0] === 'Company Name');
      if (p.name.includes('Email and Phone')) assert.ok(fields.includes('Email') && fields.includes('Phone'), p.name);
      if (p.name.includes('with Email') || p.name.includes('Email List')) assert.ok(fields.includes('Email'), p.name);
      if (p.name.includes('Direct Dial')) assert.ok(fields.includes('Direct Dial'), p.name);
      assert.equal(p.sample_url, `/samples/${p.sku}.csv`);
      assert.equal(p.fulfilment, 'Dataset');
      assert.ok(p.primary_category_id);
      assert.ok(p.url_name.endsWith(p.sku.toLowerCase()));
      assert.match(p.rich_description!, /^<p>/);
      assert.doesNotMatch(p.rich_description!.replace(/<\/?(p|ul|li|strong)>/g, ''), /[<>]/);
      assert.doesNotMatch(p.description!, /[<>]/);
      assert.equal(p.webstore_id, WEBSTORE_ID);
    }
    assert.equal(new Set(datasets.map((p) => p.sic_division)).size, 10, 'all SIC divisions');
  });

  it('has product categories (primary + 0-2 extra) matching primary_category_id', () => {
    const perProduct = countBy(products.product_category, (r) => r.product_id);
    for (const p of products.product) {
      const rows = products.product_category.filter((r) => r.product_id === p.id);
      assert.ok(perProduct.get(p.id)! >= 1 && perProduct.get(p.id)! <= 3);
      assert.equal(rows.filter((r) => r.is_primary === 1).length, 1);
      assert.equal(rows.find((r) => r.is_primary === 1)!.category_id, p.primary_category_id);
    }
  });

  it('has variation families, bundles, sets and printed directories', () => {
    const parents = products.product.filter((p) => p.product_class === 'VariationParent');
    const variations = products.product.filter((p) => p.product_class === 'Variation');
    assert.ok(parents.length >= 5);
    for (const v of variations) {
      assert.ok(v.parent_id, `${v.sku} has a parent`);
      assert.equal(byId.get(v.parent_id!)!.product_class, 'VariationParent');
      assert.ok(JSON.parse(v.variation_json!).Coverage);
    }
    for (const p of parents) assert.equal(variations.filter((v) => v.parent_id === p.id).length, 3);
    assert.ok(products.product.filter((p) => p.product_class === 'Bundle').length >= 2);
    assert.ok(products.product.filter((p) => p.product_class === 'Set').length >= 2);
    for (const type of ['BundleComponent', 'SetComponent'])
      assert.ok(relations.filter((r) => r.relationship_type === type).length >= 4);

    const printed = products.product.filter((p) => p.fulfilment === 'Physical');
    assert.ok(printed.length >= 5 && printed.length <= 10);
    for (const p of printed) {
      assert.match(p.sku, /^PD-\d{5}$/);
      assert.deepEqual([p.qty_min, p.qty_max, p.qty_increment], ['1', '50', '1']);
      assert.equal(p.sample_url, null);
      assert.equal(products.inventory_level.filter((i) => i.product_id === p.id).length, 2);
    }
    assert.ok(products.inventory_level.some((i) => i.on_hand === 0));
    assert.ok(
      printed.some((p) => products.inventory_level.filter((i) => i.product_id === p.id).every((i) => i.on_hand === 0)),
      'one is out of stock',
    );
  });

  it('has purchase quantity rules: once for most datasets, packs of 5 seats for a few', () => {
    const once = datasets.filter((p) => p.qty_min === '1' && p.qty_max === '1' && p.qty_increment === '1');
    assert.ok(once.length > datasets.length * 0.8);
    assert.ok(datasets.filter((p) => p.qty_min === '5' && p.qty_increment === '5').length >= 3);
  });

  it('has two media per product', () => {
    for (const p of products.product) {
      const media = products.product_media.filter((m) => m.product_id === p.id);
      assert.deepEqual(media.map((m) => m.usage_type).sort(), ['Listing', 'Standard']);
      assert.equal(media.find((m) => m.usage_type === 'Standard')!.url, `/media/products/${p.sku}.svg`);
      assert.equal(media.find((m) => m.usage_type === 'Listing')!.url, `/media/products/${p.sku}.svg?size=thumb`);
      assert.ok(media.every((m) => m.alt_text === p.name && m.id.startsWith(KEY_PREFIX.media)));
    }
  });

  it('offers one-time and subscription selling models', () => {
    const models = countBy(products.product_selling_model, (r) => r.product_id);
    const oneTime = new Set(
      products.product_selling_model
        .filter((r) => r.selling_model_id === SELLING_MODEL_IDS.oneTime)
        .map((r) => r.product_id),
    );
    const withSubscription = datasets.filter((p) =>
      products.product_selling_model.some(
        (r) => r.product_id === p.id && r.selling_model_id !== SELLING_MODEL_IDS.oneTime,
      ),
    );
    const subscriptionOnly = datasets.filter((p) => models.get(p.id) && !oneTime.has(p.id));
    assert.ok(
      withSubscription.length > datasets.length * 0.2 && withSubscription.length < datasets.length * 0.4,
      `subscriptions on ${withSubscription.length}`,
    );
    assert.ok(subscriptionOnly.length >= 3);
    // Every dataset with a price offers something to buy.
    for (const p of datasets) assert.ok((models.get(p.id) ?? 0) >= 1, p.sku);
  });

  it('prices products in both price books, with some unpriced products', () => {
    const entries = products.price_book_entry;
    const priced = new Set(entries.map((e) => e.product_id));
    const unpriced = datasets.filter((p) => !priced.has(p.id));
    assert.ok(unpriced.length >= 3);
    const standard = entries.filter((e) => e.price_book_id === PRICE_BOOK_IDS.standard && e.selling_model_id === null);
    const store = new Map(
      entries
        .filter((e) => e.price_book_id === PRICE_BOOK_IDS.store && e.selling_model_id === null)
        .map((e) => [e.product_id, e]),
    );
    let discounted = 0;
    for (const e of standard) {
      const p = byId.get(e.product_id)!;
      if (p.sku.startsWith('DS-'))
        assert.ok(e.unit_price_minor >= 4_900 && e.unit_price_minor <= 499_900, `${p.sku} ${e.unit_price_minor}`);
      assert.ok(e.unit_price_minor % 100 === 0 || e.unit_price_minor % 100 === 99);
      const s = store.get(e.product_id)!;
      assert.ok(s, `store price of ${p.sku}`);
      assert.ok(s.unit_price_minor <= e.unit_price_minor);
      if (s.unit_price_minor < e.unit_price_minor) {
        discounted++;
        const off = 1 - s.unit_price_minor / e.unit_price_minor;
        assert.ok(off >= 0.09 && off <= 0.27, `${p.sku} ${off}`);
      }
    }
    assert.ok(discounted > standard.length * 0.2 && discounted < standard.length * 0.4, `${discounted} discounted`);
    // Subscription prices are per selling model.
    assert.ok(entries.some((e) => e.selling_model_id === SELLING_MODEL_IDS.monthlyRefresh));
    assert.ok(entries.some((e) => e.selling_model_id === SELLING_MODEL_IDS.annual));
    assert.ok(entries.some((e) => e.selling_model_id === SELLING_MODEL_IDS.monthlyTerm));
  });

  it('puts volume tiers on ~10% of store one-time entries', () => {
    const storeOneTime = products.price_book_entry.filter(
      (e) => e.price_book_id === PRICE_BOOK_IDS.store && e.selling_model_id === null,
    );
    const tiered = new Set(products.price_adjustment_tier.map((t) => t.price_book_entry_id));
    const share = tiered.size / storeOneTime.length;
    assert.ok(share > 0.05 && share < 0.15, `tier share ${share}`);
    for (const id of tiered) {
      const tiers = products.price_adjustment_tier
        .filter((t) => t.price_book_entry_id === id)
        .sort((a, b) => a.lower_bound - b.lower_bound);
      assert.deepEqual(
        tiers.map((t) => [t.lower_bound, t.upper_bound]),
        [
          [1, 9],
          [10, 49],
          [50, null],
        ],
      );
    }
    assert.ok(products.price_adjustment_tier.some((t) => t.adjustment_type === 'AmountBasedAdjustment'));
    assert.ok(products.price_adjustment_tier.some((t) => t.adjustment_type === 'PercentageBasedAdjustment'));
  });

  it('relates every dataset to 10 other datasets and 3 featured products', () => {
    for (const r of relations) assert.notEqual(r.product_id, r.related_id);
    const related = relations.filter((r) => r.relationship_type === 'RelatedDataset');
    const cross = relations.filter((r) => r.relationship_type === 'CrossSell');
    for (const p of products.product) {
      const mine = related.filter((r) => r.product_id === p.id);
      assert.deepEqual(
        mine.map((r) => r.position),
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        p.sku,
      );
      assert.equal(new Set(mine.map((r) => r.related_id)).size, 10);
      for (const r of mine) assert.ok(byId.get(r.related_id)!.sku.startsWith('DS-'));
      assert.equal(cross.filter((r) => r.product_id === p.id).length, 3);
    }
    // Mostly the same industry.
    const ds1 = datasets[0];
    const sameIndustry = related.filter(
      (r) => r.product_id === ds1.id && byId.get(r.related_id)!.sic_code === ds1.sic_code,
    ).length;
    assert.ok(sameIndustry >= 3);
  });

  it('stores a complete application context', () => {
    const ws = catalogue.store.webstore[0];
    assert.equal(ws.id, '0ZE000000000001AAA');
    const ctx = JSON.parse(ws.settings_json);
    assert.deepEqual(Object.keys(ctx).sort(), [
      'cartCalculateEnabled',
      'catalogSnapshotVersionId',
      'checkoutSettings',
      'clientSidePaymentConfiguration',
      'country',
      'defaultCurrency',
      'giftingConfig',
      'guestBrowsingEnabled',
      'guestCartCheckoutEnabled',
      'guestCartEnabled',
      'guestCheckoutEnabled',
      'inventoryConfiguration',
      'managedCheckoutVersion',
      'markets',
      'orderStatuses',
      'placeOrderV2Enabled',
      'propertiesEx',
      'sessionDrivenCurrency',
      'shippingCountries',
      'shopperConsentEnabled',
      'skipPhoneNumberValidationEnabled',
      'splitShipmentEnabled',
      'subscriptionConfig',
      'supportedCurrencies',
      'taxType',
      'usesSingleEntitlementPolicy',
      'usesUniversalPricebooks',
    ]);
    assert.equal(ctx.catalogSnapshotVersionId, ws.snapshot_id);
    assert.equal(ws.snapshot_id, SNAPSHOT_ID);
    assert.equal(ctx.taxType, 'Net');
    assert.equal(
      ctx.inventoryConfiguration.inventoryDefaultSource.locationSourceId,
      catalogue.store.location_group[0].id,
    );
    assert.equal(ws.guest_buyer_group_id, catalogue.store.buyer_group.find((g) => g.name === 'Guest Buyers')!.id);
  });

  it('continues id counters after the seeded ids', () => {
    const counters = new Map(catalogue.idCounters().map((c) => [c.prefix, c.next_value]));
    const num = (id: string) => Number(id.slice(3, 15));
    const check = (prefix: string, ids: string[]) =>
      assert.ok(counters.get(prefix)! > Math.max(...ids.map(num)), prefix);
    check(
      KEY_PREFIX.product,
      products.product.map((p) => p.id),
    );
    check(
      KEY_PREFIX.media,
      products.product_media.map((m) => m.id),
    );
    check(
      KEY_PREFIX.priceBookEntry,
      products.price_book_entry.map((e) => e.id),
    );
    check(
      KEY_PREFIX.priceTier,
      products.price_adjustment_tier.map((t) => t.id),
    );
    check(
      KEY_PREFIX.category,
      catalogue.categories.map((c) => c.id),
    );
  });
});
