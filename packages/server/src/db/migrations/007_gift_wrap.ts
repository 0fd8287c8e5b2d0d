import type { Kysely } from 'kysely';

// Gift wrap (issue 14). A store's gift-wrap product is its own small table rather than a catalogue product:
// it is not sold on its own, is not searched, entitled or stocked, and only makes sense added to a cart
// with printed goods. Its price is a decimal string (as price book entries), never a float.
// The shopper's choice lives on the cart (so every recalculation prices it and the payment covers it) and
// is copied to the order with the amount charged.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gift_wrap_product')
    .addColumn('webstore_id', 'text', (c) => c.primaryKey())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('unit_price', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .execute();
  for (const table of ['cart', 'sales_order']) {
    await db.schema
      .alterTable(table)
      .addColumn('gift_wrap', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable(table).addColumn('gift_message', 'text').execute();
    await db.schema
      .alterTable(table)
      .addColumn('total_gift_wrap_minor', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  // Whether a cart has printed lines (so gift wrap can be offered), kept by the recalculation: the cart's
  // summary is built from its row alone.
  await db.schema
    .alterTable('cart')
    .addColumn('printed_line_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
