import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../locks.ts';

// Issue 20: a product's detail names its related datasets (B2B_Related_ProductN__r.Name). Read through a join,
// that was one random product lookup per relation (at 100,000 products, 20 products of 13 relations each: 260
// lookups, 3–4 ms a batch). The name is now kept on the relation row. Who inserts a relation may leave it null
// (the read falls back to the product's name, correct but slower; services fill it in one statement); the
// database itself keeps it current when a product is renamed, whichever path renames it (admin, import, seed).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('product_relation').addColumn('related_name', 'text').execute();
  await db.schema.createIndex('product_relation_related_idx').on('product_relation').column('related_id').execute();
  // A large catalogue's relations take a while (8–25 µs each on SQLite here: a few minutes at 1,000,000 products): say so.
  const { n } = await db
    .selectFrom('product_relation')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const started = Date.now();
  const large = Number(n) >= 100_000;
  if (large) console.log(`[store] migration 032: copying related products' names onto ${n} relations…`);
  await sql`update product_relation set related_name = (select name from product where product.id = product_relation.related_id)`.execute(
    db,
  );
  if (large) console.log(`[store] migration 032: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (isPostgres(db)) {
    await sql`
      create function product_relation_rename() returns trigger language plpgsql as $$
      begin
        update product_relation set related_name = new.name where related_id = new.id;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger product_relation_rename after update of name on product
      for each row when (old.name is distinct from new.name) execute function product_relation_rename()`.execute(db);
  } else {
    await sql`
      create trigger product_relation_rename after update of name on product
      when old.name is not new.name
      begin
        update product_relation set related_name = new.name where related_id = new.id;
      end`.execute(db);
  }
}
