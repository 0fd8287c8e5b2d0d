// The seller's search-engine settings of a product or category (migration 019 seo_override): a title and
// description in place of the derived ones, and "no index". Read by the SEO properties call and the sitemap.
import type { Kysely } from 'kysely';
import { bumpCatalogVersion } from '../../db/catalog-version.ts';
import type { Database, SeoOverrideTable } from '../../db/schema.ts';

export interface SeoOverrideInput {
  title: string | null;
  description: string | null;
  noIndex: boolean;
}

export class SeoOverrides {
  constructor(private db: Kysely<Database>) {}

  get(webstoreId: string, recordId: string): Promise<SeoOverrideTable | undefined> {
    return this.db
      .selectFrom('seo_override')
      .selectAll()
      .where('webstore_id', '=', webstoreId)
      .where('record_id', '=', recordId)
      .executeTakeFirst();
  }

  /** Ids the seller keeps out of search engines. */
  async noIndexIds(webstoreId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('seo_override')
      .select('record_id')
      .where('webstore_id', '=', webstoreId)
      .where('no_index', '=', 1)
      .execute();
    return new Set(rows.map((r) => r.record_id));
  }

  /**
   * Writes a record's settings; all empty and indexed removes the row (the derived values apply again). The
   * catalogue version moves with it, so every process's sitemap follows (the caller forgets its cached store row).
   */
  async set(webstoreId: string, recordId: string, input: SeoOverrideInput, now = new Date()): Promise<void> {
    const title = input.title?.trim() || null;
    const description = input.description?.trim() || null;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('seo_override')
        .where('webstore_id', '=', webstoreId)
        .where('record_id', '=', recordId)
        .execute();
      if (title || description || input.noIndex)
        await trx
          .insertInto('seo_override')
          .values({
            webstore_id: webstoreId,
            record_id: recordId,
            title,
            description,
            no_index: input.noIndex ? 1 : 0,
            updated_at: now.toISOString(),
          })
          .execute();
      await bumpCatalogVersion(trx, webstoreId);
    });
  }
}
