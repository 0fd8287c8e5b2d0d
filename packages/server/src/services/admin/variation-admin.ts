// Variation families in the workspace (issue 15 item 3): a VariationParent made with its variation attributes
// and their allowed values, Variation children made with one allowed value per attribute (each combination once
// in a family), and a variation taken out of its family. Every change goes through CatalogueChanges, so the
// storefront's picker (the parent's variationInfo, read from the children's variation_json) follows at once.
import type { Kysely, Transaction } from 'kysely';
import {
  combinationKey,
  variationAttributesProblem,
  variationValuesProblem,
  type AdminProduct,
  type AdminVariationFamily,
  type ProductInput,
  type VariationAttribute,
  type VariationCreate,
} from '@store/core';
import type { Database, ProductTable } from '../../db/schema.ts';
import { ApiError, badInput, notFound } from '../../domain/errors.ts';
import { checkedId, KEY_PREFIX } from '../../domain/record-ids.ts';
import { lockProduct, type CatalogueChanges } from './catalogue-change.ts';
import type { ProductAdmin } from './product-admin.ts';
import type { Actor } from './workspace-access.ts';

type Db = Kysely<Database>;
type Child = Pick<ProductTable, 'id' | 'sku' | 'name' | 'is_active' | 'variation_json'>;

const valuesOf = (c: Pick<ProductTable, 'variation_json'>): Record<string, string> =>
  c.variation_json ? (JSON.parse(c.variation_json) as Record<string, string>) : {};

/** Attributes as sent, trimmed: what is stored and what a variation's values are checked against. */
const trimmed = (attributes: VariationAttribute[]) =>
  attributes.map((a) => ({ name: a.name.trim(), values: a.values.map((v) => v.trim()) }));

export class VariationAdmin {
  constructor(
    private db: Db,
    private changes: CatalogueChanges,
    private products: ProductAdmin,
  ) {}

  /** A new VariationParent with its attributes (no variations yet: they are added one by one). */
  async createParent(
    webstoreId: string,
    actor: Actor,
    input: ProductInput,
    attributes: VariationAttribute[],
  ): Promise<AdminProduct> {
    const clean = trimmed(attributes);
    const problem = variationAttributesProblem(clean);
    if (problem) throw badInput(problem);
    return this.products.create(webstoreId, actor, input, {
      productClass: 'VariationParent',
      within: async (trx, parentId) => {
        await trx
          .insertInto('variation_attribute')
          .values(
            clean.map((a, sequence) => ({
              parent_id: parentId,
              name: a.name,
              sequence,
              values_json: JSON.stringify(a.values),
            })),
          )
          .execute();
      },
    });
  }

  async family(webstoreId: string, parentId: string): Promise<AdminVariationFamily> {
    const parent = await this.parent(this.db, webstoreId, parentId);
    return this.read(this.db, parent.id);
  }

  /**
   * A Variation of the parent: its own product fields (categories default to the parent's, so whoever may see
   * the parent may see it) and one allowed value per attribute. A value the parent does not allow is a 400; a
   * combination another variation has is a 409, checked again under the parent's lock so two at once cannot
   * both take it.
   */
  async addVariation(
    webstoreId: string,
    actor: Actor,
    parentId: string,
    input: VariationCreate,
  ): Promise<AdminProduct> {
    const parent = await this.parent(this.db, webstoreId, parentId);
    const attributes = await this.attributes(this.db, parent.id);
    const problem = variationValuesProblem(attributes, input.values);
    if (problem) throw badInput(problem);
    // Stored in the parent's attribute order: the storefront's picker reads the attributes in this order.
    const values = Object.fromEntries(attributes.map((a) => [a.name, input.values[a.name]!]));
    await this.refuseTakenCombination(this.db, parent.id, attributes, values);
    const { values: _sent, ...fields } = input;
    const categoryIds = input.categoryIds ?? (await this.products.read(this.db, webstoreId, parent.id))!.categoryIds;
    return this.products.create(
      webstoreId,
      actor,
      { ...fields, categoryIds },
      {
        productClass: 'Variation',
        parentId: parent.id,
        variation: values,
        alsoChanged: [parent.id],
        within: async (trx, id) => {
          await lockProduct(trx, parent.id);
          await this.refuseTakenCombination(trx, parent.id, attributes, values, id);
        },
      },
    );
  }

  /**
   * Takes a variation out of its family: it becomes a Draft Simple product with no values, so the picker no
   * longer offers it and its combination is free again. The row stays: carts and orders that name it keep it.
   */
  async removeVariation(
    webstoreId: string,
    actor: Actor,
    parentId: string,
    variationId: string,
  ): Promise<AdminVariationFamily> {
    const parent = await this.parent(this.db, webstoreId, parentId);
    const id = checkedId(variationId, KEY_PREFIX.product);
    return this.changes.run(webstoreId, actor, async (trx) => {
      await lockProduct(trx, parent.id);
      const before = await this.read(trx, parent.id);
      const child = before.variations.find((v) => v.id === id);
      if (!child) throw notFound(`${variationId} is not a variation of ${parent.sku}.`);
      await trx
        .updateTable('product')
        .set({ product_class: 'Simple', parent_id: null, variation_json: null, is_active: 0 })
        .where('id', '=', id)
        .execute();
      const after = await this.read(trx, parent.id);
      return {
        result: after,
        change: {
          action: 'removeVariation',
          recordType: 'Product',
          recordId: parent.id,
          recordLabel: `${parent.sku} ${parent.name}: ${child.sku} removed`,
          before,
          after,
        },
        productIds: [parent.id, id],
      };
    });
  }

  /** The parent's attributes: its own rows, else (a parent from the seed or an import) its variations' values. */
  async attributes(db: Db, parentId: string): Promise<VariationAttribute[]> {
    const rows = await db
      .selectFrom('variation_attribute')
      .select(['name', 'values_json'])
      .where('parent_id', '=', parentId)
      .orderBy('sequence')
      .execute();
    if (rows.length) return rows.map((r) => ({ name: r.name, values: JSON.parse(r.values_json) as string[] }));
    const found = new Map<string, string[]>();
    for (const child of await this.children(db, parentId))
      for (const [name, value] of Object.entries(valuesOf(child))) {
        const list = found.get(name) ?? [];
        if (!list.includes(value)) list.push(value);
        found.set(name, list);
      }
    return [...found].map(([name, values]) => ({ name, values }));
  }

  private async read(db: Db, parentId: string): Promise<AdminVariationFamily> {
    const [attributes, children] = await Promise.all([this.attributes(db, parentId), this.children(db, parentId)]);
    return {
      parentId,
      attributes,
      variations: children.map((c) => ({
        id: c.id,
        sku: c.sku,
        name: c.name,
        status: c.is_active === 1 ? 'Live' : 'Draft',
        values: valuesOf(c),
      })),
    };
  }

  private children(db: Db, parentId: string): Promise<Child[]> {
    return db
      .selectFrom('product')
      .select(['id', 'sku', 'name', 'is_active', 'variation_json'])
      .where('parent_id', '=', parentId)
      .where('product_class', '=', 'Variation')
      .orderBy('sku')
      .orderBy('id')
      .execute();
  }

  private async parent(db: Db, webstoreId: string, parentId: string) {
    const id = checkedId(parentId, KEY_PREFIX.product);
    const row = await db
      .selectFrom('product')
      .select(['id', 'sku', 'name', 'product_class'])
      .where('id', '=', id)
      .where('webstore_id', '=', webstoreId)
      .executeTakeFirst();
    if (!row) throw notFound(`The product ${parentId} doesn't exist.`);
    if (row.product_class !== 'VariationParent')
      throw badInput(`${row.sku} is a ${row.product_class} product, not a variation parent.`);
    return row;
  }

  private async refuseTakenCombination(
    db: Db | Transaction<Database>,
    parentId: string,
    attributes: VariationAttribute[],
    values: Record<string, string>,
    exceptId?: string,
  ): Promise<void> {
    const key = combinationKey(attributes, values);
    const taken = (await this.children(db, parentId)).find(
      (c) => c.id !== exceptId && combinationKey(attributes, valuesOf(c)) === key,
    );
    if (taken) {
      const shown = attributes.map((a) => `${a.name}: ${values[a.name]}`).join(', ');
      throw new ApiError(409, 'DUPLICATE_VALUE', `The variation ${taken.sku} already is ${shown}.`);
    }
  }
}
