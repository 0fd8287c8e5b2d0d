import type { Kysely } from 'kysely';

// Checkout, payments, orders and what follows them: delivery methods, the account address book,
// subscriptions created by orders, the mail outbox (written in the order's transaction, sent after
// it), and server-wide secrets (the download-link key) that every process must share.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('cart')
    .addColumn('total_charge_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('delivery_method')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull().references('webstore.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text')
    .addColumn('class_of_service', 'text')
    /** 'Digital' (datasets: nothing ships) | 'Shipped'. */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('fee_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    /** JSON array of ISO country codes, or null for every shipping country of the store. */
    .addColumn('countries_json', 'text')
    .addColumn('process_time', 'integer')
    .addColumn('process_time_unit', 'text')
    .addColumn('transit_time_min', 'integer')
    .addColumn('transit_time_max', 'integer')
    .addColumn('transit_time_unit', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('address')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('account.id'))
    /** 'Shipping' | 'Billing'. */
    .addColumn('address_type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text')
    .addColumn('middle_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('company_name', 'text')
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('city', 'text')
    .addColumn('region', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('is_default', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('address_account_idx')
    .on('address')
    .columns(['account_id', 'address_type', 'created_at'])
    .execute();

  await db.schema
    .createTable('checkout')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull().references('webstore.id'))
    /** No foreign key: deleting a cart marks its live checkout Deleted and keeps the record. */
    .addColumn('cart_id', 'text', (c) => c.notNull())
    /** The cart's id while this is its live checkout, null after; unique, so a cart has one live checkout. */
    .addColumn('active_key', 'text')
    /** 'Active' | 'Completed' | 'Deleted'. */
    .addColumn('status', 'text', (c) => c.notNull())
    /** JSON ContactInfo (guests must give one). */
    .addColumn('contact_json', 'text')
    /** The payment that will pay for the order, and the cart version it was taken for. */
    .addColumn('payment_id', 'text')
    .addColumn('paid_cart_version', 'integer')
    .addColumn('order_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('checkout_active_idx').on('checkout').columns(['active_key']).unique().execute();
  await db.schema.createIndex('checkout_cart_idx').on('checkout').columns(['cart_id']).execute();

  await db.schema
    .createTable('payment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull().references('webstore.id'))
    .addColumn('checkout_id', 'text', (c) => c.notNull().references('checkout.id'))
    /** Set in the order's own transaction: a payment pays for at most one order. */
    .addColumn('order_id', 'text')
    .addColumn('request_type', 'text', (c) => c.notNull())
    /** 'Card' | 'PurchaseOrder'. */
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('gateway', 'text', (c) => c.notNull())
    /** The gateway's own reference; never a card number (the browser tokenises cards with the gateway). */
    .addColumn('gateway_reference', 'text')
    .addColumn('card_brand', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('po_number', 'text')
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    /** 'Authorized' | 'Declined' | 'Failed' | 'Voided'. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('result_code', 'text', (c) => c.notNull())
    .addColumn('billing_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_checkout_idx').on('payment').columns(['checkout_id']).execute();
  await db.schema.createIndex('payment_order_idx').on('payment').columns(['order_id']).unique().execute();

  await db.schema
    .createTable('sales_order')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull().references('webstore.id'))
    /** What the shopper sees and quotes ("DD-00001042"). */
    .addColumn('order_number', 'text', (c) => c.notNull())
    /** Unique: one checkout makes at most one order, whatever is retried. */
    .addColumn('checkout_id', 'text', (c) => c.notNull())
    .addColumn('cart_id', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('owner_user_id', 'text')
    .addColumn('guest_session_id', 'text')
    .addColumn('account_id', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('contact_json', 'text', (c) => c.notNull())
    .addColumn('billing_json', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('tax_type', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('po_number', 'text')
    .addColumn('total_list_minor', 'integer', (c) => c.notNull())
    .addColumn('total_product_minor', 'integer', (c) => c.notNull())
    .addColumn('total_adjust_minor', 'integer', (c) => c.notNull())
    .addColumn('total_charge_minor', 'integer', (c) => c.notNull())
    .addColumn('total_tax_minor', 'integer', (c) => c.notNull())
    .addColumn('grand_total_minor', 'integer', (c) => c.notNull())
    .addColumn('total_quantity', 'integer', (c) => c.notNull())
    .addColumn('adjustments_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sales_order_checkout_idx').on('sales_order').columns(['checkout_id']).unique().execute();
  await db.schema
    .createIndex('sales_order_number_idx')
    .on('sales_order')
    .columns(['webstore_id', 'order_number'])
    .unique()
    .execute();
  await db.schema.createIndex('sales_order_idem_idx').on('sales_order').columns(['idempotency_key']).unique().execute();
  await db.schema
    .createIndex('sales_order_account_idx')
    .on('sales_order')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('sales_order_user_idx')
    .on('sales_order')
    .columns(['owner_user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('order_delivery_group')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('sales_order.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address_json', 'text')
    .addColumn('delivery_method_id', 'text')
    .addColumn('method_name', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('fee_minor', 'integer', (c) => c.notNull())
    .addColumn('shipping_instructions', 'text')
    .execute();
  await db.schema
    .createIndex('order_delivery_group_order_idx')
    .on('order_delivery_group')
    .columns(['order_id'])
    .execute();

  await db.schema
    .createTable('order_item')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('sales_order.id'))
    .addColumn('delivery_group_id', 'text')
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    /** 'Dataset' | 'Physical' at the time of the order. */
    .addColumn('fulfilment', 'text', (c) => c.notNull())
    .addColumn('selling_model_id', 'text')
    .addColumn('selling_model_type', 'text')
    .addColumn('subscription_term', 'integer')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('list_price_minor', 'integer', (c) => c.notNull())
    .addColumn('sales_price_minor', 'integer', (c) => c.notNull())
    .addColumn('adjust_minor', 'integer', (c) => c.notNull())
    .addColumn('tax_minor', 'integer', (c) => c.notNull())
    .addColumn('total_minor', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_item_order_idx').on('order_item').columns(['order_id', 'seq']).execute();

  await db.schema
    .createTable('order_adjustment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('sales_order.id'))
    /** null for a cart-level adjustment. */
    .addColumn('order_item_id', 'text')
    .addColumn('promotion_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('coupon_code', 'text')
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_adjustment_order_idx').on('order_adjustment').columns(['order_id']).execute();

  await db.schema
    .createTable('subscription')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull().references('webstore.id'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('sales_order.id'))
    .addColumn('order_item_id', 'text', (c) => c.notNull())
    .addColumn('owner_user_id', 'text')
    .addColumn('account_id', 'text')
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    /** 'Evergreen' | 'TermDefined'. */
    .addColumn('selling_model_type', 'text', (c) => c.notNull())
    .addColumn('pricing_term', 'integer', (c) => c.notNull())
    /** 'Months' | 'Annual'. */
    .addColumn('pricing_term_unit', 'text', (c) => c.notNull())
    /** Terms bought (TermDefined); null for evergreen. */
    .addColumn('term_count', 'integer')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('price_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    /** 'Active' | 'Cancelled' | 'Expired'. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    /** Last day of the bought terms (TermDefined); null for evergreen. */
    .addColumn('end_date', 'text')
    /** When the next charge falls (evergreen) or null when the term just ends. */
    .addColumn('next_renewal_date', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscription_account_idx')
    .on('subscription')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('subscription_user_idx')
    .on('subscription')
    .columns(['owner_user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** 'order-confirmation' | 'downloads-ready' | … */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    /** 'Pending' | 'Sent' | 'Failed'. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    /** A process sends it until then; past it, any process may take it over. */
    .addColumn('lease_until', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('mail_outbox_status_idx').on('mail_outbox').columns(['status', 'lease_until']).execute();

  await db.schema
    .createTable('server_secret')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
