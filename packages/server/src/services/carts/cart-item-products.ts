// What a line shows of its product (CartItemProduct: a cart line's productDetails, a wishlist item's
// productSummary), built for many products at once from their listing summaries, so a page of lines
// costs the same few queries however many lines it has.
import type { CartItemProduct } from '@store/core';
import type { KnownProducts, ProductService } from '../products.ts';

/**
 * The products by id (those of the store that are active; others are left out), with `fields` filtered to
 * `productFields` when asked. The SKU is always read (it is `sku`) but kept in `fields` only when asked.
 */
export async function cartItemProducts(
  products: ProductService,
  webstoreId: string,
  ids: string[],
  productFields?: string[],
  known?: KnownProducts,
): Promise<Map<string, CartItemProduct>> {
  const fields = productFields?.length ? [...new Set([...productFields, 'StockKeepingUnit'])] : undefined;
  const { summaries } = await products.summariesWithModels(webstoreId, [...new Set(ids)], { fields }, known);
  return new Map<string, CartItemProduct>(
    summaries.map((p) => {
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
