import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  PROMOTION_COMBINE_THRESHOLD,
  type PriceDisplayInput,
  chooseMainPrice,
  computePriceDisplay,
  countedOriginalPrice,
  isPriceBlockVisible,
  promotionApplies,
  resolveDisplayPrices,
  shouldShowDiscount,
  shouldShowOriginal,
  shouldShowTaxIndication,
  showsFinalPrice,
  showsStrikethrough,
} from './price-display.ts';

const product = { productClass: 'Simple' as const, productSellingModels: [] };
const pricing = { currencyIsoCode: 'USD', listPrice: '100.00', negotiatedPrice: '80.00', unitPrice: '80.00' };
const promo = (n: number, price = '60.00') => ({
  promotionalPrice: price,
  promotionPriceAdjustmentList: Array.from({ length: n }, (_, i) => ({ displayName: `Promo ${i + 1}` })),
});
const base = (over: Partial<PriceDisplayInput> = {}): PriceDisplayInput => ({ product, pricing, ...over });

// ---- visibility ----

test('block shows only with product and pricing, a buyable class, a valid variant', () => {
  assert.equal(isPriceBlockVisible(base()), true);
  assert.equal(isPriceBlockVisible(base({ product: null })), false);
  assert.equal(isPriceBlockVisible(base({ pricing: undefined })), false);
  assert.equal(isPriceBlockVisible(base({ product: { productClass: 'VariationParent' } })), false);
  assert.equal(isPriceBlockVisible(base({ product: { productClass: 'Set' } })), false);
  assert.equal(isPriceBlockVisible(base({ product: { productClass: 'Variation' } })), true);
  assert.equal(isPriceBlockVisible(base({ variant: { isValid: false } })), false);
  assert.equal(isPriceBlockVisible(base({ variant: { isValid: true } })), true);
});

test('with a selling model selected the block needs a price type', () => {
  const selected = { productSellingModelId: '0jP000000000001AAA' };
  assert.equal(isPriceBlockVisible(base({ selectedSellingModel: selected })), false);
  assert.equal(
    isPriceBlockVisible(base({ selectedSellingModel: selected, priceType: 'ActiveSellingModelPrice' })),
    true,
  );
  assert.equal(isPriceBlockVisible(base({ selectedSellingModel: { productSellingModelId: null } })), true);
});

test('a hidden block has nothing to show', () => {
  const view = computePriceDisplay(base({ product: { productClass: 'Set' } }));
  assert.equal(view.isVisible, false);
  assert.equal(view.mainPrice, null);
  assert.equal(view.unavailableLabel, null);
});

// ---- main price ----

test('1_TIER and 2_TIER: promotional, else negotiated, else list', () => {
  for (const t of ['1_TIER', '2_TIER'] as const) {
    assert.deepEqual(chooseMainPrice(t, { promotional: '60', negotiated: '80', list: '100' }), {
      price: '60',
      source: 'promotional',
    });
    assert.deepEqual(chooseMainPrice(t, { promotional: null, negotiated: '80', list: '100' }), {
      price: '80',
      source: 'negotiated',
    });
    assert.deepEqual(chooseMainPrice(t, { promotional: null, negotiated: null, list: '100' }), {
      price: '100',
      source: 'list',
    });
    assert.deepEqual(chooseMainPrice(t, { promotional: null, negotiated: null, list: null }), {
      price: null,
      source: null,
    });
  }
});

test('3_TIER: negotiated when all three exist, else the first of promotional, negotiated, list', () => {
  assert.deepEqual(chooseMainPrice('3_TIER', { promotional: '60', negotiated: '80', list: '100' }), {
    price: '80',
    source: 'negotiated',
  });
  assert.deepEqual(chooseMainPrice('3_TIER', { promotional: '60', negotiated: '80', list: null }), {
    price: '60',
    source: 'promotional',
  });
  assert.deepEqual(chooseMainPrice('3_TIER', { promotional: '60', negotiated: null, list: '100' }), {
    price: '60',
    source: 'promotional',
  });
  assert.deepEqual(chooseMainPrice('3_TIER', { promotional: null, negotiated: '80', list: '100' }), {
    price: '80',
    source: 'negotiated',
  });
  assert.deepEqual(chooseMainPrice('3_TIER', { promotional: null, negotiated: null, list: '100' }), {
    price: '100',
    source: 'list',
  });
});

test('empty or non-numeric prices count as missing', () => {
  assert.deepEqual(chooseMainPrice('1_TIER', { promotional: '', negotiated: 'n/a', list: '100' }), {
    price: '100',
    source: 'list',
  });
});

// ---- promotions ----

test('promotional price applies only for one-time or no model and with adjustments', () => {
  assert.equal(promotionApplies(null, promo(1)), true);
  assert.equal(promotionApplies('OneTime', promo(1)), true);
  assert.equal(promotionApplies('Evergreen', promo(1)), false);
  assert.equal(promotionApplies('TermDefined', promo(1)), false);
  assert.equal(promotionApplies(null, promo(0)), false);
  assert.equal(promotionApplies(null, { promotionalPrice: '60', promotionPriceAdjustmentList: null }), false);
  assert.equal(promotionApplies(null, null), false);
});

test('a subscription selection ignores the promotion', () => {
  const models = [{ id: 'sm-ever', sellingModelType: 'Evergreen' as const }];
  const view = computePriceDisplay(
    base({
      product: { productClass: 'Simple', productSellingModels: models },
      selectedSellingModel: { productSellingModelId: 'sm-ever' },
      priceType: 'ActiveSellingModelPrice',
      promotionalPricing: promo(1),
    }),
  );
  assert.equal(view.promotionApplies, false);
  assert.equal(view.mainPrice, '80.00');
  assert.deepEqual(view.promotionMessages, []);
});

test('the combine threshold is 1: one promotion shows its name, two combine', () => {
  assert.equal(PROMOTION_COMBINE_THRESHOLD, 1);
  const one = computePriceDisplay(base({ pricingType: '2_TIER', promotionalPricing: promo(1) }));
  assert.deepEqual(one.promotionMessages, ['Promo 1']);
  assert.equal(one.combinedMessage, null);

  const two = computePriceDisplay(base({ pricingType: '2_TIER', promotionalPricing: promo(2) }));
  assert.deepEqual(two.promotionMessages, []);
  // strikethrough 100 (list beats negotiated 80), main 60 -> 40% off
  assert.deepEqual(two.combinedMessage, { count: 2, percentOff: 40, text: '40% off with 2 promotions' });
});

test('combined percent is rounded half-up', () => {
  const view = computePriceDisplay(
    base({
      pricingType: '2_TIER',
      pricing: { ...pricing, listPrice: '8.00', negotiatedPrice: '8.00' },
      promotionalPricing: promo(3, '7.00'),
    }),
  );
  assert.equal(view.combinedMessage?.percentOff, 13); // 12.5 -> 13
});

test('combined message without a strikethrough has no percent', () => {
  const view = computePriceDisplay(base({ pricingType: '1_TIER', promotionalPricing: promo(2) }));
  assert.deepEqual(view.combinedMessage, { count: 2, percentOff: null, text: '2 promotions applied' });
});

test('threshold and template can be overridden', () => {
  const view = computePriceDisplay(
    base({
      pricingType: '2_TIER',
      promotionalPricing: promo(2),
      combineThreshold: 2,
      labels: { combinedPromotion: 'Save {percent}%' },
    }),
  );
  assert.equal(view.combinedMessage, null);
  assert.deepEqual(view.promotionMessages, ['Promo 1', 'Promo 2']);
  const combined = computePriceDisplay(
    base({ pricingType: '2_TIER', promotionalPricing: promo(2), labels: { combinedPromotion: 'Save {percent}%' } }),
  );
  assert.equal(combined.combinedMessage?.text, 'Save 40%');
});

// ---- strikethrough and final price ----

test('strikethrough for 2_TIER and 3_TIER only; final price for 3_TIER only', () => {
  assert.equal(showsStrikethrough('1_TIER'), false);
  assert.equal(showsStrikethrough('2_TIER'), true);
  assert.equal(showsStrikethrough('3_TIER'), true);
  assert.equal(showsFinalPrice('2_TIER'), false);
  assert.equal(showsFinalPrice('3_TIER'), true);
});

test('original counts only when it exceeds the negotiated price', () => {
  assert.equal(countedOriginalPrice('100', '80'), '100');
  assert.equal(countedOriginalPrice('80', '80'), null);
  assert.equal(countedOriginalPrice('70', '80'), null);
  assert.equal(countedOriginalPrice('100', null), null);
});

test('1_TIER shows one price', () => {
  const view = computePriceDisplay(base({ pricingType: '1_TIER', promotionalPricing: promo(1) }));
  assert.equal(view.mainPrice, '60.00');
  assert.equal(view.strikethroughPrice, null);
  assert.equal(view.finalPrice, null);
  assert.equal(view.formatted.mainPrice, '$60.00');
});

test('2_TIER shows the list price struck through', () => {
  const view = computePriceDisplay(base({ pricingType: '2_TIER' }));
  assert.equal(view.mainPrice, '80.00');
  assert.equal(view.strikethroughPrice, '100.00');
  assert.equal(view.finalPrice, null);
  assert.equal(view.formatted.strikethroughPrice, '$100.00');
});

test('2_TIER: no strikethrough when list equals negotiated and no promotion', () => {
  const view = computePriceDisplay(base({ pricingType: '2_TIER', pricing: { ...pricing, listPrice: '80.00' } }));
  assert.equal(view.strikethroughPrice, null);
});

test('2_TIER: a promotion over an uncounted list price strikes the negotiated price', () => {
  const view = computePriceDisplay(
    base({ pricingType: '2_TIER', pricing: { ...pricing, listPrice: '80.00' }, promotionalPricing: promo(1) }),
  );
  assert.equal(view.mainPrice, '60.00');
  assert.equal(view.strikethroughPrice, '80.00');
});

test('3_TIER with all three: list struck, negotiated main, promotional final', () => {
  const view = computePriceDisplay(base({ pricingType: '3_TIER', promotionalPricing: promo(1) }));
  assert.equal(view.strikethroughPrice, '100.00');
  assert.equal(view.mainPrice, '80.00');
  assert.equal(view.mainPriceSource, 'negotiated');
  assert.equal(view.finalPrice, '60.00');
  assert.equal(view.formatted.finalPrice, '$60.00');
});

test('3_TIER without a promotion has no final price', () => {
  const view = computePriceDisplay(base({ pricingType: '3_TIER' }));
  assert.equal(view.mainPrice, '80.00');
  assert.equal(view.strikethroughPrice, '100.00');
  assert.equal(view.finalPrice, null);
});

// ---- discount / original helpers ----

test('discount shows only for a negative numeric string', () => {
  assert.equal(shouldShowDiscount('-5.00'), true);
  assert.equal(shouldShowDiscount('5.00'), false);
  assert.equal(shouldShowDiscount('0'), false);
  assert.equal(shouldShowDiscount('-abc'), false);
  assert.equal(shouldShowDiscount(null), false);
});

test('original shows only when both are non-negative and original > current', () => {
  assert.equal(shouldShowOriginal('100', '80'), true);
  assert.equal(shouldShowOriginal('80', '80'), false);
  assert.equal(shouldShowOriginal('80', '100'), false);
  assert.equal(shouldShowOriginal('100', '-1'), false);
  assert.equal(shouldShowOriginal('-1', '-2'), false);
  assert.equal(shouldShowOriginal('100', null), false);
  assert.equal(shouldShowOriginal('100', '0'), true);
});

// ---- tax ----

test('tax indication needs enabled, price, Gross/Automatic and a non-zero rate', () => {
  const ok = { enabled: true, priceAvailable: true, taxLocaleType: 'Gross' as const, taxRatePercentage: '20' };
  assert.equal(shouldShowTaxIndication(ok), true);
  assert.equal(shouldShowTaxIndication({ ...ok, taxLocaleType: 'Automatic' }), true);
  assert.equal(shouldShowTaxIndication({ ...ok, taxLocaleType: 'Net' }), false);
  assert.equal(shouldShowTaxIndication({ ...ok, enabled: false }), false);
  assert.equal(shouldShowTaxIndication({ ...ok, priceAvailable: false }), false);
  assert.equal(shouldShowTaxIndication({ ...ok, taxRatePercentage: '0' }), false);
  assert.equal(shouldShowTaxIndication({ ...ok, taxRatePercentage: '0.00' }), false);
  assert.equal(shouldShowTaxIndication({ ...ok, taxRatePercentage: null }), false);
});

test('view model carries the tax label only when the indication shows', () => {
  const taxes = { taxLocaleType: 'Gross' as const, taxPolicies: [{ taxRatePercentage: '8.25' }] };
  const on = computePriceDisplay(base({ taxes, showTaxIndication: true }));
  assert.equal(on.showTaxIndication, true);
  assert.equal(on.taxLabel, 'Tax Included');
  assert.equal(on.taxRatePercentage, '8.25');
  const off = computePriceDisplay(base({ taxes, showTaxIndication: false }));
  assert.equal(off.showTaxIndication, false);
  assert.equal(off.taxLabel, null);
});

// ---- unavailable price ----

test("no main price shows 'Price Unavailable' and no tax indication", () => {
  const taxes = { taxLocaleType: 'Gross' as const, taxPolicies: [{ taxRatePercentage: '20' }] };
  const view = computePriceDisplay(
    base({
      pricing: { currencyIsoCode: 'USD', listPrice: null, negotiatedPrice: null },
      taxes,
      showTaxIndication: true,
    }),
  );
  assert.equal(view.isVisible, true);
  assert.equal(view.isPriceAvailable, false);
  assert.equal(view.unavailableLabel, 'Price Unavailable');
  assert.equal(view.showTaxIndication, false);
  assert.equal(computePriceDisplay(base()).unavailableLabel, null);
});

test('a zero price is still a price', () => {
  const view = computePriceDisplay(
    base({ pricing: { currencyIsoCode: 'USD', listPrice: '0.00', negotiatedPrice: '0.00' } }),
  );
  assert.equal(view.isPriceAvailable, true);
  assert.equal(view.formatted.mainPrice, '$0.00');
});

// ---- price sources ----

test('negotiated falls back to unitPrice and volume tiers apply with a quantity', () => {
  const tiered = {
    currencyIsoCode: 'USD',
    listPrice: '39.99',
    unitPrice: '35.99',
    priceAdjustment: {
      priceAdjustmentTiers: [
        { lowerBound: '1', upperBound: '9', tierUnitPrice: '35.99' },
        { lowerBound: '10', upperBound: null, tierUnitPrice: '32.39' },
      ],
    },
  };
  assert.deepEqual(resolveDisplayPrices({ pricing: tiered, product }), { list: '39.99', negotiated: '35.99' });
  assert.deepEqual(resolveDisplayPrices({ pricing: tiered, product, quantity: 10.5 }), {
    list: '39.99',
    negotiated: '32.39',
  });
  assert.equal(computePriceDisplay({ product, pricing: tiered, quantity: 12 }).mainPrice, '32.39');
});

test('selected selling model uses its price entry and term price', () => {
  const models = [
    { id: 'sm-one', sellingModelType: 'OneTime' as const },
    { id: 'sm-term', sellingModelType: 'TermDefined' as const },
  ];
  const withEntries = {
    ...pricing,
    productPriceEntries: [
      { productSellingModelId: 'sm-one', listPrice: '100.00', negotiatedPrice: '90.00' },
      {
        productSellingModelId: 'sm-term',
        listPrice: '12.00',
        negotiatedPrice: '10.00',
        subscriptionTermPrices: [{ term: 12, listPrice: '144.00', negotiatedPrice: '110.00' }],
      },
    ],
  };
  const p = { productClass: 'Simple' as const, productSellingModels: models };
  assert.deepEqual(
    resolveDisplayPrices({
      pricing: withEntries,
      product: p,
      selectedSellingModel: { productSellingModelId: 'sm-term' },
    }),
    { list: '12.00', negotiated: '10.00' },
  );
  assert.deepEqual(
    resolveDisplayPrices({
      pricing: withEntries,
      product: p,
      selectedSellingModel: { productSellingModelId: 'sm-term', subscriptionTerm: 12 },
    }),
    { list: '144.00', negotiated: '110.00' },
  );
  // The one-time price type reads the OneTime model's entry whatever is selected.
  assert.deepEqual(
    resolveDisplayPrices({
      pricing: withEntries,
      product: p,
      selectedSellingModel: { productSellingModelId: 'sm-term', subscriptionTerm: 12 },
      priceType: 'OneTimeSellingModelPrice',
    }),
    { list: '100.00', negotiated: '90.00' },
  );
  // Unknown model id: top-level prices.
  assert.deepEqual(
    resolveDisplayPrices({ pricing: withEntries, product: p, selectedSellingModel: { productSellingModelId: 'nope' } }),
    {
      list: '100.00',
      negotiated: '80.00',
    },
  );
});

test('formatting uses the pricing currency and locale, keeping big numbers exact', () => {
  const view = computePriceDisplay(
    base({
      pricing: { currencyIsoCode: 'EUR', listPrice: null, negotiatedPrice: '1234567890123456.78' },
      locale: 'en-US',
    }),
  );
  assert.equal(view.currencyIsoCode, 'EUR');
  assert.equal(view.formatted.mainPrice, '€1,234,567,890,123,456.78');
});
