import type { Kysely } from 'kysely';

// A variation parent's attributes and the values its variations may take (issue 15 item 3). Variations keep
// their own values in product.variation_json, which the storefront's picker reads; this table is what the
// workspace checks a new variation against, so a value the seller never allowed cannot slip in. A parent made
// before this table (the seed, an import) has no rows: its attributes are read from its variations instead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('variation_attribute')
    .addColumn('parent_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('values_json', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('variation_attribute_pk', ['parent_id', 'name'])
    .execute();
}
