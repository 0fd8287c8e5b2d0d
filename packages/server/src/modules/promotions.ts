// Promotion routes (spec 02 §7 "Promotions"; commerce-api §10): the promotions that can apply to
// products (webstore-scoped), and the two dry runs outside the webstore prefix, with webStoreId in
// the body: evaluate-products (product pages and cards) and evaluate (a cart given in the body).
// None of them writes anything; coupons reach a real cart through cart-coupons.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  decimalToMinorUnits,
  evaluateProductPromotion,
  evaluatePromotions,
  isAudienceEligible,
  isPromotionActive,
  minorUnitsToDecimal,
  normaliseDecimal,
  tryParseDecimal,
  type PromotionRule,
} from '@store/core';
import type { Services } from '../services/index.ts';
import { catalogueContext } from '../http/context.ts';
import { requestCurrency, type CatalogueContext } from '../services/buyer-context.ts';
import { badInput } from '../domain/errors.ts';
import { csv, ignoredParams, optionalAccount, webstoreParams } from './schemas.ts';
import { checkedId, toId18 } from '../domain/record-ids.ts';
import type { ProductTable } from '../db/schema.ts';
import { productCategoryIds } from '../services/promotions.ts';
import { COMMERCE, WEBSTORE } from './base.ts';

const tags = ['Promotions'];
const MAX_PRODUCTS = 200;

const appliesTo = (rule: PromotionRule, productId: string, categoryIds: string[]) =>
  (rule.productIds === null && rule.categoryIds === null) ||
  !!rule.productIds?.includes(productId) ||
  categoryIds.some((c) => rule.categoryIds?.includes(c));

export function promotionRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Products named by id or SKU that the caller may see, with their categories (and the categories' ancestors). */
  async function products(
    webstoreId: string,
    ctx: CatalogueContext,
    refs: Array<{ productId?: string; sku?: string }>,
  ) {
    const ids = refs.flatMap((p) => (p.productId ? [p.productId] : []));
    for (const id of ids) checkedId(id);
    const skus = refs.flatMap((p) => (!p.productId && p.sku ? [p.sku] : []));
    const rows = [
      ...(await s.products.rowsByIds(webstoreId, ids.map(toId18))),
      ...(skus.length ? await s.products.rowsBySkus(webstoreId, skus) : []),
    ].filter((row) => row.is_active === 1 && ctx.visibility.canSeeProduct(row.id));
    const categories = await productCategoryIds(
      s.db,
      rows.map((row) => row.id),
      ctx.tree,
    );
    return { rows, categories };
  }

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
    async (req) => {
      const ids = req.query.productIds ?? [];
      if (!ids.length) throw badInput('The productIds list is required.');
      if (ids.length > MAX_PRODUCTS) throw badInput(`Specify at most ${MAX_PRODUCTS} products.`);
      const { store, ctx } = await contextFor(req, req.params.webstoreId, req.query.effectiveAccountId);
      const { rows, categories } = await products(
        store.id,
        ctx,
        ids.map((productId) => ({ productId })),
      );
      const now = new Date().toISOString();
      const audience = { buyerGroupIds: ctx.buyerGroupIds, accountId: ctx.effectiveAccountId };
      const rules = (await s.promotions.rules(store.id)).filter(
        (rule) => isPromotionActive(rule, now) && isAudienceEligible(rule, audience),
      );
      return {
        promotionProducts: rows.map((row) => ({
          productId: row.id,
          promotions: rules
            .filter((rule) => appliesTo(rule, row.id, categories.get(row.id) ?? []))
            .map((rule) => ({
              promotionId: rule.id,
              displayName: rule.displayName,
              termsAndConditions: rule.termsAndConditions,
              requiresCoupon: rule.couponCodes.length > 0,
            })),
        })),
      };
    },
  );

  const productRef = z
    .object({
      productId: z.string().max(18).optional(),
      sku: z.string().max(80).optional(),
      salesPrice: z.union([z.string().max(30), z.number()]).optional(),
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
      const b = req.body;
      const { store, ctx } = await contextFor(req, b.webStoreId, b.effectiveAccountId);
      const currency = requestCurrency(store, ctx, b.currencyIsoCode);
      const { rows, categories } = await products(store.id, ctx, b.products);
      const models = await s.products.sellingModels(rows.map((row) => row.id));
      const prices = await s.pricing.prices(
        { webstoreId: store.id, buyerGroupIds: ctx.buyerGroupIds, currency },
        rows.map((row) => ({ id: row.id, sellingModels: models.get(row.id) ?? [] })),
      );
      const rules = await s.promotions.rules(store.id);
      const now = new Date().toISOString();
      const audience = { buyerGroupIds: ctx.buyerGroupIds, accountId: ctx.effectiveAccountId };
      const find = (p: { productId?: string; sku?: string }): ProductTable | undefined =>
        rows.find((row) => (p.productId ? row.id === toId18(p.productId) : row.sku === p.sku));
      return {
        promotionProductEvaluationResults: b.products.map((p) => {
          const row = find(p);
          const given = p.salesPrice === undefined ? null : tryParseDecimal(p.salesPrice);
          const salesPrice = given ? normaliseDecimal(given) : row ? (prices.get(row.id)?.unitPrice ?? null) : null;
          if (!row || !salesPrice) {
            return {
              productId: p.productId ?? null,
              sku: p.sku ?? null,
              salesPrice,
              promotionalPrice: null,
              currencyIsoCode: currency,
              isSuccess: false,
              errorMessage: row
                ? 'No price is available for this product.'
                : `The product ${p.productId ?? p.sku} doesn't exist or isn't available to you.`,
              promotionPriceAdjustmentList: [],
            };
          }
          const evaluated = evaluateProductPromotion({
            now,
            productId: row.id,
            categoryIds: categories.get(row.id) ?? [],
            salesPrice,
            audience,
            promotions: rules,
          });
          return {
            productId: row.id,
            sku: row.sku,
            salesPrice,
            promotionalPrice: evaluated.promotionalPrice,
            currencyIsoCode: currency,
            isSuccess: true,
            errorMessage: null,
            promotionPriceAdjustmentList: evaluated.adjustments.map((a) => {
              const rule = rules.find((x) => x.id === a.promotionId)!;
              const value =
                rule.discount.type === 'PercentOff'
                  ? rule.discount.percent
                  : rule.discount.type === 'AmountOff'
                    ? rule.discount.amount
                    : null;
              return {
                promotionId: a.promotionId,
                displayName: a.displayName,
                termsAndConditions: rule.termsAndConditions,
                adjustmentType: rule.discount.type === 'AmountOff' ? 'AdjustmentAmount' : 'AdjustmentPercentage',
                adjustmentValue: value,
                adjustmentAmount: a.amount,
              };
            }),
          };
        }),
      };
    },
  );

  const evalItem = z
    .object({
      id: z.string().max(40).optional(),
      type: z.string().max(40).optional(),
      product2Id: z.string().max(18).optional(),
      sku: z.string().max(80).optional(),
      quantity: z.union([z.string().max(20), z.number()]),
      salesPrice: z.union([z.string().max(30), z.number()]),
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
          couponCodes: z.array(z.string().max(50)).max(20).optional(),
          cartDeliveryGroups: z.unknown().optional(),
          isItemizeHeaderAdjustments: z.boolean().optional(),
          parentProducts: z.unknown().optional(),
          productCategories: z.unknown().optional(),
          segments: z.unknown().optional(),
        }),
      },
    },
    async (req) => {
      const b = req.body;
      const { store, ctx } = await contextFor(req, b.webStoreId, b.effectiveAccountId);
      const currency = requestCurrency(store, ctx, b.cart.currencyIsoCode);
      const items = b.cart.cartItems.map((i, index) => {
        const quantity = tryParseDecimal(i.quantity);
        const salesPrice = tryParseDecimal(i.salesPrice);
        if (!quantity || quantity.lte(0))
          throw badInput(`cart.cartItems.${index}.quantity must be a number greater than 0.`);
        if (!salesPrice || salesPrice.lt(0)) throw badInput(`cart.cartItems.${index}.salesPrice must be a price.`);
        return {
          ...i,
          id: i.id ?? `line-${index + 1}`,
          quantity: normaliseDecimal(quantity),
          salesPrice: normaliseDecimal(salesPrice),
        };
      });
      const { rows, categories } = await products(
        store.id,
        ctx,
        items.map((i) => ({ productId: i.product2Id, sku: i.sku })),
      );
      const models = await s.products.sellingModels(rows.map((row) => row.id));
      const rowOf = (i: (typeof items)[number]) =>
        rows.find((row) => (i.product2Id ? row.id === toId18(i.product2Id) : row.sku === i.sku));
      const missing = items.find((i) => !rowOf(i));
      if (missing)
        throw badInput(`The product ${missing.product2Id ?? missing.sku} doesn't exist or isn't available to you.`);
      const result = evaluatePromotions({
        now: new Date().toISOString(),
        lines: items.map((i) => {
          const row = rowOf(i)!;
          const oneTime =
            (models.get(row.id) ?? []).some((m) => m.sellingModelType === 'OneTime') ||
            !(models.get(row.id) ?? []).length;
          return {
            id: i.id,
            productId: row.id,
            categoryIds: categories.get(row.id) ?? [],
            quantity: i.quantity,
            salesPrice: i.salesPrice,
            sellingModelType: oneTime ? 'OneTime' : 'Evergreen',
          };
        }),
        audience: { buyerGroupIds: ctx.buyerGroupIds, accountId: ctx.effectiveAccountId },
        couponCodes: b.couponCodes ?? [],
        promotions: await s.promotions.rules(store.id),
      });
      const base = (i: (typeof items)[number]) =>
        minorUnitsToDecimal(decimalToMinorUnits(normaliseDecimal(tryParseDecimal(i.salesPrice)!.times(i.quantity))));
      return {
        cart: {
          id: b.cart.id ?? null,
          currencyIsoCode: currency,
          cartItems: items.map((i, index) => {
            const line = result.lines[index]!;
            return {
              id: i.id,
              product2Id: rowOf(i)!.id,
              sku: rowOf(i)!.sku,
              type: i.type ?? 'Product',
              quantity: i.quantity,
              salesPrice: i.salesPrice,
              totalLineBaseAmount: base(i),
              totalAdjustmentBaseAmount: line.totalAdjustment,
              totalNetAmount: line.totalAfter,
              cartItemPriceAdjustments: line.adjustments.map((a) => ({
                cartItemId: i.id,
                adjustmentAmountScope: 'Total',
                adjustmentTargetType: 'Item',
                adjustmentDescription: a.displayName,
                adjustmentBasisReference: a.couponCode,
                baseAmount: base(i),
                totalAmount: a.amount,
                priceAdjustmentCauseId: a.promotionId,
              })),
            };
          }),
          cartAdjustmentGroups: result.cartAdjustments.map((a) => ({
            adjustmentTargetType: 'Cart',
            adjustmentDescription: a.displayName,
            totalAmount: a.amount,
            priceAdjustmentCauseId: a.promotionId,
            adjustmentBasisReference: a.couponCode,
          })),
          totalProductAmount: result.subtotal,
          totalAdjustmentAmount: minorUnitsToDecimal(
            Number(decimalToMinorUnits(result.totalItemAdjustment)) +
              Number(decimalToMinorUnits(result.totalCartAdjustment)),
          ),
          totalAmount: result.total,
        },
        coupons: result.coupons.map((c) => ({
          couponCode: c.couponCode,
          isValidCoupon: c.isValid,
          couponErrorCode: c.couponErrorCode,
        })),
      };
    },
  );
}
