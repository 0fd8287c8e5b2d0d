// A product "spec" is everything the seed knows about one product; `productRows` turns it into
// the rows of every product-owned table. Datasets get their spec from their plan (datasets.ts);
// the hand-made products (specials.ts) build theirs directly.
import { KEY_PREFIX, formatId } from '../domain/record-ids.ts';
import type {
  InventoryLevelTable,
  PriceAdjustmentTierTable,
  PriceBookEntryTable,
  ProductCategoryTable,
  ProductMediaTable,
  ProductSellingModelTable,
  ProductTable,
} from '../db/schema.ts';
import { type CategoryTree, flavourCategoryKey, geoCategoryFor, industryKey, kebab } from './categories.ts';
import { plainDescription, richDescription } from './copy.ts';
import {
  type DatasetPlan,
  type Licence,
  type SubscriptionPlan,
  audienceFor,
  demoRecords,
  includedFields,
  planDataset,
} from './datasets.ts';
import { type Geo, countryNames } from '../datasets/geo.ts';
import { MIN_PRICE, type PriceSpec, listPriceCents, priceRows, shelfCents, shelfDollars } from './pricing.ts';
import { type Rng, dateDaysBefore, intBetween, isoDaysBefore, sample } from '../datasets/random.ts';
import { type SicIndustry, sicDivision } from '../datasets/sic.ts';
import { LOCATION_IDS, SELLING_MODEL_IDS, type SellingModelKey, TAX_POLICY_IDS, WEBSTORE_ID } from './store.ts';

export type ProductClass = 'Simple' | 'VariationParent' | 'Variation' | 'Set' | 'Bundle';

/** Dataset DS-n has product id number DATASET_PID_OFFSET + n; 1..100 are kept for the hand-made products. */
export const DATASET_PID_OFFSET = 100;
export const productId = (pid: number) => formatId(KEY_PREFIX.product, pid);
export const datasetPid = (n: number) => DATASET_PID_OFFSET + n;

export interface ProductSpec {
  pid: number;
  sku: string;
  name: string;
  productClass: ProductClass;
  parentPid: number | null;
  fulfilment: 'Dataset' | 'Physical';
  industry: SicIndustry;
  geo: Geo;
  countries: string[];
  includedFields: string[];
  recordCount: number;
  listStatus: string;
  lastUpdatedDays: number;
  createdDays: number;
  qty: [number, number, number];
  variation: Record<string, string> | null;
  /** null: no price book entry anywhere ('Price Unavailable'). */
  price: PriceSpec | null;
  /** Selling models offered (one-time first); may differ from priced ones for sets. */
  sellingModels: SellingModelKey[];
  /** Category keys, primary first. */
  categories: string[];
  lines: string[];
  taxPolicyId: string;
  /** On hand per warehouse (Reno, Columbus) for physical goods. */
  inventory: [number, number] | null;
  description: string;
  richDescription: string;
  /** How a dataset is licensed (default: one user). */
  licence?: Licence;
}

export interface ProductRows {
  product: ProductTable;
  product_category: ProductCategoryTable[];
  product_media: ProductMediaTable[];
  product_selling_model: ProductSellingModelTable[];
  price_book_entry: PriceBookEntryTable[];
  price_adjustment_tier: PriceAdjustmentTierTable[];
  inventory_level: InventoryLevelTable[];
}

export function subscriptionModels(plan: SubscriptionPlan): SellingModelKey[] {
  switch (plan) {
    case 'refresh':
      return ['monthlyRefresh'];
    case 'annual':
      return ['annual'];
    case 'refresh+annual':
      return ['monthlyRefresh', 'annual'];
    case 'term':
      return ['monthlyTerm'];
    case 'annual+term':
      return ['annual', 'monthlyTerm'];
    default:
      return [];
  }
}

/** Store discount: ~30% of products are 10-25% below list in the guest price book. */
export function storeDiscount(rng: Rng): number {
  return rng() < 0.3 ? intBetween(rng, 10, 25) / 100 : 0;
}
export function wholesaleDiscount(rng: Rng): number {
  return [0.2, 0.25, 0.3, 0.35][intBetween(rng, 0, 3)];
}

/** Category lines (1-5): one per membership, optionally the "Division > Major group" ones. */
export function categoryLines(
  tree: CategoryTree,
  categories: string[],
  industry: SicIndustry,
  divisionLine: boolean,
): string[] {
  const lines = categories.map((k) => tree.line(k));
  if (divisionLine) lines.push(tree.line(`major:${industry.majorGroup}`), tree.line(`division:${industry.division}`));
  return [...new Set(lines)].slice(0, 5);
}

export function datasetSpec(n: number, tree: CategoryTree): ProductSpec {
  return specFromPlan(planDataset(n), tree);
}

function specFromPlan(plan: DatasetPlan, tree: CategoryTree): ProductSpec {
  const { rng } = plan;
  const fields = includedFields(plan.flavour, plan.geo);
  const extras = sample(
    rng,
    [geoCategoryFor(tree, plan.geo), flavourCategoryKey(plan.flavour.category)],
    plan.extraCategories,
  );
  const categories = [industryKey(plan.industry.code), ...extras];
  const subscriptions = subscriptionModels(plan.subscriptions);
  // Priced on the size of the list the demo file stands for; the file (and the record count) is a hundredth.
  let baseCents = listPriceCents(plan.recordCount, plan.flavour.priceFactor, rng);
  const recordCount = demoRecords(plan.recordCount);
  // Licences are priced per seat / per user, a fraction of the whole list.
  if (plan.licence === 'seats') baseCents = shelfCents(Math.max(MIN_PRICE, shelfDollars(baseCents / 400)), rng);
  if (plan.licence === 'multiUser') baseCents = shelfCents(Math.max(MIN_PRICE, shelfDollars(baseCents / 300)), rng);
  const price: PriceSpec | null = plan.noPrice
    ? null
    : {
        baseCents,
        oneTime: plan.oneTime,
        subscriptions,
        storeDiscount: storeDiscount(rng),
        wholesaleDiscount: wholesaleDiscount(rng),
        tiers: plan.tiers,
      };
  const copy = {
    name: plan.name,
    audience: audienceFor(plan.industry, plan.geo),
    industry: plan.industry,
    geo: plan.geo,
    recordCount,
    fields,
    pitch: plan.flavour.pitch,
    listStatus: plan.listStatus,
    licence: plan.licence,
    subscription: subscriptions.length > 0,
  };
  return {
    pid: datasetPid(plan.n),
    sku: plan.sku,
    name: plan.name,
    productClass: 'Simple',
    parentPid: null,
    fulfilment: 'Dataset',
    industry: plan.industry,
    geo: plan.geo,
    countries: countryNames(plan.geo),
    includedFields: fields,
    recordCount,
    listStatus: plan.listStatus,
    lastUpdatedDays: plan.lastUpdatedDays,
    createdDays: plan.createdDays,
    qty: plan.licence === 'seats' ? [5, 250, 5] : plan.licence === 'multiUser' ? [1, 100, 1] : [1, 1, 1],
    variation: null,
    price,
    sellingModels: [...(plan.oneTime ? (['oneTime'] as const) : []), ...subscriptions],
    categories,
    lines: categoryLines(tree, categories, plan.industry, plan.divisionLine),
    taxPolicyId: TAX_POLICY_IDS.digital,
    inventory: null,
    description: plainDescription(copy),
    richDescription: richDescription(copy, rng),
    licence: plan.licence,
  };
}

export function productRows(spec: ProductSpec, tree: CategoryTree): ProductRows {
  const id = productId(spec.pid);
  const categoryIds = [...new Set(spec.categories.map((k) => tree.get(k).id))];
  const thumb = `/media/products/${spec.sku}.svg?size=thumb`;
  const prices = spec.price ? priceRows(spec.pid, id, spec.price) : { entries: [], tiers: [] };
  return {
    product: {
      id,
      webstore_id: WEBSTORE_ID,
      sku: spec.sku,
      name: spec.name,
      product_class: spec.productClass,
      parent_id: spec.parentPid === null ? null : productId(spec.parentPid),
      url_name: `${kebab(spec.name)}-${kebab(spec.sku)}`,
      description: spec.description,
      rich_description: spec.richDescription,
      primary_category_id: categoryIds[0] ?? null,
      qty_min: String(spec.qty[0]),
      qty_max: String(spec.qty[1]),
      qty_increment: String(spec.qty[2]),
      fulfilment: spec.fulfilment,
      record_count: spec.recordCount,
      countries_json: JSON.stringify(spec.countries),
      sic_code: spec.industry.code,
      sic_division: sicDivision(spec.industry.division).label,
      list_status: spec.listStatus,
      last_updated: dateDaysBefore(spec.lastUpdatedDays),
      category_lines_json: JSON.stringify(spec.lines),
      // Printed directories have no downloadable sample.
      included_fields_json: JSON.stringify(spec.includedFields),
      sample_url: spec.fulfilment === 'Dataset' ? `/samples/${spec.sku}.csv` : null,
      variation_json: spec.variation ? JSON.stringify(spec.variation) : null,
      // The evaluation kit's facts: a twelve-month licence (the demo's licence terms), refreshed monthly for a
      // list sold as a monthly refresh and quarterly otherwise.
      licence_kind: spec.fulfilment === 'Dataset' ? (spec.licence ?? 'single') : null,
      licence_term_months: spec.fulfilment === 'Dataset' ? 12 : null,
      update_cadence:
        spec.fulfilment !== 'Dataset'
          ? null
          : spec.sellingModels.includes('monthlyRefresh') || spec.listStatus === 'Updated Monthly'
            ? 'Monthly'
            : 'Quarterly',
      tax_policy_id: spec.taxPolicyId,
      is_active: 1,
      // Time of day varies too, so "newest" sorts are stable and realistic.
      created_at: isoDaysBefore(spec.createdDays + (spec.pid % 1440) / 1440),
    },
    product_category: categoryIds.map((category_id, i) => ({
      product_id: id,
      category_id,
      is_primary: i === 0 ? 1 : 0,
    })),
    // Two media per product, ids derived from the product number so they never depend on batch order.
    product_media: [
      {
        id: formatId(KEY_PREFIX.media, spec.pid * 2 - 1),
        product_id: id,
        usage_type: 'Standard',
        media_type: 'Image',
        url: `/media/products/${spec.sku}.svg`,
        thumbnail_url: thumb,
        alt_text: spec.name,
        title: spec.name,
        sort_order: 0,
      },
      {
        id: formatId(KEY_PREFIX.media, spec.pid * 2),
        product_id: id,
        usage_type: 'Listing',
        media_type: 'Image',
        url: thumb,
        thumbnail_url: thumb,
        alt_text: spec.name,
        title: spec.name,
        sort_order: 0,
      },
    ],
    product_selling_model: spec.sellingModels.map((m, i) => ({
      product_id: id,
      selling_model_id: SELLING_MODEL_IDS[m],
      sort_order: i,
    })),
    price_book_entry: prices.entries,
    price_adjustment_tier: prices.tiers,
    inventory_level: spec.inventory
      ? [
          { product_id: id, location_id: LOCATION_IDS.reno, on_hand: spec.inventory[0], reserved: 0 },
          { product_id: id, location_id: LOCATION_IDS.columbus, on_hand: spec.inventory[1], reserved: 0 },
        ]
      : [],
  };
}
