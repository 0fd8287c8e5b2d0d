import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../locks.ts';

// Media upload and the featured datasets in the workspace (issue 15). An uploaded product image is kept in
// the database, not on one process's disk: servers are stateless, and the resizing route of every process
// renders its widths from these bytes (the renditions may still be cached on disk, keyed by `version`). One
// image per product; the product's Standard and Listing media point at it while it exists.
// The store's featured datasets were a fixed list of SKUs in the storefront; they become rows the seller
// orders, filled here with that same list for a store already seeded.
const FEATURED_SKUS = Array.from({ length: 8 }, (_, i) => `DS-${String(i + 1).padStart(5, '0')}`);

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_image')
    .addColumn('product_id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull())
    .addColumn('content', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('alt_text', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('featured_product')
    .addColumn('webstore_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('featured_product_pk', ['webstore_id', 'product_id'])
    .execute();

  // A store seeded before this migration keeps the home page it had. Positions follow the SKU order
  // (DS-00001 … DS-00008 sort as they are numbered).
  await sql`
    insert into featured_product (webstore_id, product_id, position)
    select p.webstore_id, p.id, (select count(*) from product q
      where q.webstore_id = p.webstore_id and q.sku in (${sql.join(FEATURED_SKUS)}) and q.sku <= p.sku)
    from product p where p.sku in (${sql.join(FEATURED_SKUS)})
  `.execute(db);
}
