// Recommendation lists for the storefront's pages (issue 18): asked only when the store's ai/configuration says the
// service is deployed, each list on its own (a failed one is simply not shown), and the viewReco / clickReco payloads
// that tie what the shopper saw and chose to the answer's recommendationId.
import type {
  ActivityProduct,
  ClickRecoActivity,
  FieldValue,
  ProductSummary,
  RecommendationQuery,
  Recommender,
  ViewRecoActivity,
} from '@store/core';
import { optional, type StoreApi } from '../api.ts';

/** What a page keeps of a recommended product once it has drawn it: what the activity payloads read (id, SKU, prices). */
export type RecommendedProduct = Pick<ProductSummary, 'id' | 'name' | 'fields' | 'prices'>;

/** One answer of ai/recommendations with what it was asked for (its products whole, or as a page keeps them). */
export interface RecommendationList<P extends RecommendedProduct = RecommendedProduct> {
  recommender: Recommender;
  recommendationId: string | null;
  anchorValues: string[];
  products: P[];
}

/** The fields of a recommended product the tiles and payloads read. */
const KEPT_FIELDS = ['Name', 'StockKeepingUnit'];

/**
 * A list as a page keeps it in its data: each product's id, name, SKU and prices. The answer carries every field
 * (descriptions, included fields…), about 3 KB a product, and a page's data is sent again for hydration.
 */
export function listForActivity(list: RecommendationList): RecommendationList {
  return {
    ...list,
    products: list.products.map((p) => {
      const fields: Record<string, FieldValue> = {};
      for (const name of KEPT_FIELDS) if (p.fields?.[name]) fields[name] = p.fields[name];
      return { id: p.id, name: p.name, fields, ...(p.prices ? { prices: p.prices } : {}) };
    }),
  };
}

/** The lists asked for, in the order given; none when recommendations are off, failed or empty. */
export async function loadRecommendations(
  api: StoreApi,
  queries: Array<RecommendationQuery & { recommender: Recommender }>,
  signal?: AbortSignal,
): Promise<RecommendationList<ProductSummary>[]> {
  const config = await optional(api.client.getAiConfiguration({ signal }));
  if (!config?.isDeployed) return [];
  const answers = await Promise.all(queries.map((q) => optional(api.client.getRecommendations(q, { signal }))));
  return answers.flatMap((a, i) =>
    a?.recommender && a.productPage.products.length
      ? [
          {
            recommender: a.recommender,
            recommendationId: a.recommendationId,
            anchorValues: queries[i]!.anchorValues ?? [],
            products: a.productPage.products,
          },
        ]
      : [],
  );
}

const fieldOf = (p: RecommendedProduct, name: string): string | null => p.fields?.[name]?.value ?? null;

/** The product activity item (spec 01 §3) of a recommended product; prices only when the answer carried them. */
export function recoActivityProduct(p: RecommendedProduct): ActivityProduct {
  const priced = p.prices?.success ? p.prices : null;
  return {
    id: p.id,
    sku: fieldOf(p, 'StockKeepingUnit') ?? '',
    unitPrice: priced?.unitPrice ?? null,
    listPrice: priced?.listPrice ?? null,
  };
}

/** viewReco: the products of the list the shopper was shown (not those the page had no room for). */
export function viewRecoPayload(list: RecommendationList, shown: RecommendedProduct[]): ViewRecoActivity {
  return {
    recommender: list.recommender,
    recommendationId: list.recommendationId,
    anchorValues: list.anchorValues,
    products: shown.map(recoActivityProduct),
  };
}

/** clickReco: the product chosen and its 1-based place where it was shown. */
export function clickRecoPayload(
  list: RecommendationList,
  product: RecommendedProduct,
  position: number,
): ClickRecoActivity {
  return {
    recommender: list.recommender,
    recommendationId: list.recommendationId,
    anchorValues: list.anchorValues,
    product: recoActivityProduct(product),
    position,
  };
}

/** A recommendation list shown as product cards (the cart page's strip). */
export interface RecommendationStrip {
  list: RecommendationList;
  /** The cards shown, in the list's order (the list's products are those shown). */
  cards: import('../../routes/types.ts').CardProduct[];
}
