// Product search and suggestions for a buyer: turns a validated search query into an engine query
// (the buyer's entitled categories, the searched category's subtree, refinements, the buyer's price
// books), runs it on the store's index (the SearchEngine policy) and shapes the platform's
// ProductSearchResults.
import {
  PRICE_BUCKETS,
  RECORD_COUNT_BUCKETS,
  SEARCH_FACETS,
  SORT_RULES,
  parseBucket,
  type DistinctFacetValue,
  type ProductSearchResults,
  type SearchCategory,
  type SearchFacet,
  type SearchRefinement,
  type SearchSuggestions,
} from '@store/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError, badInput } from '../domain/errors.ts';
import { readSynonymGroups, writeSynonymGroups } from '../search/synonym-groups.ts';
import type { CategoryNode, CategoryTree } from './category-tree.ts';
import { showsCategory } from './category-reads.ts';
import type { Visibility } from './entitlements.ts';
import type { PricingService } from './pricing.ts';
import type { ProductService } from './products.ts';
import { listingSummaries } from './listing-summaries.ts';
import type { ProductReadModel } from './product-read-model.ts';
import type { SearchEngine, StoreSearcher } from '../policies/search-engine.ts';
import {
  type DistinctFacet,
  type EngineQuery,
  type FacetCounts,
  type Range,
  type Selection,
  type SortOrder,
  PRICE_RANGES,
  RECORD_RANGES,
  distinctDict,
} from '../search/engine.ts';
import type { Dict } from '../search/segment.ts';
import type { ProductSummary } from '@store/core';

export interface SearchInput {
  searchTerm?: string;
  categoryId?: string;
  refinements: SearchRefinement[];
  fields?: string[];
  page: number;
  pageSize: number;
  sortRuleId?: string;
  grouping: 'VariationParent' | 'NoGrouping';
  includePrices: boolean;
  includeQuantityRule: boolean;
  /** Variation parents carry productVariationInfo (their variations the caller may see). */
  includeProductVariationInfo?: boolean;
}

export interface Audience {
  webstoreId: string;
  tree: CategoryTree;
  visibility: Visibility;
  buyerGroupIds: string[];
  currency: string;
  /** The administrator's preview: a Draft category may then be searched by id. */
  isPreview?: boolean;
  /** The catalogue version the caller has just read, if it has. */
  catalogVersion?: number;
}

/** The audience of a search from a caller's catalogue context: their groups decide entitlements and prices. */
export function audienceOf(
  webstoreId: string,
  ctx: Pick<Audience, 'tree' | 'visibility' | 'buyerGroupIds' | 'currency' | 'isPreview'>,
): Audience {
  return {
    webstoreId,
    tree: ctx.tree,
    visibility: ctx.visibility,
    buyerGroupIds: ctx.buyerGroupIds,
    currency: ctx.currency,
    isPreview: ctx.isPreview,
  };
}

const SORTS: Record<string, SortOrder> = {
  [SORT_RULES[0]!.sortRuleId]: 'relevance',
  [SORT_RULES[1]!.sortRuleId]: 'priceAsc',
  [SORT_RULES[2]!.sortRuleId]: 'priceDesc',
  [SORT_RULES[3]!.sortRuleId]: 'nameAsc',
  [SORT_RULES[4]!.sortRuleId]: 'newest',
};

const FACETS: Array<{
  key: DistinctFacet | 'recordCount' | 'price';
  nameOrId: string;
  displayName: string;
  attributeType: SearchFacet['attributeType'];
}> = [
  { key: 'countries', nameOrId: SEARCH_FACETS.countries, displayName: 'Countries', attributeType: 'Custom' },
  { key: 'division', nameOrId: SEARCH_FACETS.sicDivision, displayName: 'Industry', attributeType: 'Custom' },
  { key: 'sicCode', nameOrId: SEARCH_FACETS.sicCode, displayName: 'SIC Code', attributeType: 'Custom' },
  { key: 'status', nameOrId: SEARCH_FACETS.listStatus, displayName: 'List Status', attributeType: 'Custom' },
  { key: 'recordCount', nameOrId: SEARCH_FACETS.recordCount, displayName: 'Record Count', attributeType: 'Custom' },
  { key: 'price', nameOrId: SEARCH_FACETS.price, displayName: 'Price', attributeType: 'PricebookEntry' },
];
/** A long facet (hundreds of SIC codes) shows its most frequent values; selected ones always show. */
const MAX_FACET_VALUES = 30;

const facetByName = (nameOrId: string) => {
  const n = nameOrId.toLowerCase();
  if (n === SEARCH_FACETS.category.toLowerCase()) return 'category' as const;
  return FACETS.find((f) => f.nameOrId.toLowerCase() === n)?.key;
};

const ref = (c: CategoryNode) => ({
  id: c.row.id,
  name: c.row.name,
  description: c.row.description,
  urlName: c.row.url_name,
});

function assertSynonymAdmin(caller: { isAdmin: boolean }): void {
  if (!caller.isAdmin)
    throw new ApiError(403, 'INSUFFICIENT_ACCESS', 'Only the store administrator may manage search synonyms.');
}

export class SearchService {
  constructor(
    private index: SearchEngine,
    readonly products: ProductService,
    readonly pricing: PricingService,
    readonly readModel: ProductReadModel,
    private db: Kysely<Database>,
  ) {}

  /** The store's synonym groups; the store administrator's alone to read. */
  async synonymGroups(
    caller: { isAdmin: boolean },
    webstoreId: string,
  ): Promise<{ synonymGroups: Array<{ terms: string[] }> }> {
    assertSynonymAdmin(caller);
    return { synonymGroups: (await readSynonymGroups(this.db, webstoreId)).map((terms) => ({ terms })) };
  }

  /** Replaces the store's synonym groups (effective on the next query), and answers with them as stored. */
  async replaceSynonymGroups(
    caller: { isAdmin: boolean },
    webstoreId: string,
    groups: readonly string[][],
  ): Promise<{ synonymGroups: Array<{ terms: string[] }> }> {
    assertSynonymAdmin(caller);
    await writeSynonymGroups(this.db, webstoreId, groups);
    return this.synonymGroups(caller, webstoreId);
  }

  /**
   * `asText`: products the read model keeps may be JsonText in the answer (typed as summaries): for a reply sent
   * as it is, not for a caller that reads the products.
   */
  async search(
    a: Audience,
    input: SearchInput,
    correlationId: string,
    o: { asText?: boolean } = {},
  ): Promise<ProductSearchResults> {
    const { searcher: engine, booksFor } = await this.index.open(a.webstoreId, a.catalogVersion);
    const { tree, visibility } = a;
    const found = input.categoryId ? tree.find(input.categoryId) : undefined;
    // A Draft category (outside preview) or one the buyer is not entitled to is told like an unknown one.
    const category = found && showsCategory(visibility, found, !!a.isPreview) ? found : undefined;
    if (input.categoryId && !category) throw badInput(`The category ${input.categoryId} doesn't exist.`);
    const sort = input.sortRuleId ? SORTS[input.sortRuleId] : 'relevance';
    if (!sort)
      throw badInput(
        `The sort rule ${input.sortRuleId} doesn't exist. Sort rules: ${SORT_RULES.map((r) => r.sortRuleId).join(', ')}.`,
      );

    const cats = engine.dicts.categories;
    // Search shows Live categories only, previewing or not.
    const shown = (n: CategoryNode) => showsCategory(visibility, n, false);
    const groups = category ? category.children.filter(shown) : tree.roots.filter(shown);
    const q: EngineQuery = {
      term: input.searchTerm ?? null,
      scope: category ? subtreeMask(cats, tree, category.row.id) : null,
      granted: visibility.grantedCategoryIds ? grantedMask(cats, visibility.grantedCategoryIds) : null,
      // A category refinement names shown categories only: a Draft or hidden one selects nothing, as an unknown one.
      selections: this.selections(engine, tree, input.refinements, (n) => showsCategory(visibility, n, !!a.isPreview)),
      priceBooks: booksFor(a.buyerGroupIds, a.currency),
      sort,
      grouping: input.grouping,
      offset: input.page * input.pageSize,
      limit: input.pageSize,
      facets: true,
      categoryGroups: groups.map((g) => subtreeMask(cats, tree, g.row.id)),
    };
    const result = engine.search(q);
    const ids = result.hits.map((h) => h.productId);
    // A quantity rule is always there (includeQuantityRule asks for what the summary holds anyway).
    const products = (await listingSummaries(this, a, ids, {
      withPrices: !!input.includePrices,
      asText: !!o.asText,
      fields: input.fields,
      variationInfoFor: input.includeProductVariationInfo ? a : undefined,
    })) as ProductSummary[];

    const groupCounts = result.categoryCounts ?? new Int32Array(0);
    const children: SearchCategory[] = groups
      .map((g, i) => ({ category: ref(g), productCount: groupCounts[i] ?? 0, children: [] }))
      .filter((c) => c.productCount > 0);
    const facets = this.facets(engine, result.facets!, input.refinements, a.currency, groups);
    return {
      locale: 'en_US',
      correlationId,
      facets,
      categories: category ? { category: ref(category), productCount: result.total, children } : null,
      productsPage: {
        pageSize: input.pageSize,
        total: result.total,
        products,
        ...(input.includePrices ? { currencyIsoCode: a.currency } : {}),
      },
    };
  }

  async suggestions(
    a: Audience,
    o: {
      searchTerm: string;
      maxResults: number;
      includeSuggestedTerms: boolean;
      includeSuggestedProducts: boolean;
      maxSuggestedProducts: number;
      popularProductsCategoryId?: string;
    },
  ): Promise<SearchSuggestions> {
    const { searcher: engine, booksFor } = await this.index.open(a.webstoreId, a.catalogVersion);
    const granted = a.visibility.grantedCategoryIds
      ? grantedMask(engine.dicts.categories, a.visibility.grantedCategoryIds)
      : null;
    const term = o.searchTerm.trim();
    const suggestedTerms =
      o.includeSuggestedTerms && term ? engine.suggestTerms(o.searchTerm, granted, o.maxResults) : [];
    let suggestedProducts: SearchSuggestions['suggestedProducts'] = [];
    if (o.includeSuggestedProducts) {
      // With no term, the popular products of a category: its largest lists first.
      const popular = !term && o.popularProductsCategoryId ? a.tree.find(o.popularProductsCategoryId) : undefined;
      if (term || (popular && showsCategory(a.visibility, popular, !!a.isPreview))) {
        const found = engine.search({
          term: term || null,
          prefix: true,
          scope: popular ? subtreeMask(engine.dicts.categories, a.tree, popular.row.id) : null,
          granted,
          selections: [],
          priceBooks: booksFor(a.buyerGroupIds, a.currency),
          sort: 'relevance',
          grouping: 'VariationParent',
          offset: 0,
          limit: o.maxSuggestedProducts,
          facets: false,
          categoryGroups: null,
        });
        const summaries = await this.products.summaries(
          a.webstoreId,
          found.hits.map((h) => h.productId),
          { fields: ['Name'] },
        );
        suggestedProducts = summaries.map((p) => ({
          id: p.id,
          name: p.name,
          urlName: p.urlName,
          defaultImage: p.defaultImage,
        }));
      }
    }
    return { recentSearchSuggestions: [], suggestedTerms, suggestedProducts };
  }

  /** Refinements as engine selections; unknown fields and malformed ranges are bad input. */
  private selections(
    engine: StoreSearcher,
    tree: CategoryTree,
    refinements: SearchRefinement[],
    shown: (n: CategoryNode) => boolean,
  ): Selection[] {
    const d = engine.dicts;
    const out: Selection[] = [];
    for (const r of refinements) {
      const key = facetByName(r.nameOrId);
      if (!key)
        throw badInput(
          `Refinements on ${r.nameOrId} aren't supported. Refine on: ${[...FACETS.map((f) => f.nameOrId), SEARCH_FACETS.category].join(', ')}.`,
        );
      if (out.some((s) => s.key === key)) throw badInput(`${r.nameOrId} is refined more than once.`);
      if (r.type === 'Range') {
        if (key !== 'recordCount' && key !== 'price')
          throw badInput(`${r.nameOrId} takes DistinctValue refinements, not Range.`);
        const range = { min: bound(r.min, r.nameOrId), max: bound(r.max, r.nameOrId) };
        if (range.min !== null && range.max !== null && range.min > range.max)
          throw badInput(`The Range refinement on ${r.nameOrId} has min above max.`);
        out.push({ key, ranges: [range] });
        continue;
      }
      if (!r.values.length) continue;
      if (key === 'recordCount' || key === 'price') {
        const ranges: Range[] = r.values.map((v) => {
          const b = parseBucket(v);
          if (!b) throw badInput(`"${v}" isn't a range of ${r.nameOrId}; use "min-max", "min-" or "-max".`);
          return b;
        });
        out.push({ key, ranges });
      } else if (key === 'category') {
        const ids = r.values.flatMap((v) => {
          const c = tree.find(v);
          return c && shown(c) ? tree.subtreeIds(c.row.id) : [];
        });
        out.push({ key, mask: mask(d.categories, ids) });
      } else {
        const dict = distinctDict(d, key);
        out.push({ key, ords: new Set(r.values.map((v) => dict.get(v)).filter((o): o is number => o !== undefined)) });
      }
    }
    return out;
  }

  private facets(
    engine: StoreSearcher,
    counts: FacetCounts,
    refinements: SearchRefinement[],
    currency: string,
    groups: CategoryNode[],
  ): SearchFacet[] {
    const d = engine.dicts;
    const selected = (nameOrId: string) => {
      const r = refinements.find((x) => x.nameOrId.toLowerCase() === nameOrId.toLowerCase());
      return new Set(r && r.type !== 'Range' ? r.values : []);
    };
    const out: SearchFacet[] = [];
    const categoryValues: DistinctFacetValue[] = groups.map((g, i) => ({
      nameOrId: g.row.id,
      displayName: g.row.name,
      productCount: counts.category[i] ?? 0,
      type: 'DistinctValue' as const,
    }));
    const chosenCats = selected(SEARCH_FACETS.category);
    const catValues = categoryValues.filter((v) => v.productCount > 0 || chosenCats.has(v.nameOrId));
    if (catValues.length) {
      out.push({
        nameOrId: SEARCH_FACETS.category,
        attributeType: 'ProductCategory',
        facetType: 'DistinctValue',
        displayType: 'CategoryTree',
        displayName: 'Category',
        displayRank: 1,
        values: catValues,
      });
    }
    FACETS.forEach((f, i) => {
      const chosen = selected(f.nameOrId);
      let values: DistinctFacetValue[];
      if (f.key === 'recordCount' || f.key === 'price') {
        const buckets = f.key === 'price' ? PRICE_BUCKETS : RECORD_COUNT_BUCKETS;
        const labels = rangeLabels(f.key, currency);
        // Range facets keep their natural order (low to high), not the alphabetical one.
        values = [];
        for (let k = 0; k < buckets.length; k++) {
          const productCount = counts[f.key][k] ?? 0;
          if (productCount > 0 || chosen.has(buckets[k]!))
            values.push({ nameOrId: buckets[k]!, displayName: labels[k]!, productCount, type: 'DistinctValue' });
        }
      } else {
        const dict = distinctDict(d, f.key);
        const label = (v: string) => (f.key === 'sicCode' ? (d.sicLabels.get(v) ?? v) : v);
        const facetCounts = counts[f.key];
        // Only the values shown are made into objects (a long dictionary has hundreds with no match).
        values = [];
        for (let o = 0; o < dict.values.length; o++) {
          const v = dict.values[o]!;
          const productCount = facetCounts[o] ?? 0;
          if (productCount > 0 || chosen.has(v))
            values.push({ nameOrId: v, displayName: label(v), productCount, type: 'DistinctValue' });
        }
        values = values
          .sort((a, b) => b.productCount - a.productCount)
          .filter((v, k) => k < MAX_FACET_VALUES || chosen.has(v.nameOrId))
          .sort((a, b) => byName.compare(a.displayName, b.displayName));
      }
      if (values.length)
        out.push({
          nameOrId: f.nameOrId,
          attributeType: f.attributeType,
          facetType: 'DistinctValue',
          displayType: 'MultiSelect',
          displayName: f.displayName,
          displayRank: i + 2,
          values,
        });
    });
    return out;
  }
}

/** The same order as `a.localeCompare(b, 'en')`, with the collator made once rather than per comparison. */
const byName = new Intl.Collator('en');

/** The range facets' labels per currency ("Under $500", "$500–$999", "$5,000 and above"), formatted once. */
const RANGE_LABELS = new Map<string, readonly string[]>();
function rangeLabels(key: 'price' | 'recordCount', currency: string): readonly string[] {
  const cacheKey = key === 'price' ? `price:${currency}` : key;
  let labels = RANGE_LABELS.get(cacheKey);
  if (!labels) {
    const format =
      key === 'price'
        ? new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 })
        : new Intl.NumberFormat('en-US');
    const fmt = (v: number) => format.format(v);
    labels = (key === 'price' ? PRICE_RANGES : RECORD_RANGES).map((r) =>
      r.min === null || r.min === 0
        ? `Under ${fmt(r.max! + 1)}`
        : r.max === null
          ? `${fmt(r.min)} and above`
          : `${fmt(r.min)}–${fmt(r.max)}`,
    );
    // Currencies are the stores' supported codes (requestCurrency refuses others), so this stays small.
    RANGE_LABELS.set(cacheKey, labels);
  }
  return labels;
}

function bound(v: string | number | null | undefined, name: string): number | null {
  if (v === undefined || v === null || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n)) throw badInput(`The Range refinement on ${name} needs numeric min and max.`);
  return n;
}

// A search's category masks are made once per category dictionary (an index's), tree and size of the
// dictionary (a delta segment may add categories to it): a tree, a visibility and a dictionary are each one
// catalogue version's, and every search of a store asks for the masks of the same roots. Masks are read only.
const subtreeMasks = new WeakMap<Dict, WeakMap<CategoryTree, Map<string, Uint8Array>>>();
const grantedMasks = new WeakMap<Dict, WeakMap<ReadonlySet<string>, Uint8Array>>();

/** The value kept under `key`, made and kept first when there is none. */
function kept<K extends object | string, V>(
  map: { get(k: K): V | undefined; set(k: K, v: V): unknown },
  key: K,
  make: () => V,
): V {
  const found = map.get(key);
  if (found !== undefined) return found;
  const made = make();
  map.set(key, made);
  return made;
}

function subtreeMask(dict: Dict, tree: CategoryTree, categoryId: string): Uint8Array {
  const byTree = kept(subtreeMasks, dict, () => new WeakMap<CategoryTree, Map<string, Uint8Array>>());
  const masks = kept(byTree, tree, () => new Map<string, Uint8Array>());
  return kept(masks, `${categoryId}|${dict.size}`, () => mask(dict, tree.subtreeIds(categoryId)));
}

function grantedMask(dict: Dict, granted: ReadonlySet<string>): Uint8Array {
  const bySet = kept(grantedMasks, dict, () => new WeakMap<ReadonlySet<string>, Uint8Array>());
  const m = bySet.get(granted);
  if (m && m.length === dict.size) return m;
  const made = mask(dict, granted);
  bySet.set(granted, made);
  return made;
}

/** A mask over category ordinals: 1 for each listed category the index knows. */
function mask(dict: Dict, ids: Iterable<string>): Uint8Array {
  const m = new Uint8Array(dict.size);
  for (const id of ids) {
    const o = dict.get(id);
    if (o !== undefined) m[o] = 1;
  }
  return m;
}
