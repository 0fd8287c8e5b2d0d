// Wishlist items as the wire shows them (core WishlistItem): the product as a cart line shows it
// (CartItemProduct, built the cart's way), and the effective account's current prices for one unit. A page
// costs a fixed number of queries however many items it has: the products' summaries, their selling models
// and one pricing call, never a query per item.
import {
  DEFAULT_QUANTITY_RULE,
  unitPriceForQuantity,
  WISHLIST_ITEM_ERROR_CODES,
  type CartItemProduct,
  type WishlistItem,
  type WishlistItemError,
} from '@store/core';
import type { WishlistItemTable } from '../../db/schema.ts';
import type { CatalogueContext } from '../buyer-context.ts';
import { cartItemProducts } from '../carts/cart-item-products.ts';
import type { Services } from '../index.ts';

/** A line whose product the account may no longer see: its id and the name it had, nothing more. */
function hiddenProduct(row: WishlistItemTable): CartItemProduct {
  return {
    productId: row.product_id,
    name: row.product_name,
    sku: '',
    productUrlName: '',
    productClass: 'Simple',
    fields: {},
    thumbnailImage: null,
    purchaseQuantityRule: { ...DEFAULT_QUANTITY_RULE },
  };
}

export async function wishlistItemViews(
  s: Services,
  ctx: CatalogueContext,
  webstoreId: string,
  rows: WishlistItemTable[],
  productFields?: string[],
): Promise<WishlistItem[]> {
  if (!rows.length) return [];
  // Entitlement first: a product the account may not see is not read at all (cartItemProducts drops
  // unknown and Draft ones itself).
  const visibleIds = [...new Set(rows.map((r) => r.product_id))].filter((id) => ctx.visibility.canSeeProduct(id));
  const [products, models] = await Promise.all([
    cartItemProducts(s, webstoreId, visibleIds, productFields),
    s.products.sellingModels(visibleIds),
  ]);
  const shown = visibleIds.filter((id) => products.has(id));
  const prices = await s.pricing.prices(
    { webstoreId, buyerGroupIds: ctx.buyerGroupIds, currency: ctx.currency },
    shown.map((id) => ({ id, sellingModels: models.get(id) ?? [] })),
  );
  return rows.map((row) => {
    const product = products.get(row.product_id);
    const price = product ? (prices.get(row.product_id) ?? null) : null;
    let error: WishlistItemError | null = null;
    if (!product)
      error = {
        errorCode: WISHLIST_ITEM_ERROR_CODES.productUnavailable,
        message: `${row.product_name} is no longer available to you.`,
      };
    else if (!price?.unitPrice)
      error = {
        errorCode: WISHLIST_ITEM_ERROR_CODES.priceUnavailable,
        message: `${product.name} has no price for you now.`,
      };
    // One unit of the default selling model, after a volume tier that starts at one, if any.
    const tiers = price?.priceAdjustment?.priceAdjustmentTiers ?? [];
    const sales = price?.unitPrice ? unitPriceForQuantity(price.unitPrice, tiers, 1) : null;
    return {
      wishlistItemId: row.id,
      productId: row.product_id,
      productSummary: product ?? hiddenProduct(row),
      listPrice: price?.unitPrice ? (price.listPrice ?? price.unitPrice) : null,
      salesPrice: sales,
      currencyIsoCode: ctx.currency,
      createdDate: row.created_at,
      error,
    };
  });
}
