// GET ai/recommendations (spec 02 §5/§7, issue 18): checks the request, runs the named recommender, keeps the
// products the caller may see (entitlements of the effective account; inactive = Draft products are never
// candidates), and shapes them as search results shape products (ProductSummary, with the account's own prices
// when asked). The recommenders rank; this file alone decides who sees what.
//
// Answers: no recommender → 200, empty, MISSING_RECOMMENDER (spec 02 §5); recommendations switched off by the seller
// → 200, empty, RECOMMENDATIONS_DISABLED (the storefront asks only when ai/configuration says isDeployed, so a
// stale page gets an empty strip, not an error); an unknown recommender, a malformed anchor, too many anchors, an
// unsupported currency, or (TopSelling) a category the caller isn't shown → 400. An anchor product that doesn't
// exist or that the caller may not see is left out, as if it were not named: the answer is the same for both.
import { randomUUID } from 'node:crypto';
import {
  MAX_RECOMMENDATION_ANCHORS,
  MAX_RECOMMENDATIONS,
  RECOMMENDERS,
  isRecommender,
  shopperSignalsOf,
  type Recommender,
  type RecommendationWarning,
  type RecommendationsResult,
} from '@store/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { badInput } from '../../domain/errors.ts';
import { checkedId } from '../../domain/record-ids.ts';
import { requestCurrency, type CatalogueContext } from '../buyer-context.ts';
import { showsCategory } from '../category-reads.ts';
import type { PricingService } from '../pricing.ts';
import type { ProductService } from '../products.ts';
import { attachSummaryPrices } from '../summary-prices.ts';
import type { Webstore } from '../webstores.ts';
import { rankAlsoBought } from './also-bought.ts';
import { CANDIDATE_LIMIT, type RankInput } from './candidates.ts';
import { rankCompleteTheCart } from './complete-the-cart.ts';
import { rankRecentlyViewed } from './recently-viewed.ts';
import { rankSimilar } from './similar-products.ts';
import { rankTopSelling } from './top-selling.ts';

export const MISSING_RECOMMENDER_WARNING: RecommendationWarning = {
  code: 'MISSING_RECOMMENDER',
  message: 'A recommender name is required for recommendations.',
};
export const RECOMMENDATIONS_DISABLED_WARNING: RecommendationWarning = {
  code: 'RECOMMENDATIONS_DISABLED',
  message: 'Recommendations are switched off in this store.',
};

export interface RecommendationRequest {
  recommender?: string;
  anchorValues: string[];
  includePricingAndProductInformation: boolean;
  anchorFromCurrentCart: boolean;
  currencyIsoCode?: string;
}

/** Who asks: the checked buyer context, the analytics visitor (statistics consent only) and their cart. */
export interface RecommendationCaller {
  store: Webstore;
  ctx: CatalogueContext;
  visitorId: string | null;
  /** The caller's current (active) cart, if they have one. */
  currentCartId(): Promise<string | null>;
}

const empty = (recommender: Recommender | null, warning: RecommendationWarning): RecommendationsResult => ({
  recommender,
  recommendationId: null,
  productPage: { products: [], total: 0 },
  warnings: [warning],
});

export class RecommendationService {
  constructor(
    private db: Kysely<Database>,
    private products: ProductService,
    private pricing: PricingService,
  ) {}

  async recommend(caller: RecommendationCaller, q: RecommendationRequest): Promise<RecommendationsResult> {
    const { store, ctx } = caller;
    if (q.anchorValues.length > MAX_RECOMMENDATION_ANCHORS)
      throw badInput(`At most ${MAX_RECOMMENDATION_ANCHORS} anchorValues may be given.`);
    const anchorIds = [...new Set(q.anchorValues.map((v) => checkedId(v)))];
    if (q.recommender !== undefined && !isRecommender(q.recommender))
      throw badInput(`The recommender ${q.recommender} doesn't exist. Recommenders: ${RECOMMENDERS.join(', ')}.`);
    const currency = requestCurrency(store, ctx, q.currencyIsoCode);
    const recommender = q.recommender;
    if (!recommender) return empty(null, MISSING_RECOMMENDER_WARNING);
    if (!shopperSignalsOf(store.settings).recommendationsEnabled)
      return empty(recommender, RECOMMENDATIONS_DISABLED_WARNING);

    const fromCart = recommender === 'CompleteTheCart' || q.anchorFromCurrentCart;
    const cart = fromCart ? await this.cartProductIds(caller) : [];
    const categoryAnchors = recommender === 'TopSelling';
    // Anchor products the caller may not see are not used: they would tell what a hidden product sells with.
    const anchors = categoryAnchors
      ? []
      : [...new Set([...anchorIds, ...cart])].filter((id) => ctx.visibility.canSeeProduct(id));
    const rank: RankInput = {
      db: this.db,
      webstoreId: store.id,
      anchors,
      exclude: [...new Set([...anchorIds, ...cart])],
      limit: CANDIDATE_LIMIT,
    };
    const ranked = await this.rank(recommender, rank, caller, categoryAnchors ? anchorIds : []);
    const ids = ranked.filter((id) => ctx.visibility.canSeeProduct(id)).slice(0, MAX_RECOMMENDATIONS);
    const products = await this.products.summaries(store.id, ids);
    if (q.includePricingAndProductInformation) {
      await attachSummaryPrices(
        { products: this.products, pricing: this.pricing },
        { webstoreId: store.id, buyerGroupIds: ctx.buyerGroupIds, currency },
        products,
      );
      // The answer has no page-level currency (search's productsPage has one): each price says its own.
      for (const p of products) if (p.prices) p.prices.currencyIsoCode = currency;
    }
    return {
      recommender,
      recommendationId: products.length ? randomUUID() : null,
      productPage: { products, total: products.length },
      warnings: [],
    };
  }

  private async cartProductIds(caller: RecommendationCaller): Promise<string[]> {
    const cartId = await caller.currentCartId();
    if (!cartId) return [];
    const rows = await this.db.selectFrom('cart_item').select('product_id').where('cart_id', '=', cartId).execute();
    return [...new Set(rows.map((r) => r.product_id))];
  }

  private rank(r: Recommender, q: RankInput, caller: RecommendationCaller, categoryIds: string[]): Promise<string[]> {
    switch (r) {
      case 'RecentlyViewed':
        return rankRecentlyViewed({ ...q, viewer: { userId: caller.ctx.userId, visitorId: caller.visitorId } });
      case 'CustomersWhoBoughtAlsoBought':
        return rankAlsoBought(q);
      case 'SimilarProducts':
        return rankSimilar(q);
      case 'TopSelling':
        return rankTopSelling({
          ...q,
          categoryIds: categoryIds.length ? this.shownSubtrees(caller, categoryIds) : null,
        });
      case 'CompleteTheCart':
        return rankCompleteTheCart(q);
    }
  }

  /** The categories and their children; one the caller isn't shown (Draft, not entitled) is told like an unknown. */
  private shownSubtrees({ ctx }: RecommendationCaller, categoryIds: string[]): string[] {
    const out = new Set<string>();
    for (const id of categoryIds) {
      const node = ctx.tree.find(id);
      if (!node || !showsCategory(ctx.visibility, node, ctx.isPreview))
        throw badInput(`The category ${id} doesn't exist.`);
      for (const sub of ctx.tree.subtreeIds(node.row.id)) out.add(sub);
    }
    return [...out];
  }
}
