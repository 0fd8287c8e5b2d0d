import { sql, type Kysely } from 'kysely';

// A cart line is one (product, selling model, list selection) since issue 19: a dataset may be in a cart as
// several selections of its records (each its own line), so the selection joins the line's unique key. The whole
// product is the empty selection (coalesce, as NULLs never collide in a unique index on either database), so a
// product and model still have at most one whole line.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('cart_item_line_idx').execute();
  await sql`create unique index cart_item_line_idx on cart_item (cart_id, product_id, selling_model_id, coalesce(list_selection, ''))`.execute(
    db,
  );
}
