// The cart recalculation: after every change, promotions are evaluated over all lines (core engine),
// estimated tax is worked out per line, and the lines and the cart row are written with the result,
// inside the transaction of the change. Line prices (list and tier) are fixed when a line is added or
// its quantity changes; what depends on the whole cart (promotions, tiers by cart quantity) is redone here.
//
// Tax: each product's tax policy at the destination, the default delivery group's address once the
// checkout has one, before that the store's country as an estimate; the TaxCalculation policy
// (policies/tax-calculation.ts) says which rate applies there and how much of a line is tax (by
// default the region's rate over the country-wide one; Net stores add it, Gross stores include it). Cart-level promotions are not spread
// over lines. Delivery charges are the fees of the methods chosen for the delivery groups; they are
// not taxed (a choice: the demo's tax tables have no rates for delivery); nor is gift wrap.
import type { Kysely } from 'kysely';
import {
  evaluatePromotions,
  type CartAdjustment,
  type PromotionAudience,
  type PromotionRule,
  type TaxLocaleType,
} from '@store/core';
import type { CartItemTable, CartTable, Database } from '../../db/schema.ts';
import type { CategoryTree } from '../category-tree.ts';
import type { TaxCalculation } from '../../policies/tax-calculation.ts';
import type { LineFactsCache } from './line-facts.ts';
import type { KeptTaxRates } from './kept-tax-rates.ts';
import { promotionTotals } from './cart-views.ts';
import { minorOf, moneyOf } from './cart-money.ts';

export interface RecalcContext {
  rules: PromotionRule[];
  audience: PromotionAudience;
  taxType: TaxLocaleType;
  country: string;
  /** For category-targeted promotions (a category covers its subtree). */
  tree: CategoryTree;
  now: string;
  /** Which rate applies where, and how much of a line is tax. */
  taxes: TaxCalculation;
  /** The store and its tax version, which key the rates kept per process (kept-tax-rates.ts). */
  store: { id: string; taxVersion: number };
  keptRates: KeptTaxRates;
  /** The lines' product facts and model types, kept per process (line-facts.ts). */
  facts: LineFactsCache;
}

/** The recalculated cart and its lines as written (ordered by seq). */
export interface Recalculated {
  cart: CartTable;
  items: CartItemTable[];
  /** The cart's coupon codes, oldest first, as the recalculation applied them. */
  couponCodes: string[];
}

const minor = minorOf;

/** Where tax is due: the default delivery group's address, else the store's country. */
function taxDestination(
  groups: Array<{ is_default: number; address_json: string | null }>,
  storeCountry: string,
): { country: string; region: string | null } {
  const withAddress = groups.find((g) => g.is_default === 1 && g.address_json) ?? groups.find((g) => g.address_json);
  if (!withAddress) return { country: storeCountry, region: null };
  const address = JSON.parse(withAddress.address_json!) as { country: string; region?: string | null };
  return { country: address.country.toUpperCase(), region: address.region ? address.region.toUpperCase() : null };
}

/** The cart changed since the change read it (SQLite's one-update path, CartService.change): run it again. */
export class StaleCart extends Error {}

/**
 * Recalculates `cart` (the row as the change holds it, its version already the new one) and writes it. With
 * `expect` the cart row is written only if it is still at `expect.version`, active and (unless the change is the
 * operation's own) not taken by an operation, and the version is bumped in the same update; else StaleCart.
 */
export async function recalculate(
  db: Kysely<Database>,
  cart: CartTable,
  rc: RecalcContext,
  expect?: { version: number; operation: boolean },
  /** The cart's coupon codes when the caller knows them (CartService keeps them per cart version), else read. */
  knownCoupons?: string[],
): Promise<Recalculated> {
  const items = await db.selectFrom('cart_item').selectAll().where('cart_id', '=', cart.id).orderBy('seq').execute();
  const productIds = [...new Set(items.map((i) => i.product_id))];
  const [coupons, modelType, facts, groups] = await Promise.all([
    knownCoupons ??
      db
        .selectFrom('cart_coupon')
        .select('code')
        .where('cart_id', '=', cart.id)
        .orderBy('created_at')
        .execute()
        .then((rows) => rows.map((c) => c.code)),
    rc.facts.modelTypes(
      db,
      items.map((i) => i.selling_model_id),
    ),
    rc.facts.products(db, rc.tree, productIds),
    db
      .selectFrom('cart_delivery_group')
      .leftJoin('delivery_method', 'delivery_method.id', 'cart_delivery_group.delivery_method_id')
      .select([
        'cart_delivery_group.id',
        'cart_delivery_group.is_default',
        'cart_delivery_group.address_json',
        'delivery_method.fee_minor',
      ])
      .where('cart_delivery_group.cart_id', '=', cart.id)
      .execute(),
  ]);
  const destination = taxDestination(groups, rc.country);
  const policyIds = [...new Set([...facts.values()].map((p) => p.taxPolicyId).filter((id): id is string => !!id))];
  const rates = await rc.keptRates.ratesAt(db, rc.taxes, rc.store, policyIds, destination);
  // A group is charged for only while it has lines (a line without a group is in the default one).
  const defaultGroup = groups.find((g) => g.is_default === 1)?.id;
  const used = new Set(items.map((i) => i.delivery_group_id ?? defaultGroup));
  const charge = groups.reduce((sum, g) => sum + (used.has(g.id) ? (g.fee_minor ?? 0) : 0), 0);
  // Gift wrap is charged while chosen and the cart has printed (physical) lines to wrap; it is not taxed,
  // as delivery. The price is read as a decimal string and turned into minor units without floats.
  const printedLines = items.filter((i) => facts.get(i.product_id)?.fulfilment === 'Physical').length;
  const wrapPrice =
    cart.gift_wrap === 1 && printedLines > 0
      ? await db
          .selectFrom('gift_wrap_product')
          .select('unit_price')
          .where('webstore_id', '=', cart.webstore_id)
          .executeTakeFirst()
      : undefined;
  const giftWrap = wrapPrice ? minor(wrapPrice.unit_price) : 0;

  const result = evaluatePromotions({
    now: rc.now,
    lines: items.map((i) => ({
      id: i.id,
      productId: i.product_id,
      categoryIds: facts.get(i.product_id)?.categoryIds ?? [],
      quantity: String(i.quantity),
      salesPrice: moneyOf(i.sales_price_minor),
      sellingModelType: (modelType.get(i.selling_model_id) ?? null) as 'OneTime' | 'Evergreen' | 'TermDefined' | null,
    })),
    audience: rc.audience,
    couponCodes: coupons,
    promotions: rc.rules,
  });

  let list = 0;
  let product = 0;
  let itemAdjust = 0;
  let tax = 0;
  let quantity = 0;
  const writes: Array<Promise<unknown>> = [];
  const written: CartItemTable[] = [];
  const itemAdjustments: CartAdjustment[] = [];
  items.forEach((item: CartItemTable, index) => {
    const line = result.lines[index]!;
    const adjustments: CartAdjustment[] = line.adjustments.map((a) => ({
      promotionId: a.promotionId,
      displayName: a.displayName,
      adjustmentAmount: a.amount,
      couponCode: a.couponCode,
      targetType: 'Item',
    }));
    const adjust = minor(line.totalAdjustment);
    // A line is charged the first rate its tax policy has at the destination (there is one per place).
    const rate = rates.get(facts.get(item.product_id)?.taxPolicyId ?? '')?.[0]?.ratePercentage ?? '0';
    const lineTax = rc.taxes.taxOn(item.sales_price_minor * item.quantity + adjust, rate, rc.taxType);
    const json = JSON.stringify(adjustments);
    list += item.list_price_minor * item.quantity;
    product += item.sales_price_minor * item.quantity;
    itemAdjust += adjust;
    tax += lineTax;
    quantity += item.quantity;
    itemAdjustments.push(...adjustments);
    written.push({ ...item, adjust_minor: adjust, tax_minor: lineTax, adjustments_json: json });
    if (item.adjust_minor !== adjust || item.tax_minor !== lineTax || item.adjustments_json !== json) {
      writes.push(
        db
          .updateTable('cart_item')
          .set({ adjust_minor: adjust, tax_minor: lineTax, adjustments_json: json })
          .where('id', '=', item.id)
          .execute(),
      );
    }
  });
  await Promise.all(writes);
  const cartAdjustments: CartAdjustment[] = result.cartAdjustments.map((a) => ({
    promotionId: a.promotionId,
    displayName: a.displayName,
    adjustmentAmount: a.amount,
    couponCode: a.couponCode,
    targetType: 'Cart',
  }));
  const totals = {
    total_list_minor: list,
    total_product_minor: product,
    total_item_adjust_minor: itemAdjust,
    total_cart_adjust_minor: minor(result.totalCartAdjustment),
    total_tax_minor: tax,
    total_charge_minor: charge,
    total_gift_wrap_minor: giftWrap,
    printed_line_count: printedLines,
    total_quantity: quantity,
    line_count: items.length,
    cart_adjustments_json: JSON.stringify(cartAdjustments),
    item_promotions_json: JSON.stringify(promotionTotals(itemAdjustments).map(({ minor: _, ...a }) => a)),
    updated_at: rc.now,
  };
  if (!expect) {
    await db.updateTable('cart').set(totals).where('id', '=', cart.id).execute();
    return { cart: { ...cart, ...totals }, items: written, couponCodes: coupons };
  }
  let update = db
    .updateTable('cart')
    .set({ ...totals, version: expect.version + 1 })
    .where('id', '=', cart.id)
    .where('version', '=', expect.version)
    .where('status', '=', 'Active');
  if (!expect.operation) update = update.where('async_status', '!=', 'Processing');
  const { numUpdatedRows } = await update.executeTakeFirst();
  if (numUpdatedRows === 0n) throw new StaleCart();
  return { cart: { ...cart, ...totals }, items: written, couponCodes: coupons };
}
