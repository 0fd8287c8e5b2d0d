// The read tools of the MCP server (issue 18 item 5): search the catalogue and read a product, each with the
// caller's prices. Both go through the storefront's own services (the buyer context's entitlements, search,
// product reads, pricing), so an agent sees exactly what its buyer would in the browser: a product the buyer
// may not see is refused in the words of the REST API's 404.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { isRecordId, SEARCH_LIMITS } from '@store/core';
import { z } from 'zod';
import { CHILDREN_PAGE_LIMIT } from '../product-reads.ts';
import { productUnavailable } from '../products.ts';
import { audienceOf } from '../search.ts';
import { type AgentCall, accountInput as account, catalogueOf, toolAnswer } from './agent-call.ts';

const PAGE_SIZE = 10;

export function registerCatalogueTools(server: McpServer, call: AgentCall): void {
  server.registerTool(
    'search_catalogue',
    {
      title: 'Search the catalogue',
      description:
        'Search the store’s datasets by words (and optionally within a category). Answers a page of products with the caller’s price for each.',
      inputSchema: {
        term: z.string().trim().min(1).max(200).describe('Search words, e.g. "dentists texas"'),
        category: z.string().max(120).optional().describe('A category id to search within'),
        page: z.number().int().min(1).max(50).default(1).describe('Page number, from 1'),
        effectiveAccountId: account,
      },
    },
    ({ term, category, page, effectiveAccountId }) =>
      toolAnswer(call, async () => {
        const ctx = await catalogueOf(call, effectiveAccountId);
        const results = await call.s.search.search(
          audienceOf(call.store.id, ctx),
          {
            searchTerm: term.split(/\s+/).slice(0, SEARCH_LIMITS.maxTerms).join(' '),
            categoryId: category,
            refinements: [],
            fields: ['StockKeepingUnit', 'Description'],
            page: page - 1,
            pageSize: PAGE_SIZE,
            grouping: 'VariationParent',
            includePrices: true,
            includeQuantityRule: false,
          },
          'mcp',
        );
        const { total, products } = results.productsPage;
        return {
          total,
          page,
          pageSize: PAGE_SIZE,
          currencyIsoCode: ctx.currency,
          products: products.map((p) => ({
            id: p.id,
            sku: p.fields.StockKeepingUnit?.value ?? null,
            name: p.name,
            /** A VariationParent is not bought itself: get_product lists its variations. */
            productClass: p.productClass,
            description: p.fields.Description?.value ?? null,
            unitPrice: p.prices?.unitPrice ?? null,
            listPrice: p.prices?.listPrice ?? null,
            url: `${call.origin}/product/${p.id}`,
          })),
        };
      }),
  );

  server.registerTool(
    'get_product',
    {
      title: 'Read a product',
      description: 'A product’s details by its id or SKU, with its price for the caller.',
      inputSchema: {
        idOrSku: z.string().trim().min(1).max(100).describe('A product id (01t…) or SKU (e.g. DS-00001)'),
        effectiveAccountId: account,
      },
    },
    ({ idOrSku, effectiveAccountId }) =>
      toolAnswer(call, async () => {
        const ctx = await catalogueOf(call, effectiveAccountId);
        const byId = isRecordId(idOrSku, 'product');
        // The batch read is the storefront's: entitlement first, then detail and the buyer's price.
        const { products } = await call.s.productReads.batch(
          call.store,
          ctx,
          byId ? { ids: [idOrSku] } : { skus: [idOrSku] },
        );
        const found = products[0]!;
        // Unknown and not entitled read alike, in the REST API's 404 words.
        if (!found.success || !('fields' in found)) throw productUnavailable(idOrSku);
        return {
          id: found.id,
          sku: found.sku,
          name: found.name,
          fields: found.fields,
          sellingModels: found.productSellingModels.map((m) => ({ id: m.id, name: m.name, type: m.sellingModelType })),
          price: found.prices
            ? {
                unitPrice: found.prices.unitPrice,
                listPrice: found.prices.listPrice,
                currencyIsoCode: found.prices.currencyIsoCode,
              }
            : null,
          url: `${call.origin}/product/${found.id}`,
          // A variation parent is bought as one of its variations (the storefront's children call, entitlements
          // included): the agent adds one of these instead.
          variations:
            found.productClass === 'VariationParent'
              ? (
                  await call.s.productReads.children(call.store, ctx, found.id, {
                    pageSize: CHILDREN_PAGE_LIMIT,
                    page: 0,
                    fields: ['Name', 'StockKeepingUnit'],
                    includeProductSellingModels: false,
                  })
                ).products.map((v) => ({
                  id: v.id,
                  name: v.fields.Name ?? null,
                  sku: v.fields.StockKeepingUnit ?? null,
                }))
              : undefined,
        };
      }),
  );
}
