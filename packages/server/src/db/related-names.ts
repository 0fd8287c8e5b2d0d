import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Copies each related product's name onto its relation rows where a writer left it null (migration 032 keeps it
 * current on rename; a null still reads correctly, through a lookup of the product). Either for one product's
 * relations or, without one, for every row (the seed's bulk insert).
 */
export async function fillRelatedNames(db: Kysely<Database> | Transaction<Database>, productId?: string) {
  let q = db
    .updateTable('product_relation')
    .set((eb) => ({
      related_name: eb
        .selectFrom('product')
        .select('product.name')
        .whereRef('product.id', '=', 'product_relation.related_id'),
    }))
    .where('related_name', 'is', null);
  if (productId !== undefined) q = q.where('product_id', '=', productId);
  const done = await q.executeTakeFirst();
  return Number(done.numUpdatedRows);
}
