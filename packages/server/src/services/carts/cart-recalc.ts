// The cart recalculation: after every change, promotions are evaluated over the lines (core engine),
// estimated tax is worked out per line, and the lines and the cart row are written with the result,
// inside the transaction of the change. Line prices (list and tier) are fixed when a line is added or
// its quantity changes; what depends on the whole cart (promotions, tiers by cart quantity) is redone here.
//
// In proportion to the change (issue 20): item promotions and tax are per line, so while nothing they depend on
// has moved since the cart was last worked out (basisOf, kept on the cart row), a change that names the lines it
// wrote (an add, a quantity change, a removal) prices those lines only and moves the kept totals by their
// difference; cart promotions are worked out from each kind's kept sums (core's cartPassOnTotals). Anything else
// reads and prices every line. Both give the same cart (cart-recalc-changes.test.ts compares them after every
// kind of line change).
//
// Tax: each product's tax policy at the destination, the default delivery group's address once the
// checkout has one, before that the store's country as an estimate; the TaxCalculation policy
// (policies/tax-calculation.ts) says which rate applies there and how much of a line is tax (by
// default the region's rate over the country-wide one; Net stores add it, Gross stores include it). Cart-level promotions are not spread
// over lines. Delivery charges are the fees of the methods chosen for the delivery groups; they are
// not taxed (a choice: the demo's tax tables have no rates for delivery); nor is gift wrap.
import type { Kysely } from 'kysely';
import {
  cartPassOnTotals,
  type AppliedAdjustment,
  evaluatePromotions,
  nextPromotionBoundary,
  type CartAdjustment,
  type LineResult,
  type PromotionAudience,
  type PromotionLine,
  type PromotionRule,
  type TaxLocaleType,
} from '@store/core';
import type { CartItemTable, CartTable, Database } from '../../db/schema.ts';
import type { CategoryTree } from '../category-tree.ts';
import { TableTaxCalculation, type TaxCalculation } from '../../policies/tax-calculation.ts';
import type { LineFactsCache, LineProductFacts } from './line-facts.ts';
import type { CartStatements, DeliveryGroupFee } from './cart-statements.ts';
import type { ApiError } from '../../domain/errors.ts';
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
  /**
   * The store and its tax version, which key the rates kept per process (kept-tax-rates.ts); with its catalogue
   * and promotions versions, part of what a cart's kept totals were worked out under.
   */
  store: { id: string; taxVersion: number; catalogVersion: number; promotionsVersion: number };
  keptRates: KeptTaxRates;
  /** The lines' product facts and model types, kept per process (line-facts.ts). */
  facts: LineFactsCache;
  /** The statements it runs, compiled once (cart-statements.ts). */
  statements: CartStatements;
}

/**
 * The recalculated cart and its lines as written: every line (ordered by seq), or, when the change was worked out
 * from the cart's totals, the lines it changed.
 */
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
 * A line a change wrote: the row as it was stored before the change (null for a new line) and the row as the
 * change left it (null for a removed line).
 */
export type LineChange =
  | { before: CartItemTable | null; after: CartItemTable }
  | { before: CartItemTable; after: null };

/** A line an add wrote (`before`: the row as stored before this change, null for a new line), or refused. */
export type LineOutcome =
  | { ok: true; item: CartItemTable; before: CartItemTable | null }
  | { ok: false; error: ApiError };

/** The lines an add wrote, for a recalculation in proportion to them. */
export const addedLines = (outcomes: LineOutcome[]): LineChange[] =>
  outcomes.flatMap((o) => (o.ok ? [{ before: o.before, after: o.item }] : []));

/** What the cart's totals add up from its lines (minor units; quantities are whole). */
interface Sums {
  list: number;
  product: number;
  itemAdjust: number;
  tax: number;
  quantity: number;
  lines: number;
  printed: number;
  recurringQuantity: number;
  recurringAfter: number;
}

/** What a recalculation works from: the cart as the change holds it, and what it read besides the lines. */
interface Setting {
  db: Kysely<Database>;
  cart: CartTable;
  rc: RecalcContext;
  coupons: string[];
  groups: DeliveryGroupFee[];
  destination: { country: string; region: string | null };
}

/** What a recalculation works out before it writes the cart. */
interface Worked {
  sums: Sums;
  /** The lines priced (adjustments and tax), each with the row as it was before pricing. */
  lines: Array<{ row: CartItemTable; was: CartItemTable }>;
  /** Each item promotion's total over the lines (in no particular order: the promotions view orders them). */
  itemPromotions: Array<CartAdjustment & { minor: number }>;
  cartAdjustments: CartAdjustment[];
  totalCartAdjust: number;
  charge: number;
  giftWrap: number;
}

/** The lines' product facts and selling model types. */
interface LineInputs {
  facts: Map<string, LineProductFacts>;
  modelType: Map<string, string>;
}

async function lineInputs(db: Kysely<Database>, rc: RecalcContext, items: CartItemTable[]): Promise<LineInputs> {
  const [modelType, facts] = await Promise.all([
    rc.facts.modelTypes(
      db,
      items.map((i) => i.selling_model_id),
    ),
    rc.facts.products(db, rc.tree, [...new Set(items.map((i) => i.product_id))]),
  ]);
  return { facts, modelType };
}

const modelTypeOf = (item: CartItemTable, inputs: LineInputs) =>
  (inputs.modelType.get(item.selling_model_id) ?? null) as PromotionLine['sellingModelType'];

/** Lines bought on a model other than OneTime: no promotion for one-time purchases only covers them. */
function isRecurring(item: CartItemTable, inputs: LineInputs): boolean {
  const type = modelTypeOf(item, inputs);
  return type !== null && type !== 'OneTime';
}

function promotionLine(item: CartItemTable, inputs: LineInputs): PromotionLine {
  return {
    id: item.id,
    productId: item.product_id,
    categoryIds: inputs.facts.get(item.product_id)?.categoryIds ?? [],
    quantity: String(item.quantity),
    salesPrice: moneyOf(item.sales_price_minor),
    sellingModelType: modelTypeOf(item, inputs),
  };
}

/** Item promotions over `items`, and each line's tax at the destination: the lines as the recalculation writes them. */
async function priceLines(
  db: Kysely<Database>,
  rc: RecalcContext,
  items: CartItemTable[],
  inputs: LineInputs,
  coupons: string[],
  destination: { country: string; region: string | null },
) {
  const policyIds = [
    ...new Set(items.map((i) => inputs.facts.get(i.product_id)?.taxPolicyId).filter((id): id is string => !!id)),
  ];
  const rates = await rc.keptRates.ratesAt(db, rc.taxes, rc.store, policyIds, destination);
  const result = evaluatePromotions({
    now: rc.now,
    lines: items.map((i) => promotionLine(i, inputs)),
    audience: rc.audience,
    couponCodes: coupons,
    promotions: rc.rules,
  });
  const priced = items.map((item, index) => {
    const line: LineResult = result.lines[index]!;
    const adjustments: CartAdjustment[] = line.adjustments.map((a) => ({
      promotionId: a.promotionId,
      displayName: a.displayName,
      adjustmentAmount: a.amount,
      couponCode: a.couponCode,
      targetType: 'Item',
    }));
    const adjust = minor(line.totalAdjustment);
    // A line is charged the first rate its tax policy has at the destination (there is one per place).
    const rate = rates.get(inputs.facts.get(item.product_id)?.taxPolicyId ?? '')?.[0]?.ratePercentage ?? '0';
    const tax = rc.taxes.taxOn(item.sales_price_minor * item.quantity + adjust, rate, rc.taxType);
    const row = { ...item, adjust_minor: adjust, tax_minor: tax, adjustments_json: JSON.stringify(adjustments) };
    return { row, was: item, adjustments };
  });
  return { priced, result };
}

/** Adds a line's share of the totals (`sign` -1 takes it away). */
function addTo(sums: Sums, item: CartItemTable, inputs: LineInputs, sign: 1 | -1): void {
  const gross = item.sales_price_minor * item.quantity;
  sums.list += sign * item.list_price_minor * item.quantity;
  sums.product += sign * gross;
  sums.itemAdjust += sign * item.adjust_minor;
  sums.tax += sign * item.tax_minor;
  sums.quantity += sign * item.quantity;
  sums.lines += sign;
  if (inputs.facts.get(item.product_id)?.fulfilment === 'Physical') sums.printed += sign;
  if (isRecurring(item, inputs)) {
    sums.recurringQuantity += sign * item.quantity;
    sums.recurringAfter += sign * (gross + item.adjust_minor);
  }
}

const cartLevel = (adjustments: AppliedAdjustment[]) =>
  adjustments.map(
    (a): CartAdjustment => ({
      promotionId: a.promotionId,
      displayName: a.displayName,
      adjustmentAmount: a.amount,
      couponCode: a.couponCode,
      targetType: 'Cart',
    }),
  );

/** The whole cart worked out from every line. */
async function fromLines({ db, cart, rc, coupons, groups, destination }: Setting): Promise<Worked> {
  const items = await db.selectFrom('cart_item').selectAll().where('cart_id', '=', cart.id).orderBy('seq').execute();
  const inputs = await lineInputs(db, rc, items);
  const { priced, result } = await priceLines(db, rc, items, inputs, coupons, destination);
  const sums = emptySums();
  for (const p of priced) addTo(sums, p.row, inputs, 1);
  // A group is charged for only while it has lines (a line without a group is in the default one).
  const defaultGroup = groups.find((g) => g.is_default === 1)?.id;
  const used = new Set(items.map((i) => i.delivery_group_id ?? defaultGroup));
  const charge = groups.reduce((sum, g) => sum + (used.has(g.id) ? (g.fee_minor ?? 0) : 0), 0);
  // Gift wrap is charged while chosen and the cart has printed (physical) lines to wrap; it is not taxed,
  // as delivery. The price is read as a decimal string and turned into minor units without floats.
  const wrapPrice =
    cart.gift_wrap === 1 && sums.printed > 0
      ? await db
          .selectFrom('gift_wrap_product')
          .select('unit_price')
          .where('webstore_id', '=', cart.webstore_id)
          .executeTakeFirst()
      : undefined;
  return {
    sums,
    lines: priced,
    itemPromotions: promotionTotals(priced.flatMap((p) => p.adjustments)),
    cartAdjustments: cartLevel(result.cartAdjustments),
    totalCartAdjust: minor(result.totalCartAdjustment),
    charge,
    giftWrap: wrapPrice ? minor(wrapPrice.unit_price) : 0,
  };
}

/**
 * The cart worked out from its kept totals and the changed lines only, or null when that cannot give what
 * fromLines would: several delivery groups (which lines use which), gift wrap (its price is read only while
 * charged), or a cart promotion naming products or categories (cartPassOnTotals). The caller has checked that
 * the cart's basis is the current one.
 */
async function fromChanges(
  { db, cart, rc, coupons, groups, destination }: Setting,
  changes: LineChange[],
): Promise<Worked | null> {
  if (groups.length !== 1 || cart.gift_wrap === 1 || cart.item_promotions_json === null) return null;
  // One change per line: as stored before its first change, as left by its last.
  const byLine = new Map<string, { before: CartItemTable | null; after: CartItemTable | null }>();
  for (const c of changes) {
    const id = (c.after ?? c.before)!.id;
    byLine.set(id, { before: byLine.has(id) ? byLine.get(id)!.before : c.before, after: c.after });
  }
  const merged = [...byLine.values()];
  const befores = merged.flatMap((c) => (c.before ? [c.before] : []));
  const afters = merged.flatMap((c) => (c.after ? [c.after] : []));
  const inputs = await lineInputs(db, rc, [...afters, ...befores]);
  const { priced } = await priceLines(db, rc, afters, inputs, coupons, destination);
  const sums = sumsOf(cart);
  // Each item promotion's total, moved by what the changed lines took before and take now (the view orders them).
  const totals = new Map(
    (JSON.parse(cart.item_promotions_json) as CartAdjustment[]).map((a) => [
      a.promotionId,
      { ...a, minor: minor(a.adjustmentAmount) },
    ]),
  );
  const move = (adjustments: CartAdjustment[], sign: 1 | -1) => {
    for (const a of adjustments) {
      const total = totals.get(a.promotionId);
      if (total) total.minor += sign * minor(a.adjustmentAmount);
      else totals.set(a.promotionId, { ...a, minor: sign * minor(a.adjustmentAmount) });
    }
  };
  for (const before of befores) {
    move(JSON.parse(before.adjustments_json) as CartAdjustment[], -1);
    addTo(sums, before, inputs, -1);
  }
  for (const p of priced) {
    move(p.adjustments, 1);
    addTo(sums, p.row, inputs, 1);
  }
  const cartPass = cartPassOnTotals({
    now: rc.now,
    audience: rc.audience,
    couponCodes: coupons,
    promotions: rc.rules,
    oneTime: {
      quantity: String(sums.quantity - sums.recurringQuantity),
      afterItems: moneyOf(sums.product + sums.itemAdjust - sums.recurringAfter),
    },
    recurring: { quantity: String(sums.recurringQuantity), afterItems: moneyOf(sums.recurringAfter) },
  });
  if (!cartPass) return null;
  return {
    sums,
    lines: priced,
    // A promotion no line takes anything from any more is gone (no adjustment is zero).
    itemPromotions: [...totals.values()]
      .filter((a) => a.minor !== 0)
      .map((a) => ({ ...a, adjustmentAmount: moneyOf(a.minor) })),
    cartAdjustments: cartLevel(cartPass.cartAdjustments),
    totalCartAdjust: minor(cartPass.totalCartAdjustment),
    // One group holds every line: it is charged while there is one.
    charge: sums.lines > 0 ? (groups[0]!.fee_minor ?? 0) : 0,
    giftWrap: 0,
  };
}

const emptySums = (): Sums => ({
  list: 0,
  product: 0,
  itemAdjust: 0,
  tax: 0,
  quantity: 0,
  lines: 0,
  printed: 0,
  recurringQuantity: 0,
  recurringAfter: 0,
});

const sumsOf = (cart: CartTable): Sums => ({
  list: cart.total_list_minor,
  product: cart.total_product_minor,
  itemAdjust: cart.total_item_adjust_minor,
  tax: cart.total_tax_minor,
  quantity: cart.total_quantity,
  lines: cart.line_count,
  printed: cart.printed_line_count,
  recurringQuantity: cart.recurring_quantity,
  recurringAfter: cart.recurring_after_minor,
});

/**
 * What a cart's kept totals are worked out under, besides its lines: the store's promotions, tax and catalogue
 * versions (rules, rates, the lines' categories and tax policies), its tax settings, the buyer, the coupons, the
 * tax destination, and the next instant a promotion starts or ends (equal while none has passed). Null when the
 * tax policy is not the store's tables, whose rates have no version to compare.
 */
function basisOf(
  rc: RecalcContext,
  destination: { country: string; region: string | null },
  coupons: string[],
): string | null {
  if (!(rc.taxes instanceof TableTaxCalculation)) return null;
  return JSON.stringify([
    rc.store.promotionsVersion,
    rc.store.taxVersion,
    rc.store.catalogVersion,
    [...rc.audience.buyerGroupIds].sort(),
    rc.audience.accountId,
    rc.taxType,
    rc.country,
    destination.country,
    destination.region,
    coupons,
    nextPromotionBoundary(rc.rules, rc.now),
  ]);
}

/**
 * Recalculates `cart` (the row as the change holds it, its version already the new one) and writes it. With
 * `changes` (every line the change wrote), and while the cart's kept totals were worked out under what holds now
 * (basisOf), only those lines are read and priced and the totals are moved by their difference; otherwise every
 * line is. With `expect` the cart row is written only if it is still at `expect.version`, active and (unless the
 * change is the operation's own) not taken by an operation, and the version is bumped in the same update; else
 * StaleCart.
 */
export async function recalculate(
  db: Kysely<Database>,
  cart: CartTable,
  rc: RecalcContext,
  expect?: { version: number; operation: boolean },
  /** The cart's coupon codes when the caller knows them (CartService keeps them per cart version), else read. */
  knownCoupons?: string[],
  changes?: LineChange[],
): Promise<Recalculated> {
  const [coupons, groups] = await Promise.all([
    knownCoupons ?? rc.statements.coupons.execute({ cartId: cart.id }, db).then((rows) => rows.map((c) => c.code)),
    rc.statements.groups.execute({ cartId: cart.id }, db),
  ]);
  const destination = taxDestination(groups, rc.country);
  const basis = basisOf(rc, destination, coupons);
  const setting = { db, cart, rc, coupons, groups, destination };
  const worked =
    (changes?.length && basis !== null && cart.recalc_basis === basis ? await fromChanges(setting, changes) : null) ??
    (await fromLines(setting));
  await Promise.all(
    worked.lines
      .filter(
        ({ row, was }) =>
          row.adjust_minor !== was.adjust_minor ||
          row.tax_minor !== was.tax_minor ||
          row.adjustments_json !== was.adjustments_json,
      )
      .map(({ row }) =>
        rc.statements.linePricing.run(
          {
            id: row.id,
            adjust_minor: row.adjust_minor,
            tax_minor: row.tax_minor,
            adjustments_json: row.adjustments_json,
          },
          db,
        ),
      ),
  );
  const { sums } = worked;
  const totals = {
    total_list_minor: sums.list,
    total_product_minor: sums.product,
    total_item_adjust_minor: sums.itemAdjust,
    total_cart_adjust_minor: worked.totalCartAdjust,
    total_tax_minor: sums.tax,
    total_charge_minor: worked.charge,
    total_gift_wrap_minor: worked.giftWrap,
    printed_line_count: sums.printed,
    total_quantity: sums.quantity,
    line_count: sums.lines,
    recurring_quantity: sums.recurringQuantity,
    recurring_after_minor: sums.recurringAfter,
    cart_adjustments_json: JSON.stringify(worked.cartAdjustments),
    item_promotions_json: JSON.stringify(worked.itemPromotions.map(({ minor: _, ...a }) => a)),
    recalc_basis: basis,
    updated_at: rc.now,
  };
  const items = worked.lines.map((l) => l.row);
  if (!expect) {
    await rc.statements.writeTotals.run({ ...totals, id: cart.id }, db);
    return { cart: { ...cart, ...totals }, items, couponCodes: coupons };
  }
  const write = expect.operation ? rc.statements.writeTotalsAtOfOperation : rc.statements.writeTotalsAt;
  const { numAffectedRows } = await write.run(
    { ...totals, id: cart.id, version: expect.version, next: expect.version + 1 },
    db,
  );
  if (numAffectedRows === 0n) throw new StaleCart();
  return { cart: { ...cart, ...totals }, items, couponCodes: coupons };
}
