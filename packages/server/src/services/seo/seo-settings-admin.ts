// The seller's SEO settings of a product or category in the workspace (issue 16 item 8): read, and replaced as a
// catalogue change (its audit entry and the catalogue version bump in one transaction: the sitemap and every
// process's cached answers follow).
import type { SeoSettings } from '@store/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { badInput, notFound } from '../../domain/errors.ts';
import { checkedId } from '../../domain/record-ids.ts';
import type { CatalogueChanges } from '../admin/catalogue-change.ts';
import type { Actor } from '../admin/workspace-access.ts';
import type { SeoOverrideInput, SeoOverrides } from './seo-overrides.ts';

type Db = Kysely<Database> | Transaction<Database>;

export class SeoSettingsAdmin {
  constructor(
    private db: Kysely<Database>,
    private overrides: SeoOverrides,
    private changes: CatalogueChanges,
  ) {}

  async get(webstoreId: string, recordId: string, db: Db = this.db): Promise<SeoSettings> {
    const record = await this.record(db, webstoreId, recordId);
    const row = await this.overrides.get(webstoreId, record.id, db);
    return {
      recordId: record.id,
      title: row?.title ?? null,
      description: row?.description ?? null,
      noIndex: row?.no_index === 1,
    };
  }

  async set(webstoreId: string, actor: Actor, recordId: string, input: SeoOverrideInput): Promise<SeoSettings> {
    const { id, type } = await this.record(this.db, webstoreId, recordId);
    return this.changes.run(webstoreId, actor, async (trx) => {
      const record = await this.record(trx, webstoreId, id);
      const before = await this.get(webstoreId, id, trx);
      await this.overrides.write(trx, webstoreId, id, input);
      const after = await this.get(webstoreId, id, trx);
      return {
        result: after,
        change: { action: 'setSeoSettings', recordType: type, recordId: id, recordLabel: record.label, before, after },
        productIds: type === 'Product' ? [id] : [],
      };
    });
  }

  /** A product or category of the store: 400 for another kind of id, 404 when the store has no such record. */
  private async record(db: Db, webstoreId: string, recordId: string) {
    const id = checkedId(recordId);
    if (id.startsWith('01t')) {
      const p = await db
        .selectFrom('product')
        .select(['sku', 'name'])
        .where('id', '=', id)
        .where('webstore_id', '=', webstoreId)
        .executeTakeFirst();
      if (!p) throw notFound(`The product ${recordId} doesn't exist.`);
      return { id, type: 'Product', label: `${p.sku} ${p.name}` };
    }
    if (id.startsWith('0ZG')) {
      const c = await db
        .selectFrom('category')
        .select('name')
        .where('id', '=', id)
        .where('webstore_id', '=', webstoreId)
        .executeTakeFirst();
      if (!c) throw notFound(`The category ${recordId} doesn't exist.`);
      return { id, type: 'Category', label: c.name };
    }
    throw badInput('SEO settings are kept for products (01t…) and categories (0ZG…).');
  }
}
