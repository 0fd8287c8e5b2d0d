// A dataset's per-record pricing in the workspace (issue 19): read it with the default it replaces, set it, or
// return to the default (derived from the standard whole price, core defaultListPricing). The change is a
// catalogue change (audited with the pricing before and after, the catalogue version bumped so cached answers
// follow); the list builder's counts and the cart's selection lines read it through DatasetListService.
import type { Kysely } from 'kysely';
import {
  KEY_PREFIXES,
  defaultListPricing,
  defaultSellingModelOf,
  listPricingProblem,
  minorUnitsToDecimal,
  type DatasetListPricingSetting,
  type ListPricing,
  type ProductSellingModel,
} from '@store/core';
import type { Database } from '../../db/schema.ts';
import { badInput, notFound } from '../../domain/errors.ts';
import { checkedId } from '../../domain/record-ids.ts';
import { productAuditLabel } from './audit-log.ts';
import { liveDatasetFile } from '../dataset-files/file-store.ts';
import type { ProductService } from '../products.ts';
import { lockProduct, type CatalogueChanges } from './catalogue-change.ts';
import type { Actor } from './workspace-access.ts';

export class ListPricingAdmin {
  constructor(
    private db: Kysely<Database>,
    private changes: CatalogueChanges,
    private products: () => ProductService,
  ) {}

  async get(webstoreId: string, productId: string): Promise<DatasetListPricingSetting> {
    const id = await this.dataset(webstoreId, productId);
    return this.read(this.db, webstoreId, id, await this.defaultModel(id));
  }

  /** Sets the seller's pricing, or with null returns to the default. */
  async set(
    webstoreId: string,
    actor: Actor,
    productId: string,
    pricing: ListPricing | null,
  ): Promise<DatasetListPricingSetting> {
    const id = await this.dataset(webstoreId, productId);
    const tiers = pricing ? [...pricing.tiers].map((t) => ({ fromRecords: t.fromRecords, per1000: t.per1000 })) : [];
    const problem = pricing && listPricingProblem({ ...pricing, tiers });
    if (problem) throw badInput(problem);
    // Read before the transaction: on SQLite, a read outside it while it runs would wait for it forever.
    const model = await this.defaultModel(id);
    return this.changes.run(webstoreId, actor, async (trx) => {
      await lockProduct(trx, id);
      const before = await this.read(trx, webstoreId, id, model);
      await trx.deleteFrom('dataset_list_pricing').where('product_id', '=', id).execute();
      if (pricing)
        await trx
          .insertInto('dataset_list_pricing')
          .values({
            product_id: id,
            per_1000: pricing.per1000,
            minimum: pricing.minimum,
            tiers_json: JSON.stringify(tiers),
            updated_at: new Date().toISOString(),
          })
          .execute();
      const after = await this.read(trx, webstoreId, id, model);
      return {
        result: after,
        change: {
          action: pricing ? 'setListPricing' : 'resetListPricing',
          recordType: 'ProductPrices',
          recordId: id,
          recordLabel: await productAuditLabel(trx, id),
          before: before.listPricing,
          after: after.listPricing,
        },
        productIds: [id],
      };
    });
  }

  /** The product's id when it is a dataset of this store (404 otherwise: only datasets are sold by the record). */
  private async dataset(webstoreId: string, productId: string): Promise<string> {
    const id = checkedId(productId, KEY_PREFIXES.product);
    const row = await this.db
      .selectFrom('product')
      .select(['id', 'fulfilment'])
      .where('id', '=', id)
      .where('webstore_id', '=', webstoreId)
      .executeTakeFirst();
    if (row?.fulfilment !== 'Dataset') throw notFound(`The dataset ${productId} doesn't exist.`);
    return row.id;
  }

  private async read(
    db: Kysely<Database>,
    webstoreId: string,
    productId: string,
    model: ProductSellingModel | null,
  ): Promise<DatasetListPricingSetting> {
    const [own, file, whole, books] = await Promise.all([
      db.selectFrom('dataset_list_pricing').selectAll().where('product_id', '=', productId).executeTakeFirst(),
      liveDatasetFile(db, productId),
      standardWholePrice(db, webstoreId, productId, model),
      db
        .selectFrom('price_book')
        .select('currency')
        .where('webstore_id', '=', webstoreId)
        .where('is_standard', '=', 1)
        .executeTakeFirst(),
    ]);
    const records = file?.row_count ?? null;
    return {
      productId,
      // Amounts are in the standard price book's currency (the store's own).
      currencyIsoCode: whole?.currency ?? books?.currency ?? 'USD',
      listPricing: own ? { per1000: own.per_1000, minimum: own.minimum, tiers: JSON.parse(own.tiers_json) } : null,
      defaultListPricing: whole ? defaultListPricing(whole.amount, records ?? 0) : null,
      wholePrice: whole?.amount ?? null,
      records,
    };
  }

  /** The product's default selling model (null: it has none). */
  private async defaultModel(productId: string): Promise<ProductSellingModel | null> {
    return defaultSellingModelOf((await this.products().sellingModels([productId])).get(productId) ?? []) ?? null;
  }
}

/** The standard price book's price of the product's default selling model (the plain price for one-time). */
async function standardWholePrice(
  db: Kysely<Database>,
  webstoreId: string,
  productId: string,
  model: ProductSellingModel | null,
) {
  const entries = await db
    .selectFrom('price_book_entry')
    .innerJoin('price_book', 'price_book.id', 'price_book_entry.price_book_id')
    .select(['price_book_entry.selling_model_id', 'price_book_entry.unit_price_minor', 'price_book.currency'])
    .where('price_book.webstore_id', '=', webstoreId)
    .where('price_book.is_standard', '=', 1)
    .where('price_book_entry.product_id', '=', productId)
    .where('price_book_entry.is_active', '=', 1)
    .execute();
  const entry =
    entries.find((e) => e.selling_model_id === (model?.id ?? null)) ??
    (!model || model.sellingModelType === 'OneTime' ? entries.find((e) => e.selling_model_id === null) : undefined);
  return entry ? { amount: minorUnitsToDecimal(entry.unit_price_minor), currency: entry.currency } : null;
}
