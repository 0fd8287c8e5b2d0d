// Shopper activities (spec 01 §7 "Analytics", issue 18): what the storefront reports, with the shopper's
// statistics consent only, to POST /activities/{siteId}/{activity}. The spec names the activities and the product
// activity item (spec 01 §3: id, sku, unitPrice, listPrice) but not the payloads ("not shown"): the payloads
// below are ours. Prices are decimal strings, as everywhere on the wire. The server checks every payload against
// these shapes and limits, records what it accepts, and answers 204 with no body.

export const SHOPPER_ACTIVITIES = [
  'viewProduct',
  'addToCart',
  'clickReco',
  'viewReco',
  'viewSearch',
  'clickSearch',
  'viewCategory',
  'clickCategory',
  'viewSearchSuggestion',
  'clickSearchSuggestion',
] as const;
export type ShopperActivity = (typeof SHOPPER_ACTIVITIES)[number];

export const isShopperActivity = (s: string): s is ShopperActivity =>
  (SHOPPER_ACTIVITIES as readonly string[]).includes(s);

/** Limits every payload is checked against (ours). */
export const ACTIVITY_LIMITS = {
  /** Products listed by one view (a results page, a recommendation strip). */
  maxProducts: 50,
  /** Characters of a search term; longer terms are refused, not cut. */
  maxSearchTermLength: 200,
  /** Suggested terms listed by one viewSearchSuggestion. */
  maxSuggestedTerms: 20,
  maxRecommenderLength: 80,
  maxIdLength: 40,
  maxQuantity: 1_000_000,
} as const;

/** The storefront does not send the same activity with the same payload twice within this window (spec 01 §7). */
export const ACTIVITY_THROTTLE_MS = 30_000;

/** Spec 01 §3 "Product activity item". unitPrice/listPrice: decimal strings, null when the shopper saw no price. */
export interface ActivityProduct {
  id: string;
  sku: string;
  unitPrice: string | null;
  listPrice: string | null;
}

export interface ViewProductActivity {
  product: ActivityProduct;
}
export interface AddToCartActivity {
  product: ActivityProduct;
  /** Integer quantity added. */
  quantity: number;
}
export interface ViewRecoActivity {
  /** The recommender that answered (ai/recommendations `recommender`). */
  recommender: string;
  /** The answer's recommendationId, tying a click to the list it came from. */
  recommendationId: string | null;
  /** The anchors the list was asked for (product ids), as sent to ai/recommendations. */
  anchorValues: string[];
  products: ActivityProduct[];
}
export interface ClickRecoActivity {
  recommender: string;
  recommendationId: string | null;
  anchorValues: string[];
  product: ActivityProduct;
  /** 1-based place of the product in the strip. */
  position: number;
}
export interface ViewSearchActivity {
  searchTerm: string;
  /** The category the search was narrowed to, if any. */
  categoryId: string | null;
  /** Total results (0 = a search that found nothing). */
  resultCount: number;
  /** The products on the page shown. */
  products: ActivityProduct[];
}
export interface ClickSearchActivity {
  searchTerm: string;
  categoryId: string | null;
  product: ActivityProduct;
  /** 1-based place in the whole result list (page offset included). */
  position: number;
}
export interface ViewCategoryActivity {
  categoryId: string;
  products: ActivityProduct[];
}
export interface ClickCategoryActivity {
  categoryId: string;
  product: ActivityProduct;
  position: number;
}
export interface ViewSearchSuggestionActivity {
  /** What the shopper had typed. */
  searchTerm: string;
  suggestedTerms: string[];
  /** Product ids suggested, in order. */
  suggestedProductIds: string[];
}
export interface ClickSearchSuggestionActivity {
  searchTerm: string;
  /** Exactly one of the two: the term or the product the shopper chose. */
  suggestedTerm: string | null;
  productId: string | null;
}

export interface ShopperActivityPayloads {
  viewProduct: ViewProductActivity;
  addToCart: AddToCartActivity;
  clickReco: ClickRecoActivity;
  viewReco: ViewRecoActivity;
  viewSearch: ViewSearchActivity;
  clickSearch: ClickSearchActivity;
  viewCategory: ViewCategoryActivity;
  clickCategory: ClickCategoryActivity;
  viewSearchSuggestion: ViewSearchSuggestionActivity;
  clickSearchSuggestion: ClickSearchSuggestionActivity;
}

/** Search terms are counted case- and space-insensitively ("Dentists " and "dentists" are one term). */
export const normalizeSearchTerm = (term: string): string => term.trim().replace(/\s+/g, ' ').toLowerCase();
