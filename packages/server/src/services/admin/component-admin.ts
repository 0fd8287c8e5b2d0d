// A set's or bundle's components in the workspace (issue 15 item 3): the ordered list read and replaced whole.
// They are product_relation rows of type SetComponent / BundleComponent with a 1-based position, the rows the
// storefront's `products/{id}/children` and the order's bundle downloads already read. A component must be a
// product of the store a buyer can buy on its own (Simple or Variation): a set, bundle or variation parent
// cannot be one, so no set holds itself and no cycle can form. The relation has no quantity: each component
// is one of it (datasets sell one at a time).
import type { Kysely } from 'kysely';
import {
  COMPONENT_CLASSES,
  COMPONENT_HOLDER_CLASSES,
  MAX_COMPONENTS,
  type AdminComponentList,
  type ComponentRef,
} from '@store/core';
import type { Database } from '../../db/schema.ts';
import { badInput, notFound } from '../../domain/errors.ts';
import { checkedId, KEY_PREFIX } from '../../domain/record-ids.ts';
import { lockProduct, type CatalogueChanges } from './catalogue-change.ts';
import type { Actor } from './workspace-access.ts';

type Db = Kysely<Database>;

const isHolder = (cls: string) => (COMPONENT_HOLDER_CLASSES as readonly string[]).includes(cls);
const mayBeComponent = (cls: string) => (COMPONENT_CLASSES as readonly string[]).includes(cls);

export class ComponentAdmin {
  constructor(
    private db: Db,
    private changes: CatalogueChanges,
  ) {}

  async list(webstoreId: string, productId: string): Promise<AdminComponentList> {
    const holder = await this.holder(webstoreId, productId);
    return this.read(this.db, holder.id, holder.product_class);
  }

  /** Replaces the list with the one sent, in its order (an empty list empties the set). */
  async replace(
    webstoreId: string,
    actor: Actor,
    productId: string,
    refs: ComponentRef[],
  ): Promise<AdminComponentList> {
    const holder = await this.holder(webstoreId, productId);
    if (refs.length > MAX_COMPONENTS)
      throw badInput(`A ${holder.product_class} holds at most ${MAX_COMPONENTS} products.`);
    const ids = await this.resolved(webstoreId, holder, refs);
    const type = `${holder.product_class}Component`;
    return this.changes.run(webstoreId, actor, async (trx) => {
      await lockProduct(trx, holder.id);
      const before = await this.read(trx, holder.id, holder.product_class);
      await trx
        .deleteFrom('product_relation')
        .where('product_id', '=', holder.id)
        .where('relationship_type', '=', type)
        .execute();
      if (ids.length)
        await trx
          .insertInto('product_relation')
          .values(
            ids.map((id, i) => ({ product_id: holder.id, related_id: id, relationship_type: type, position: i + 1 })),
          )
          .execute();
      const after = await this.read(trx, holder.id, holder.product_class);
      return {
        result: after,
        change: {
          action: 'replaceComponents',
          recordType: 'Product',
          recordId: holder.id,
          recordLabel: `${holder.sku} ${holder.name}`,
          before,
          after,
        },
        productIds: [holder.id],
      };
    });
  }

  private async read(db: Db, holderId: string, holderClass: string): Promise<AdminComponentList> {
    const rows = await db
      .selectFrom('product_relation')
      .innerJoin('product', 'product.id', 'product_relation.related_id')
      .select(['product.id', 'product.sku', 'product.name', 'product.product_class', 'product.is_active', 'position'])
      .where('product_relation.product_id', '=', holderId)
      .where('product_relation.relationship_type', '=', `${holderClass}Component`)
      .orderBy('position')
      .execute();
    return {
      productId: holderId,
      components: rows.map((r, i) => ({
        productId: r.id,
        sku: r.sku,
        name: r.name,
        productClass: r.product_class,
        status: r.is_active === 1 ? 'Live' : 'Draft',
        position: i + 1,
      })),
    };
  }

  private async holder(webstoreId: string, productId: string) {
    const row = await this.db
      .selectFrom('product')
      .select(['id', 'sku', 'name', 'product_class'])
      .where('id', '=', checkedId(productId, KEY_PREFIX.product))
      .where('webstore_id', '=', webstoreId)
      .executeTakeFirst();
    if (!row) throw notFound(`The product ${productId} doesn't exist.`);
    if (!isHolder(row.product_class))
      throw badInput(`${row.sku} is a ${row.product_class} product; only a set or a bundle has components.`);
    return row;
  }

  /** The components' ids in the order sent: each a product of this store that may be one, each once. */
  private async resolved(
    webstoreId: string,
    holder: { id: string; sku: string },
    refs: ComponentRef[],
  ): Promise<string[]> {
    const ids = refs.flatMap((r) => (r.productId ? [checkedId(r.productId, KEY_PREFIX.product)] : []));
    const skus = refs.flatMap((r) => (r.sku ? [r.sku.trim()] : []));
    const rows =
      ids.length || skus.length
        ? await this.db
            .selectFrom('product')
            .select(['id', 'sku', 'product_class'])
            .where('webstore_id', '=', webstoreId)
            .where((eb) =>
              eb.or([...(ids.length ? [eb('id', 'in', ids)] : []), ...(skus.length ? [eb('sku', 'in', skus)] : [])]),
            )
            .execute()
        : [];
    const out: string[] = [];
    for (const ref of refs) {
      const id = ref.productId ? checkedId(ref.productId, KEY_PREFIX.product) : null;
      const sku = ref.sku?.trim();
      const row = rows.find((p) => (id ? p.id === id : p.sku === sku));
      const named = ref.productId ?? sku;
      if (!row) throw badInput(`There is no product ${named} in this store.`);
      if (row.id === holder.id) throw badInput(`${holder.sku} can't hold itself.`);
      if (!mayBeComponent(row.product_class))
        throw badInput(`${row.sku} is a ${row.product_class} product; a component must be a product sold on its own.`);
      if (out.includes(row.id)) throw badInput(`${row.sku} is listed twice.`);
      out.push(row.id);
    }
    return out;
  }
}
