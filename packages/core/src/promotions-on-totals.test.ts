// cartPassOnTotals against the whole engine: for random carts and promotions, the cart promotions worked out from
// the two kinds' sums are the ones evaluatePromotions works out from the lines (the cart recalculation of one
// changed line relies on it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cartPassOnTotals,
  evaluatePromotions,
  type PromotionDiscount,
  type PromotionLine,
  type PromotionRule,
} from './promotions.ts';
import { parseDecimal } from './money.ts';
import type { SellingModelType } from './wire.ts';

const NOW = '2026-06-15T12:00:00Z';
const audience = { buyerGroupIds: ['grp-buyers'], accountId: 'acct-1' };

/** A small deterministic generator (mulberry32), so a failure names a seed that reproduces it. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;
  return { next, int, pick };
}

const MODELS: Array<SellingModelType | null> = [null, 'OneTime', 'OneTime', 'Evergreen', 'TermDefined'];
const PRODUCTS = ['p1', 'p2', 'p3', 'p4'];

function randomDiscount(g: ReturnType<typeof generator>): PromotionDiscount {
  switch (g.int(0, 2)) {
    case 0:
      return { type: 'PercentOff', percent: String(g.int(1, 40)) };
    case 1:
      return { type: 'AmountOff', amount: `${g.int(0, 60)}.${String(g.int(0, 99)).padStart(2, '0')}` };
    default:
      return {
        type: 'TieredPercentOff',
        tiers: [
          { minQuantity: g.int(2, 4), percent: String(g.int(1, 10)) },
          { minQuantity: g.int(5, 9), percent: String(g.int(10, 25)) },
        ],
      };
  }
}

function randomRule(g: ReturnType<typeof generator>, i: number, target: 'Item' | 'Cart'): PromotionRule {
  const listed = target === 'Item' && g.next() < 0.5;
  return {
    id: `promo-${String(i).padStart(2, '0')}`,
    displayName: `Promotion ${i}`,
    termsAndConditions: null,
    priority: g.int(1, 5),
    stacking: g.next() < 0.3 ? 'Exclusive' : 'Stackable',
    target,
    discount: randomDiscount(g),
    startsAt: null,
    endsAt: g.next() < 0.1 ? '2026-01-01T00:00:00Z' : null,
    productIds: listed ? [g.pick(PRODUCTS)] : null,
    categoryIds: null,
    buyerGroupIds: g.next() < 0.2 ? ['grp-other'] : null,
    accountIds: null,
    couponCodes: g.next() < 0.2 ? ['SAVE'] : [],
    oneTimeOnly: g.next() < 0.7,
  };
}

function randomLine(g: ReturnType<typeof generator>, i: number): PromotionLine {
  return {
    id: `line-${i}`,
    productId: g.pick(PRODUCTS),
    categoryIds: [],
    quantity: String(g.int(1, 4)),
    salesPrice: `${g.int(0, 400)}.${String(g.int(0, 99)).padStart(2, '0')}`,
    sellingModelType: g.pick(MODELS),
  };
}

/** Each kind's quantity and total after item promotions, from the engine's own line results. */
function totalsOf(lines: PromotionLine[], after: string[], oneTime: boolean) {
  let quantity = parseDecimal('0');
  let afterItems = parseDecimal('0');
  lines.forEach((l, i) => {
    const isOneTime = l.sellingModelType === null || l.sellingModelType === 'OneTime';
    if (isOneTime !== oneTime) return;
    quantity = quantity.plus(parseDecimal(l.quantity));
    afterItems = afterItems.plus(parseDecimal(after[i]!));
  });
  return { quantity: quantity.toFixed(0), afterItems: afterItems.toFixed(2) };
}

test('the cart promotions from the two kinds’ totals are the ones the lines give, over 2,000 random carts', () => {
  let compared = 0;
  let discounted = 0;
  for (let seed = 1; seed <= 2000; seed++) {
    const g = generator(seed);
    const rules = [
      ...Array.from({ length: g.int(0, 4) }, (_, i) => randomRule(g, i, 'Item')),
      ...Array.from({ length: g.int(0, 4) }, (_, i) => randomRule(g, 10 + i, 'Cart')),
    ];
    const lines = Array.from({ length: g.int(0, 8) }, (_, i) => randomLine(g, i));
    const couponCodes = g.next() < 0.3 ? ['save'] : [];
    const whole = evaluatePromotions({ now: NOW, lines, audience, couponCodes, promotions: rules });
    const after = whole.lines.map((l) => l.totalAfter);
    const onTotals = cartPassOnTotals({
      now: NOW,
      audience,
      couponCodes,
      promotions: rules,
      oneTime: totalsOf(lines, after, true),
      recurring: totalsOf(lines, after, false),
    });
    assert.ok(onTotals, `seed ${seed}: no cart promotion names products, so the totals suffice`);
    assert.deepEqual(onTotals.cartAdjustments, whole.cartAdjustments, `seed ${seed}`);
    assert.equal(onTotals.totalCartAdjustment, whole.totalCartAdjustment, `seed ${seed}`);
    compared++;
    if (whole.cartAdjustments.length > 1) discounted++;
  }
  assert.equal(compared, 2000);
  // The comparison means something only if carts with several stacked cart promotions came up.
  assert.ok(discounted > 100, `${discounted} carts had two or more cart promotions`);
});

test('a cart promotion that names products needs the lines: the totals give no answer', () => {
  const g = generator(7);
  const rule = { ...randomRule(g, 1, 'Cart'), productIds: ['p1'] };
  const none = { quantity: '0', afterItems: '0.00' };
  assert.equal(
    cartPassOnTotals({
      now: NOW,
      audience,
      couponCodes: [],
      promotions: [rule],
      oneTime: { quantity: '3', afterItems: '120.00' },
      recurring: none,
    }),
    null,
  );
  // Expired, it is no candidate, so it needs nothing.
  const expired = { ...rule, endsAt: '2026-01-01T00:00:00Z' };
  assert.deepEqual(
    cartPassOnTotals({
      now: NOW,
      audience,
      couponCodes: [],
      promotions: [expired],
      oneTime: { quantity: '3', afterItems: '120.00' },
      recurring: none,
    }),
    { cartAdjustments: [], totalCartAdjustment: '0.00' },
  );
});

test('a tiered cart promotion over one-time lines takes its tier from their quantity only', () => {
  const rule: PromotionRule = {
    ...randomRule(generator(1), 0, 'Cart'),
    stacking: 'Stackable',
    discount: {
      type: 'TieredPercentOff',
      tiers: [
        { minQuantity: 3, percent: '5' },
        { minQuantity: 5, percent: '10' },
      ],
    },
    endsAt: null,
    buyerGroupIds: null,
    couponCodes: [],
    oneTimeOnly: true,
  };
  const on = (oneTimeQuantity: string, recurringQuantity: string) =>
    cartPassOnTotals({
      now: NOW,
      audience,
      couponCodes: [],
      promotions: [rule],
      oneTime: { quantity: oneTimeQuantity, afterItems: '200.00' },
      recurring: { quantity: recurringQuantity, afterItems: '99.00' },
    })!.totalCartAdjustment;
  assert.equal(on('2', '4'), '0.00'); // the feeds do not count towards the tier
  assert.equal(on('3', '0'), '-10.00');
  assert.equal(on('5', '1'), '-20.00');
});
