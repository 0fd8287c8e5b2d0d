// The state of a results page lives in its URL (so links share it and the back button restores it):
// `refinements` (the API's own URL-safe base64 JSON), `sort` (a sortRuleId; absent = the default
// rule) and `page` (1-based; absent = 1). The search page adds `term` and `category`. Reading is
// forgiving (a hand-edited URL shows unfiltered results rather than an error page); writing is
// canonical (same choices, same URL).

import {
  decodeRefinementsJson,
  encodeRefinements,
  SEARCH_LIMITS,
  type SearchFacet,
  type SearchRefinement,
} from '@store/core';

export const SEARCH_PATH = '/search';

export interface ResultsState {
  refinements: SearchRefinement[];
  /** null: the store's default sort rule. */
  sortRuleId: string | null;
  /** 1-based. */
  page: number;
}

export interface ResultsParams extends ResultsState {
  /** The `refinements` parameter was present but unreadable, so it is ignored. */
  refinementsIgnored: boolean;
}

/** Where a set of results lives: its path and the parameters that are not results state (the term). */
export interface ResultsBase {
  path: string;
  params?: Record<string, string>;
}

/** The last page the API can serve: page × pageSize stays within its 5,000-result window. */
export const lastReachablePage = (pageSize: number): number => Math.max(1, Math.floor(SEARCH_LIMITS.window / pageSize));

const isText = (v: unknown): v is string => typeof v === 'string';
const isBound = (v: unknown): boolean =>
  v === undefined || v === null || typeof v === 'string' || typeof v === 'number';

function isRefinement(r: unknown): r is SearchRefinement {
  if (!r || typeof r !== 'object') return false;
  const o = r as Record<string, unknown>;
  if (!isText(o.nameOrId) || o.nameOrId === '') return false;
  if (o.type === 'Range') return isBound(o.min) && isBound(o.max);
  return (o.type === undefined || o.type === 'DistinctValue') && Array.isArray(o.values) && o.values.every(isText);
}

/** The refinements of a URL parameter, or null when it is not a list of refinements. */
export function parseRefinements(encoded: string): SearchRefinement[] | null {
  try {
    const value = decodeRefinementsJson(encoded);
    return Array.isArray(value) && value.every(isRefinement) ? value : null;
  } catch {
    return null;
  }
}

export function readResultsParams(params: URLSearchParams, pageSize: number): ResultsParams {
  const encoded = params.get('refinements');
  const refinements = encoded ? parseRefinements(encoded) : [];
  const sort = params.get('sort')?.trim() ?? '';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    refinements: refinements ?? [],
    refinementsIgnored: refinements === null,
    // Record ids only; anything else cannot be a sort rule.
    sortRuleId: /^[A-Za-z0-9]{15,18}$/.test(sort) ? sort : null,
    page: Number.isFinite(page) ? Math.min(Math.max(page, 1), lastReachablePage(pageSize)) : 1,
  };
}

/** The URL of these results with some of their state changed. */
export function resultsHref(base: ResultsBase, state: ResultsState): string {
  const q = new URLSearchParams(base.params);
  const refinements = state.refinements.filter((r) => r.type === 'Range' || r.values.length > 0);
  if (refinements.length) q.set('refinements', encodeRefinements(refinements));
  if (state.sortRuleId) q.set('sort', state.sortRuleId);
  if (state.page > 1) q.set('page', String(state.page));
  const query = q.toString();
  return query ? `${base.path}?${query}` : base.path;
}

/** The search page for a term. */
export const searchHref = (term: string): string =>
  resultsHref({ path: SEARCH_PATH, params: { term: term.trim() } }, { refinements: [], sortRuleId: null, page: 1 });

/** The values chosen for a facet. */
export function selectedValues(
  refinements: readonly SearchRefinement[],
  facet: Pick<SearchFacet, 'nameOrId'>,
): string[] {
  const r = refinements.find((x) => x.nameOrId === facet.nameOrId && x.type !== 'Range');
  return r && r.type !== 'Range' ? r.values : [];
}

/**
 * The refinements with one facet value checked or unchecked: one DistinctValue refinement per facet
 * with selections, as the API expects, dropped once its last value goes. Values and facets are kept
 * sorted, so the same choices always make the same URL.
 */
export function toggleRefinement(
  refinements: readonly SearchRefinement[],
  facet: Pick<SearchFacet, 'nameOrId' | 'attributeType'>,
  value: string,
  checked: boolean,
): SearchRefinement[] {
  const others = refinements.filter((r) => r.nameOrId !== facet.nameOrId);
  const values = new Set(selectedValues(refinements, facet));
  if (checked) values.add(value);
  else values.delete(value);
  if (values.size === 0) return others;
  const own: SearchRefinement = {
    type: 'DistinctValue',
    attributeType: facet.attributeType,
    nameOrId: facet.nameOrId,
    values: [...values].sort(),
  };
  return [...others, own].sort((a, b) => (a.nameOrId < b.nameOrId ? -1 : a.nameOrId > b.nameOrId ? 1 : 0));
}
