// The whole demo catalogue as plain rows. Small fixed parts (store, categories) are arrays;
// products and relations come out of generators in batches, so a million-product catalogue never
// sits in memory. Same options -> identical rows, batch by batch.
import { KEY_PREFIX } from '../domain/record-ids.ts';
import type {
  CategoryTable,
  IdCounterTable,
  InventoryLevelTable,
  PriceAdjustmentTierTable,
  PriceBookEntryTable,
  ProductCategoryTable,
  ProductMediaTable,
  ProductRelationTable,
  ProductSellingModelTable,
  ProductTable,
} from '../db/schema.ts';
import { type CategoryTree, buildCategoryTree } from './categories.ts';
import { maxEntryNumber, maxTierNumber } from './pricing.ts';
import { DATASET_PID_OFFSET, type ProductSpec, datasetPid, datasetSpec, productRows } from './products.ts';
import { DatasetIndex, RELATED_COUNT, relationRows } from './relations.ts';
import { SIC_INDUSTRIES } from '../datasets/sic.ts';
import { buildSpecials, type Specials } from './specials.ts';
import { type StoreRows, storeRows } from './store.ts';

export const DEFAULT_PRODUCTS = 500;
/** Above this many datasets, datasets past the first 500 get fewer related datasets (seed speed). */
export const FULL_RELATIONS_UP_TO = 250_000;
export const REDUCED_RELATED_COUNT = 5;

export interface CatalogueOptions {
  /** Number of datasets DS-00001.. (the hand-made products come on top). */
  products?: number;
}

export interface ProductBatch {
  product: ProductTable[];
  product_category: ProductCategoryTable[];
  product_media: ProductMediaTable[];
  product_selling_model: ProductSellingModelTable[];
  price_book_entry: PriceBookEntryTable[];
  price_adjustment_tier: PriceAdjustmentTierTable[];
  inventory_level: InventoryLevelTable[];
}

export interface Catalogue {
  datasets: number;
  /** Datasets plus hand-made products. */
  totalProducts: number;
  store: StoreRows;
  categories: CategoryTable[];
  tree: CategoryTree;
  specials: Specials;
  index: DatasetIndex;
  /** Products in id order: hand-made ones first (variation parents before their children), then DS-00001... */
  productBatches(size?: number): Generator<ProductBatch>;
  /** Related-product and component rows; insert after all products (they reference any product). */
  relationBatches(size?: number): Generator<ProductRelationTable[]>;
  /** Next free value per key prefix, so runtime inserts continue after the seeded ids. */
  idCounters(): IdCounterTable[];
}

const emptyBatch = (): ProductBatch => ({
  product: [],
  product_category: [],
  product_media: [],
  product_selling_model: [],
  price_book_entry: [],
  price_adjustment_tier: [],
  inventory_level: [],
});

function appendRows(batch: ProductBatch, spec: ProductSpec, tree: CategoryTree): void {
  const r = productRows(spec, tree);
  batch.product.push(r.product);
  batch.product_category.push(...r.product_category);
  batch.product_media.push(...r.product_media);
  batch.product_selling_model.push(...r.product_selling_model);
  batch.price_book_entry.push(...r.price_book_entry);
  batch.price_adjustment_tier.push(...r.price_adjustment_tier);
  batch.inventory_level.push(...r.inventory_level);
}

export function generateCatalogue(options: CatalogueOptions = {}): Catalogue {
  const datasets = Math.max(0, Math.floor(options.products ?? DEFAULT_PRODUCTS));
  const tree = buildCategoryTree();
  const index = new DatasetIndex(datasets);
  const specials = buildSpecials(tree, index);
  const industryIdx = new Map(SIC_INDUSTRIES.map((x, i) => [x.code, i]));
  const relatedCount = (n: number) =>
    datasets > FULL_RELATIONS_UP_TO && n > 500 ? REDUCED_RELATED_COUNT : RELATED_COUNT;
  const maxPid = datasets > 0 ? datasetPid(datasets) : Math.max(...specials.specs.map((s) => s.pid));

  return {
    datasets,
    totalProducts: datasets + specials.specs.length,
    store: storeRows(),
    categories: tree.rows,
    tree,
    specials,
    index,

    *productBatches(size = 2_000) {
      let batch = emptyBatch();
      for (const spec of specials.specs) appendRows(batch, spec, tree);
      for (let n = 1; n <= datasets; n++) {
        if (batch.product.length >= size) {
          yield batch;
          batch = emptyBatch();
        }
        appendRows(batch, datasetSpec(n, tree), tree);
      }
      if (batch.product.length > 0) yield batch;
    },

    *relationBatches(size = 2_000) {
      let rows: ProductRelationTable[] = [...specials.components];
      for (const s of specials.specs)
        rows.push(...relationRows(index, s.pid, industryIdx.get(s.industry.code)!, 0, specials.featured));
      for (let n = 1; n <= datasets; n++) {
        if (rows.length >= size * 13) {
          yield rows;
          rows = [];
        }
        rows.push(
          ...relationRows(index, datasetPid(n), index.industryIndexOf(n), n, specials.featured, relatedCount(n)),
        );
      }
      if (rows.length > 0) yield rows;
    },

    idCounters() {
      const next: [string, number][] = [
        [KEY_PREFIX.webstore, 2],
        [KEY_PREFIX.category, tree.rows.length + 1],
        [KEY_PREFIX.product, Math.max(maxPid, DATASET_PID_OFFSET) + 1],
        [KEY_PREFIX.media, maxPid * 2 + 1],
        [KEY_PREFIX.sellingModel, 5],
        [KEY_PREFIX.priceBook, 4],
        [KEY_PREFIX.priceBookEntry, maxEntryNumber(maxPid) + 1],
        [KEY_PREFIX.priceTier, maxTierNumber(maxPid) + 1],
        [KEY_PREFIX.buyerGroup, 3],
        [KEY_PREFIX.location, 3],
        [KEY_PREFIX.locationGroup, 2],
        [KEY_PREFIX.taxPolicy, 3],
      ];
      return next.map(([prefix, next_value]) => ({ prefix, next_value }));
    },
  };
}

/** Everything in memory at once: for tests and small catalogues only. */
export function collectCatalogue(options: CatalogueOptions = {}): {
  catalogue: Catalogue;
  products: ProductBatch;
  relations: ProductRelationTable[];
} {
  const catalogue = generateCatalogue(options);
  const products = emptyBatch();
  for (const b of catalogue.productBatches())
    for (const k of Object.keys(products) as (keyof ProductBatch)[]) (products[k] as unknown[]).push(...b[k]);
  const relations: ProductRelationTable[] = [];
  for (const r of catalogue.relationBatches()) relations.push(...r);
  return { catalogue, products, relations };
}
