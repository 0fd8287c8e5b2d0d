import type { Kysely } from 'kysely';
import { isPostgres } from '../locks.ts';

// Managed content (issue 16): banners, rich text, images, product collections and page layouts the seller
// edits in the workspace and the storefront reads through the CMS delivery API. Each item has a working
// copy (what the seller edits and what preview shows) and a live copy (what shoppers see once published);
// publishing copies the one to the other, so a seller can prepare changes to a live page without showing
// them. An image item's bytes sit in cms_media, in the database like product images: servers are stateless.
// The site, channel and community ids are derived from the webstore id (core content-site.ts), so there is
// no table for them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('managed_content')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('content_key', 'text', (c) => c.notNull().unique())
    .addColumn('webstore_id', 'text', (c) => c.notNull())
    .addColumn('type_fqn', 'text', (c) => c.notNull())
    // The working copy.
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url_name', 'text', (c) => c.notNull())
    .addColumn('body_json', 'text', (c) => c.notNull())
    // The live copy: null while the item has never been published (or was unpublished).
    .addColumn('live_title', 'text')
    .addColumn('live_url_name', 'text')
    .addColumn('live_body_json', 'text')
    .addColumn('published_at', 'text')
    // Optional publication window of the live copy (ISO date-times); outside it shoppers do not see it.
    .addColumn('publish_start_at', 'text')
    .addColumn('publish_end_at', 'text')
    // Bumped by every write: the workspace sends it back to refuse an edit over someone else's (409).
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('managed_content_type_idx')
    .on('managed_content')
    .columns(['webstore_id', 'type_fqn'])
    .execute();
  // A page's url is unique among the store's items of one type (working copy; the live copy follows it).
  await db.schema
    .createIndex('managed_content_url_idx')
    .on('managed_content')
    .columns(['webstore_id', 'type_fqn', 'url_name'])
    .unique()
    .execute();

  await db.schema
    .createTable('cms_media')
    .addColumn('content_id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull())
    .addColumn('content', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .execute();
}
