import type { Kysely } from 'kysely';

// Carts, their lines, coupons, delivery groups, inventory reservations and background cart
// operations; promotions and their coupons. Guests get a session row (user_id null) the first time
// they write to a cart, and their cart belongs to that session until login merges it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('promotion')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull().references('webstore.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('terms', 'text')
    .addColumn('priority', 'integer', (c) => c.notNull())
    /** 'Stackable' | 'Exclusive'. */
    .addColumn('stacking', 'text', (c) => c.notNull())
    /** 'Item' | 'Cart'. */
    .addColumn('target', 'text', (c) => c.notNull())
    /** JSON PromotionDiscount (core promotions.ts). */
    .addColumn('discount_json', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    /** JSON arrays or null (= no restriction). */
    .addColumn('product_ids_json', 'text')
    .addColumn('category_ids_json', 'text')
    .addColumn('buyer_group_ids_json', 'text')
    .addColumn('account_ids_json', 'text')
    .addColumn('one_time_only', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('promotion_store_idx').on('promotion').columns(['webstore_id', 'priority']).execute();

  await db.schema
    .createTable('coupon')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('promotion_id', 'text', (c) => c.notNull().references('promotion.id'))
    .addColumn('webstore_id', 'text', (c) => c.notNull().references('webstore.id'))
    /** Upper-cased: codes match case-insensitively. */
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('coupon_code_idx').on('coupon').columns(['webstore_id', 'code']).unique().execute();

  await db.schema
    .createTable('cart')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull().references('webstore.id'))
    /** The shopper's user, or null for a guest cart (then guest_session_id holds its session). */
    .addColumn('owner_user_id', 'text')
    .addColumn('guest_session_id', 'text')
    /** The effective account the cart buys for (null for guests). */
    .addColumn('account_id', 'text')
    /** Set while this is the owner's one active cart ("u:user:account" or "g:session"), null after; unique, so two processes can't both create it. */
    .addColumn('owner_key', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('async_status', 'text', (c) => c.notNull())
    /** Bumped by every change; a change locks the row by bumping it first. */
    .addColumn('version', 'integer', (c) => c.notNull())
    /** Totals of the last recalculation, integer minor units. */
    .addColumn('total_list_minor', 'integer', (c) => c.notNull())
    .addColumn('total_product_minor', 'integer', (c) => c.notNull())
    .addColumn('total_item_adjust_minor', 'integer', (c) => c.notNull())
    .addColumn('total_cart_adjust_minor', 'integer', (c) => c.notNull())
    .addColumn('total_tax_minor', 'integer', (c) => c.notNull())
    .addColumn('total_quantity', 'integer', (c) => c.notNull())
    .addColumn('line_count', 'integer', (c) => c.notNull())
    /** JSON: the cart-level promotions of the last recalculation. */
    .addColumn('cart_adjustments_json', 'text', (c) => c.notNull())
    /** The guest cart this cart absorbed at login, and what came of it (JSON CartPreserveResult). */
    .addColumn('merged_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cart_owner_key_idx').on('cart').columns(['owner_key']).unique().execute();

  await db.schema
    .createTable('cart_delivery_group')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cart_id', 'text', (c) => c.notNull().references('cart.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull())
    .addColumn('address_json', 'text')
    .addColumn('delivery_method_id', 'text')
    .addColumn('desired_delivery_date', 'text')
    .addColumn('shipping_instructions', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cart_delivery_group_cart_idx').on('cart_delivery_group').columns(['cart_id']).execute();

  await db.schema
    .createTable('cart_item')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cart_id', 'text', (c) => c.notNull().references('cart.id'))
    .addColumn('delivery_group_id', 'text')
    .addColumn('product_id', 'text', (c) => c.notNull())
    /** '' for none, so the unique line key below works on both databases. */
    .addColumn('selling_model_id', 'text', (c) => c.notNull())
    .addColumn('subscription_term', 'integer')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('list_price_minor', 'integer', (c) => c.notNull())
    .addColumn('sales_price_minor', 'integer', (c) => c.notNull())
    .addColumn('adjust_minor', 'integer', (c) => c.notNull())
    .addColumn('tax_minor', 'integer', (c) => c.notNull())
    /** JSON CartAdjustment[] of the last recalculation. */
    .addColumn('adjustments_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    /** Orders lines added in the same millisecond. */
    .addColumn('seq', 'integer', (c) => c.notNull())
    .execute();
  // One line per product and selling model: adding again adds to its quantity.
  await db.schema
    .createIndex('cart_item_line_idx')
    .on('cart_item')
    .columns(['cart_id', 'product_id', 'selling_model_id'])
    .unique()
    .execute();
  await db.schema.createIndex('cart_item_order_idx').on('cart_item').columns(['cart_id', 'seq']).execute();

  await db.schema
    .createTable('cart_coupon')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cart_id', 'text', (c) => c.notNull().references('cart.id'))
    .addColumn('coupon_id', 'text', (c) => c.notNull().references('coupon.id'))
    /** As the shopper typed it. */
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cart_coupon_idx').on('cart_coupon').columns(['cart_id', 'coupon_id']).unique().execute();

  await db.schema
    .createTable('inventory_reservation')
    .addColumn('cart_id', 'text', (c) => c.notNull().references('cart.id'))
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('inventory_reservation_pk', ['cart_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('inventory_reservation_product_idx')
    .on('inventory_reservation')
    .columns(['product_id', 'expires_at'])
    .execute();

  await db.schema
    .createTable('cart_operation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cart_id', 'text', (c) => c.notNull().references('cart.id'))
    /** 'batch-add' | 'arrange-items'. */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('inputs_json', 'text', (c) => c.notNull())
    /** How many inputs are done; each chunk commits with its progress, so a crashed operation resumes. */
    .addColumn('progress', 'integer', (c) => c.notNull())
    .addColumn('results_json', 'text', (c) => c.notNull())
    /** 'Processing' | 'Completed' | 'Errored'. */
    .addColumn('status', 'text', (c) => c.notNull())
    /** A process works on it until then; past it, any process may take it over. */
    .addColumn('lease_until', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cart_operation_cart_idx').on('cart_operation').columns(['cart_id', 'status']).execute();
}
