// Platform-style record ids: a 3-character key prefix, a 12-character zero-padded counter, and
// the fixed suffix "AAA" (18 characters), e.g. the demo webstore 0ZE000000000001AAA.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from './schema.ts';

import { makeRecordId } from '@store/core';

/**
 * Reserves `count` consecutive ids for a prefix; safe across processes sharing one database. Inside a
 * transaction it reserves in that transaction (Kysely cannot nest one), so a batch's ids commit with it.
 */
export async function allocateIds(db: Kysely<Database>, prefix: string, count = 1): Promise<string[]> {
  if (db.isTransaction) return reserveIds(db, prefix, count);
  return db.transaction().execute((trx) => reserveIds(trx, prefix, count));
}

async function reserveIds(trx: Kysely<Database>, prefix: string, count: number): Promise<string[]> {
  await trx
    .insertInto('id_counter')
    .values({ prefix, next_value: 1 })
    .onConflict((oc) => oc.column('prefix').doNothing())
    .execute();
  const row = await trx
    .updateTable('id_counter')
    .set({ next_value: sql`next_value + ${count}` })
    .where('prefix', '=', prefix)
    .returning('next_value')
    .executeTakeFirstOrThrow();
  const first = row.next_value - count;
  return Array.from({ length: count }, (_, i) => makeRecordId(prefix, first + i));
}
