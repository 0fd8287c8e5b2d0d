// What a line shows of its product (CartItemProduct: a cart line's productDetails, a wishlist item's
// productSummary), built for many products at once from their listing summaries, so a page of lines
// costs the same few queries however many lines it has. A cart line's default (LINE_FIELDS) comes from the kept
// line products (line-products.ts); all fields from the summaries the read model keeps (one indexed read); the
// others, and products whose kept rows are stale, are built.
import type { Kysely } from 'kysely';
import type { CartItemProduct, ProductClass, ProductSummary } from '@store/core';
import type { Database } from '../../db/schema.ts';
import type { KnownProducts, ProductService } from '../products.ts';
import type { ProductReadModel } from '../product-read-model.ts';
import { LINE_FIELDS, keptLineProducts, lineProductOf } from './line-products.ts';
import { parsedColumn } from '../column-memo.ts';

/**
 * The products by id (those of the store that are active; others are left out), with `fields` filtered to
 * `productFields` when asked (all of them without). The SKU is always read (it is `sku`) but kept in `fields`
 * only when asked. LINE_FIELDS itself (a cart line's default) is served from the kept line products.
 */
export async function cartItemProducts(
  deps: { products: ProductService; readModel: ProductReadModel },
  webstoreId: string,
  ids: string[],
  productFields?: readonly string[],
  known?: KnownProducts,
): Promise<Map<string, CartItemProduct>> {
  const wanted = [...new Set(ids)];
  if (productFields === LINE_FIELDS) {
    // Products the caller has just read (an add's) are likely new to this process: their texts are read at once.
    const { found, rest } = await keptLineProducts(deps.readModel, webstoreId, wanted, {
      readTexts: !!known,
      texts: known?.summaries,
    });
    for (const [id, p] of await builtProducts(deps, webstoreId, rest, productFields, known)) found.set(id, p);
    return found;
  }
  if (productFields?.length || known) return builtProducts(deps, webstoreId, wanted, productFields, known);
  // All fields: the kept summaries stand for them (one indexed read); the others are built.
  const { shown, rest } = await deps.readModel.shownSummaries(webstoreId, wanted);
  // Parsed once per distinct text (the value is shared: only read here).
  const out = new Map<string, CartItemProduct>();
  for (const row of shown.values()) {
    const p = parsedColumn<ProductSummary>(typeof row.body === 'string' ? row.body : row.body.toString('utf8'));
    out.set(p.id, lineProductOf(p));
  }
  for (const [id, p] of await builtProducts(deps, webstoreId, rest, productFields)) out.set(id, p);
  return out;
}

/** The products built the ordinary way (ProductService's summaries). */
async function builtProducts(
  deps: { products: ProductService },
  webstoreId: string,
  ids: string[],
  productFields?: readonly string[],
  known?: KnownProducts,
): Promise<Map<string, CartItemProduct>> {
  if (!ids.length) return new Map();
  const fields = productFields?.length ? [...new Set([...productFields, 'StockKeepingUnit'])] : undefined;
  const { summaries } = await deps.products.summariesWithModels(webstoreId, ids, { fields }, known);
  return new Map(summaries.map((p) => [p.id, lineProductOf(p, productFields?.length ? productFields : undefined)]));
}

/**
 * What a line shows of a product the store no longer shows (made inactive, or moved out of the store, after it
 * was added): its name, SKU and quantity rule from its row, no image or fields. The line stays in the cart (a
 * place-order checks what it may sell), and the shopper sees what it is, to remove it.
 */
export async function unavailableItemProducts(
  db: Kysely<Database>,
  ids: string[],
): Promise<Map<string, CartItemProduct>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('product')
    .select(['id', 'name', 'sku', 'url_name', 'product_class', 'qty_min', 'qty_max', 'qty_increment'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        productId: r.id,
        name: r.name,
        sku: r.sku,
        productUrlName: r.url_name ?? '',
        productClass: r.product_class as ProductClass,
        fields: {},
        thumbnailImage: null,
        purchaseQuantityRule: { minimum: r.qty_min, maximum: r.qty_max, increment: r.qty_increment },
      },
    ]),
  );
}
