// Prices on product summaries (ProductSummary.prices), for the buyer groups and currency of a caller: what search
// results with includePrices and recommendations with includePricingAndProductInformation carry. One pricing call
// for the whole list, whatever its length.
import type { ProductPrice, ProductSellingModel, ProductSummary } from '@store/core';
import type { PricingService } from './pricing.ts';
import type { ProductService } from './products.ts';

export interface PriceAudience {
  webstoreId: string;
  buyerGroupIds: string[];
  currency: string;
}

export async function attachSummaryPrices(
  services: { products: ProductService; pricing: PricingService },
  a: PriceAudience,
  products: ProductSummary[],
  /** The products' selling models when the caller has them already (ProductService.summariesWithModels). */
  known?: ReadonlyMap<string, readonly ProductSellingModel[]>,
): Promise<void> {
  const models = known ?? (await services.products.sellingModels(products.map((p) => p.id)));
  const prices = await services.pricing.prices(
    { webstoreId: a.webstoreId, buyerGroupIds: a.buyerGroupIds, currency: a.currency },
    products.map((p) => ({ id: p.id, sellingModels: models.get(p.id) ?? [] })),
  );
  for (const p of products) p.prices = summaryPrice(p.id, prices.get(p.id));
}

/** A summary's prices member for the buyer's price of a product (ITEM_NOT_FOUND when it has none). */
export function summaryPrice(
  productId: string,
  price: ProductPrice | null | undefined,
): NonNullable<ProductSummary['prices']> {
  return price
    ? {
        productId,
        listPrice: price.listPrice,
        unitPrice: price.unitPrice,
        lowestUnitPrice: price.lowestUnitPrice,
        pricebookEntryId: price.pricebookEntryId,
        success: true,
        error: null,
      }
    : {
        productId,
        listPrice: null,
        unitPrice: null,
        lowestUnitPrice: null,
        pricebookEntryId: null,
        success: false,
        error: { errorCode: 'ITEM_NOT_FOUND', message: 'This product has no price for the buyer.' },
      };
}
