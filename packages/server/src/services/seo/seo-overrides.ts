// The seller's search-engine settings of a product or category (migration 019 seo_override): a title and
// description in place of the derived ones, and "no index". Read by the SEO properties call and the sitemap;
// written by the workspace (seo-settings-admin.ts) as a catalogue change, so the catalogue version moves with it.
import type { Kysely, Transaction } from 'kysely';
import type { Database, SeoOverrideTable } from '../../db/schema.ts';

export interface SeoOverrideInput {
  title: string | null;
  description: string | null;
  noIndex: boolean;
}

export class SeoOverrides {
  constructor(private db: Kysely<Database>) {}

  get(
    webstoreId: string,
    recordId: string,
    db: Kysely<Database> | Transaction<Database> = this.db,
  ): Promise<SeoOverrideTable | undefined> {
    return db
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

  /** Writes a record's settings in the caller's transaction; all empty and indexed removes the row. */
  async write(
    trx: Transaction<Database>,
    webstoreId: string,
    recordId: string,
    input: SeoOverrideInput,
    now = new Date(),
  ): Promise<void> {
    const title = input.title?.trim() || null;
    const description = input.description?.trim() || null;
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
  }
}
