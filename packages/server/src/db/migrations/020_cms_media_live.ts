import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../locks.ts';

// The bytes shoppers see of an image content item (issue 16). An item's body has a working and a live copy,
// and so do its bytes now: an upload replaces the working bytes (what preview shows) and Publish copies them
// here, so re-uploading the picture of a Live image no longer shows it to shoppers before it is published.
// Items already published take their current bytes as their live ones.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cms_media_live')
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
  await sql`
    insert into cms_media_live (content_id, webstore_id, content, content_type, width, height, byte_size, version, uploaded_at)
    select m.content_id, m.webstore_id, m.content, m.content_type, m.width, m.height, m.byte_size, m.version, m.uploaded_at
    from cms_media m join managed_content c on c.id = m.content_id
    where c.live_body_json is not null
  `.execute(db);
}
