import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Every catalogue write calls this: cached answers and category trees are keyed by the version. */
export async function bumpCatalogVersion(db: Kysely<Database>, webstoreId: string): Promise<void> {
  await db
    .updateTable('webstore')
    .set({ catalog_version: sql`catalog_version + 1` })
    .where('id', '=', webstoreId)
    .execute();
}

/**
 * Every write that changes what a product is (text, prices, categories, active flag) calls this, in
 * the same transaction as the write: the products carry the new version, so each process's search
 * index re-reads exactly them (search/index-service.ts).
 */
export async function markProductsChanged(
  db: Kysely<Database>,
  webstoreId: string,
  productIds: readonly string[],
): Promise<void> {
  await bumpCatalogVersion(db, webstoreId);
  if (!productIds.length) return;
  const { catalog_version } = await db
    .selectFrom('webstore')
    .select('catalog_version')
    .where('id', '=', webstoreId)
    .executeTakeFirstOrThrow();
  for (let i = 0; i < productIds.length; i += 500) {
    await db
      .updateTable('product')
      .set({ changed_version: catalog_version })
      .where('id', 'in', productIds.slice(i, i + 500))
      .execute();
  }
}
