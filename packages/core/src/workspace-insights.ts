// Seller insights (issue 18): what the workspace shows from the store's activities and orders over a period.

export interface InsightPeriod {
  /** ISO 8601 date (inclusive), e.g. 2026-11-01. */
  from: string;
  /** ISO 8601 date (inclusive). */
  to: string;
}

/** One dataset's funnel: views → add-to-cart → orders, with the recommendation clicks that led to it. */
export interface DatasetFunnelRow {
  productId: string;
  sku: string;
  name: string;
  views: number;
  addToCarts: number;
  /** Distinct placed orders holding the dataset. */
  orders: number;
  recoClicks: number;
}

export interface SearchTermRow {
  /** Normalised (core normalizeSearchTerm). */
  term: string;
  searches: number;
  /** Searches of the term that found nothing. */
  zeroResultSearches: number;
}

export interface WorkspaceInsights {
  period: InsightPeriod;
  funnel: DatasetFunnelRow[];
  topSearchTerms: SearchTermRow[];
  zeroResultSearchTerms: SearchTermRow[];
}
