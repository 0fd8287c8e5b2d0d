// The seller's synonym groups as stored: read for every index refresh and by the management route,
// replaced by that route and by the demo seed.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { bumpCatalogVersion } from '../db/catalog-version.ts';

export async function readSynonymGroups(db: Kysely<Database>, webstoreId: string): Promise<string[][]> {
  const rows = await db
    .selectFrom('search_synonym_group')
    .select('terms_json')
    .where('webstore_id', '=', webstoreId)
    .orderBy('position')
    .execute();
  return rows.map((r) => JSON.parse(r.terms_json) as string[]);
}

/** Replaces the store's synonym groups; the version bump makes every process read them on its next query. */
export async function writeSynonymGroups(
  db: Kysely<Database>,
  webstoreId: string,
  groups: readonly string[][],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('search_synonym_group').where('webstore_id', '=', webstoreId).execute();
    if (groups.length) {
      await trx
        .insertInto('search_synonym_group')
        .values(
          groups.map((terms, i) => ({
            id: `${webstoreId}-syn-${i + 1}`,
            webstore_id: webstoreId,
            position: i + 1,
            terms_json: JSON.stringify(terms),
          })),
        )
        .execute();
    }
    await bumpCatalogVersion(trx, webstoreId);
  });
}
