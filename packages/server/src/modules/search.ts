// Search routes (spec 01 §5 and §7; reference §4): product search in its GET form (refinements as
// URL-safe base64 JSON) and POST form (a JSON body, with prices), suggestions, sort rules, and the
// seller's synonym groups. Validation here; the work is in services/search.ts and search/.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { queryKey } from '../services/response-cache.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MISSING_SEARCH_QUERY_MESSAGE,
  SEARCH_LIMITS,
  SORT_RULES,
  decodeRefinementsJson,
  type SearchRefinement,
} from '@store/core';
import type { Services } from '../services/index.ts';
import type { SearchInput } from '../services/search.ts';
import { badInput } from '../domain/errors.ts';
import { buyerContext, catalogueContext } from '../http/context.ts';
import { csv, decimalInput, flag, freeText, ignoredParams, optionalAccount, webstoreParams } from './schemas.ts';
import type { Webstore } from '../services/webstores.ts';
import { WEBSTORE } from './base.ts';

const L = SEARCH_LIMITS;
const value = decimalInput(100);
const refinement = z.union([
  z.object({
    type: z.literal('Range'),
    attributeType: z.string().max(40).optional(),
    nameOrId: z.string().min(1).max(100),
    min: value.nullable().optional(),
    max: value.nullable().optional(),
  }),
  z.object({
    type: z.literal('DistinctValue').optional(),
    attributeType: z.string().max(40).optional(),
    nameOrId: z.string().min(1).max(100),
    values: z.array(z.string().max(255)).max(L.maxRefinementValues),
  }),
]);
const refinements = z.array(refinement).max(L.maxRefinements);
const pageSize = z.coerce.number().int().min(1).max(L.maxPageSize).default(L.defaultPageSize);
// Bounded like every page number: deep pages of a relevance-ranked list are not browsed, and a float is never an offset.
const page = z.coerce.number().int().min(0).max(10_000).default(0);
const grouping = z
  .enum(['VariationParent', 'NoGrouping', 'BestMatch'])
  .default('VariationParent')
  .transform((g) => (g === 'NoGrouping' ? ('NoGrouping' as const) : ('VariationParent' as const)));

const getQuery = z.object({
  searchTerm: freeText(1000).optional(),
  categoryId: z.string().max(120).optional(),
  refinements: z.string().max(20_000).optional(),
  page,
  pageSize,
  fields: csv.optional(),
  sortRuleId: z.string().max(40).optional(),
  grouping,
  includeQuantityRule: flag.optional(),
  includeProductVariationInfo: flag.optional(),
  searchFields: csv.optional(),
  effectiveBuyerGroupIds: z.string().optional(),
  effectiveAccountId: optionalAccount,
  ...ignoredParams,
});

const postBody = z
  .object({
    searchTerm: freeText(1000).nullable().optional(),
    categoryId: z.string().max(120).nullable().optional(),
    refinements: refinements.optional(),
    page,
    pageSize,
    fields: z.array(z.string().max(100)).max(100).optional(),
    sortRuleId: z.string().max(40).nullable().optional(),
    grouping: z.object({ groupingOption: grouping, topProductType: z.string().optional() }).optional(),
    includePrices: z.boolean().default(false),
    includeQuantityRule: z.boolean().default(false),
  })
  .strict();

const suggestionsQuery = z.object({
  searchTerm: freeText(L.maxSuggestionTermLength),
  maxResults: z.coerce.number().int().min(1).max(10).default(10),
  includeSuggestedProducts: flag.optional().transform((v) => v ?? false),
  includeSuggestedTerms: flag.optional().transform((v) => v ?? true),
  maxSuggestedProducts: z.coerce.number().int().min(1).max(L.maxSuggestedProducts).default(L.defaultSuggestedProducts),
  popularProductsCategoryId: z.string().max(120).optional(),
  effectiveAccountId: optionalAccount,
  ...ignoredParams,
});

const synonymsBody = z
  .object({
    synonymGroups: z.array(z.object({ terms: z.array(freeText(60).trim().min(1)).min(2).max(20) })).max(500),
  })
  .strict();
/** Stands in for the request's correlationId in a cached answer. */
const CORRELATION_ID = '\u0000correlation';
const CORRELATION_PLACEHOLDER = Buffer.from(JSON.stringify(CORRELATION_ID));
const MANAGEMENT = '/services/data/:apiVersion/commerce/management/webstores/:webstoreId';

function decodeRefinements(encoded: string | undefined): SearchRefinement[] {
  if (!encoded) return [];
  let json: unknown;
  try {
    json = decodeRefinementsJson(encoded);
  } catch (e) {
    throw badInput((e as Error).message);
  }
  const parsed = refinements.safeParse(json);
  if (!parsed.success)
    throw badInput(
      `The refinements are not a valid list of refinements: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'refinements'}: ${i.message}`).join('; ')}`,
    );
  return parsed.data as SearchRefinement[];
}

function checkQuery(input: SearchInput): SearchInput {
  if (!input.categoryId && !input.searchTerm?.trim()) throw badInput(MISSING_SEARCH_QUERY_MESSAGE);
  if ((input.page + 1) * input.pageSize > L.window) throw badInput(`page × pageSize must not exceed ${L.window}.`);
  // Up to 32 space-separated terms are used (reference §4.1).
  if (input.searchTerm) input.searchTerm = input.searchTerm.trim().split(/\s+/).slice(0, L.maxTerms).join(' ');
  return input;
}

export function searchRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const audience = async (req: FastifyRequest, store: Webstore, effectiveAccountId?: string) => {
    const ctx = await catalogueContext(s, req, store, effectiveAccountId);
    return {
      webstoreId: store.id,
      tree: ctx.tree,
      visibility: ctx.visibility,
      buyerGroupIds: ctx.buyerGroupIds,
      currency: ctx.currency,
      isPreview: ctx.isPreview,
      // webstores.get has just read the store's versions, this one with them: no second read of it.
      catalogVersion: store.catalogVersion,
    };
  };
  /**
   * Answers kept per catalogue version (read fresh, so a change is never answered from the cache) and
   * audience (buyer groups decide entitlements and prices; currency): shoppers repeat popular queries
   * and, above all, the same typed prefixes. The request's correlationId is put in on the way out.
   */
  const cached = async (
    req: FastifyRequest,
    reply: FastifyReply,
    a: Awaited<ReturnType<typeof audience>>,
    kind: string,
    query: Record<string, unknown>,
    create: (catalogVersion: number) => Promise<unknown>,
  ) => {
    const version = a.catalogVersion;
    // Preview is in the key: an administrator's Draft answer must not reach the next caller of the same groups.
    const key = `${kind}|${a.webstoreId}|${version}|${[...a.buyerGroupIds].sort().join(',')}|${a.currency}|${a.isPreview ? 'preview' : 'live'}|${queryKey(query)}`;
    // The answer is made at the version in its key (the index need not read it again).
    const body = await s.responses.getOrCreate(key, () => create(version));
    const at = body.indexOf(CORRELATION_PLACEHOLDER);
    const answer =
      at < 0
        ? body
        : Buffer.concat([
            body.subarray(0, at),
            Buffer.from(JSON.stringify(req.id)),
            body.subarray(at + CORRELATION_PLACEHOLDER.length),
          ]);
    return reply.type('application/json; charset=utf-8').send(answer);
  };

  r.get(
    `${WEBSTORE}/search/products`,
    {
      schema: {
        tags: ['Search'],
        summary: 'Search products by term and/or category (refinements as URL-safe base64 JSON)',
        params: webstoreParams,
        querystring: getQuery,
      },
    },
    async (req, reply) => {
      const q = req.query;
      const input = checkQuery({
        searchTerm: q.searchTerm,
        categoryId: q.categoryId,
        refinements: decodeRefinements(q.refinements),
        fields: q.fields,
        page: q.page,
        pageSize: q.pageSize,
        sortRuleId: q.sortRuleId,
        grouping: q.grouping,
        includePrices: false,
        includeQuantityRule: q.includeQuantityRule ?? false,
        includeProductVariationInfo: q.includeProductVariationInfo ?? false,
      });
      const store = await s.webstores.get(req.params.webstoreId);
      const a = await audience(req, store, q.effectiveAccountId);
      return cached(req, reply, a, 'search', q, (catalogVersion) =>
        s.search.search({ ...a, catalogVersion }, input, CORRELATION_ID, { asText: true }),
      );
    },
  );

  r.post(
    `${WEBSTORE}/search/product-search`,
    {
      schema: {
        tags: ['Search'],
        summary: "Search products (the search query as the body; includePrices adds each product's prices)",
        params: webstoreParams,
        querystring: z.object({ effectiveAccountId: optionalAccount, ...ignoredParams }),
        body: postBody,
      },
    },
    async (req, reply) => {
      const b = req.body;
      const input = checkQuery({
        searchTerm: b.searchTerm ?? undefined,
        categoryId: b.categoryId ?? undefined,
        refinements: (b.refinements ?? []) as SearchRefinement[],
        fields: b.fields,
        page: b.page,
        pageSize: b.pageSize,
        sortRuleId: b.sortRuleId ?? undefined,
        grouping: b.grouping?.groupingOption ?? 'VariationParent',
        includePrices: b.includePrices,
        includeQuantityRule: b.includeQuantityRule,
      });
      const store = await s.webstores.get(req.params.webstoreId);
      const results = await s.search.search(await audience(req, store, req.query.effectiveAccountId), input, req.id, {
        asText: true,
      });
      return reply.status(201).send(results);
    },
  );

  r.get(
    `${WEBSTORE}/search/suggestions`,
    {
      schema: {
        tags: ['Search'],
        summary: 'Suggested search terms and products for what has been typed (prefix and typo tolerant)',
        params: webstoreParams,
        querystring: suggestionsQuery,
      },
    },
    async (req, reply) => {
      const q = req.query;
      const store = await s.webstores.get(req.params.webstoreId);
      const a = await audience(req, store, q.effectiveAccountId);
      return cached(req, reply, a, 'suggest', q, (catalogVersion) =>
        s.search.suggestions(
          { ...a, catalogVersion },
          {
            searchTerm: q.searchTerm,
            maxResults: q.maxResults,
            includeSuggestedTerms: q.includeSuggestedTerms,
            includeSuggestedProducts: q.includeSuggestedProducts,
            maxSuggestedProducts: q.maxSuggestedProducts,
            popularProductsCategoryId: q.popularProductsCategoryId,
          },
        ),
      );
    },
  );

  r.get(
    `${WEBSTORE}/search/sort-rules`,
    {
      schema: {
        tags: ['Search'],
        summary: 'The sort orders a search accepts (the first is the default)',
        params: webstoreParams,
        querystring: z.object({ effectiveAccountId: optionalAccount, ...ignoredParams }),
      },
    },
    async (req) => {
      await s.webstores.get(req.params.webstoreId);
      return { sortRules: SORT_RULES };
    },
  );

  // The seller's synonym groups: read and replaced by the store administrator only.
  const admin = async (req: FastifyRequest, webstoreId: string) => {
    const store = await s.webstores.get(webstoreId);
    return { store, ctx: await buyerContext(s, req, store) };
  };
  r.get(
    `${MANAGEMENT}/search/synonyms`,
    {
      schema: {
        tags: ['Search management'],
        summary: "The store's search synonym groups",
        params: webstoreParams.extend({ apiVersion: z.string() }),
      },
    },
    async (req) => {
      const { store, ctx } = await admin(req, req.params.webstoreId);
      return s.search.synonymGroups(ctx, store.id);
    },
  );
  r.put(
    `${MANAGEMENT}/search/synonyms`,
    {
      schema: {
        tags: ['Search management'],
        summary: "Replace the store's search synonym groups (effective on the next query)",
        params: webstoreParams.extend({ apiVersion: z.string() }),
        body: synonymsBody,
      },
    },
    async (req) => {
      const { store, ctx } = await admin(req, req.params.webstoreId);
      return s.search.replaceSynonymGroups(
        ctx,
        store.id,
        req.body.synonymGroups.map((g) => g.terms),
      );
    },
  );
}
