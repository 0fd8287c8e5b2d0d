// The seller's ordered pick lists of datasets (issue 15): the store's featured datasets (the home page's list,
// table featured_product) and each product's related datasets (the product page's list: product_relation rows
// of type RelatedDataset, positions 1..10, which the storefront reads as B2B_Related_Product1..10). The
// storefront reads both straight from these rows, so a change shows on the next page. Each list is replaced
// whole, in the order sent; every id must be one of the store's products.
import type { Kysely, Transaction } from 'kysely';
import type { FeaturedDatasets, PickedProduct, RelatedDatasets } from '@store/core';
import type { Database } from '../../db/schema.ts';
import { fillRelatedNames } from '../../db/related-names.ts';
import { badInput, notFound } from '../../domain/errors.ts';
import { checkedId, KEY_PREFIX } from '../../domain/record-ids.ts';
import { lockProduct, type CatalogueChanges } from './catalogue-change.ts';
import type { RecordedChanges } from './recorded-change.ts';
import type { Actor } from './workspace-access.ts';

const RELATED = 'RelatedDataset';

export class DatasetPicksAdmin {
  constructor(
    private db: Kysely<Database>,
    private catalogue: CatalogueChanges,
    private recorded: RecordedChanges,
  ) {}

  async featured(webstoreId: string, db: Kysely<Database> = this.db): Promise<FeaturedDatasets> {
    const rows = await db
      .selectFrom('featured_product')
      .innerJoin('product', 'product.id', 'featured_product.product_id')
      .select(['product.id', 'product.sku', 'product.name', 'product.is_active'])
      .where('featured_product.webstore_id', '=', webstoreId)
      .orderBy('featured_product.position')
      .execute();
    return { items: rows.map(picked) };
  }

  /** Replaces the featured list. Not a catalogue change: no cached product answer holds it. */
  async setFeatured(webstoreId: string, actor: Actor, productIds: string[]): Promise<FeaturedDatasets> {
    const ids = await this.storeProducts(webstoreId, productIds);
    return this.recorded.run(webstoreId, actor, async (trx) => {
      const before = await this.featured(webstoreId, trx);
      await trx.deleteFrom('featured_product').where('webstore_id', '=', webstoreId).execute();
      if (ids.length)
        await trx
          .insertInto('featured_product')
          .values(ids.map((id, i) => ({ webstore_id: webstoreId, product_id: id, position: i + 1 })))
          .execute();
      const after = await this.featured(webstoreId, trx);
      return {
        result: after,
        change: {
          action: 'setFeatured',
          recordType: 'StoreSettings',
          recordId: webstoreId,
          recordLabel: 'Featured datasets',
          before,
          after,
        },
      };
    });
  }

  async related(webstoreId: string, productId: string, db: Kysely<Database> = this.db): Promise<RelatedDatasets> {
    const id = checkedId(productId, KEY_PREFIX.product);
    await this.product(db, webstoreId, id);
    const rows = await db
      .selectFrom('product_relation')
      .innerJoin('product', 'product.id', 'product_relation.related_id')
      .select(['product.id', 'product.sku', 'product.name', 'product.is_active'])
      .where('product_relation.product_id', '=', id)
      .where('product_relation.relationship_type', '=', RELATED)
      .orderBy('product_relation.position')
      .execute();
    return { productId: id, items: rows.map(picked) };
  }

  /** Replaces a product's related datasets: a catalogue change, since the product's cached answers name them. */
  async setRelated(
    webstoreId: string,
    actor: Actor,
    productId: string,
    productIds: string[],
  ): Promise<RelatedDatasets> {
    const id = checkedId(productId, KEY_PREFIX.product);
    const ids = await this.storeProducts(webstoreId, productIds);
    if (ids.includes(id)) throw badInput('A product cannot be related to itself.');
    return this.catalogue.run(webstoreId, actor, async (trx) => {
      await lockProduct(trx, id);
      const p = await this.product(trx, webstoreId, id);
      const before = await this.related(webstoreId, id, trx);
      await trx
        .deleteFrom('product_relation')
        .where('product_id', '=', id)
        .where('relationship_type', '=', RELATED)
        .execute();
      if (ids.length)
        await trx
          .insertInto('product_relation')
          .values(ids.map((r, i) => ({ product_id: id, related_id: r, relationship_type: RELATED, position: i + 1 })))
          .execute();
      await fillRelatedNames(trx, id);
      const after = await this.related(webstoreId, id, trx);
      return {
        result: after,
        change: {
          action: 'setRelated',
          recordType: 'Product',
          recordId: id,
          recordLabel: `${p.sku} ${p.name}`,
          before,
          after,
        },
        productIds: [id],
      };
    });
  }

  private async product(db: Kysely<Database> | Transaction<Database>, webstoreId: string, id: string) {
    const p = await db
      .selectFrom('product')
      .select(['sku', 'name'])
      .where('id', '=', id)
      .where('webstore_id', '=', webstoreId)
      .executeTakeFirst();
    if (!p) throw notFound(`The product ${id} doesn't exist.`);
    return p;
  }

  /** The ids as the store's products, in the order given; an unknown one is bad input. */
  private async storeProducts(webstoreId: string, productIds: string[]): Promise<string[]> {
    const ids = productIds.map((p) => checkedId(p, KEY_PREFIX.product));
    if (new Set(ids).size !== ids.length) throw badInput('Name each product once.');
    if (!ids.length) return [];
    const found = await this.db
      .selectFrom('product')
      .select('id')
      .where('webstore_id', '=', webstoreId)
      .where('id', 'in', ids)
      .execute();
    const known = new Set(found.map((r) => r.id));
    const unknown = ids.filter((i) => !known.has(i));
    if (unknown.length) throw badInput(`Unknown products: ${unknown.join(', ')}.`);
    return ids;
  }
}

const picked = (r: { id: string; sku: string; name: string; is_active: number }): PickedProduct => ({
  id: r.id,
  sku: r.sku,
  name: r.name,
  status: r.is_active === 1 ? 'Live' : 'Draft',
});
