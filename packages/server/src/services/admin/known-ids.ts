// Whether the ids a workspace request names are records that exist (and, for a store's own records, are that
// store's): the first one that is not, so the refusal can name it. One query per list.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Tables whose rows belong to one store. */
type StoreTable = 'product' | 'category' | 'buyer_group';

/** The first id that is not a row of the table (of the store, for a store's table), or null when all are. */
export async function firstUnknownId(
  db: Kysely<Database>,
  table: StoreTable | 'account',
  ids: readonly string[],
  webstoreId?: string,
): Promise<string | null> {
  if (!ids.length) return null;
  const rows =
    table === 'account'
      ? await db
          .selectFrom('account')
          .select('id')
          .where('id', 'in', [...ids])
          .execute()
      : await db
          .selectFrom(table)
          .select('id')
          .where('id', 'in', [...ids])
          .where('webstore_id', '=', webstoreId ?? '')
          .execute();
  const found = new Set(rows.map((r) => r.id));
  return ids.find((id) => !found.has(id)) ?? null;
}
