import type { Kysely } from 'kysely';

// What a bundle line of an order contains (issue 14): the component datasets the bundle held when it was
// bought, each delivered as a download of its own. Copied at the order, not read from the bundle later, so
// a bundle the seller changes afterwards does not change what past buyers paid for. Name and SKU are kept
// as the order lines keep theirs; the file itself is made from the product row, as for any dataset line.
// Each has an order-item id of its own, as a child item of the bundle's line would on the platform (cart
// items carry parentCartItemId), and its download link signs that id in place of the line's: links keep
// their one format and length.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_item_component')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_item_id', 'text', (c) => c.notNull().references('order_item.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addUniqueConstraint('order_item_component_position', ['order_item_id', 'position'])
    .execute();
}
