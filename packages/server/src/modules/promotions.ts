// Promotion routes (spec 02 §7 "Promotions"; commerce-api §10): the promotions that can apply to
// products (webstore-scoped), and the two dry runs outside the webstore prefix, with webStoreId in
// the body: evaluate-products (product pages and cards) and evaluate (a cart given in the body).
// None of them writes anything; coupons reach a real cart through cart-coupons.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../services/index.ts';
import { catalogueContext } from '../http/context.ts';
import { csv, decimalInput, freeText, ignoredParams, optionalAccount, webstoreParams } from './schemas.ts';
import { MAX_PROMOTION_PRODUCTS } from '../services/promotions.ts';
import { COMMERCE, WEBSTORE } from './base.ts';

const tags = ['Promotions'];
const MAX_PRODUCTS = MAX_PROMOTION_PRODUCTS;

export function promotionRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function contextFor(req: FastifyRequest, webStoreId: string, effectiveAccountId?: string) {
    const store = await s.webstores.get(webStoreId);
    return { store, ctx: await catalogueContext(s, req, store, effectiveAccountId) };
  }

  r.get(
    `${WEBSTORE}/promotions/products`,
    {
      schema: {
        tags,
        summary: 'Promotions that can apply to products',
        params: webstoreParams,
        querystring: z.object({ productIds: csv.optional(), effectiveAccountId: optionalAccount, ...ignoredParams }),
      },
    },
    async (req) =>
      s.promotions.promotionsOfProducts(req.query.productIds ?? [], () =>
        contextFor(req, req.params.webstoreId, req.query.effectiveAccountId),
      ),
  );

  const productRef = z
    .object({
      productId: z.string().max(18).optional(),
      sku: z.string().max(80).optional(),
      salesPrice: decimalInput(30).optional(),
    })
    .refine((p) => !!p.productId || !!p.sku, 'each product needs a productId or a sku');

  r.post(
    `${COMMERCE}/promotions/actions/evaluate-products`,
    {
      schema: {
        tags,
        summary: 'Promotional prices of products (automatic promotions)',
        body: z.object({
          webStoreId: z.string().min(1).max(18),
          effectiveAccountId: optionalAccount,
          currencyIsoCode: z.string().optional(),
          products: z.array(productRef).min(1, 'products must not be empty.').max(MAX_PRODUCTS),
          productCategories: z.unknown().optional(),
          segments: z.unknown().optional(),
        }),
      },
    },
    async (req) => {
      const { store, ctx } = await contextFor(req, req.body.webStoreId, req.body.effectiveAccountId);
      return s.promotions.evaluateProducts(store, ctx, req.body);
    },
  );

  const evalItem = z
    .object({
      id: z.string().max(40).optional(),
      type: z.string().max(40).optional(),
      product2Id: z.string().max(18).optional(),
      sku: z.string().max(80).optional(),
      quantity: decimalInput(20),
      salesPrice: decimalInput(30),
    })
    .refine((i) => !!i.product2Id || !!i.sku, 'each cart item needs a product2Id or a sku');

  r.post(
    `${COMMERCE}/promotions/actions/evaluate`,
    {
      schema: {
        tags,
        summary: 'Promotions over a cart given in the body (a dry run)',
        body: z.object({
          webStoreId: z.string().min(1).max(18),
          effectiveAccountId: optionalAccount,
          cart: z.object({
            id: z.string().max(40).optional(),
            currencyIsoCode: z.string().optional(),
            cartItems: z.array(evalItem).min(1, 'cart.cartItems must not be empty.').max(500),
          }),
          couponCodes: z.array(freeText(50)).max(20).optional(),
          cartDeliveryGroups: z.unknown().optional(),
          isItemizeHeaderAdjustments: z.boolean().optional(),
          parentProducts: z.unknown().optional(),
          productCategories: z.unknown().optional(),
          segments: z.unknown().optional(),
        }),
      },
    },
    async (req) => {
      const { store, ctx } = await contextFor(req, req.body.webStoreId, req.body.effectiveAccountId);
      return s.promotions.evaluateCart(store, ctx, req.body);
    },
  );
}
