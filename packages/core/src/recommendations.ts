// Recommendations (spec 01 §3/§7 "Recommendation (AI) configuration", spec 02 §5/§7 "GET ai/recommendations",
// issue 18). The store is its own recommendation service: the recommenders below are computed from its own
// activities, orders and catalogue. The reference has no wire shape for either call; these are ours.
import type { ProductSummary } from './search.ts';

/** GET ai/configuration (spec 01 §3): the storefront sends activities and asks for recommendations only when on. */
export interface AiConfiguration {
  /** Activities are recorded (the shopper's consent is still needed for each). */
  activityTrackingEnabled: boolean;
  /** The store has a catalogue to recommend from. */
  catalogExists: boolean;
  /** The recommendation service answers (ai/recommendations gives results). */
  isDeployed: boolean;
  /** Where activities go: `${host}/activities/${siteId}/{activity}`. This store's own origin. */
  host: string;
  siteId: string;
  tenant: string;
  /** The seller has switched recommendations on. */
  deploymentEnabled: boolean;
}

export const RECOMMENDERS = [
  /** The shopper's (or, logged in, the user's) recently viewed datasets, newest first; anchors excluded. */
  'RecentlyViewed',
  /** Datasets most often in the same orders as the anchors, by distinct orders. */
  'CustomersWhoBoughtAlsoBought',
  /** Datasets like the anchor: same SIC family first, then shared countries and included fields. */
  'SimilarProducts',
  /** Best sellers (by ordered quantity) in the anchor category, or the store when there is none. */
  'TopSelling',
  /** Datasets bought with what is in the current cart, not already in it (anchorFromCurrentCart). */
  'CompleteTheCart',
] as const;
export type Recommender = (typeof RECOMMENDERS)[number];
export const isRecommender = (s: string): s is Recommender => (RECOMMENDERS as readonly string[]).includes(s);

/** At most this many products per answer. */
export const MAX_RECOMMENDATIONS = 12;
/** At most this many anchorValues per call (more is refused with 400). Added by the recommendations work. */
export const MAX_RECOMMENDATION_ANCHORS = 20;

export interface RecommendationQuery {
  /** Spec 02 §5: without one, a warning and an empty result (not an error). */
  recommender?: string;
  /** Product (or, for TopSelling, category) ids, comma-separated on the wire. */
  anchorValues?: string[];
  /** Each product with its prices for the effective account (ProductSummary.prices). */
  includePricingAndProductInformation?: boolean;
  /** Use the current cart's products as anchors (CompleteTheCart always does). */
  anchorFromCurrentCart?: boolean;
  currencyIsoCode?: string;
  effectiveAccountId?: string;
}

export interface RecommendationWarning {
  code: 'MISSING_RECOMMENDER' | 'RECOMMENDATIONS_DISABLED';
  message: string;
}

export interface RecommendationsResult {
  recommender: Recommender | null;
  /** Identifies this answer; the storefront echoes it in viewReco/clickReco. Null with an empty result. */
  recommendationId: string | null;
  /** Only products the effective account is entitled to; prices are the account's own. */
  productPage: { products: ProductSummary[]; total: number };
  warnings: RecommendationWarning[];
}
