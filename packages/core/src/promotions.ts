// The promotions engine (spec 02 §3 "Cart" adjustments, §7 "evaluate-products"; spec 03 §5 promotional prices).
// Pure: the server hands in the lines, the buyer, the typed coupon codes and the promotion records, and gets
// back every adjustment and total. No I/O and no clock: `now` is an input, so a cart re-prices identically.
//
// Rules, in the order they are applied:
//
// 1. Which promotions are considered. A promotion is a candidate when it is
//    - active: startsAt <= now < endsAt (a null bound is open). Both are compared as instants (Date.parse), so
//      "…Z" and "+02:00" stamps compare correctly; an unparseable stamp makes the promotion inactive rather than
//      always-on (bad data should cost the shopper a discount, not the store a giveaway);
//    - audience-eligible: buyerGroupIds and accountIds both null = everyone; otherwise the buyer must be in one of
//      the groups or be one of the accounts (either list may match). An EMPTY list is a list that names nobody,
//      not "everyone": only null opens a promotion, so a half-filled record never discounts the whole store;
//    - automatic (couponCodes empty), or triggered by one of the accepted coupon codes (see 2).
//    Then, by priority (priority asc, ties by id), only the first MAX_PROMOTIONS_EVALUATED automatic and the first
//    MAX_PROMOTIONS_EVALUATED coupon candidates are kept (the platform's limit). The limit counts candidates, so
//    expired or ineligible records do not crowd live ones out.
//
// 2. Coupons. Codes match case-insensitively and ignoring surrounding spaces; the adjustment's couponCode is the
//    code exactly as the shopper typed it. Each typed code gets one CouponResult, in input order:
//    - codes past the first MAX_COUPONS_PER_CART are TOO_MANY_COUPONS (invalid, ignored). The limit is by position:
//      an unknown code still uses a slot, as it does when typed into the cart. A repeat of an earlier code (same
//      after case-folding) uses no slot and gets the earlier code's result, since a promotion applies once anyway;
//    - no promotion lists the code: UNKNOWN_COUPON;
//    - every promotion listing it is outside its date window: NOT_ACTIVE;
//    - some are running but none is for this buyer: NOT_ELIGIBLE (a promotion both expired and not for the buyer
//      counts as inactive, so the answer never reveals who a dead promotion was aimed at);
//    - a live promotion for this buyer took something off: valid, no error;
//    - DECISION: a live promotion for this buyer exists but took nothing (no line qualifies, a tier was not reached,
//      an exclusive promotion won, or the evaluation limit cut it): isValid TRUE with couponErrorCode
//      'NOT_APPLICABLE'. The code itself is good (it should stay on the cart and will apply once a qualifying
//      item is added), so the storefront keeps it and explains instead of rejecting it. isValid is false for every
//      other error code.
//
// 3. Item promotions, per line, in priority order. A promotion qualifies for a line when the line matches its
//    products/categories (productId listed OR one of the line's categoryIds listed; both lists null = every line),
//    the line's selling model is OneTime or none unless oneTimeOnly is false (spec 03 §5: promotional prices are
//    for one-time purchases), and its discount yields a rate (a tiered promotion below its lowest tier, or a
//    malformed discount, does not qualify, so it cannot block others as an exclusive that gives nothing).
//    Stacking: when the line's FIRST qualifying promotion is Exclusive, it alone applies; otherwise every qualifying
//    Stackable one applies in order, each on the unit price left by the previous ones (two 10 % give 19 %), and
//    later Exclusive ones are skipped for that line.
//    - PercentOff / TieredPercentOff: unit discount = round half-up to cents of (remaining unit price × percent/100);
//      a percent above 100 counts as 100. Tiered picks the tier with the highest minQuantity <= line quantity.
//    - AmountOff: min(amount, remaining unit price) per unit.
//    Line amount = unit discount × quantity (rounded to cents for fractional quantities); never below zero.
//
// 4. Cart promotions, after all item promotions, on the sum of the qualifying lines' totals after item
//    adjustments (same qualification, with the cart's total quantity of qualifying lines choosing a tier).
//    Same stacking rule among cart promotions. PercentOff rounds half-up to cents on the base; AmountOff is taken
//    once, capped at the base. Compounding when two cart promotions cover different lines: each cart adjustment
//    is shared out internally over its lines in proportion to what is left on them (kept unrounded, never
//    reported), so a later promotion's base is "what is left on ITS lines". When both cover the same lines this is
//    simply the previous base less the previous discount. Cart adjustments are reported once, in cartAdjustments,
//    not spread over lines.
//
// 5. Output money is strings with exactly two decimals; adjustments are negative ("-12.50") or "0.00". Each line's
//    salesPrice × quantity is rounded to cents first, so line totals add up exactly to the subtotal and total.
//    Every calculation goes through big.js values made by money.ts (its private constructor fixes the precision
//    and half-up rounding); nothing here does float arithmetic on money.
import type Big from 'big.js';
import { parseDecimal, tryParseDecimal, roundHalfUp } from './money.ts';
import type { SellingModelType } from './wire.ts';

export type PromotionStacking = 'Stackable' | 'Exclusive';
export type PromotionTarget = 'Item' | 'Cart';
export type PromotionDiscount =
  /** e.g. percent "10" = 10 % off. */
  | { type: 'PercentOff'; percent: string }
  /** Per unit for Item targets, once for Cart targets. */
  | { type: 'AmountOff'; amount: string }
  /**
   * Buy more save more: the highest tier whose minQuantity <= quantity (for Item: the line quantity;
   * for Cart: the cart's total quantity of eligible lines).
   */
  | { type: 'TieredPercentOff'; tiers: Array<{ minQuantity: number; percent: string }> };

export interface PromotionRule {
  id: string;
  displayName: string;
  termsAndConditions: string | null;
  /** Lower numbers first. Ties by id. */
  priority: number;
  stacking: PromotionStacking;
  target: PromotionTarget;
  discount: PromotionDiscount;
  /** ISO-8601; null = open. Active when startsAt <= now < endsAt. */
  startsAt: string | null;
  endsAt: string | null;
  /** Which lines it applies to: a line qualifies when its productId is listed OR one of its categoryIds is listed. Both null = every line. */
  productIds: string[] | null;
  categoryIds: string[] | null;
  /** Who gets it: null = everyone; else the buyer must be in one of the groups / be one of the accounts (both given: either matches). */
  buyerGroupIds: string[] | null;
  accountIds: string[] | null;
  /** Codes that trigger it (case-insensitive). Empty = automatic (no coupon needed). */
  couponCodes: string[];
  /** Only lines whose selling model is OneTime (or none) qualify, as the price display rule of spec 03 §5 says promotional prices are for one-time purchases. Default true. */
  oneTimeOnly?: boolean;
}

export interface PromotionLine {
  id: string;
  productId: string;
  categoryIds: string[];
  quantity: string;
  /** Unit sales price after volume tiers. */
  salesPrice: string;
  sellingModelType: SellingModelType | null;
}

export interface PromotionAudience {
  buyerGroupIds: string[];
  accountId: string | null;
}

export interface PromotionInput {
  now: string;
  lines: PromotionLine[];
  audience: PromotionAudience;
  couponCodes: string[];
  promotions: PromotionRule[];
}

export interface AppliedAdjustment {
  promotionId: string;
  displayName: string;
  /** Negative, 2 dp. */
  amount: string;
  couponCode: string | null;
  targetType: PromotionTarget;
}

export interface LineResult {
  lineId: string;
  adjustments: AppliedAdjustment[];
  /** Sum, negative or "0.00". */
  totalAdjustment: string;
  /** (salesPrice*qty + totalAdjustment), 2 dp. */
  totalAfter: string;
}

export type CouponErrorCode = 'UNKNOWN_COUPON' | 'NOT_ACTIVE' | 'NOT_ELIGIBLE' | 'NOT_APPLICABLE' | 'TOO_MANY_COUPONS';
export interface CouponResult {
  couponCode: string;
  isValid: boolean;
  couponErrorCode: CouponErrorCode | null;
}

export interface PromotionEvaluationResult {
  /** Same order as input lines. */
  lines: LineResult[];
  cartAdjustments: AppliedAdjustment[];
  /** Per promotion that took something off: its total (negative) across lines and cart, in priority order. */
  applied: Array<{
    promotionId: string;
    displayName: string;
    termsAndConditions: string | null;
    adjustmentAmount: string;
    couponCode: string | null;
    targetType: PromotionTarget;
  }>;
  /** One per input coupon code, same order. */
  coupons: CouponResult[];
  /** Sum of salesPrice*qty. */
  subtotal: string;
  /** All 2 dp; adjustments negative or "0.00". */
  totalItemAdjustment: string;
  totalCartAdjustment: string;
  total: string;
}

/** A cart takes at most this many coupons (the same platform limit as cart.ts's MAX_CART_COUPONS). */
export const MAX_COUPONS_PER_CART = 2;
/** First 50 automatic and 50 coupon promotions by priority are considered (platform limit). */
export const MAX_PROMOTIONS_EVALUATED = 50;

// ---------------------------------------------------------------------------------------------------------------
// Small helpers

/** Zero made by money.ts's private constructor, so sums and divisions keep its precision and rounding settings. */
const zero = (): Big => parseDecimal('0');

/** Round half-up to cents, as a Big (for further arithmetic). */
function cents(value: Big): Big {
  return value.round(2, 1);
}

/** A discount (positive Big) as the negative 2-dp string the API reports; zero stays "0.00", never "-0.00". */
function asAdjustment(discount: Big): string {
  return roundHalfUp(discount.times(-1), 2);
}

function maxZero(value: Big): Big {
  return value.lt(0) ? zero() : value;
}

function minBig(a: Big, b: Big): Big {
  return a.lt(b) ? a : b;
}

/** Case-insensitive, space-tolerant key for coupon codes. */
function couponKey(code: string): string {
  return code.trim().toLowerCase();
}

/** Priority asc, then id. Plain code-unit comparison for ids: locale-independent, so server and browser agree. */
function byPriority(a: PromotionRule, b: PromotionRule): number {
  if (a.priority !== b.priority) return a.priority < b.priority ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The rules by priority, sorted once per list (a store's rules are one list per promotions version). */
function inPriorityOrder(promotions: readonly PromotionRule[]): readonly PromotionRule[] {
  let sorted = sortedRules.get(promotions);
  if (!sorted) {
    sorted = [...promotions].sort(byPriority);
    sortedRules.set(promotions, sorted);
  }
  return sorted;
}
const sortedRules = new WeakMap<readonly PromotionRule[], readonly PromotionRule[]>();

function isAutomatic(p: PromotionRule): boolean {
  return (p.couponCodes ?? []).length === 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Eligibility

/** startsAt <= now < endsAt, null bounds open. Unparseable stamps (now included) make it inactive. */
export function isPromotionActive(p: PromotionRule, now: string): boolean {
  const t = Date.parse(now);
  return !Number.isNaN(t) && activeAt(p, t);
}

/** isPromotionActive at `t` (milliseconds): each rule's stamps are parsed once (a cart change checks every rule). */
function activeAt(p: PromotionRule, t: number): boolean {
  const span = spanOf(p);
  if (span.start !== null && (Number.isNaN(span.start) || t < span.start)) return false;
  // Exclusive end: a promotion "ending at midnight" is over at midnight.
  if (span.end !== null && (Number.isNaN(span.end) || t >= span.end)) return false;
  return true;
}

/**
 * The next instant after `now` at which one of the rules starts or ends, as an ISO string ('' when none will): until
 * then the set of active rules cannot change.
 */
export function nextPromotionBoundary(rules: readonly PromotionRule[], now: string): string {
  const t = Date.parse(now);
  let next = Number.POSITIVE_INFINITY;
  for (const r of rules) {
    const { start, end } = spanOf(r);
    // (An unparseable stamp, NaN, is never after now.)
    if (start !== null && start > t && start < next) next = start;
    if (end !== null && end > t && end < next) next = end;
  }
  return Number.isFinite(next) ? new Date(next).toISOString() : '';
}

/** A rule's stamps in milliseconds: null an open bound, NaN an unparseable one (which makes the rule inactive). */
function spanOf(p: PromotionRule): { start: number | null; end: number | null } {
  let span = ruleSpans.get(p);
  if (!span) {
    span = {
      start: p.startsAt == null ? null : Date.parse(p.startsAt),
      end: p.endsAt == null ? null : Date.parse(p.endsAt),
    };
    ruleSpans.set(p, span);
  }
  return span;
}

/** Rules' parsed stamps, by rule (rules are read once per promotions version and not changed afterwards). */
const ruleSpans = new WeakMap<PromotionRule, { start: number | null; end: number | null }>();

/** Both lists null = everyone; otherwise a listed buyer group OR the listed account. Empty lists name nobody. */
export function isAudienceEligible(p: PromotionRule, audience: PromotionAudience): boolean {
  const groups = p.buyerGroupIds ?? null;
  const accounts = p.accountIds ?? null;
  if (groups === null && accounts === null) return true;
  const inGroup = groups?.some((g) => audience.buyerGroupIds.includes(g));
  const isAccount = accounts !== null && audience.accountId !== null && accounts.includes(audience.accountId);
  return inGroup || isAccount;
}

/** A line as the engine works on it: parsed once, so a bad price fails loudly up front. */
interface WorkLine {
  line: PromotionLine;
  quantity: Big;
  unitPrice: Big;
  /** salesPrice × quantity rounded to cents: the line's share of the subtotal. */
  gross: Big;
}

/**
 * Whether a promotion targets a product: the product is listed, or one of its categories (with their
 * ancestors) is; both lists null = every product. Says nothing of dates, audience or selling model.
 */
export function promotionTargetsProduct(p: PromotionRule, productId: string, categoryIds: readonly string[]): boolean {
  const products = p.productIds ?? null;
  const categories = p.categoryIds ?? null;
  if (products === null && categories === null) return true;
  if (products?.includes(productId)) return true;
  return categories !== null && categoryIds.some((c) => categories.includes(c));
}

/** Products/categories match and, unless the promotion allows subscriptions, the line is a one-time purchase. */
function lineMatches(p: PromotionRule, line: PromotionLine): boolean {
  if ((p.oneTimeOnly ?? true) && line.sellingModelType !== null && line.sellingModelType !== 'OneTime') return false;
  return promotionTargetsProduct(p, line.productId, line.categoryIds);
}

type Rate = { kind: 'percent'; percent: Big } | { kind: 'amount'; amount: Big };

/** Percent as a usable Big: null when malformed or negative, capped at 100 so a price never goes below zero. */
function percentRate(text: string): Rate | null {
  const pct = tryParseDecimal(text);
  if (pct === null || pct.lt(0)) return null;
  return { kind: 'percent', percent: pct.gt(100) ? parseDecimal('100') : pct };
}

/**
 * What the discount takes for `quantity` (line quantity for Item, qualifying cart quantity for Cart).
 * Null means the promotion does not qualify: malformed data, or a tiered promotion below its lowest tier.
 */
function discountRate(discount: PromotionDiscount, quantity: Big): Rate | null {
  switch (discount?.type) {
    case 'PercentOff':
      return percentRate(discount.percent);
    case 'AmountOff': {
      const amount = tryParseDecimal(discount.amount);
      return amount === null || amount.lt(0) ? null : { kind: 'amount', amount };
    }
    case 'TieredPercentOff': {
      // Highest minQuantity reached wins, whatever order the tiers are listed in; on equal minQuantity the first listed.
      let best: { min: Big; percent: string } | null = null;
      for (const tier of discount.tiers ?? []) {
        const min = tryParseDecimal(tier.minQuantity);
        if (min === null || min.gt(quantity)) continue;
        if (best === null || min.gt(best.min)) best = { min, percent: tier.percent };
      }
      return best === null ? null : percentRate(best.percent);
    }
    default:
      return null; // an unknown discount type from newer data: skip it rather than guess
  }
}

/** The discount `rate` takes from `base` (a unit price for Item, the qualifying total for Cart), within [0, base]. */
function discountOn(base: Big, rate: Rate): Big {
  const raw = rate.kind === 'percent' ? cents(base.times(rate.percent).div(100)) : rate.amount;
  // The cap also covers a base with sub-cent digits, where rounding the percent up could pass the base.
  return maxZero(minBig(raw, base));
}

/**
 * The stacking rule shared by item and cart promotions: walks `ordered` (already in priority order), keeping
 * those that qualify. If the first qualifying one is Exclusive it is the only one; otherwise Exclusive ones are
 * skipped. `apply` is called for each kept promotion in order, so it can compound on what earlier ones left.
 */
function applyStacking<T>(
  ordered: readonly T[],
  rule: (c: T) => PromotionRule,
  qualifies: (c: T) => Rate | null,
  apply: (c: T, rate: Rate) => void,
): void {
  let first = true;
  for (const c of ordered) {
    const rate = qualifies(c);
    if (rate === null) continue;
    const exclusive = rule(c).stacking === 'Exclusive';
    if (first) {
      first = false;
      apply(c, rate);
      if (exclusive) return; // exclusive and first: it alone applies
      continue;
    }
    if (exclusive) continue; // stackables already applied, so a later exclusive cannot join them
    apply(c, rate);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Candidates and coupons

interface Candidate {
  rule: PromotionRule;
  /** The shopper's typed code that triggered it; null for automatic promotions. */
  couponCode: string | null;
}

interface CouponState {
  results: CouponResult[];
  /** Accepted codes (within the limit, first occurrence) by key, with the code as typed. */
  accepted: Map<string, string>;
}

/** Sorts out the limit and repeats; the error codes that depend on the outcome are filled in later. */
function acceptCoupons(codes: readonly string[]): CouponState {
  const accepted = new Map<string, string>();
  const seen = new Map<string, number>(); // key -> index of its first occurrence
  const results: CouponResult[] = [];
  let slots = 0;
  codes.forEach((code, i) => {
    const key = couponKey(code);
    if (seen.has(key)) {
      results.push({ ...results[seen.get(key)!], couponCode: code });
      return;
    }
    seen.set(key, i);
    if (slots >= MAX_COUPONS_PER_CART) {
      results.push({ couponCode: code, isValid: false, couponErrorCode: 'TOO_MANY_COUPONS' });
      return;
    }
    slots += 1;
    accepted.set(key, code);
    // Placeholder; settled by settleCoupons once we know what applied.
    results.push({ couponCode: code, isValid: true, couponErrorCode: null });
  });
  return { results, accepted };
}

/** The first accepted code (in the shopper's order) that triggers `p`, or null. */
function triggeringCode(p: PromotionRule, accepted: Map<string, string>): string | null {
  const keys = new Set((p.couponCodes ?? []).map(couponKey));
  for (const [key, typed] of accepted) if (keys.has(key)) return typed;
  return null;
}

/**
 * Active, eligible, automatic-or-triggered promotions in priority order, each kind cut to MAX_PROMOTIONS_EVALUATED.
 */
function selectCandidates(
  promotions: readonly PromotionRule[],
  now: string,
  audience: PromotionAudience,
  accepted: Map<string, string>,
): Candidate[] {
  const out: Candidate[] = [];
  let automatic = 0;
  let coupon = 0;
  const t = Date.parse(now);
  if (Number.isNaN(t)) return out;
  for (const rule of inPriorityOrder(promotions)) {
    if (!activeAt(rule, t) || !isAudienceEligible(rule, audience)) continue;
    if (isAutomatic(rule)) {
      if (automatic >= MAX_PROMOTIONS_EVALUATED) continue;
      automatic += 1;
      out.push({ rule, couponCode: null });
    } else {
      const code = triggeringCode(rule, accepted);
      if (code === null || coupon >= MAX_PROMOTIONS_EVALUATED) continue;
      coupon += 1;
      out.push({ rule, couponCode: code });
    }
  }
  return out;
}

/** Fills in the error code of each accepted coupon from the promotion records and what actually took something off. */
function settleCoupons(state: CouponState, input: PromotionInput, tookSomething: ReadonlySet<string>): CouponResult[] {
  const settled = new Map<string, CouponResult>();
  for (const [key, typed] of state.accepted) {
    const listing = input.promotions.filter((p) => (p.couponCodes ?? []).some((c) => couponKey(c) === key));
    const active = listing.filter((p) => isPromotionActive(p, input.now));
    const live = active.filter((p) => isAudienceEligible(p, input.audience));
    let error: CouponErrorCode | null;
    if (listing.length === 0) error = 'UNKNOWN_COUPON';
    else if (active.length === 0) error = 'NOT_ACTIVE';
    else if (live.length === 0) error = 'NOT_ELIGIBLE';
    else error = live.some((p) => tookSomething.has(p.id)) ? null : 'NOT_APPLICABLE';
    // See the header: NOT_APPLICABLE is a good code with nothing to do yet, so it stays valid.
    settled.set(key, {
      couponCode: typed,
      isValid: error === null || error === 'NOT_APPLICABLE',
      couponErrorCode: error,
    });
  }
  // Repeats copy their first occurrence's result but keep their own spelling.
  // (TOO_MANY_COUPONS codes were never accepted, so they are not in `settled` and keep their result.)
  return state.results.map((r) => {
    const s = settled.get(couponKey(r.couponCode));
    return s ? { ...s, couponCode: r.couponCode } : r;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Item and cart passes

interface Taken {
  candidate: Candidate;
  /** Positive, 2 dp. */
  discount: Big;
}

/** Item promotions on one line: returns what each applied promotion took from the line (only non-zero takes). */
function itemPass(work: WorkLine, itemCandidates: readonly Candidate[]): Taken[] {
  const taken: Taken[] = [];
  let remainingUnit = work.unitPrice;
  applyStacking(
    itemCandidates,
    (c) => c.rule,
    (c) => (lineMatches(c.rule, work.line) ? discountRate(c.rule.discount, work.quantity) : null),
    (c, rate) => {
      const unit = discountOn(remainingUnit, rate);
      remainingUnit = remainingUnit.minus(unit);
      const lineDiscount = maxZero(cents(unit.times(work.quantity)));
      if (lineDiscount.gt(0)) taken.push({ candidate: c, discount: lineDiscount });
    },
  );
  return taken;
}

/** Cart promotions on the post-item line totals; `afterItems[i]` is line i's total after item promotions. */
function cartPass(
  works: readonly WorkLine[],
  afterItems: readonly Big[],
  cartCandidates: readonly Candidate[],
): Taken[] {
  const taken: Taken[] = [];
  // What is left on each line for cart purposes; unrounded shares, see rule 4 in the header.
  const remaining = [...afterItems];
  // The last promotion's share-out is only needed when another promotion follows (it is a 20-digit division per
  // line, most of a cart pass's time): it waits here and is settled before the next promotion reads `remaining`.
  let unshared: { idx: number[]; discount: Big; exact: Big } | null = null;
  const settle = () => {
    if (!unshared) return;
    const { idx, discount, exact } = unshared;
    for (const i of idx) remaining[i] = remaining[i].minus(discount.times(remaining[i]).div(exact));
    unshared = null;
  };
  const qualifyingLines = (c: Candidate): number[] => works.flatMap((w, i) => (lineMatches(c.rule, w.line) ? [i] : []));
  applyStacking(
    cartCandidates,
    (c) => c.rule,
    (c) => {
      const idx = qualifyingLines(c);
      if (idx.length === 0) return null; // nothing in the cart it covers
      const quantity = idx.reduce((acc, i) => acc.plus(works[i].quantity), zero());
      return discountRate(c.rule.discount, quantity);
    },
    (c, rate) => {
      const idx = qualifyingLines(c);
      settle();
      const exact = idx.reduce((acc, i) => acc.plus(remaining[i]), zero());
      const base = maxZero(cents(exact));
      const discount = discountOn(base, rate);
      if (discount.lte(0)) return;
      taken.push({ candidate: c, discount });
      // Share it out in proportion to what is left, so the next promotion compounds on the right lines.
      if (exact.gt(0)) unshared = { idx, discount, exact };
    },
  );
  return taken;
}

function toAdjustment(t: Taken): AppliedAdjustment {
  return {
    promotionId: t.candidate.rule.id,
    displayName: t.candidate.rule.displayName,
    amount: asAdjustment(t.discount),
    couponCode: t.candidate.couponCode,
    targetType: t.candidate.rule.target,
  };
}

function toWorkLine(line: PromotionLine): WorkLine {
  const quantity = parseDecimal(line.quantity);
  const unitPrice = parseDecimal(line.salesPrice);
  return { line, quantity, unitPrice, gross: cents(unitPrice.times(quantity)) };
}

// ---------------------------------------------------------------------------------------------------------------
// Public entry points

/**
 * Prices a cart: item promotions per line, then cart promotions, then the coupon verdicts.
 * Throws a TypeError when a line's quantity or salesPrice is not a decimal (the caller's data is broken).
 */
export function evaluatePromotions(input: PromotionInput): PromotionEvaluationResult {
  const coupons = acceptCoupons(input.couponCodes);
  const candidates = selectCandidates(input.promotions, input.now, input.audience, coupons.accepted);
  const itemCandidates = candidates.filter((c) => c.rule.target === 'Item');
  const cartCandidates = candidates.filter((c) => c.rule.target === 'Cart');

  const works = input.lines.map(toWorkLine);
  const itemTaken = works.map((w) => itemPass(w, itemCandidates));
  const afterItems = works.map((w, i) => w.gross.minus(itemTaken[i].reduce((acc, t) => acc.plus(t.discount), zero())));
  const cartTaken = cartPass(works, afterItems, cartCandidates);

  const lines: LineResult[] = works.map((w, i) => {
    const off = itemTaken[i].reduce((acc, t) => acc.plus(t.discount), zero());
    return {
      lineId: w.line.id,
      adjustments: itemTaken[i].map(toAdjustment),
      totalAdjustment: asAdjustment(off),
      totalAfter: roundHalfUp(afterItems[i], 2),
    };
  });

  // Per-promotion totals across lines and cart, reported in the candidates' (priority) order.
  const perPromotion = new Map<string, Big>();
  for (const t of [...itemTaken.flat(), ...cartTaken]) {
    perPromotion.set(t.candidate.rule.id, (perPromotion.get(t.candidate.rule.id) ?? zero()).plus(t.discount));
  }
  const applied = candidates
    .filter((c) => perPromotion.has(c.rule.id))
    .map((c) => ({
      promotionId: c.rule.id,
      displayName: c.rule.displayName,
      termsAndConditions: c.rule.termsAndConditions,
      adjustmentAmount: asAdjustment(perPromotion.get(c.rule.id)!),
      couponCode: c.couponCode,
      targetType: c.rule.target,
    }));

  const subtotal = works.reduce((acc, w) => acc.plus(w.gross), zero());
  const itemOff = itemTaken.flat().reduce((acc, t) => acc.plus(t.discount), zero());
  const cartOff = cartTaken.reduce((acc, t) => acc.plus(t.discount), zero());

  return {
    lines,
    cartAdjustments: cartTaken.map(toAdjustment),
    applied,
    coupons: settleCoupons(coupons, input, new Set(perPromotion.keys())),
    subtotal: roundHalfUp(subtotal, 2),
    totalItemAdjustment: asAdjustment(itemOff),
    totalCartAdjustment: asAdjustment(cartOff),
    total: roundHalfUp(subtotal.minus(itemOff).minus(cartOff), 2),
  };
}

/**
 * For product pages/cards (spec 02 §7 evaluate-products): one unit of a product, automatic promotions only
 * (no coupons), Item targets only. It runs the same candidate selection and item pass as a cart holding one
 * unit as a one-time purchase, so the price a card shows is the price the cart will charge for that unit.
 */
export function evaluateProductPromotion(args: {
  now: string;
  productId: string;
  categoryIds: string[];
  salesPrice: string;
  audience: PromotionAudience;
  promotions: PromotionRule[];
}): { promotionalPrice: string; adjustments: AppliedAdjustment[] } {
  // No coupons accepted, so coupon promotions never become candidates. The evaluation limit is applied before
  // dropping Cart targets, exactly as in a cart, so both agree on which automatic promotions made the cut.
  const candidates = selectCandidates(args.promotions, args.now, args.audience, new Map());
  const work = toWorkLine({
    id: args.productId,
    productId: args.productId,
    categoryIds: args.categoryIds,
    quantity: '1',
    salesPrice: args.salesPrice,
    sellingModelType: null,
  });
  const taken = itemPass(
    work,
    candidates.filter((c) => c.rule.target === 'Item'),
  );
  const off = taken.reduce((acc, t) => acc.plus(t.discount), zero());
  return { promotionalPrice: roundHalfUp(work.gross.minus(off), 2), adjustments: taken.map(toAdjustment) };
}

/** What a cart's lines of one kind add up to for the cart pass: their quantity and their total after item promotions. */
export interface LineTotals {
  quantity: string;
  afterItems: string;
}

/**
 * The cart promotions of a cart known by its totals instead of its lines (the recalculation of a change to some
 * lines, issue 20): one-time lines (no selling model or OneTime) and the other lines, each summed. It is the cart
 * pass of evaluatePromotions whenever every cart candidate covers every line of the kinds it takes (no product or
 * category list), because then a promotion's base, its quantity and the share-out that the next promotion
 * compounds on depend on each kind's sums only. Null when a cart candidate names products or categories: then it
 * needs the lines.
 */
export function cartPassOnTotals(input: {
  now: string;
  audience: PromotionAudience;
  couponCodes: string[];
  promotions: PromotionRule[];
  oneTime: LineTotals;
  recurring: LineTotals;
}): { cartAdjustments: AppliedAdjustment[]; totalCartAdjustment: string } | null {
  const { accepted } = acceptCoupons(input.couponCodes);
  const cartCandidates = selectCandidates(input.promotions, input.now, input.audience, accepted).filter(
    (c) => c.rule.target === 'Cart',
  );
  if (cartCandidates.some((c) => (c.rule.productIds ?? null) !== null || (c.rule.categoryIds ?? null) !== null))
    return null;
  // Each kind as one line: it matches a promotion exactly when each of its lines does.
  const kinds: Array<[LineTotals, SellingModelType]> = [
    [input.oneTime, 'OneTime'],
    [input.recurring, 'Evergreen'],
  ];
  const works: WorkLine[] = kinds
    .map(([totals, type]) => ({ totals, type, quantity: parseDecimal(totals.quantity) }))
    .filter((k) => k.quantity.gt(0))
    .map((k) => ({
      line: {
        id: k.type,
        productId: '',
        categoryIds: [],
        quantity: k.totals.quantity,
        salesPrice: '0',
        sellingModelType: k.type,
      },
      quantity: k.quantity,
      unitPrice: zero(),
      gross: parseDecimal(k.totals.afterItems),
    }));
  const taken = cartPass(
    works,
    works.map((w) => w.gross),
    cartCandidates,
  );
  return {
    cartAdjustments: taken.map(toAdjustment),
    totalCartAdjustment: asAdjustment(taken.reduce((acc, t) => acc.plus(t.discount), zero())),
  };
}
