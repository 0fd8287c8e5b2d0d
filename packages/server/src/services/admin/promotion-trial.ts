// "Try" a promotion before publishing it (issue 15): a sample cart (products and quantities, for a buyer
// account or buyer groups, or a guest) is priced as the storefront would price it for that buyer (their price
// books, volume tiers by quantity, the default selling model) and run through the same engine (core
// evaluatePromotions) with the store's live promotions, the tried one in place of its saved self. Nothing is
// written and no cart is touched. The tried promotion counts as switched on; its dates still apply, at the
// moment asked (`at`, default now), so a promotion that starts next week can be tried as of next week.
import {
  defaultSellingModelOf,
  evaluatePromotions,
  normaliseDecimal,
  parseDecimal,
  promotionProblem,
  unitPriceForQuantity,
  type PromotionRule,
  type PromotionTrialInput,
  type PromotionTrialResult,
} from '@store/core';
import { badInput, rejectProblem } from '../../domain/errors.ts';
import { checkedId } from '../../domain/record-ids.ts';
import type { Services } from '../index.ts';
import { productCategoryIds } from '../promotions.ts';
import type { Webstore } from '../webstores.ts';
import { PROMOTION_DEFAULTS, type AdminPromotion } from './promotion-admin.ts';
import { firstUnknownId } from './known-ids.ts';

export const MAX_TRIAL_LINES = 50;
/** The id a draft that was never saved goes by in the answer. */
export const DRAFT_PROMOTION_ID = 'draft';

function ruleOf(p: Omit<AdminPromotion, 'id' | 'isActive'>, id: string): PromotionRule {
  return {
    id,
    displayName: p.name,
    termsAndConditions: p.termsAndConditions,
    priority: p.priority,
    stacking: p.stacking,
    target: p.target,
    discount: p.discount,
    startsAt: p.startsAt,
    endsAt: p.endsAt,
    productIds: p.productIds?.map((v) => checkedId(v)) ?? null,
    categoryIds: p.categoryIds?.map((v) => checkedId(v)) ?? null,
    buyerGroupIds: p.buyerGroupIds?.map((v) => checkedId(v)) ?? null,
    accountIds: p.accountIds?.map((v) => checkedId(v)) ?? null,
    couponCodes: p.coupons.filter((c) => c.isActive).map((c) => c.code.toUpperCase()),
    oneTimeOnly: p.oneTimeOnly,
  };
}

/** The promotion as tried: the saved one with the draft's fields over it, or the draft with the defaults. */
async function triedPromotion(s: Services, store: Webstore, t: PromotionTrialInput): Promise<PromotionRule> {
  const saved = t.promotionId ? await s.workspace.promotions.saved(store.id, t.promotionId) : null;
  if (!saved && !t.promotion) throw badInput('Name a saved promotion (promotionId) or send one to try (promotion).');
  const draft = t.promotion ?? {};
  if (!saved && (!draft.name || !draft.discount)) throw badInput('A promotion to try needs a name and a discount.');
  const base = saved ?? { ...PROMOTION_DEFAULTS, name: '', discount: draft.discount!, coupons: [] };
  const coupons = draft.coupons
    ? draft.coupons.map((c) => ({
        id: '',
        code: c.code,
        maxUses: c.maxUses,
        maxUsesPerCustomer: c.maxUsesPerCustomer ?? null,
        timesUsed: 0,
        isActive: true,
      }))
    : base.coupons;
  const merged = { ...base, ...draft, coupons };
  rejectProblem(promotionProblem({ ...merged, coupons: draft.coupons ?? [] }));
  return ruleOf(merged, saved?.id ?? DRAFT_PROMOTION_ID);
}

/** The buyer's groups: the account's (it must exist), else those given (the store's), else the guest group. */
async function trialAudience(s: Services, store: Webstore, t: PromotionTrialInput) {
  if (t.accountId) {
    const accountId = checkedId(t.accountId);
    if (await firstUnknownId(s.db, 'account', [accountId])) throw badInput(`The account ${t.accountId} doesn't exist.`);
    return { accountId, buyerGroupIds: (await s.accounts.buyerGroups(accountId)).map((g) => g.id) };
  }
  if (t.buyerGroupIds?.length) {
    const ids = t.buyerGroupIds.map((v) => checkedId(v));
    const gone = await firstUnknownId(s.db, 'buyer_group', ids, store.id);
    if (gone) throw badInput(`The buyer group ${gone} isn't one of this store's.`);
    return { accountId: null, buyerGroupIds: ids };
  }
  return { accountId: null, buyerGroupIds: store.guestBuyerGroupId ? [store.guestBuyerGroupId] : [] };
}

export async function tryPromotion(
  s: Services,
  store: Webstore,
  t: PromotionTrialInput,
): Promise<PromotionTrialResult> {
  if (!t.lines.length || t.lines.length > MAX_TRIAL_LINES)
    throw badInput(`A sample cart has 1 to ${MAX_TRIAL_LINES} lines.`);
  const at = t.at ?? new Date().toISOString();
  const tried = await triedPromotion(s, store, t);
  const audience = await trialAudience(s, store, t);
  const currency = store.settings.defaultCurrency;

  const ids = t.lines.map((l) => checkedId(l.productId));
  const rows = await s.products.rowsByIds(store.id, [...new Set(ids)]);
  const models = await s.products.sellingModels(rows.map((r) => r.id));
  const prices = await s.pricing.prices(
    { webstoreId: store.id, buyerGroupIds: audience.buyerGroupIds, currency },
    rows.map((r) => ({ id: r.id, sellingModels: models.get(r.id) ?? [] })),
  );
  const tree = await s.categories.get(store.id, store.catalogVersion);
  const categories = await productCategoryIds(
    s.db,
    rows.map((r) => r.id),
    tree,
  );
  const lines = t.lines.map((l, index) => {
    const row = rows.find((r) => r.id === ids[index]);
    if (!row) throw badInput(`Line ${index + 1}: the product ${l.productId} isn't one of this store's.`);
    const price = prices.get(row.id);
    const unit = price
      ? unitPriceForQuantity(price.unitPrice, price.priceAdjustment?.priceAdjustmentTiers, l.quantity)
      : null;
    if (!unit) throw badInput(`Line ${index + 1}: ${row.name} has no price for this buyer.`);
    return {
      id: `line-${index + 1}`,
      row,
      quantity: l.quantity,
      salesPrice: normaliseDecimal(parseDecimal(unit)),
      sellingModelType: defaultSellingModelOf(models.get(row.id))?.sellingModelType ?? null,
    };
  });

  const live = t.alone ? [] : (await s.promotions.rules(store.id)).filter((r) => r.id !== tried.id);
  const couponCodes = t.couponCodes ?? tried.couponCodes.slice(0, 1);
  const result = evaluatePromotions({
    now: at,
    lines: lines.map((l) => ({
      id: l.id,
      productId: l.row.id,
      categoryIds: categories.get(l.row.id) ?? [],
      quantity: String(l.quantity),
      salesPrice: l.salesPrice,
      sellingModelType: l.sellingModelType,
    })),
    audience,
    couponCodes,
    promotions: [...live, tried],
  });
  const triedTotal = result.applied.find((a) => a.promotionId === tried.id);
  return {
    evaluatedAt: at,
    currencyIsoCode: currency,
    buyerGroupIds: audience.buyerGroupIds,
    promotion: { id: tried.id, applies: !!triedTotal, adjustmentAmount: triedTotal?.adjustmentAmount ?? '0.00' },
    lines: lines.map((l, index) => {
      const r = result.lines[index]!;
      return {
        productId: l.row.id,
        sku: l.row.sku,
        name: l.row.name,
        quantity: l.quantity,
        salesPrice: l.salesPrice,
        adjustments: r.adjustments,
        totalAdjustment: r.totalAdjustment,
        totalAfter: r.totalAfter,
      };
    }),
    cartAdjustments: result.cartAdjustments,
    coupons: result.coupons,
    subtotal: result.subtotal,
    totalItemAdjustment: result.totalItemAdjustment,
    totalCartAdjustment: result.totalCartAdjustment,
    total: result.total,
  };
}
