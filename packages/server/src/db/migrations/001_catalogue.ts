import type { Kysely } from 'kysely';

// Only portable column types (text, integer) so the same migration runs on SQLite and PostgreSQL.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webstore')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('settings_json', 'text', (c) => c.notNull())
    .addColumn('catalog_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('snapshot_id', 'text', (c) => c.notNull())
    .addColumn('guest_buyer_group_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('category')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull().references('webstore.id'))
    .addColumn('parent_id', 'text', (c) => c.references('category.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('url_name', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('depth', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('publish_status', 'text', (c) => c.notNull().defaultTo('Live'))
    .addColumn('is_navigational', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('image_url', 'text')
    .execute();
  await db.schema
    .createIndex('category_parent_idx')
    .on('category')
    .columns(['webstore_id', 'parent_id', 'sort_order'])
    .execute();
  await db.schema
    .createIndex('category_url_name_idx')
    .on('category')
    .columns(['webstore_id', 'url_name'])
    .unique()
    .execute();

  await db.schema
    .createTable('tax_policy')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .execute();
  await db.schema
    .createTable('tax_rate')
    .addColumn('tax_policy_id', 'text', (c) => c.notNull().references('tax_policy.id'))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('region', 'text')
    .addColumn('rate_percentage', 'text', (c) => c.notNull())
    .addColumn('treatment_name', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tax_rate_policy_idx').on('tax_rate').columns(['tax_policy_id', 'country']).execute();

  await db.schema
    .createTable('product')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull().references('webstore.id'))
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('product_class', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text', (c) => c.references('product.id'))
    .addColumn('url_name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('rich_description', 'text')
    .addColumn('primary_category_id', 'text', (c) => c.references('category.id'))
    .addColumn('qty_min', 'text', (c) => c.notNull().defaultTo('1'))
    .addColumn('qty_max', 'text', (c) => c.notNull().defaultTo('1000000'))
    .addColumn('qty_increment', 'text', (c) => c.notNull().defaultTo('1'))
    .addColumn('fulfilment', 'text', (c) => c.notNull().defaultTo('Dataset'))
    .addColumn('record_count', 'integer')
    .addColumn('countries_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sic_code', 'text')
    .addColumn('sic_division', 'text')
    .addColumn('list_status', 'text')
    .addColumn('last_updated', 'text')
    .addColumn('category_lines_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('included_fields_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sample_url', 'text')
    .addColumn('variation_json', 'text')
    .addColumn('tax_policy_id', 'text', (c) => c.references('tax_policy.id'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_sku_idx').on('product').columns(['webstore_id', 'sku']).unique().execute();
  await db.schema.createIndex('product_parent_idx').on('product').columns(['parent_id']).execute();

  await db.schema
    .createTable('product_category')
    .addColumn('product_id', 'text', (c) => c.notNull().references('product.id'))
    .addColumn('category_id', 'text', (c) => c.notNull().references('category.id'))
    .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_category_pk', ['product_id', 'category_id'])
    .execute();
  await db.schema.createIndex('product_category_cat_idx').on('product_category').columns(['category_id']).execute();

  await db.schema
    .createTable('product_relation')
    .addColumn('product_id', 'text', (c) => c.notNull().references('product.id'))
    .addColumn('related_id', 'text', (c) => c.notNull().references('product.id'))
    .addColumn('relationship_type', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_relation_pk', ['product_id', 'relationship_type', 'position'])
    .execute();

  await db.schema
    .createTable('product_media')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('product.id'))
    .addColumn('usage_type', 'text', (c) => c.notNull())
    .addColumn('media_type', 'text', (c) => c.notNull().defaultTo('Image'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('thumbnail_url', 'text')
    .addColumn('alt_text', 'text')
    .addColumn('title', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('product_media_product_idx')
    .on('product_media')
    .columns(['product_id', 'usage_type', 'sort_order'])
    .execute();

  await db.schema
    .createTable('selling_model')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull().references('webstore.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('selling_model_type', 'text', (c) => c.notNull())
    .addColumn('pricing_term', 'integer')
    .addColumn('pricing_term_unit', 'text')
    .addColumn('term_min', 'integer')
    .addColumn('term_max', 'integer')
    .addColumn('term_increment', 'integer')
    .execute();
  await db.schema
    .createTable('product_selling_model')
    .addColumn('product_id', 'text', (c) => c.notNull().references('product.id'))
    .addColumn('selling_model_id', 'text', (c) => c.notNull().references('selling_model.id'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_selling_model_pk', ['product_id', 'selling_model_id'])
    .execute();

  await db.schema
    .createTable('price_book')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull().references('webstore.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_standard', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('currency', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('price_book_entry')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('price_book_id', 'text', (c) => c.notNull().references('price_book.id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('product.id'))
    .addColumn('selling_model_id', 'text', (c) => c.references('selling_model.id'))
    .addColumn('unit_price_minor', 'integer', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('price_book_entry_product_idx')
    .on('price_book_entry')
    .columns(['product_id', 'price_book_id'])
    .execute();
  await db.schema
    .createTable('price_adjustment_tier')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('price_book_entry_id', 'text', (c) => c.notNull().references('price_book_entry.id'))
    .addColumn('lower_bound', 'integer', (c) => c.notNull())
    .addColumn('upper_bound', 'integer')
    .addColumn('adjustment_type', 'text', (c) => c.notNull())
    .addColumn('adjustment_value', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('price_adjustment_tier_entry_idx')
    .on('price_adjustment_tier')
    .columns(['price_book_entry_id', 'lower_bound'])
    .execute();

  await db.schema
    .createTable('buyer_group')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull().references('webstore.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('buyer_group_price_book')
    .addColumn('buyer_group_id', 'text', (c) => c.notNull().references('buyer_group.id'))
    .addColumn('price_book_id', 'text', (c) => c.notNull().references('price_book.id'))
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('buyer_group_price_book_pk', ['buyer_group_id', 'price_book_id'])
    .execute();

  await db.schema
    .createTable('location')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('location_type', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('location_group')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('webstore_id', 'text', (c) => c.notNull().references('webstore.id'))
    .execute();
  await db.schema
    .createTable('location_group_member')
    .addColumn('location_group_id', 'text', (c) => c.notNull().references('location_group.id'))
    .addColumn('location_id', 'text', (c) => c.notNull().references('location.id'))
    .addPrimaryKeyConstraint('location_group_member_pk', ['location_group_id', 'location_id'])
    .execute();
  await db.schema
    .createTable('inventory_level')
    .addColumn('product_id', 'text', (c) => c.notNull().references('product.id'))
    .addColumn('location_id', 'text', (c) => c.notNull().references('location.id'))
    .addColumn('on_hand', 'integer', (c) => c.notNull())
    .addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('inventory_level_pk', ['product_id', 'location_id'])
    .execute();

  await db.schema
    .createTable('account')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text', (c) => c.references('account.id'))
    .addColumn('billing_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('account_buyer_group')
    .addColumn('account_id', 'text', (c) => c.notNull().references('account.id'))
    .addColumn('buyer_group_id', 'text', (c) => c.notNull().references('buyer_group.id'))
    .addPrimaryKeyConstraint('account_buyer_group_pk', ['account_id', 'buyer_group_id'])
    .execute();
  await db.schema
    .createTable('app_user')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('account_id', 'text', (c) => c.references('account.id'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('app_user.id'))
    .addColumn('effective_account_id', 'text', (c) => c.references('account.id'))
    .addColumn('data_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('id_counter')
    .addColumn('prefix', 'text', (c) => c.primaryKey())
    .addColumn('next_value', 'integer', (c) => c.notNull())
    .execute();
}
