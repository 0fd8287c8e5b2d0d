import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Every catalogue write calls this: cached answers and category trees are keyed by the version. */
export async function bumpCatalogVersion(db: Kysely<Database>, webstoreId: string): Promise<void> {
  await db.updateTable('webstore').set({ catalog_version: sql`catalog_version + 1` }).where('id', '=', webstoreId).execute();
}
