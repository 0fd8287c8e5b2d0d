import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MAX_COUPONS_PER_CART,
  MAX_PROMOTIONS_EVALUATED,
  evaluateProductPromotion,
  evaluatePromotions,
  isAudienceEligible,
  isPromotionActive,
  nextPromotionBoundary,
  type PromotionAudience,
  type PromotionInput,
  type PromotionLine,
  type PromotionRule,
} from './promotions.ts';

// A data-products store: datasets sold outright (OneTime) or as feeds (subscriptions).
const NOW = '2025-06-15T12:00:00Z';
const guest: PromotionAudience = { buyerGroupIds: ['grp-guest'], accountId: null };
const academic: PromotionAudience = { buyerGroupIds: ['grp-buyers', 'grp-academic'], accountId: 'acct-uni-leeds' };

function promo(over: Partial<PromotionRule> & { id: string }): PromotionRule {
  return {
    displayName: `Promotion ${over.id}`,
    termsAndConditions: null,
    priority: 10,
    stacking: 'Stackable',
    target: 'Item',
    discount: { type: 'PercentOff', percent: '10' },
    startsAt: null,
    endsAt: null,
    productIds: null,
    categoryIds: null,
    buyerGroupIds: null,
    accountIds: null,
    couponCodes: [],
    ...over,
  };
}

/** "Global Weather History 1950-2024", climate category, 149.00. */
function weather(over: Partial<PromotionLine> = {}): PromotionLine {
  return {
    id: 'line-weather',
    productId: 'prod-weather',
    categoryIds: ['cat-climate'],
    quantity: '1',
    salesPrice: '149.00',
    sellingModelType: 'OneTime',
    ...over,
  };
}
/** "US Equities Tick Data", finance category, 1199.99. */
function equities(over: Partial<PromotionLine> = {}): PromotionLine {
  return {
    id: 'line-equities',
    productId: 'prod-equities',
    categoryIds: ['cat-finance'],
    quantity: '1',
    salesPrice: '1199.99',
    sellingModelType: 'OneTime',
    ...over,
  };
}

function run(over: Partial<PromotionInput>) {
  return evaluatePromotions({
    now: NOW,
    lines: [weather()],
    audience: guest,
    couponCodes: [],
    promotions: [],
    ...over,
  });
}

test('no promotions: every adjustment is "0.00" and the total is the subtotal', () => {
  const r = run({ lines: [weather({ quantity: '2' }), equities()] });
  assert.equal(r.subtotal, '1497.99');
  assert.equal(r.totalItemAdjustment, '0.00');
  assert.equal(r.totalCartAdjustment, '0.00');
  assert.equal(r.total, '1497.99');
  assert.deepEqual(
    r.lines.map((l) => [l.lineId, l.totalAdjustment, l.totalAfter]),
    [
      ['line-weather', '0.00', '298.00'],
      ['line-equities', '0.00', '1199.99'],
    ],
  );
  assert.deepEqual(r.cartAdjustments, []);
  assert.deepEqual(r.applied, []);
  assert.deepEqual(r.coupons, []);
});

test('item PercentOff: 10 % of 149.00 is 14.90 a unit, times the quantity', () => {
  const r = run({
    lines: [weather({ quantity: '2' })],
    promotions: [promo({ id: 'summer10', displayName: 'Summer 10 %' })],
  });
  assert.deepEqual(r.lines[0], {
    lineId: 'line-weather',
    adjustments: [
      { promotionId: 'summer10', displayName: 'Summer 10 %', amount: '-29.80', couponCode: null, targetType: 'Item' },
    ],
    totalAdjustment: '-29.80',
    totalAfter: '268.20',
  });
  assert.equal(r.subtotal, '298.00');
  assert.equal(r.totalItemAdjustment, '-29.80');
  assert.equal(r.total, '268.20');
});

test('item AmountOff is per unit and capped at the unit price', () => {
  const perUnit = run({
    lines: [weather({ quantity: '3' })],
    promotions: [promo({ id: 'a25', discount: { type: 'AmountOff', amount: '25.00' } })],
  });
  assert.equal(perUnit.lines[0].totalAdjustment, '-75.00');
  assert.equal(perUnit.lines[0].totalAfter, '372.00');

  const capped = run({
    lines: [weather({ quantity: '2' })],
    promotions: [promo({ id: 'a200', discount: { type: 'AmountOff', amount: '200.00' } })],
  });
  assert.equal(capped.lines[0].totalAdjustment, '-298.00'); // 149.00 a unit, not 200.00
  assert.equal(capped.lines[0].totalAfter, '0.00');
  assert.equal(capped.total, '0.00');
});

test('item TieredPercentOff picks the highest tier reached, boundaries inclusive', () => {
  const tiered = promo({
    id: 'bulk',
    discount: {
      type: 'TieredPercentOff',
      tiers: [
        { minQuantity: 5, percent: '5' },
        { minQuantity: 10, percent: '10' },
      ],
    },
  });
  const at = (qty: string) => run({ lines: [weather({ quantity: qty })], promotions: [tiered] }).lines[0];
  assert.deepEqual(at('4').adjustments, []); // below the first tier: nothing
  assert.equal(at('4').totalAfter, '596.00');
  assert.equal(at('5').totalAdjustment, '-37.25'); // 7.45 x 5
  assert.equal(at('9').totalAdjustment, '-67.05'); // still 5 %: 7.45 x 9
  assert.equal(at('10').totalAdjustment, '-149.00'); // 10 %: 14.90 x 10

  // The tiers' listed order does not matter.
  const reversed = promo({
    id: 'bulk',
    discount: {
      type: 'TieredPercentOff',
      tiers: [
        { minQuantity: 10, percent: '10' },
        { minQuantity: 5, percent: '5' },
      ],
    },
  });
  assert.equal(
    run({ lines: [weather({ quantity: '12' })], promotions: [reversed] }).lines[0].totalAdjustment,
    '-178.80',
  );
});

test('category targeting, and product OR category matching', () => {
  const climate = run({
    lines: [weather(), equities()],
    promotions: [promo({ id: 'climate10', categoryIds: ['cat-climate'] })],
  });
  assert.equal(climate.lines[0].totalAdjustment, '-14.90');
  assert.equal(climate.lines[1].totalAdjustment, '0.00');

  const either = run({
    lines: [weather(), equities()],
    promotions: [promo({ id: 'mix', productIds: ['prod-equities'], categoryIds: ['cat-climate'] })],
  });
  assert.equal(either.lines[0].totalAdjustment, '-14.90');
  assert.equal(either.lines[1].totalAdjustment, '-120.00'); // 119.999 -> 120.00

  // An empty list names no line (only null means "every line").
  const none = run({ lines: [weather()], promotions: [promo({ id: 'empty', productIds: [] })] });
  assert.equal(none.lines[0].totalAdjustment, '0.00');
});

test('isAudienceEligible: null is everyone, else a listed group or the listed account', () => {
  assert.equal(isAudienceEligible(promo({ id: 'all' }), guest), true);
  const groups = promo({ id: 'g', buyerGroupIds: ['grp-academic'] });
  assert.equal(isAudienceEligible(groups, academic), true);
  assert.equal(isAudienceEligible(groups, guest), false);
  const account = promo({ id: 'a', accountIds: ['acct-uni-leeds'] });
  assert.equal(isAudienceEligible(account, { buyerGroupIds: [], accountId: 'acct-uni-leeds' }), true);
  assert.equal(isAudienceEligible(account, { buyerGroupIds: [], accountId: 'acct-other' }), false);
  assert.equal(isAudienceEligible(account, guest), false); // a guest has no account
  const both = promo({ id: 'b', buyerGroupIds: ['grp-academic'], accountIds: ['acct-acme'] });
  assert.equal(isAudienceEligible(both, { buyerGroupIds: ['grp-academic'], accountId: null }), true);
  assert.equal(isAudienceEligible(both, { buyerGroupIds: [], accountId: 'acct-acme' }), true);
  assert.equal(isAudienceEligible(both, guest), false);
  assert.equal(isAudienceEligible(promo({ id: 'e', buyerGroupIds: [] }), academic), false);
});

test('buyer-group targeting in a cart: only the academic buyer gets it', () => {
  const promotions = [
    promo({ id: 'edu20', buyerGroupIds: ['grp-academic'], discount: { type: 'PercentOff', percent: '20' } }),
  ];
  assert.equal(run({ lines: [equities()], audience: academic, promotions }).total, '959.99'); // 1199.99 - 240.00
  assert.equal(run({ lines: [equities()], audience: guest, promotions }).total, '1199.99');
});

test('the next boundary is the earliest start or end after now, and none when no rule will change', () => {
  const rules = [
    promo({ id: 'later', startsAt: '2025-09-01T00:00:00Z', endsAt: '2025-10-01T00:00:00Z' }),
    promo({ id: 'running', startsAt: '2025-01-01T00:00:00Z', endsAt: '2025-08-15T12:00:00+02:00' }),
    promo({ id: 'open' }),
    promo({ id: 'bad', endsAt: 'soon' }),
  ];
  assert.equal(nextPromotionBoundary(rules, '2025-06-01T00:00:00Z'), '2025-08-15T10:00:00.000Z');
  assert.equal(nextPromotionBoundary(rules, '2025-08-15T10:00:00.000Z'), '2025-09-01T00:00:00.000Z');
  assert.equal(nextPromotionBoundary(rules, '2025-10-01T00:00:00Z'), '');
  // Asked again (each rule's stamps are kept parsed), the same answers.
  assert.equal(nextPromotionBoundary(rules, '2025-06-01T00:00:00Z'), '2025-08-15T10:00:00.000Z');
  assert.equal(nextPromotionBoundary([], '2025-06-01T00:00:00Z'), '');
});

test('date window: startsAt inclusive, endsAt exclusive, compared as instants', () => {
  const p = promo({ id: 'w', startsAt: '2025-06-01T00:00:00Z', endsAt: '2025-07-01T00:00:00Z' });
  assert.equal(isPromotionActive(p, '2025-06-01T00:00:00Z'), true);
  assert.equal(isPromotionActive(p, '2025-05-31T23:59:59.999Z'), false);
  assert.equal(isPromotionActive(p, '2025-06-30T23:59:59.999Z'), true);
  assert.equal(isPromotionActive(p, '2025-07-01T00:00:00Z'), false);
  assert.equal(isPromotionActive(p, '2025-07-01T02:00:00+02:00'), false); // same instant as the end
  assert.equal(isPromotionActive(promo({ id: 'open' }), NOW), true);
  assert.equal(isPromotionActive(promo({ id: 'bad', endsAt: 'soon' }), NOW), false);
  assert.equal(isPromotionActive(p, 'not a date'), false);

  const starting = promo({ id: 'starts-now', startsAt: NOW });
  const ending = promo({ id: 'ends-now', endsAt: NOW });
  const r = run({ promotions: [starting, ending] });
  assert.deepEqual(
    r.applied.map((a) => a.promotionId),
    ['starts-now'],
  );
  assert.equal(r.total, '134.10');
});

test('coupon promotions apply only with their code, matched case-insensitively', () => {
  const spring = promo({ id: 'spring20', couponCodes: ['SPRING20'], discount: { type: 'PercentOff', percent: '20' } });
  const without = run({ promotions: [spring] });
  assert.equal(without.total, '149.00');

  const r = run({ promotions: [spring], couponCodes: ['spring20'] });
  assert.deepEqual(r.lines[0].adjustments, [
    {
      promotionId: 'spring20',
      displayName: 'Promotion spring20',
      amount: '-29.80',
      couponCode: 'spring20',
      targetType: 'Item',
    },
  ]);
  assert.equal(r.applied[0].couponCode, 'spring20'); // as the shopper typed it
  assert.deepEqual(r.coupons, [{ couponCode: 'spring20', isValid: true, couponErrorCode: null }]);
  assert.equal(r.total, '119.20');
});

const couponCatalogue = [
  promo({ id: 'spring20', couponCodes: ['SPRING20'], discount: { type: 'PercentOff', percent: '20' } }),
  promo({ id: 'expired10', couponCodes: ['EXPIRED10'], endsAt: '2025-01-01T00:00:00Z' }),
  promo({ id: 'edu15', couponCodes: ['ACADEMIC15'], buyerGroupIds: ['grp-academic'] }),
  promo({
    id: 'fin25',
    couponCodes: ['FIN25'],
    categoryIds: ['cat-finance'],
    discount: { type: 'PercentOff', percent: '25' },
  }),
];

test('coupon errors: unknown, not active, not eligible', () => {
  const r = run({ promotions: couponCatalogue, couponCodes: ['NOPE', 'expired10'] });
  assert.deepEqual(r.coupons, [
    { couponCode: 'NOPE', isValid: false, couponErrorCode: 'UNKNOWN_COUPON' },
    { couponCode: 'expired10', isValid: false, couponErrorCode: 'NOT_ACTIVE' },
  ]);
  assert.equal(r.total, '149.00');

  const guestTry = run({ promotions: couponCatalogue, couponCodes: ['Academic15'], audience: guest });
  assert.deepEqual(guestTry.coupons, [{ couponCode: 'Academic15', isValid: false, couponErrorCode: 'NOT_ELIGIBLE' }]);
  const eduTry = run({ promotions: couponCatalogue, couponCodes: ['Academic15'], audience: academic });
  assert.deepEqual(eduTry.coupons, [{ couponCode: 'Academic15', isValid: true, couponErrorCode: null }]);
  assert.equal(eduTry.total, '134.10');
});

test(`more than ${MAX_COUPONS_PER_CART} coupons: the extra ones are TOO_MANY_COUPONS and take nothing`, () => {
  const r = run({ promotions: couponCatalogue, couponCodes: ['NOPE', 'EXPIRED10', 'SPRING20'] });
  assert.deepEqual(
    r.coupons.map((c) => [c.couponCode, c.isValid, c.couponErrorCode]),
    [
      ['NOPE', false, 'UNKNOWN_COUPON'],
      ['EXPIRED10', false, 'NOT_ACTIVE'],
      ['SPRING20', false, 'TOO_MANY_COUPONS'], // a good code, but past the limit
    ],
  );
  assert.equal(r.total, '149.00');

  // A repeated code uses no slot and gets the first one's verdict.
  const dup = run({ promotions: couponCatalogue, couponCodes: ['SPRING20', ' spring20 ', 'NOPE'] });
  assert.deepEqual(
    dup.coupons.map((c) => [c.couponCode, c.isValid, c.couponErrorCode]),
    [
      ['SPRING20', true, null],
      [' spring20 ', true, null],
      ['NOPE', false, 'UNKNOWN_COUPON'],
    ],
  );
  assert.equal(dup.total, '119.20'); // applied once
});

test('NOT_APPLICABLE: a live coupon with nothing to take stays valid', () => {
  const noFinanceLine = run({ promotions: couponCatalogue, couponCodes: ['FIN25'] });
  assert.deepEqual(noFinanceLine.coupons, [{ couponCode: 'FIN25', isValid: true, couponErrorCode: 'NOT_APPLICABLE' }]);
  assert.equal(noFinanceLine.total, '149.00');

  // An automatic exclusive promotion earlier in the order wins the line, so the coupon takes nothing.
  const exclusive = promo({
    id: 'launch',
    priority: 1,
    stacking: 'Exclusive',
    discount: { type: 'PercentOff', percent: '15' },
  });
  const r = run({ promotions: [exclusive, ...couponCatalogue], couponCodes: ['SPRING20'] });
  assert.deepEqual(r.coupons, [{ couponCode: 'SPRING20', isValid: true, couponErrorCode: 'NOT_APPLICABLE' }]);
  assert.deepEqual(
    r.applied.map((a) => a.promotionId),
    ['launch'],
  );
  assert.equal(r.total, '126.65');
});

test('two stackable percents compound on the remaining unit price (10 % + 10 % = 19 %)', () => {
  // Listed out of order: priority decides, then id.
  const r = run({
    lines: [equities()],
    promotions: [promo({ id: 'b-second', priority: 5 }), promo({ id: 'a-first', priority: 5 })],
  });
  assert.deepEqual(
    r.lines[0].adjustments.map((a) => [a.promotionId, a.amount]),
    [
      ['a-first', '-120.00'], // 10 % of 1199.99 = 119.999
      ['b-second', '-108.00'], // 10 % of 1079.99 = 107.999
    ],
  );
  assert.equal(r.lines[0].totalAdjustment, '-228.00');
  assert.equal(r.lines[0].totalAfter, '971.99');
});

test('an Exclusive promotion first in the order applies alone', () => {
  const r = run({
    promotions: [
      promo({ id: 'stack10', priority: 2 }),
      promo({ id: 'excl15', priority: 1, stacking: 'Exclusive', discount: { type: 'PercentOff', percent: '15' } }),
    ],
  });
  assert.deepEqual(
    r.lines[0].adjustments.map((a) => [a.promotionId, a.amount]),
    [['excl15', '-22.35']],
  );
  assert.equal(r.lines[0].totalAfter, '126.65');
});

test('an Exclusive promotion after a stackable one is skipped for that line, but can still win another line', () => {
  const promotions = [
    promo({
      id: 'fin-excl30',
      priority: 0,
      stacking: 'Exclusive',
      categoryIds: ['cat-finance'],
      discount: { type: 'PercentOff', percent: '30' },
    }),
    promo({ id: 'stack10', priority: 1 }),
    promo({ id: 'excl50', priority: 2, stacking: 'Exclusive', discount: { type: 'PercentOff', percent: '50' } }),
    promo({ id: 'stack5off', priority: 3, discount: { type: 'AmountOff', amount: '5.00' } }),
  ];
  const r = run({ lines: [weather(), equities()], promotions });
  // Weather: fin-excl30 does not qualify, so stack10 is first; excl50 is skipped; stack5off still stacks.
  assert.deepEqual(
    r.lines[0].adjustments.map((a) => [a.promotionId, a.amount]),
    [
      ['stack10', '-14.90'],
      ['stack5off', '-5.00'],
    ],
  );
  assert.equal(r.lines[0].totalAfter, '129.10');
  // Equities: the exclusive is first and alone. 30 % of 1199.99 = 359.997.
  assert.deepEqual(
    r.lines[1].adjustments.map((a) => [a.promotionId, a.amount]),
    [['fin-excl30', '-360.00']],
  );
  assert.equal(r.lines[1].totalAfter, '839.99');
  assert.deepEqual(
    r.applied.map((a) => [a.promotionId, a.adjustmentAmount]),
    [
      ['fin-excl30', '-360.00'],
      ['stack10', '-14.90'],
      ['stack5off', '-5.00'],
    ],
  );
});

test('cart PercentOff is taken on the total after item promotions and reported once', () => {
  const r = run({
    lines: [weather({ quantity: '2' }), equities()],
    promotions: [
      promo({ id: 'climate10', priority: 1, categoryIds: ['cat-climate'] }),
      promo({ id: 'order10', priority: 2, target: 'Cart', displayName: '10 % off your order' }),
    ],
  });
  assert.equal(r.subtotal, '1497.99');
  assert.equal(r.totalItemAdjustment, '-29.80');
  // Base 268.20 + 1199.99 = 1468.19; 10 % = 146.819 -> 146.82.
  assert.deepEqual(r.cartAdjustments, [
    {
      promotionId: 'order10',
      displayName: '10 % off your order',
      amount: '-146.82',
      couponCode: null,
      targetType: 'Cart',
    },
  ]);
  assert.equal(r.totalCartAdjustment, '-146.82');
  assert.equal(r.total, '1321.37');
  // Not spread over lines.
  assert.deepEqual(
    r.lines.map((l) => l.totalAfter),
    ['268.20', '1199.99'],
  );
});

test('cart AmountOff is taken once on the qualifying lines and capped at their total', () => {
  const lines = [weather({ quantity: '2' }), equities()];
  const item = promo({ id: 'climate10', priority: 1, categoryIds: ['cat-climate'] });
  const fifty = run({
    lines,
    promotions: [
      item,
      promo({
        id: 'c50',
        priority: 2,
        target: 'Cart',
        categoryIds: ['cat-climate'],
        discount: { type: 'AmountOff', amount: '50.00' },
      }),
    ],
  });
  assert.equal(fifty.totalCartAdjustment, '-50.00');
  assert.equal(fifty.total, '1418.19');

  const huge = run({
    lines,
    promotions: [
      item,
      promo({
        id: 'c500',
        priority: 2,
        target: 'Cart',
        categoryIds: ['cat-climate'],
        discount: { type: 'AmountOff', amount: '500.00' },
      }),
    ],
  });
  assert.equal(huge.totalCartAdjustment, '-268.20'); // capped at the climate lines' 268.20 after items
  assert.equal(huge.total, '1199.99');
});

test('cart stacking: stackables compound, an exclusive first applies alone', () => {
  const lines = [weather({ salesPrice: '250.00', quantity: '4' })];
  const stacked = run({
    lines,
    promotions: [promo({ id: 'c1', priority: 1, target: 'Cart' }), promo({ id: 'c2', priority: 2, target: 'Cart' })],
  });
  assert.deepEqual(
    stacked.cartAdjustments.map((a) => a.amount),
    ['-100.00', '-90.00'],
  );
  assert.equal(stacked.total, '810.00');

  const exclusive = run({
    lines,
    promotions: [
      promo({
        id: 'c1',
        priority: 1,
        target: 'Cart',
        stacking: 'Exclusive',
        discount: { type: 'PercentOff', percent: '25' },
      }),
      promo({ id: 'c2', priority: 2, target: 'Cart' }),
    ],
  });
  assert.deepEqual(
    exclusive.cartAdjustments.map((a) => [a.promotionId, a.amount]),
    [['c1', '-250.00']],
  );
  assert.equal(exclusive.total, '750.00');
});

test('cart compounding over different line sets uses what the earlier cart promotion left on those lines', () => {
  const r = run({
    lines: [weather({ salesPrice: '100.00' }), equities({ salesPrice: '100.00' })],
    promotions: [
      promo({ id: 'all10', priority: 1, target: 'Cart' }), // 20.00 off 200.00, 10.00 of it on each line
      promo({ id: 'climate10', priority: 2, target: 'Cart', categoryIds: ['cat-climate'] }), // 10 % of 90.00
    ],
  });
  assert.deepEqual(
    r.cartAdjustments.map((a) => a.amount),
    ['-20.00', '-9.00'],
  );
  assert.equal(r.total, '171.00');
});

test('cart TieredPercentOff counts the quantity of qualifying lines only', () => {
  const tiered = promo({
    id: 'bulk-cart',
    target: 'Cart',
    categoryIds: ['cat-climate'],
    discount: {
      type: 'TieredPercentOff',
      tiers: [
        { minQuantity: 5, percent: '5' },
        { minQuantity: 10, percent: '10' },
      ],
    },
  });
  const noaa = (qty: string): PromotionLine => ({
    id: 'line-noaa',
    productId: 'prod-noaa',
    categoryIds: ['cat-climate'],
    quantity: qty,
    salesPrice: '33.33',
    sellingModelType: null,
  });
  // 3 + 2 = 5 climate units (the 10 finance units do not count): 5 % of 447.00 + 66.66 = 513.66 -> 25.683.
  const five = run({
    lines: [weather({ quantity: '3' }), noaa('2'), equities({ quantity: '10' })],
    promotions: [tiered],
  });
  assert.equal(five.totalCartAdjustment, '-25.68');
  assert.equal(five.total, '12487.88'); // 447.00 + 66.66 + 11999.90 - 25.68
  const four = run({
    lines: [weather({ quantity: '3' }), noaa('1'), equities({ quantity: '10' })],
    promotions: [tiered],
  });
  assert.equal(four.totalCartAdjustment, '0.00');
  assert.deepEqual(four.cartAdjustments, []);
});

test('subscription lines are excluded unless oneTimeOnly is false', () => {
  const feed = weather({ id: 'line-feed', sellingModelType: 'Evergreen' });
  const term = equities({ id: 'line-term', sellingModelType: 'TermDefined' });
  const plain = weather({ id: 'line-plain', sellingModelType: null });
  const r = run({ lines: [feed, term, plain], promotions: [promo({ id: 'p10' })] });
  assert.deepEqual(
    r.lines.map((l) => l.totalAdjustment),
    ['0.00', '0.00', '-14.90'],
  );

  const subs = run({ lines: [feed], promotions: [promo({ id: 'p10', oneTimeOnly: false })] });
  assert.equal(subs.lines[0].totalAdjustment, '-14.90');

  // The cart base leaves subscription lines out too: 10 % of 149.00 only.
  const cart = run({ lines: [weather(), term], promotions: [promo({ id: 'order10', target: 'Cart' })] });
  assert.equal(cart.totalCartAdjustment, '-14.90');
});

test('cents round half-up on the exact decimal value', () => {
  // 15 % of 33.33 = 4.9995 -> 5.00 a unit; x 3 = 15.00.
  const census = {
    id: 'line-census',
    productId: 'prod-census',
    categoryIds: ['cat-demographics'],
    quantity: '3',
    salesPrice: '33.33',
    sellingModelType: 'OneTime' as const,
  };
  const r = run({
    lines: [census],
    promotions: [promo({ id: 'p15', discount: { type: 'PercentOff', percent: '15' } })],
  });
  assert.equal(r.lines[0].totalAdjustment, '-15.00');
  assert.equal(r.lines[0].totalAfter, '84.99');
  // 10 % of 149.45 = 14.945 exactly -> 14.95 (half-up, not half-even, and no float drift).
  const ais = run({ lines: [weather({ salesPrice: '149.45' })], promotions: [promo({ id: 'p10' })] });
  assert.equal(ais.lines[0].totalAdjustment, '-14.95');
  // Cart level too: 10 % of 0.45 = 0.045 -> 0.05.
  const tiny = run({ lines: [weather({ salesPrice: '0.45' })], promotions: [promo({ id: 'c10', target: 'Cart' })] });
  assert.equal(tiny.totalCartAdjustment, '-0.05');
  assert.equal(tiny.total, '0.40');
});

test('malformed discounts are skipped and a percent above 100 counts as 100', () => {
  const r = run({
    promotions: [
      promo({ id: 'bad', priority: 1, stacking: 'Exclusive', discount: { type: 'PercentOff', percent: 'ten' } }),
      promo({ id: 'neg', priority: 2, discount: { type: 'AmountOff', amount: '-5.00' } }),
      promo({ id: 'big', priority: 3, discount: { type: 'PercentOff', percent: '150' } }),
    ],
  });
  // 'bad' does not qualify, so it cannot block as an exclusive; 'big' takes the whole price and no more.
  assert.deepEqual(
    r.applied.map((a) => [a.promotionId, a.adjustmentAmount]),
    [['big', '-149.00']],
  );
  assert.equal(r.total, '0.00');
});

test('applied totals each promotion across lines and cart, in priority order, with its terms', () => {
  const r = run({
    lines: [
      weather({ quantity: '2' }),
      weather({ id: 'line-weather-2', productId: 'prod-weather-daily', salesPrice: '1199.99' }),
    ],
    couponCodes: ['Climate'],
    promotions: [
      promo({
        id: 'item-climate',
        priority: 2,
        categoryIds: ['cat-climate'],
        couponCodes: ['CLIMATE'],
        termsAndConditions: 'One use per account.',
      }),
      promo({ id: 'cart-5off', priority: 1, target: 'Cart', discount: { type: 'AmountOff', amount: '5.00' } }),
    ],
  });
  assert.deepEqual(r.applied, [
    {
      promotionId: 'cart-5off',
      displayName: 'Promotion cart-5off',
      termsAndConditions: null,
      adjustmentAmount: '-5.00',
      couponCode: null,
      targetType: 'Cart',
    },
    // 29.80 + 120.00 (10 % of 1199.99) across the two lines.
    {
      promotionId: 'item-climate',
      displayName: 'Promotion item-climate',
      termsAndConditions: 'One use per account.',
      adjustmentAmount: '-149.80',
      couponCode: 'Climate',
      targetType: 'Item',
    },
  ]);
  assert.equal(r.total, '1343.19'); // 298.00 + 1199.99 - 149.80 - 5.00
});

test(`only the first ${MAX_PROMOTIONS_EVALUATED} automatic and ${MAX_PROMOTIONS_EVALUATED} coupon promotions count`, () => {
  const automatic = Array.from({ length: MAX_PROMOTIONS_EVALUATED + 1 }, (_, i) =>
    promo({
      id: `auto-${String(i).padStart(2, '0')}`,
      priority: 10 + i,
      discount: { type: 'AmountOff', amount: '1.00' },
    }),
  );
  // Expired ones ahead of them in priority do not use up slots.
  const expired = Array.from({ length: 5 }, (_, i) =>
    promo({
      id: `old-${i}`,
      priority: 0,
      endsAt: '2024-01-01T00:00:00Z',
      discount: { type: 'AmountOff', amount: '1.00' },
    }),
  );
  // A coupon promotion has its own budget, even with the lowest priority.
  const coupon = promo({
    id: 'coupon-2off',
    priority: 999,
    couponCodes: ['TWO'],
    discount: { type: 'AmountOff', amount: '2.00' },
  });
  const r = run({ promotions: [...expired, ...automatic, coupon], couponCodes: ['two'] });
  assert.equal(r.applied.length, MAX_PROMOTIONS_EVALUATED + 1);
  assert.ok(!r.applied.some((a) => a.promotionId === 'auto-50'));
  assert.equal(r.totalItemAdjustment, '-52.00');
  assert.equal(r.total, '97.00');
});

test('evaluateProductPromotion: one unit, automatic Item promotions only', () => {
  const promotions = [
    promo({
      id: 'cart-excl',
      priority: 0,
      target: 'Cart',
      stacking: 'Exclusive',
      discount: { type: 'PercentOff', percent: '50' },
    }),
    promo({ id: 'coupon20', priority: 1, couponCodes: ['SPRING20'], discount: { type: 'PercentOff', percent: '20' } }),
    promo({ id: 'auto10', priority: 2 }),
    promo({
      id: 'finance-only',
      priority: 3,
      categoryIds: ['cat-finance'],
      discount: { type: 'AmountOff', amount: '30.00' },
    }),
    promo({
      id: 'edu-only',
      priority: 4,
      buyerGroupIds: ['grp-academic'],
      discount: { type: 'AmountOff', amount: '4.10' },
    }),
  ];
  const args = {
    now: NOW,
    productId: 'prod-weather',
    categoryIds: ['cat-climate'],
    salesPrice: '149.00',
    audience: guest,
    promotions,
  };
  assert.deepEqual(evaluateProductPromotion(args), {
    promotionalPrice: '134.10',
    adjustments: [
      {
        promotionId: 'auto10',
        displayName: 'Promotion auto10',
        amount: '-14.90',
        couponCode: null,
        targetType: 'Item',
      },
    ],
  });
  // The academic buyer also gets their targeted amount off, on top (stackable).
  assert.equal(evaluateProductPromotion({ ...args, audience: academic }).promotionalPrice, '130.00');
  // Nothing applicable: the sales price back, to cents.
  assert.deepEqual(evaluateProductPromotion({ ...args, promotions: [] }), {
    promotionalPrice: '149.00',
    adjustments: [],
  });
});

test('a line with a non-decimal price or quantity is rejected', () => {
  assert.throws(() => run({ lines: [weather({ salesPrice: '$149' })] }), TypeError);
  assert.throws(() => run({ lines: [weather({ quantity: 'two' })] }), TypeError);
});
