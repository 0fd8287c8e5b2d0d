// Recommendation answers as the storefront receives them, for component and helper tests.
import type { ProductSummary, Recommender } from '@store/core';
import type { RecommendationList } from '../lib/signals/recommendations.ts';

export function summary(
  id: string,
  name: string,
  sku: string,
  prices?: { unitPrice: string; listPrice: string },
): ProductSummary {
  return {
    id,
    name,
    urlName: name.toLowerCase().replace(/\W+/g, '-'),
    productClass: 'Simple',
    fields: { Name: { value: name }, StockKeepingUnit: { value: sku } },
    defaultImage: {
      id: '',
      alternateText: name,
      contentVersionId: null,
      mediaType: 'Image',
      sortOrder: 0,
      thumbnailUrl: null,
      title: name,
      url: `/media/products/${sku}.svg`,
    },
    purchaseQuantityRule: null,
    productSellingModelInformation: { isSubscriptionProduct: false },
    variationAttributeSet: null,
    isConfigurationAllowed: false,
    ...(prices
      ? {
          prices: {
            productId: id,
            ...prices,
            lowestUnitPrice: prices.unitPrice,
            pricebookEntryId: null,
            success: true,
            error: null,
            currencyIsoCode: 'USD',
          },
        }
      : {}),
  } as ProductSummary;
}

export function recoList(
  recommender: Recommender,
  products: ProductSummary[],
  anchorValues: string[] = [],
): RecommendationList {
  return { recommender, recommendationId: `reco-${recommender}`, anchorValues, products };
}
