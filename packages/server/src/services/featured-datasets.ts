// The store's featured datasets as the storefront reads them (the home page): the ids the seller ordered in
// the workspace (table featured_product), read on every call, so a change shows on the next page in every
// process. Who may see which of them is the product batch's business (entitlements, Draft).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export class FeaturedDatasetReads {
  constructor(private db: Kysely<Database>) {}

  async ids(webstoreId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('featured_product')
      .select('product_id')
      .where('webstore_id', '=', webstoreId)
      .orderBy('position')
      .execute();
    return rows.map((r) => r.product_id);
  }
}
