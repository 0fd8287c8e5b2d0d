// The store's promotions as the core engine reads them (core promotions.ts), and coupon lookup.
// Promotions are a handful of rows per store. They are kept per process, keyed by the store's
// promotions version, which the database bumps on every write to a promotion or a coupon's code
// (migration 034) and every request reads with the store (webstores.ts): a change made through one
// process, or straight into the tables, applies at once in every other.
import type { Kysely } from 'kysely';
import { KeptPerVersion } from './kept-per-version.ts';
import {
  decimalToMinorUnits,
  defaultSellingModelOf,
  evaluateProductPromotion,
  evaluatePromotions,
  isAudienceEligible,
  isPromotionActive,
  minorUnitsToDecimal,
  normaliseDecimal,
  promotionTargetsProduct,
  tryParseDecimal,
  type PromotionDiscount,
  type PromotionRule,
} from '@store/core';
import type { Database, ProductTable, PromotionTable } from '../db/schema.ts';
import { badInput } from '../domain/errors.ts';
import { checkedId, toId18 } from '../domain/record-ids.ts';
import { requestCurrency, type CatalogueContext } from './buyer-context.ts';
import type { CategoryTree } from './category-tree.ts';
import type { PricingService } from './pricing.ts';
import type { ProductService } from './products.ts';
import type { Webstore } from './webstores.ts';

/** The most products one dry run takes. */
export const MAX_PROMOTION_PRODUCTS = 200;

/** The caller's store and catalogue context, opened once the request's own checks have passed. */
export type OpenCatalogue = () => Promise<{ store: Webstore; ctx: CatalogueContext }>;

export interface ProductRef {
  productId?: string;
  sku?: string;
}

export interface EvaluateProductsRequest {
  currencyIsoCode?: string;
  products: Array<ProductRef & { salesPrice?: string | number }>;
}

export interface EvaluateCartRequest {
  cart: {
    id?: string;
    currencyIsoCode?: string;
    cartItems: Array<{
      id?: string;
      type?: string;
      product2Id?: string;
      sku?: string;
      quantity: string | number;
      salesPrice: string | number;
    }>;
  };
  couponCodes?: string[];
}

const adjustmentValue = (discount: PromotionDiscount): string | null =>
  discount.type === 'PercentOff' ? discount.percent : discount.type === 'AmountOff' ? discount.amount : null;

/** Money sums in integer minor units, back to the API's decimal text. */
const lineBase = (salesPrice: string, quantity: string): string =>
  minorUnitsToDecimal(decimalToMinorUnits(normaliseDecimal(tryParseDecimal(salesPrice)!.times(quantity))));
const sumAmounts = (a: string, b: string): string =>
  minorUnitsToDecimal(Number(decimalToMinorUnits(a)) + Number(decimalToMinorUnits(b)));

const list = (json: string | null): string[] | null => (json ? (JSON.parse(json) as string[]) : null);

export function toPromotionRule(row: PromotionTable, couponCodes: string[]): PromotionRule {
  return {
    id: row.id,
    displayName: row.name,
    termsAndConditions: row.terms,
    priority: row.priority,
    stacking: row.stacking as PromotionRule['stacking'],
    target: row.target as PromotionRule['target'],
    discount: JSON.parse(row.discount_json) as PromotionDiscount,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    productIds: list(row.product_ids_json),
    categoryIds: list(row.category_ids_json),
    buyerGroupIds: list(row.buyer_group_ids_json),
    accountIds: list(row.account_ids_json),
    couponCodes,
    oneTimeOnly: row.one_time_only === 1,
  };
}

export interface CouponRow {
  id: string;
  promotionId: string;
  code: string;
  /** True when the code has a usage limit and placed orders have reached it. */
  isUsedUp: boolean;
}

export class PromotionService {
  /** Each store's rules as last read, with the promotions version they were read at. */
  private kept = new KeptPerVersion<PromotionRule[]>();

  constructor(
    private db: Kysely<Database>,
    private products: ProductService,
    private pricing: PricingService,
  ) {}

  /** Products named by id or SKU that the caller may see, with their categories (and the categories' ancestors). */
  private async visibleProducts(webstoreId: string, ctx: CatalogueContext, refs: ProductRef[]) {
    const ids = refs.flatMap((p) => (p.productId ? [checkedId(p.productId)] : []));
    const skus = refs.flatMap((p) => (!p.productId && p.sku ? [p.sku] : []));
    const rows = [
      ...(await this.products.visibleRowsByIds(webstoreId, ctx, ids)),
      ...(skus.length ? await this.products.visibleRowsBySkus(webstoreId, ctx, skus) : []),
    ];
    const categories = await productCategoryIds(
      this.db,
      rows.map((row) => row.id),
      ctx.tree,
    );
    const rowOf = (ref: ProductRef): ProductTable | undefined =>
      rows.find((row) => (ref.productId ? row.id === toId18(ref.productId) : row.sku === ref.sku));
    return { rows, categories, rowOf };
  }

  /** The promotions (automatic or by coupon) that are live for the caller and target each product. */
  async promotionsOfProducts(productIds: string[], open: OpenCatalogue) {
    if (!productIds.length) throw badInput('The productIds list is required.');
    if (productIds.length > MAX_PROMOTION_PRODUCTS)
      throw badInput(`Specify at most ${MAX_PROMOTION_PRODUCTS} products.`);
    const { store, ctx } = await open();
    const { rows, categories } = await this.visibleProducts(
      store.id,
      ctx,
      productIds.map((productId) => ({ productId })),
    );
    const now = new Date().toISOString();
    const audience = { buyerGroupIds: ctx.buyerGroupIds, accountId: ctx.effectiveAccountId };
    const rules = (await this.rules(store.id, store.promotionsVersion)).filter(
      (rule) => isPromotionActive(rule, now) && isAudienceEligible(rule, audience),
    );
    return {
      promotionProducts: rows.map((row) => ({
        productId: row.id,
        promotions: rules
          .filter((rule) => promotionTargetsProduct(rule, row.id, categories.get(row.id) ?? []))
          .map((rule) => ({
            promotionId: rule.id,
            displayName: rule.displayName,
            termsAndConditions: rule.termsAndConditions,
            requiresCoupon: rule.couponCodes.length > 0,
          })),
      })),
    };
  }

  /** Promotional prices of products (automatic promotions, one unit), for product pages and cards. */
  async evaluateProducts(store: Webstore, ctx: CatalogueContext, b: EvaluateProductsRequest) {
    const currency = requestCurrency(store, ctx, b.currencyIsoCode);
    const { rows, categories, rowOf } = await this.visibleProducts(store.id, ctx, b.products);
    const models = await this.products.sellingModels(rows.map((row) => row.id));
    const prices = await this.pricing.prices(
      { webstoreId: store.id, buyerGroupIds: ctx.buyerGroupIds, currency },
      rows.map((row) => ({ id: row.id, sellingModels: models.get(row.id) ?? [] })),
    );
    const rules = await this.rules(store.id, store.promotionsVersion);
    const now = new Date().toISOString();
    const audience = { buyerGroupIds: ctx.buyerGroupIds, accountId: ctx.effectiveAccountId };
    return {
      promotionProductEvaluationResults: b.products.map((p) => {
        const row = rowOf(p);
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
            return {
              promotionId: a.promotionId,
              displayName: a.displayName,
              termsAndConditions: rule.termsAndConditions,
              adjustmentType: rule.discount.type === 'AmountOff' ? 'AdjustmentAmount' : 'AdjustmentPercentage',
              adjustmentValue: adjustmentValue(rule.discount),
              adjustmentAmount: a.amount,
            };
          }),
        };
      }),
    };
  }

  /**
   * Promotions over a cart given in the request (a dry run: nothing is written). Each line is bought with
   * the product's default selling model, as a cart would add it.
   */
  async evaluateCart(store: Webstore, ctx: CatalogueContext, b: EvaluateCartRequest) {
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
    const { rows, categories, rowOf } = await this.visibleProducts(
      store.id,
      ctx,
      items.map((i) => ({ productId: i.product2Id, sku: i.sku })),
    );
    const models = await this.products.sellingModels(rows.map((row) => row.id));
    const itemRow = (i: (typeof items)[number]) => rowOf({ productId: i.product2Id, sku: i.sku });
    const missing = items.find((i) => !itemRow(i));
    if (missing)
      throw badInput(`The product ${missing.product2Id ?? missing.sku} doesn't exist or isn't available to you.`);
    const lines = items.map((i) => ({ item: i, row: itemRow(i)! }));
    const result = evaluatePromotions({
      now: new Date().toISOString(),
      lines: lines.map(({ item, row }) => ({
        id: item.id,
        productId: row.id,
        categoryIds: categories.get(row.id) ?? [],
        quantity: item.quantity,
        salesPrice: item.salesPrice,
        // Bought with the product's default selling model, as the cart would add it.
        sellingModelType: defaultSellingModelOf(models.get(row.id))?.sellingModelType ?? null,
      })),
      audience: { buyerGroupIds: ctx.buyerGroupIds, accountId: ctx.effectiveAccountId },
      couponCodes: b.couponCodes ?? [],
      promotions: await this.rules(store.id, store.promotionsVersion),
    });
    return {
      cart: {
        id: b.cart.id ?? null,
        currencyIsoCode: currency,
        cartItems: lines.map(({ item: i, row }, index) => {
          const line = result.lines[index]!;
          const base = lineBase(i.salesPrice, i.quantity);
          return {
            id: i.id,
            product2Id: row.id,
            sku: row.sku,
            type: i.type ?? 'Product',
            quantity: i.quantity,
            salesPrice: i.salesPrice,
            totalLineBaseAmount: base,
            totalAdjustmentBaseAmount: line.totalAdjustment,
            totalNetAmount: line.totalAfter,
            cartItemPriceAdjustments: line.adjustments.map((a) => ({
              cartItemId: i.id,
              adjustmentAmountScope: 'Total',
              adjustmentTargetType: 'Item',
              adjustmentDescription: a.displayName,
              adjustmentBasisReference: a.couponCode,
              baseAmount: base,
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
        totalAdjustmentAmount: sumAmounts(result.totalItemAdjustment, result.totalCartAdjustment),
        totalAmount: result.total,
      },
      coupons: result.coupons.map((c) => ({
        couponCode: c.couponCode,
        isValidCoupon: c.isValid,
        couponErrorCode: c.couponErrorCode,
      })),
    };
  }

  /**
   * Every active promotion of the store with its coupon codes (upper-cased). With the store's promotions
   * version (Webstore.promotionsVersion, read by this request) the rules read at that version are reused;
   * without it they are read fresh. The rules are shared: callers must not change them.
   */
  rules(webstoreId: string, version?: number): Promise<PromotionRule[]> {
    if (version === undefined) return this.readRules(webstoreId);
    return this.kept.get(webstoreId, version, () => this.readRules(webstoreId));
  }

  private async readRules(webstoreId: string): Promise<PromotionRule[]> {
    const [rows, coupons] = await Promise.all([
      this.db
        .selectFrom('promotion')
        .selectAll()
        .where('webstore_id', '=', webstoreId)
        .where('is_active', '=', 1)
        .orderBy('priority')
        .orderBy('id')
        .execute(),
      this.db
        .selectFrom('coupon')
        .select(['promotion_id', 'code'])
        .where('webstore_id', '=', webstoreId)
        .where('is_active', '=', 1)
        .execute(),
    ]);
    return rows.map((r) =>
      toPromotionRule(
        r,
        coupons.filter((c) => c.promotion_id === r.id).map((c) => c.code),
      ),
    );
  }

  /** A live coupon by code (case-insensitive), or null. */
  async coupon(webstoreId: string, code: string): Promise<CouponRow | null> {
    const row = await this.db
      .selectFrom('coupon')
      .select(['id', 'promotion_id', 'code', 'max_uses', 'times_used'])
      .where('webstore_id', '=', webstoreId)
      .where('code', '=', code.trim().toUpperCase())
      .where('is_active', '=', 1)
      .executeTakeFirst();
    if (!row) return null;
    const isUsedUp = row.max_uses !== null && row.times_used >= row.max_uses;
    return { id: row.id, promotionId: row.promotion_id, code: row.code, isUsedUp };
  }
}

/**
 * Category ids of products (all of their categories and the ancestors of each), for category-targeted
 * promotions. Takes the database handle to use, so a cart recalculation can call it inside its transaction.
 */
export async function productCategoryIds(
  db: Kysely<Database>,
  productIds: string[],
  tree: CategoryTree,
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(productIds.map((id) => [id, []]));
  if (!productIds.length) return out;
  const rows = await db
    .selectFrom('product_category')
    .select(['product_id', 'category_id'])
    .where('product_id', 'in', productIds)
    .execute();
  for (const r of rows) addCategoryAndAncestors(out.get(r.product_id)!, r.category_id, tree);
  return out;
}

/** Adds a product's category and each of its ancestors to its list, each once (a rule names any of them). */
export function addCategoryAndAncestors(categoryIds: string[], categoryId: string, tree: CategoryTree): void {
  for (const id of tree.ancestorIds(categoryId)) if (!categoryIds.includes(id)) categoryIds.push(id);
}
