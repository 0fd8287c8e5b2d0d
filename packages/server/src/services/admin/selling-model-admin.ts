// The store's selling models in the workspace (issue 15 §3): list them, create a subscription model (auto-renew,
// or term-defined with the terms a buyer chooses from), change one, and choose which a product is offered with.
// Every change goes through CatalogueChanges: the product answers that show a model's terms are cached by the
// catalogue version, so the storefront's product page shows a new or changed model on its next request.
import {
  sellingModelProblem,
  type AdminSellingModel,
  type ProductSellingModels,
  type SellingModelCreate,
  type SellingModelFields,
} from '@store/core';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, SellingModelTable } from '../../db/schema.ts';
import { allocateIds } from '../../db/ids.ts';
import { ApiError, badInput, notFound } from '../../domain/errors.ts';
import { checkedId, KEY_PREFIX } from '../../domain/record-ids.ts';
import { lockProduct, type CatalogueChanges } from './catalogue-change.ts';
import type { Actor } from './workspace-access.ts';
import { sellingModelOf } from '../products.ts';

type Row = Selectable<SellingModelTable>;

function viewOf(m: Row, productCount: number): AdminSellingModel {
  return { ...sellingModelOf(m), productCount };
}

const columnsOf = (f: SellingModelFields) => ({
  name: f.name.trim(),
  pricing_term: f.pricingTerm,
  pricing_term_unit: f.pricingTermUnit,
  term_min: f.subscriptionTermRule?.minimum ?? null,
  term_max: f.subscriptionTermRule?.maximum ?? null,
  term_increment: f.subscriptionTermRule?.increment ?? null,
});

export class SellingModelAdmin {
  constructor(
    private db: Kysely<Database>,
    private changes: CatalogueChanges,
  ) {}

  /** Every selling model of the store, the one-time model first, then by name, with how many products use each. */
  async list(webstoreId: string, db: Kysely<Database> = this.db): Promise<AdminSellingModel[]> {
    const rows = await db
      .selectFrom('selling_model')
      .leftJoin('product_selling_model', 'product_selling_model.selling_model_id', 'selling_model.id')
      .selectAll('selling_model')
      .select((eb) => eb.fn.count<number>('product_selling_model.product_id').as('products'))
      .where('selling_model.webstore_id', '=', webstoreId)
      .groupBy([
        'selling_model.id',
        'selling_model.webstore_id',
        'selling_model.name',
        'selling_model.selling_model_type',
        'selling_model.pricing_term',
        'selling_model.pricing_term_unit',
        'selling_model.term_min',
        'selling_model.term_max',
        'selling_model.term_increment',
      ])
      .execute();
    return rows
      .map((r) => viewOf(r, Number(r.products)))
      .sort(
        (a, b) =>
          Number(b.sellingModelType === 'OneTime') - Number(a.sellingModelType === 'OneTime') ||
          a.name.localeCompare(b.name) ||
          a.id.localeCompare(b.id),
      );
  }

  async create(webstoreId: string, actor: Actor, input: SellingModelCreate): Promise<AdminSellingModel> {
    const problem = sellingModelProblem(input.sellingModelType, input);
    if (problem) throw badInput(problem);
    const [id] = await allocateIds(this.db, KEY_PREFIX.sellingModel);
    return this.changes.run(webstoreId, actor, async (trx) => {
      await this.refuseTakenName(trx, webstoreId, input.name, null);
      const row: Row = {
        id: id!,
        webstore_id: webstoreId,
        selling_model_type: input.sellingModelType,
        ...columnsOf(input),
      };
      await trx.insertInto('selling_model').values(row).execute();
      const made = viewOf(row, 0);
      return { result: made, change: modelChange('create', made, null, made), productIds: [] };
    });
  }

  /** Changes the fields sent; a one-time model takes only a new name (it has no terms). */
  async update(
    webstoreId: string,
    actor: Actor,
    modelId: string,
    patch: Partial<SellingModelFields>,
  ): Promise<AdminSellingModel> {
    const id = checkedId(modelId, KEY_PREFIX.sellingModel);
    return this.changes.run(webstoreId, actor, async (trx) => {
      const before = (await this.list(webstoreId, trx)).find((m) => m.id === id);
      if (!before) throw notFound(`The selling model ${modelId} doesn't exist.`);
      if (patch.name !== undefined) await this.refuseTakenName(trx, webstoreId, patch.name, id);
      let columns: Partial<Row>;
      if (before.sellingModelType === 'OneTime') {
        if (Object.keys(patch).some((k) => k !== 'name'))
          throw badInput('The one-time model has no terms to set; only its name can change.');
        columns = { name: (patch.name ?? before.name).trim() };
        if (!columns.name) throw badInput('A selling model needs a name.');
      } else {
        const fields: SellingModelFields = {
          name: patch.name ?? before.name,
          pricingTerm: patch.pricingTerm ?? before.pricingTerm!,
          pricingTermUnit: patch.pricingTermUnit ?? before.pricingTermUnit!,
          subscriptionTermRule:
            patch.subscriptionTermRule !== undefined ? patch.subscriptionTermRule : before.subscriptionTermRule,
        };
        const problem = sellingModelProblem(before.sellingModelType, fields);
        if (problem) throw badInput(problem);
        columns = columnsOf(fields);
      }
      await trx.updateTable('selling_model').set(columns).where('id', '=', id).execute();
      const after = (await this.list(webstoreId, trx)).find((m) => m.id === id)!;
      const users = await trx
        .selectFrom('product_selling_model')
        .select('product_id')
        .where('selling_model_id', '=', id)
        .execute();
      return {
        result: after,
        change: modelChange('update', after, before, after),
        productIds: users.map((u) => u.product_id),
      };
    });
  }

  async productModels(webstoreId: string, productId: string): Promise<ProductSellingModels> {
    const id = checkedId(productId, KEY_PREFIX.product);
    await this.productOf(this.db, webstoreId, id);
    return { productId: id, sellingModelIds: await this.modelIdsOf(this.db, id) };
  }

  /**
   * Offers the product with these selling models, in this order, after the store's one-time model (always
   * offered: the plain price is one-time). A model that still has prices for the product can't be dropped
   * (409 SELLING_MODEL_PRICED): its prices go first, from the price form, so nothing is removed unseen.
   */
  async setProductModels(
    webstoreId: string,
    actor: Actor,
    productId: string,
    ids: string[],
  ): Promise<ProductSellingModels> {
    const id = checkedId(productId, KEY_PREFIX.product);
    const asked = ids.map((m) => checkedId(m, KEY_PREFIX.sellingModel));
    if (new Set(asked).size !== asked.length) throw badInput('sellingModelIds names a selling model twice.');
    return this.changes.run(webstoreId, actor, async (trx) => {
      const product = await this.productOf(trx, webstoreId, id);
      await lockProduct(trx, id);
      const models = await trx
        .selectFrom('selling_model')
        .select(['id', 'selling_model_type'])
        .where('webstore_id', '=', webstoreId)
        .execute();
      const unknown = asked.filter((m) => !models.some((x) => x.id === m));
      if (unknown.length) throw badInput(`Not a selling model of this store: ${unknown.join(', ')}.`);
      const oneTime = models.filter((m) => m.selling_model_type === 'OneTime').map((m) => m.id);
      const wanted = [...oneTime.filter((m) => !asked.includes(m)), ...asked];
      const before = await this.modelIdsOf(trx, id);
      const dropped = before.filter((m) => !wanted.includes(m));
      if (dropped.length) {
        const priced = await trx
          .selectFrom('price_book_entry')
          .select('selling_model_id')
          .where('product_id', '=', id)
          .where('selling_model_id', 'in', dropped)
          .executeTakeFirst();
        if (priced)
          throw new ApiError(
            409,
            'SELLING_MODEL_PRICED',
            `The product still has prices in the selling model ${priced.selling_model_id}; remove them first.`,
          );
      }
      await trx.deleteFrom('product_selling_model').where('product_id', '=', id).execute();
      await trx
        .insertInto('product_selling_model')
        .values(wanted.map((m, i) => ({ product_id: id, selling_model_id: m, sort_order: i })))
        .execute();
      const result = { productId: id, sellingModelIds: wanted };
      return {
        result,
        change: {
          action: 'setSellingModels',
          recordType: 'Product',
          recordId: id,
          recordLabel: product.sku,
          before: { productId: id, sellingModelIds: before },
          after: result,
        },
        productIds: [id],
      };
    });
  }

  private async productOf(db: Kysely<Database>, webstoreId: string, id: string) {
    const product = await db
      .selectFrom('product')
      .select(['id', 'sku'])
      .where('id', '=', id)
      .where('webstore_id', '=', webstoreId)
      .executeTakeFirst();
    if (!product) throw notFound(`The product ${id} doesn't exist.`);
    return product;
  }

  private async modelIdsOf(db: Kysely<Database>, productId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('product_selling_model')
      .select('selling_model_id')
      .where('product_id', '=', productId)
      .orderBy('sort_order')
      .execute();
    return rows.map((r) => r.selling_model_id);
  }

  /** Two models of one name would read the same on the product page: 409, as a taken SKU is. */
  private async refuseTakenName(trx: Transaction<Database>, webstoreId: string, name: string, except: string | null) {
    const rows = await trx
      .selectFrom('selling_model')
      .select(['id', 'name'])
      .where('webstore_id', '=', webstoreId)
      .execute();
    const taken = rows.find((r) => r.id !== except && r.name.trim().toLowerCase() === name.trim().toLowerCase());
    if (taken)
      throw new ApiError(409, 'DUPLICATE_VALUE', `The selling model ${taken.id} is already named ${taken.name}.`);
  }
}

function modelChange(action: string, m: AdminSellingModel, before: unknown, after: unknown) {
  return { action, recordType: 'SellingModel', recordId: m.id, recordLabel: m.name, before, after };
}
