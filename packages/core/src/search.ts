// Product search wire shapes (spec 01 §5 and §7; reference §4) and the rules both sides share:
// the refinement codec of the GET form, the facet names of the dataset catalogue and the sort rules.
import type {
  ProductClass,
  ProductMedia,
  ProductVariationInfo,
  PurchaseQuantityRule,
  PricingLineItemResult,
} from './wire.ts';

/** Spec 01 §5: the message of a search query with neither a categoryId nor a searchTerm. */
export const MISSING_SEARCH_QUERY_MESSAGE =
  'Either the categoryId or the searchTerm property must be defined in the search query.';

export const SEARCH_LIMITS = {
  /** Reference §4.1: page × pageSize must stay within this window. */
  window: 5000,
  maxPageSize: 200,
  defaultPageSize: 20,
  maxRefinements: 9,
  maxRefinementValues: 20,
  /** Up to 32 space-separated terms are used. */
  maxTerms: 32,
  maxSuggestionTermLength: 100,
  maxSuggestedProducts: 10,
  defaultSuggestedProducts: 6,
} as const;

export type RefinementAttributeType =
  | 'Custom'
  | 'Standard'
  | 'ProductAttribute'
  | 'ProductCategory'
  | 'PricebookEntry'
  | 'Product2';

export interface DistinctValueRefinement {
  /** Defaults to DistinctValue (reference §4.1: clients send bare {nameOrId, values}). */
  type?: 'DistinctValue';
  attributeType?: RefinementAttributeType;
  nameOrId: string;
  values: string[];
}
export interface RangeRefinement {
  type: 'Range';
  attributeType?: RefinementAttributeType;
  nameOrId: string;
  /** Inclusive bounds, as numbers or decimal strings; either may be absent. */
  min?: string | number | null;
  max?: string | number | null;
}
export type SearchRefinement = DistinctValueRefinement | RangeRefinement;

export type GroupingOption = 'VariationParent' | 'NoGrouping' | 'BestMatch';

/** The body of POST search/product-search (and the parameters of GET search/products). */
export interface ProductSearchQuery {
  searchTerm?: string;
  categoryId?: string;
  refinements?: SearchRefinement[];
  fields?: string[];
  page?: number;
  pageSize?: number;
  sortRuleId?: string;
  grouping?: { groupingOption: GroupingOption };
  includePrices?: boolean;
  includeQuantityRule?: boolean;
  /** GET form only: each variation parent carries productVariationInfo. */
  includeProductVariationInfo?: boolean;
}

export interface FieldValue {
  value: string | null;
}

/** CommerceProductSummary: search results carry fields wrapped as {value}. */
export interface ProductSummary {
  id: string;
  name: string;
  urlName: string | null;
  productClass: ProductClass;
  fields: Record<string, FieldValue>;
  defaultImage: ProductMedia;
  purchaseQuantityRule: PurchaseQuantityRule | null;
  productSellingModelInformation: { isSubscriptionProduct: boolean };
  variationAttributeSet: { developerName: string; attributes: Record<string, string> } | null;
  /** A variation parent's variations, only with includeProductVariationInfo (GET form, reference §4.2). */
  productVariationInfo?: ProductVariationInfo;
  isConfigurationAllowed: boolean;
  /** Only with includePrices (POST form). */
  prices?: PricingLineItemResult & { currencyIsoCode?: string };
}

export interface SearchCategoryRef {
  id: string;
  name: string;
  description: string | null;
  urlName: string | null;
}
export interface SearchCategory {
  category: SearchCategoryRef;
  productCount: number;
  children: SearchCategory[];
}

export interface DistinctFacetValue {
  nameOrId: string;
  displayName: string;
  productCount: number;
  type: 'DistinctValue';
}
export interface SearchFacet {
  nameOrId: string;
  attributeType: RefinementAttributeType;
  facetType: 'DistinctValue' | 'Range';
  displayType: 'MultiSelect' | 'SingleSelect' | 'CategoryTree' | 'Range';
  displayName: string;
  displayRank: number;
  values: DistinctFacetValue[];
  /** Range facets: the smallest and largest value among the matching products. */
  min?: string | null;
  max?: string | null;
}

export interface ProductSearchResults {
  locale: string;
  correlationId: string;
  productsPage: { pageSize: number; total: number; products: ProductSummary[]; currencyIsoCode?: string };
  categories: SearchCategory | null;
  facets: SearchFacet[];
}

export interface SortRule {
  sortRuleId: string;
  label: string;
  labelSuffix: string | null;
  nameOrId: string;
  direction: 'Ascending' | 'Descending' | 'Default';
  type: 'Relevancy' | 'ProductBased' | 'SortByPricebook';
  sortOrder: number;
}

/** Sort rules of the store (GET search/sort-rules); the first is the default (relevance). */
export const SORT_RULES: readonly SortRule[] = [
  {
    sortRuleId: '0lbRELEVANCE000AAA',
    label: 'Best Match',
    labelSuffix: null,
    nameOrId: 'Relevance',
    direction: 'Default',
    type: 'Relevancy',
    sortOrder: 1,
  },
  {
    sortRuleId: '0lbPRICEASC0000AAA',
    label: 'Price',
    labelSuffix: 'LowHigh',
    nameOrId: 'UnitPrice',
    direction: 'Ascending',
    type: 'SortByPricebook',
    sortOrder: 2,
  },
  {
    sortRuleId: '0lbPRICEDESC000AAA',
    label: 'Price',
    labelSuffix: 'HighLow',
    nameOrId: 'UnitPrice',
    direction: 'Descending',
    type: 'SortByPricebook',
    sortOrder: 3,
  },
  {
    sortRuleId: '0lbNAMEASC00000AAA',
    label: 'Name',
    labelSuffix: 'Az',
    nameOrId: 'Name',
    direction: 'Ascending',
    type: 'ProductBased',
    sortOrder: 4,
  },
  {
    sortRuleId: '0lbNEWEST000000AAA',
    label: 'Date Added',
    labelSuffix: 'Newest',
    nameOrId: 'CreatedDate',
    direction: 'Descending',
    type: 'ProductBased',
    sortOrder: 5,
  },
];

/** Human label of a sort rule: label plus its suffix. */
export function sortRuleLabel(rule: SortRule): string {
  const suffix: Record<string, string> = {
    LowHigh: 'Low to High',
    HighLow: 'High to Low',
    Az: 'A to Z',
    Za: 'Z to A',
    Newest: 'Newest First',
  };
  return rule.labelSuffix ? `${rule.label}: ${suffix[rule.labelSuffix] ?? rule.labelSuffix}` : rule.label;
}

/** The facets of the dataset catalogue, by their nameOrId. */
export const SEARCH_FACETS = {
  countries: 'Countries__c',
  sicDivision: 'SicDivision__c',
  sicCode: 'B2B_SIC_Code__c',
  listStatus: 'ListStatus__c',
  recordCount: 'B2B_Record_Count__c',
  price: 'UnitPrice',
  category: 'ProductCategory',
} as const;

/** Bucket values of the range facets: "min-max" with an open end as "min-" (whole units). */
export const RECORD_COUNT_BUCKETS = ['0-999', '1000-9999', '10000-49999', '50000-'] as const;
export const PRICE_BUCKETS = ['0-99', '100-249', '250-499', '500-999', '1000-'] as const;

/** Parses a bucket "a-b" / "a-" into inclusive bounds (upper bound exclusive of the next bucket). */
export function parseBucket(value: string): { min: number | null; max: number | null } | null {
  const m = /^(\d+(?:\.\d+)?)?-(\d+(?:\.\d+)?)?$/.exec(value.trim());
  if (!m || (m[1] === undefined && m[2] === undefined)) return null;
  return { min: m[1] === undefined ? null : Number(m[1]), max: m[2] === undefined ? null : Number(m[2]) };
}

export interface SuggestedTerm {
  value: string;
  productCount: number;
}
export interface SuggestedProduct {
  id: string;
  name: string;
  urlName: string | null;
  defaultImage: ProductMedia;
}
/**
 * GET search/suggestions. `recentSearchSuggestions` is the platform's property; the names of the
 * suggested terms and products are ours (the reference did not find the platform's).
 */
export interface SearchSuggestions {
  recentSearchSuggestions: Array<{ value: string }>;
  suggestedTerms: SuggestedTerm[];
  suggestedProducts: SuggestedProduct[];
}

// --- refinements as URL-safe base64 JSON (spec 01 §7, the GET form) ---

function utf8ToBinary(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) out += String.fromCharCode(byte);
  return out;
}

/** URL-safe base64 (no padding) of the refinements' JSON. */
export function encodeRefinements(refinements: readonly SearchRefinement[]): string {
  return btoa(utf8ToBinary(JSON.stringify(refinements)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The JSON behind an encoded refinements value; throws an Error with a user-facing message when malformed. */
export function decodeRefinementsJson(encoded: string): unknown {
  const b64 = encoded.trim().replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.replace(/=+$/, '').length % 4 === 1) {
    throw new Error('The refinements parameter is not valid URL-safe base64.');
  }
  let text: string;
  try {
    const binary = atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, '='));
    text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    throw new Error('The refinements parameter is not valid URL-safe base64.');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new Error('The refinements parameter does not decode to JSON.');
  }
}
