// Platform-style record ids: a 3-character key prefix, a 12-character zero-padded counter, and
// the fixed suffix "AAA" (18 characters), e.g. the demo webstore 0ZE000000000001AAA.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from './schema.ts';

export const KEY_PREFIX = {
  webstore: '0ZE', category: '0ZG', product: '01t', media: '2pm', mediaGroup: '2mg', sellingModel: '0jP',
  priceBook: '01s', priceBookEntry: '01u', priceTier: '0ta', buyerGroup: '0ZI', account: '001', user: '005',
  location: '131', locationGroup: '0gh', taxPolicy: '0tp', cart: '0a6', cartItem: '0a9', deliveryGroup: '0a7',
  checkout: '2z9', order: '801', promotion: '0c8', address: '81W', wishlist: '0wl', session: '0sx',
} as const;

export function formatId(prefix: string, n: number): string {
  return `${prefix}${String(n).padStart(12, '0')}AAA`;
}

/** Reserves `count` consecutive ids for a prefix; safe across processes sharing one database. */
export async function allocateIds(db: Kysely<Database>, prefix: string, count = 1): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await trx.insertInto('id_counter').values({ prefix, next_value: 1 }).onConflict((oc) => oc.column('prefix').doNothing()).execute();
    const row = await trx.updateTable('id_counter').set({ next_value: sql`next_value + ${count}` }).where('prefix', '=', prefix)
      .returning('next_value').executeTakeFirstOrThrow();
    const first = row.next_value - count;
    return Array.from({ length: count }, (_, i) => formatId(prefix, first + i));
  });
}
