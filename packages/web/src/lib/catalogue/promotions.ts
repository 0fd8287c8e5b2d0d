// The product page's promotional pricing (spec 03 §3 "Promotional pricing") from the evaluate-products
// answer: the product's own result when it succeeded and a promotion changed its price; else none.

import type { ProductPromotionEvaluations } from '@store/client';
import type { PromotionalPricing } from '@store/core';

export function promotionalPricingOf(
  answer: ProductPromotionEvaluations | null | undefined,
  productId: string,
): PromotionalPricing | null {
  const result = answer?.promotionProductEvaluationResults?.find((r) => r?.productId === productId);
  if (!result || result.isSuccess === false || !result.promotionalPrice || !result.promotionPriceAdjustmentList?.length)
    return null;
  // Only what the pricing display reads travels to the browser with the page.
  return {
    promotionalPrice: result.promotionalPrice,
    promotionPriceAdjustmentList: result.promotionPriceAdjustmentList.map((a) => ({ displayName: a.displayName })),
  };
}
