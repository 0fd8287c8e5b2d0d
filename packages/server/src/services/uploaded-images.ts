// Reads of the product images sellers uploaded (migration 015), for the resizing route. The version is read
// on every image request (one primary-key read, no bytes); the stored bytes only when a rendition is made,
// so a cached rendition costs no blob read. Every process reads the same rows: none keeps an upload of its own.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export class UploadedImages {
  constructor(private db: Kysely<Database>) {}

  /** The content version of the product's uploaded image, or null while it shows the generated one. */
  async versionOf(productId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('product_image')
      .select('version')
      .where('product_id', '=', productId)
      .executeTakeFirst();
    return row?.version ?? null;
  }

  /** The stored image of that version, or null when it has been replaced or removed meanwhile. */
  async content(productId: string, version: string): Promise<Buffer | null> {
    const row = await this.db
      .selectFrom('product_image')
      .select('content')
      .where('product_id', '=', productId)
      .where('version', '=', version)
      .executeTakeFirst();
    return row ? Buffer.from(row.content) : null;
  }
}
