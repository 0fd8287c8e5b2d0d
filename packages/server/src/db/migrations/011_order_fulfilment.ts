import type { Kysely } from 'kysely';

// Orders in the workspace (issue 15 §6): shipping a delivery group, refunds and cancellation, and the emails
// an order sent.
// - A delivery group gets a status ('Pending' until a shipped group is shipped; a digital one is 'Delivered'
//   from the start), its carrier, tracking number and when it shipped.
// - A line remembers what its refund gave back and when (a refunded dataset's downloads end).
// - The order keeps the sum refunded, so "never more than was paid" is one comparison on a locked row.
// - order_refund is the ledger of money given back: one row per refund, void or purchase-order credit, claimed
//   ('Pending') before the gateway is asked and 'Succeeded' after, unique by its idempotency key.
// - The test gateway remembers the refunds it made, as it remembers authorisations (migration 006).
// - Mail in the outbox names the order it is about, so the workspace can list an order's emails.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('order_delivery_group')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Pending'))
    .execute();
  await db.schema.alterTable('order_delivery_group').addColumn('carrier', 'text').execute();
  await db.schema.alterTable('order_delivery_group').addColumn('tracking_number', 'text').execute();
  await db.schema.alterTable('order_delivery_group').addColumn('shipped_at', 'text').execute();
  await db.updateTable('order_delivery_group').set({ status: 'Delivered' }).where('kind', '=', 'Digital').execute();

  await db.schema
    .alterTable('order_item')
    .addColumn('refunded_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('order_item').addColumn('refunded_at', 'text').execute();
  await db.schema
    .alterTable('sales_order')
    .addColumn('refunded_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('order_refund')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull().references('sales_order.id'))
    /** 'Refund' | 'Void' | 'Credit'. */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** 'Pending' (claimed, gateway not yet answered) | 'Succeeded'. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    /** JSON array of the refunded order_item ids; empty for a whole-order refund's remainder. */
    .addColumn('order_item_ids_json', 'text', (c) => c.notNull())
    /** Whether the refund also ends the order (cancel, or a whole-order refund). */
    .addColumn('whole_order', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('gateway', 'text')
    .addColumn('gateway_reference', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_refund_order_idx').on('order_refund').columns(['order_id']).execute();

  await db.schema
    .createTable('test_gateway_refund')
    /** The refund request's idempotency key: the same key gets the same answer. */
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('refund_reference', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('test_gateway_refund_ref_idx').on('test_gateway_refund').columns(['reference']).execute();

  await db.schema.alterTable('mail_outbox').addColumn('order_id', 'text').execute();
  await db.schema.createIndex('mail_outbox_order_idx').on('mail_outbox').columns(['order_id']).execute();
}
