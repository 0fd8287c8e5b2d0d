// A variation family as the product page needs it (issue 14): the parent (whose variationInfo the picker is
// built from) and each variation with what the page shows of it (price, promotional price, description),
// read in a fixed number of calls whichever member's page it is:
//   the parent's page:    children, children's promotions (the parent's price call already carries the
//                         variations' prices: includeChildProductPrices);
//   a variation's page:   the parent's detail, children, the parent's price with the variations' prices,
//                         children's promotions.
// Children and prices are kept in the api's data store (300 s), so moving through a family asks again only
// for what the store does not hold.

import type { ProductDetail, ProductPrice, PromotionalPricing } from '@store/core';
import { optional, type StoreApi } from '../api.ts';
import { sanitizeRichText, type SanitizedRichText } from '../sanitize.ts';
import { richDescriptionOf } from './product-view.ts';
import { promotionalPricingOf } from './promotions.ts';

export interface VariationMember {
  product: ProductDetail;
  /** Null when the buyer has no price for it. */
  pricing: ProductPrice | null;
  promotions: PromotionalPricing | null;
  description: SanitizedRichText;
}

export interface VariationFamily {
  parent: ProductDetail;
  /** The variations in the family's order (by SKU), those the caller may see. */
  members: VariationMember[];
}

/** The parent a product's family hangs from: itself for a parent, its parent for a variation, else none. */
export function familyParentId(product: ProductDetail): string | null {
  if (product.productClass === 'VariationParent') return product.id;
  if (product.productClass === 'Variation') return product.variationParentId;
  return null;
}

export interface FamilyReadInput {
  api: StoreApi;
  /** The page's product, already read. */
  product: ProductDetail;
  /** The price call of the page's product (for a parent, it holds the variations' prices). */
  productPricing: Promise<ProductPrice | null>;
  currency: Promise<string | undefined>;
  /** Reads a product's detail as the page reads its own (snapshot or account-scoped). */
  readDetail: (id: string) => Promise<ProductDetail>;
  signal: AbortSignal;
}

/** The family, or null when the product has none or it cannot be read (the page then shows the product alone). */
export async function readVariationFamily(input: FamilyReadInput): Promise<VariationFamily | null> {
  const { api, product, signal } = input;
  const parentId = familyParentId(product);
  if (!parentId) return null;
  const isParent = parentId === product.id;
  const [parent, children, parentPricing] = await Promise.all([
    isParent ? product : optional(input.readDetail(parentId)),
    optional(api.productChildren(parentId)),
    isParent ? input.productPricing : optional(input.currency.then((c) => api.productPrice(parentId, c))),
  ]);
  if (!parent?.variationInfo || !children?.length) return null;
  const currencyIsoCode = await input.currency;
  const [promotions, descriptions] = await Promise.all([
    optional(
      api.client.evaluateProductPromotions(
        { products: children.map((c) => ({ productId: c.id })), currencyIsoCode },
        { signal },
      ),
    ),
    Promise.all(children.map((c) => sanitizeRichText(richDescriptionOf(c)))),
  ]);
  const prices = new Map((parentPricing?.childProductPrices ?? []).map((p) => [p.productId, p]));
  return {
    parent,
    members: children.map((child, i) => ({
      product: child,
      pricing: prices.get(child.id) ?? null,
      promotions: promotionalPricingOf(promotions, child.id),
      description: descriptions[i]!,
    })),
  };
}
