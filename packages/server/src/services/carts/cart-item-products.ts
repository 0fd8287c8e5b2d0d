// What a line shows of its product (CartItemProduct: a cart line's productDetails, a wishlist item's
// productSummary), built for many products at once from their listing summaries, so a page of lines
// costs the same few queries however many lines it has. Without chosen fields, the summaries the read model
// keeps stand for them (one indexed read); the others are built.
import type { Kysely } from 'kysely';
import type { CartItemProduct, ProductClass, ProductSummary } from '@store/core';
import type { Database } from '../../db/schema.ts';
import type { KnownProducts, ProductService } from '../products.ts';
import type { KeptSummary, ProductReadModel } from '../product-read-model.ts';
import { parsedColumn } from '../column-memo.ts';

/**
 * The products by id (those of the store that are active; others are left out), with `fields` filtered to
 * `productFields` when asked. The SKU is always read (it is `sku`) but kept in `fields` only when asked.
 */
export async function cartItemProducts(
  deps: { products: ProductService; readModel: ProductReadModel },
  webstoreId: string,
  ids: string[],
  productFields?: string[],
  known?: KnownProducts,
): Promise<Map<string, CartItemProduct>> {
  const wanted = [...new Set(ids)];
  const fields = productFields?.length ? [...new Set([...productFields, 'StockKeepingUnit'])] : undefined;
  const { shown, rest } =
    fields || known
      ? { shown: new Map<string, KeptSummary>(), rest: wanted }
      : await deps.readModel.shownSummaries(webstoreId, wanted);
  // Parsed once per distinct text (the value is shared: only read here).
  const kept = [...shown.values()].map((row) =>
    parsedColumn<ProductSummary>(typeof row.body === 'string' ? row.body : row.body.toString('utf8')),
  );
  const { summaries } = rest.length
    ? await deps.products.summariesWithModels(webstoreId, rest, { fields }, known)
    : { summaries: [] };
  return new Map<string, CartItemProduct>(
    [...kept, ...summaries].map((p) => {
      const all = Object.fromEntries(Object.entries(p.fields).map(([k, v]) => [k, String(v?.value ?? '')]));
      const sku = all.StockKeepingUnit ?? '';
      if (productFields?.length && !productFields.includes('StockKeepingUnit')) delete all.StockKeepingUnit;
      return [
        p.id,
        {
          productId: p.id,
          name: p.name,
          sku,
          productUrlName: p.urlName ?? '',
          productClass: p.productClass,
          fields: all,
          thumbnailImage: p.defaultImage,
          purchaseQuantityRule: p.purchaseQuantityRule!,
        },
      ];
    }),
  );
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
