// The shopper activities' payloads (core shopper-activity.ts: the shapes and limits are designed and documented
// there) as zod schemas, one per activity, so each is validated and listed in the OpenAPI document. Unknown
// fields are refused (strict objects): a payload is what the storefront sends, nothing more.
import { z } from 'zod';
import { ACTIVITY_LIMITS, isDecimalString, type ShopperActivity } from '@store/core';
import { freeText, recordId } from './schemas.ts';

const L = ACTIVITY_LIMITS;
/** A decimal string as the shopper saw it (a price), or null when no price was shown. */
const price = z
  .string()
  .max(24)
  .refine((v) => isDecimalString(v) && !v.trim().startsWith('-'), 'must be a non-negative decimal string')
  .nullable();
const product = z.strictObject({
  id: recordId,
  sku: freeText(L.maxIdLength).min(1),
  unitPrice: price,
  listPrice: price,
});
const products = z.array(product).max(L.maxProducts);
const searchTerm = freeText(L.maxSearchTermLength).refine((v) => v.trim() !== '', 'must not be blank');
const position = z.number().int().min(1).max(L.maxQuantity);
const recommender = freeText(L.maxRecommenderLength).min(1);
const recommendationId = freeText(L.maxIdLength).nullable();
const anchorValues = z.array(recordId).max(L.maxProducts);

export const ACTIVITY_PAYLOADS = {
  viewProduct: z.strictObject({ product }),
  addToCart: z.strictObject({ product, quantity: z.number().int().min(1).max(L.maxQuantity) }),
  viewReco: z.strictObject({ recommender, recommendationId, anchorValues, products }),
  clickReco: z.strictObject({ recommender, recommendationId, anchorValues, product, position }),
  viewSearch: z.strictObject({
    searchTerm,
    categoryId: recordId.nullable(),
    resultCount: z.number().int().min(0).max(1_000_000_000),
    products,
  }),
  clickSearch: z.strictObject({ searchTerm, categoryId: recordId.nullable(), product, position }),
  viewCategory: z.strictObject({ categoryId: recordId, products }),
  clickCategory: z.strictObject({ categoryId: recordId, product, position }),
  viewSearchSuggestion: z.strictObject({
    searchTerm,
    suggestedTerms: z.array(freeText(L.maxSearchTermLength)).max(L.maxSuggestedTerms),
    suggestedProductIds: z.array(recordId).max(L.maxProducts),
  }),
  clickSearchSuggestion: z
    .strictObject({
      searchTerm,
      suggestedTerm: freeText(L.maxSearchTermLength).nullable(),
      productId: recordId.nullable(),
    })
    .refine((p) => (p.suggestedTerm === null) !== (p.productId === null), {
      message: 'Exactly one of suggestedTerm and productId is required.',
    }),
} satisfies Record<ShopperActivity, z.ZodType>;
