// The demo's featured datasets (the home page's list, which the workspace edits): the first eight datasets,
// the list the storefront used to fix in code. Idempotent: a store that has a list keeps it.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export const DEMO_FEATURED_SKUS = Array.from({ length: 8 }, (_, i) => `DS-${String(i + 1).padStart(5, '0')}`);

export async function seedFeatured(db: Kysely<Database>, webstoreId: string): Promise<void> {
  const any = await db
    .selectFrom('featured_product')
    .select('product_id')
    .where('webstore_id', '=', webstoreId)
    .executeTakeFirst();
  if (any) return;
  const rows = await db
    .selectFrom('product')
    .select(['id', 'sku'])
    .where('webstore_id', '=', webstoreId)
    .where('sku', 'in', DEMO_FEATURED_SKUS)
    .execute();
  const bySku = new Map(rows.map((r) => [r.sku, r.id]));
  const ids = DEMO_FEATURED_SKUS.flatMap((sku) => bySku.get(sku) ?? []);
  if (ids.length)
    await db
      .insertInto('featured_product')
      .values(ids.map((id, i) => ({ webstore_id: webstoreId, product_id: id, position: i + 1 })))
      .execute();
}
