import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Kysely } from 'kysely';
import { isPostgres } from './locks.ts';
import * as m001 from './migrations/001_catalogue.ts';
import * as m002 from './migrations/002_accounts.ts';
import * as m003 from './migrations/003_search.ts';
import * as m004 from './migrations/004_cart.ts';
import * as m005 from './migrations/005_checkout.ts';
import * as m006 from './migrations/006_account_safety.ts';
import * as m007 from './migrations/007_gift_wrap.ts';
import * as m008 from './migrations/008_gift_recipient.ts';
import * as m009 from './migrations/009_order_item_components.ts';
import * as m010 from './migrations/010_audit_log.ts';
import * as m011 from './migrations/011_order_fulfilment.ts';
import * as m012 from './migrations/012_merchandising.ts';
import * as m013 from './migrations/013_import_jobs.ts';
import * as m015 from './migrations/015_product_media_upload.ts';
import * as m014 from './migrations/014_variation_attributes.ts';
import * as m017 from './migrations/017_stock_takes_and_customer_coupons.ts';
import * as m018 from './migrations/018_managed_content.ts';
import * as m019 from './migrations/019_seo_override.ts';
import * as m020 from './migrations/020_cms_media_live.ts';
import * as m021 from './migrations/021_wishlists.ts';
import * as m022 from './migrations/022_request_limits.ts';
import * as m023 from './migrations/023_shopper_activity.ts';
import * as m026 from './migrations/026_order_item_product.ts';
import * as m027 from './migrations/027_insight_indexes.ts';
import * as m024 from './migrations/024_agent_tokens.ts';
import * as m028 from './migrations/028_dataset_files.ts';
import * as m029 from './migrations/029_cart_line_selection.ts';
import * as m030 from './migrations/030_search_index_segments.ts';
import * as m031 from './migrations/031_cart_promotion_totals.ts';
import * as m032 from './migrations/032_related_names.ts';
import * as m033 from './migrations/033_product_read.ts';
import * as m034 from './migrations/034_rule_versions.ts';
import * as m035 from './migrations/035_kept_prices.ts';
import * as m036 from './migrations/036_cart_recalc_basis.ts';
import * as m037 from './migrations/037_cart_page_stamps.ts';

// Migrations are listed here rather than read from disk so they bundle and run the same everywhere.
const migrations: Record<string, Migration> = {
  '001_catalogue': m001,
  '002_accounts': m002,
  '003_search': m003,
  '004_cart': m004,
  '005_checkout': m005,
  '006_account_safety': m006,
  '007_gift_wrap': m007,
  '008_gift_recipient': m008,
  '009_order_item_components': m009,
  '010_audit_log': m010,
  '011_order_fulfilment': m011,
  '012_merchandising': m012,
  '013_import_jobs': m013,
  '015_product_media_upload': m015,
  '014_variation_attributes': m014,
  '017_stock_takes_and_customer_coupons': m017,
  '018_managed_content': m018,
  '019_seo_override': m019,
  '020_cms_media_live': m020,
  '021_wishlists': m021,
  '022_request_limits': m022,
  '023_shopper_activity': m023,
  '026_order_item_product': m026,
  '027_insight_indexes': m027,
  '024_agent_tokens': m024,
  '028_dataset_files': m028,
  '029_cart_line_selection': m029,
  '030_search_index_segments': m030,
  '031_cart_promotion_totals': m031,
  '032_related_names': m032,
  '033_product_read': m033,
  '034_rule_versions': m034,
  '035_kept_prices': m035,
  '036_cart_recalc_basis': m036,
  '037_cart_page_stamps': m037,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<void> {
  // On PostgreSQL the migration tables are looked for in the connection's own schema: left unnamed, Kysely finds
  // another schema's tables in the same database (tests give each server a schema) and never makes its own.
  const schema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const { error, results } = await new Migrator({ db, provider, migrationTableSchema: schema }).migrateToLatest();
  for (const r of results ?? []) if (r.status === 'Error') console.error(`migration ${r.migrationName} failed`);
  if (error) throw error;
}
