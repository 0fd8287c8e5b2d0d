// Writes the demo catalogue into an empty (migrated) database with the Kysely query builder only,
// so the same code runs on SQLite and PostgreSQL. Rows go in as multi-row INSERTs, each under the
// bound-parameter limit (SQLite: 32,766 per statement; PostgreSQL: 65,535), one transaction per
// product batch so the SQLite WAL stays small. id_counter rows are written last: a database with
// them is completely seeded (isSeeded), one with a webstore but without them was interrupted.
import type { Insertable, Kysely } from 'kysely';
import { KEY_PREFIX } from '../domain/record-ids.ts';
import type { Database } from '../db/schema.ts';
import { fillRelatedNames } from '../db/related-names.ts';
import { ProductService } from '../services/products.ts';
import { ProductReadModel } from '../services/product-read-model.ts';
import { type Catalogue, DEFAULT_PRODUCTS, generateCatalogue } from './catalogue.ts';
import { WEBSTORE_ID } from './store.ts';
import { seedAccess } from './access.ts';
import { seedWorkspaceUsers } from './workspace-users.ts';
import { seedSynonyms } from './synonyms.ts';
import { seedPromotions } from './promotions.ts';
import { seedCheckout } from './checkout.ts';
import { seedFeatured } from './featured.ts';
import { seedContent } from './content.ts';
import { seedDatasetFiles } from './dataset-files.ts';

export interface SeedOptions {
  /** Number of datasets (DS-00001..); the 32 hand-made products come on top. Default 500. */
  products?: number;
  log?: (message: string) => void;
  /** Products per transaction. */
  batchSize?: number;
  /** Also seed the demo accounts, users and entitlements (./access.ts). Default true. */
  access?: boolean;
  /**
   * Write every dataset's file (./dataset-files.ts). Default: for catalogues up to DATASET_FILES_UP_TO datasets;
   * the benchmarks' catalogues of 100,000 and 1,000,000 have none (their datasets then have no list builder and
   * no download: a dataset without a ready file is in that state until its seller uploads one).
   */
  datasetFiles?: boolean;
}

export const DATASET_FILES_UP_TO = 5_000;

export interface SeedResult {
  datasets: number;
  products: number;
  /** Rows written per table. */
  rows: Record<string, number>;
  ms: number;
}

/** Bound parameters per statement, safely under SQLite's default limit. */
export const MAX_PARAMS = 30_000;

type Table = keyof Database;

async function insertRows<T extends Table>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  counts: Record<string, number>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length;
  const chunk = Math.max(1, Math.floor(MAX_PARAMS / columns));
  for (let i = 0; i < rows.length; i += chunk) {
    // The generic table parameter defeats Kysely's per-table inference; the row type above is the check.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + chunk) as never)
      .execute();
  }
  counts[table] = (counts[table] ?? 0) + rows.length;
}

/** True when the demo catalogue is completely in (the tables must exist: run migrateToLatest first). */
export async function isSeeded(db: Kysely<Database>): Promise<boolean> {
  const counter = await db
    .selectFrom('id_counter')
    .select('next_value')
    .where('prefix', '=', KEY_PREFIX.product)
    .executeTakeFirst();
  if (!counter) return false;
  return !!(await db.selectFrom('webstore').select('id').where('id', '=', WEBSTORE_ID).executeTakeFirst());
}

/** True when any catalogue row exists (seeded, partly seeded, or created by hand). */
export async function hasCatalogue(db: Kysely<Database>): Promise<boolean> {
  return !!(await db.selectFrom('webstore').select('id').limit(1).executeTakeFirst());
}

export async function seedDatabase(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const catalogue: Catalogue = generateCatalogue({ products: options.products ?? DEFAULT_PRODUCTS });
  const counts: Record<string, number> = {};
  const since = () => `${((performance.now() - started) / 1000).toFixed(1)}s`;
  log(`seeding ${catalogue.datasets} datasets + ${catalogue.totalProducts - catalogue.datasets} hand-made products`);

  // Store-level rows, parents before children (categories are ordered by depth).
  await db.transaction().execute(async (trx) => {
    const s = catalogue.store;
    await insertRows(trx, 'webstore', s.webstore, counts);
    await insertRows(trx, 'category', catalogue.categories, counts);
    await insertRows(trx, 'tax_policy', s.tax_policy, counts);
    await insertRows(trx, 'tax_rate', s.tax_rate, counts);
    await insertRows(trx, 'selling_model', s.selling_model, counts);
    await insertRows(trx, 'price_book', s.price_book, counts);
    await insertRows(trx, 'buyer_group', s.buyer_group, counts);
    await insertRows(trx, 'buyer_group_price_book', s.buyer_group_price_book, counts);
    await insertRows(trx, 'location', s.location, counts);
    await insertRows(trx, 'location_group', s.location_group, counts);
    await insertRows(trx, 'location_group_member', s.location_group_member, counts);
    await insertRows(trx, 'gift_wrap_product', s.gift_wrap_product, counts);
  });
  log(`store, ${catalogue.categories.length} categories: ${since()}`);

  let done = 0;
  const batchSize = options.batchSize ?? 5_000;
  for (const batch of catalogue.productBatches(batchSize)) {
    await db.transaction().execute(async (trx) => {
      await insertRows(trx, 'product', batch.product, counts);
      await insertRows(trx, 'product_category', batch.product_category, counts);
      await insertRows(trx, 'product_media', batch.product_media, counts);
      await insertRows(trx, 'product_selling_model', batch.product_selling_model, counts);
      await insertRows(trx, 'price_book_entry', batch.price_book_entry, counts);
      await insertRows(trx, 'price_adjustment_tier', batch.price_adjustment_tier, counts);
      await insertRows(trx, 'inventory_level', batch.inventory_level, counts);
    });
    done += batch.product.length;
    if (done === catalogue.totalProducts || done % 50_000 < batchSize)
      log(`products ${done}/${catalogue.totalProducts}: ${since()}`);
  }

  // Relations reference products of any batch, so they follow all products.
  for (const rows of catalogue.relationBatches(batchSize)) {
    await db.transaction().execute((trx) => insertRows(trx, 'product_relation', rows, counts));
  }
  log(`${counts.product_relation ?? 0} relations: ${since()}`);
  log(`${await fillRelatedNames(db)} related names kept on their relations: ${since()}`);
  await seedFeatured(db, WEBSTORE_ID);
  const contentItems = await seedContent(db, WEBSTORE_ID);
  log(`${contentItems} content items (pages, banner, images): ${since()}`);

  await db.transaction().execute(async (trx) => {
    for (const row of catalogue.idCounters()) {
      await trx
        .insertInto('id_counter')
        .values(row)
        .onConflict((oc) => oc.column('prefix').doUpdateSet({ next_value: row.next_value }))
        .execute();
      counts.id_counter = (counts.id_counter ?? 0) + 1;
    }
  });
  if (options.access !== false) {
    await seedAccess(db);
    await seedWorkspaceUsers(db);
    log(`accounts, users and entitlements: ${since()}`);
  }
  await seedSynonyms(db);
  await seedPromotions(db);
  await seedCheckout(db);
  // Last, so the partner editions (./access.ts) get their files too: datasets like any other.
  if (options.datasetFiles ?? catalogue.datasets <= DATASET_FILES_UP_TO) {
    const files = await seedDatasetFiles(db, log);
    log(`${files.files} dataset files, ${files.records.toLocaleString('en-US')} records: ${since()}`);
  }
  // The product read model (services/product-read-model.ts), so a new store answers from it at once.
  const kept = await new ProductReadModel(db, new ProductService(db)).sweep((p) =>
    log(`product read model: ${p.built} products built, ${p.left} to go: ${since()}`),
  );
  log(`product read model: ${kept.built} products: ${since()}`);
  const ms = performance.now() - started;
  log(`done in ${since()}`);
  return { datasets: catalogue.datasets, products: catalogue.totalProducts, rows: counts, ms };
}
