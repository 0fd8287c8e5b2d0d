import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ProductPrice, ProductSellingModel } from '@store/core';
import type { Services } from '../services/index.ts';
import { badInput, ApiError } from '../domain/errors.ts';
import { catalogueContext } from '../http/context.ts';
import { requestCurrency, type CatalogueContext } from '../services/buyer-context.ts';
import type { Webstore } from '../services/webstores.ts';
import { csv, flag, ignoredParams, optionalAccount, webstoreParams } from './schemas.ts';
import { checkedId } from '../domain/record-ids.ts';
import { WEBSTORE } from './base.ts';

const tags = ['Pricing'];
const MAX_PRODUCTS = 500;

/** The price of a product that has none of its own: every field empty. */
const unpriced = (productId: string, currencyIsoCode: string): ProductPrice => ({
  productId,
  currencyIsoCode,
  listPrice: null,
  unitPrice: null,
  negotiatedPrice: null,
  lowestUnitPrice: null,
  pricebookEntryId: null,
  priceAdjustment: null,
  productPriceEntries: [],
});

export function pricingRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function load(webstoreId: string, req: FastifyRequest, q: { effectiveAccountId?: string }) {
    const store = await s.webstores.get(webstoreId);
    return { store, ctx: await catalogueContext(s, req, store, q.effectiveAccountId) };
  }

  /** Prices of the products the caller may see (the others are simply absent, like unknown ids). */
  async function pricesFor(
    store: Webstore,
    ctx: CatalogueContext,
    currency: string,
    rows: Array<{ id: string; sellingModels?: readonly ProductSellingModel[] }>,
    all = false,
  ) {
    const unknown = rows.filter((r) => !r.sellingModels).map((r) => r.id);
    const models = await s.products.sellingModels(unknown);
    return s.pricing.prices(
      { webstoreId: store.id, buyerGroupIds: ctx.buyerGroupIds, currency },
      rows.map((r) => ({ id: r.id, sellingModels: r.sellingModels ?? models.get(r.id) ?? [] })),
      { allSellingModels: all },
    );
  }

  r.get(
    `${WEBSTORE}/pricing/products/:productId`,
    {
      schema: {
        tags,
        summary: 'Price of one product for the buyer',
        params: webstoreParams.extend({ productId: z.string() }),
        querystring: z.object({
          allProductSellingModelPrices: flag.optional(),
          includeChildProductPrices: flag.optional(),
          productSellingModelIds: csv.optional(),
          effectiveAccountId: optionalAccount,
          currencyIsoCode: z
            .string()
            .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code')
            .optional(),
          ...ignoredParams,
        }),
      },
    },
    async (req) => {
      const q = req.query;
      checkedId(req.params.productId); // a malformed id is refused before anything else, as ever
      const { store, ctx } = await load(req.params.webstoreId, req, q);
      const currency = requestCurrency(store, ctx, q.currencyIsoCode);
      const product = await s.productReads.sellable(store, ctx, req.params.productId);
      const id = product.id;
      const all = q.allProductSellingModelPrices || !!q.productSellingModelIds?.length;
      const prices = await pricesFor(store, ctx, currency, [product], all);
      let childProductPrices: ProductPrice[] | null = null;
      if (q.includeChildProductPrices && product.productClass === 'VariationParent') {
        const kids = (await s.products.childRows(store.id, id, 0, 200)).rows.map((r) => r.id);
        const visibleKids = await s.products.visibleRowsByIds(store.id, ctx, kids);
        // Each variation's prices as the parent's are asked (every selling model's, for a page that switches between them).
        const child = await pricesFor(store, ctx, currency, visibleKids, q.allProductSellingModelPrices);
        childProductPrices = kids.map((k) => child.get(k)).filter((p) => !!p);
      }
      // A parent is not sold itself: with its variations' prices asked, a parent without a price of its own
      // still answers with theirs (its own fields empty). Nothing priced at all is the usual 404.
      const price = prices.get(id) ?? (childProductPrices?.length ? unpriced(id, currency) : null);
      if (!price)
        throw new ApiError(404, 'ITEM_NOT_FOUND', `No price is available for the product ${req.params.productId}.`);
      if (q.productSellingModelIds?.length)
        price.productPriceEntries = price.productPriceEntries.filter((e) =>
          q.productSellingModelIds!.includes(e.productSellingModelId ?? ''),
        );
      if (childProductPrices) price.childProductPrices = childProductPrices;
      return price;
    },
  );

  const collectionQuery = z.object({
    productIds: csv.optional(),
    effectiveAccountId: optionalAccount,
    currencyIsoCode: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code')
      .optional(),
    ...ignoredParams,
  });
  async function collection(
    webstoreId: string,
    req: FastifyRequest,
    productIds: string[] | undefined,
    q: z.infer<typeof collectionQuery>,
  ) {
    if (!productIds?.length) throw badInput('The productIds list is required.');
    if (productIds.length > MAX_PRODUCTS) throw badInput(`Specify at most ${MAX_PRODUCTS} products.`);
    const ids = productIds.map((p) => checkedId(p));
    const { store, ctx } = await load(webstoreId, req, q);
    const currency = requestCurrency(store, ctx, q.currencyIsoCode);
    const prices = await pricesFor(store, ctx, currency, await s.products.visibleRowsByIds(store.id, ctx, ids));
    const results = ids.map((id) => {
      const p = prices.get(id);
      return p
        ? {
            productId: id,
            listPrice: p.listPrice,
            unitPrice: p.unitPrice,
            lowestUnitPrice: p.lowestUnitPrice,
            pricebookEntryId: p.pricebookEntryId,
            success: true,
            error: null,
          }
        : {
            productId: id,
            listPrice: null,
            unitPrice: null,
            lowestUnitPrice: null,
            pricebookEntryId: null,
            success: false,
            error: { errorCode: 'ITEM_NOT_FOUND', message: `No price is available for the product ${id}.` },
          };
    });
    return {
      currencyIsoCode: currency,
      success: results.every((x) => x.success),
      error: null,
      pricingLineItemResults: results,
    };
  }

  r.get(
    `${WEBSTORE}/pricing/products`,
    { schema: { tags, summary: 'Prices of many products', params: webstoreParams, querystring: collectionQuery } },
    async (req) => collection(req.params.webstoreId, req, req.query.productIds, req.query),
  );

  // POST is a read with the product list in the body (the platform's form for long lists).
  r.post(
    `${WEBSTORE}/pricing/products`,
    {
      schema: {
        tags,
        summary: 'Prices of many products (list in the body)',
        params: webstoreParams,
        querystring: collectionQuery,
        body: z.object({
          pricingLineItems: z
            .array(z.object({ productId: z.string() }))
            .min(1)
            .max(MAX_PRODUCTS),
        }),
      },
    },
    async (req) =>
      collection(
        req.params.webstoreId,
        req,
        req.body.pricingLineItems.map((i) => i.productId),
        req.query,
      ),
  );
}
