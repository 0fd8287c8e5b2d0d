import { test } from 'node:test';
import assert from 'node:assert/strict';
import Big from 'big.js';
import { computeTierUnitPrice, findTierForQuantity, lowestUnitPrice, unitPriceForQuantity } from './tiers.ts';

const tiers = [
  { id: 't1', lowerBound: '1', upperBound: '9', tierUnitPrice: '35.99' },
  { id: 't2', lowerBound: '10', upperBound: '49', tierUnitPrice: '32.39' },
  { id: 't3', lowerBound: '50', upperBound: null, tierUnitPrice: '28.79' },
];

test('quantity is floored before lookup: 9.7 -> 9 stays in the 1-9 tier', () => {
  assert.equal(findTierForQuantity(tiers, 9.7)?.id, 't1');
  assert.equal(findTierForQuantity(tiers, '9.999')?.id, 't1');
  assert.equal(findTierForQuantity(tiers, '10')?.id, 't2');
});

test('bounds are inclusive on both sides', () => {
  assert.equal(findTierForQuantity(tiers, 1)?.id, 't1');
  assert.equal(findTierForQuantity(tiers, 9)?.id, 't1');
  assert.equal(findTierForQuantity(tiers, 49)?.id, 't2');
  assert.equal(findTierForQuantity(tiers, 50)?.id, 't3');
});

test('null upper bound is unbounded', () => {
  assert.equal(findTierForQuantity(tiers, 1_000_000)?.id, 't3');
  assert.equal(findTierForQuantity(tiers, '99999999999999999999')?.id, 't3');
});

test('null lower bound is unbounded', () => {
  const open = [
    { id: 'low', lowerBound: null, upperBound: '4' },
    { id: 'high', lowerBound: '5', upperBound: null },
  ];
  assert.equal(findTierForQuantity(open, 0)?.id, 'low');
  assert.equal(findTierForQuantity(open, 4.9)?.id, 'low');
  assert.equal(findTierForQuantity(open, 5)?.id, 'high');
});

test('no tier applies below the first lower bound, for bad quantities, or without tiers', () => {
  assert.equal(findTierForQuantity(tiers, 0.5), null); // floor 0 < 1
  assert.equal(findTierForQuantity(tiers, 'abc'), null);
  assert.equal(findTierForQuantity(null, 5), null);
  assert.equal(findTierForQuantity([], 5), null);
});

test('a tier with unparseable bounds is skipped', () => {
  const list = [
    { id: 'bad', lowerBound: 'x', upperBound: null },
    { id: 'good', lowerBound: '1', upperBound: null },
  ];
  assert.equal(findTierForQuantity(list, 3)?.id, 'good');
});

test('unitPriceForQuantity falls back to the base price', () => {
  assert.equal(unitPriceForQuantity('35.99', tiers, 12), '32.39');
  assert.equal(unitPriceForQuantity('35.99', tiers, 0), '35.99');
  assert.equal(unitPriceForQuantity('35.99', null, 12), '35.99');
});

test('computeTierUnitPrice percentage and amount', () => {
  assert.equal(computeTierUnitPrice('35.99', 'PercentageBasedAdjustment', '10'), '32.39');
  assert.equal(computeTierUnitPrice('35.99', 'PercentageBasedAdjustment', '20'), '28.79'); // 28.792
  assert.equal(computeTierUnitPrice('0.05', 'PercentageBasedAdjustment', '50'), '0.03'); // 0.025 half-up
  assert.equal(computeTierUnitPrice('35.99', 'AmountBasedAdjustment', '5'), '30.99');
  assert.equal(computeTierUnitPrice('10', 'AmountBasedAdjustment', '2.5'), '7.50');
  assert.equal(computeTierUnitPrice('10', 'AmountBasedAdjustment', '12'), '0.00'); // never negative
  assert.throws(() => computeTierUnitPrice('10', 'Other' as never, '1'), TypeError);
});

test('lowestUnitPrice picks the minimum of base and tiers', () => {
  assert.equal(lowestUnitPrice('35.99', tiers), '28.79');
  assert.equal(lowestUnitPrice('20.00', tiers), '20.00');
  assert.equal(lowestUnitPrice(null, tiers), '28.79');
  assert.equal(lowestUnitPrice('35.99', null), '35.99');
  assert.equal(lowestUnitPrice('100', [{ tierUnitPrice: '99.5' }, { tierUnitPrice: '100.25' }]), '99.5'); // compared as decimals, not text
  assert.equal(lowestUnitPrice(null, []), null);
});

test('tier prices and the lowest price: plain prices (worked in cents) agree with the decimal arithmetic', () => {
  // The oracle: big.js throughout, as computeTierUnitPrice and lowestUnitPrice work out any other input.
  const oracleTier = (base: string, type: 'PercentageBasedAdjustment' | 'AmountBasedAdjustment', value: string) => {
    const b = new Big(base);
    const raw = type === 'PercentageBasedAdjustment' ? b.times(new Big(100).minus(value).div(100)) : b.minus(value);
    const r = raw.round(2, 1);
    return r.lt(0) ? '0.00' : r.eq(0) ? '0.00' : r.toFixed(2);
  };
  const oracleLowest = (texts: Array<string | null>) => {
    let best: { text: string; value: Big } | null = null;
    for (const t of texts)
      if (t !== null && (best === null || new Big(t).lt(best.value))) best = { text: t, value: new Big(t) };
    return best?.text ?? null;
  };
  const price = (i: number) =>
    `${Math.floor(Math.random() * 10 ** (1 + (i % 6)))}${['', '.5', `.${String(i % 100).padStart(2, '0')}`][i % 3]}`;
  const percents = ['0', '10', '12.5', '33.33', '99.99', '100', '150', '0.01'];
  const amounts = ['0', '0.00', '1', '11.00', '22.5', '999999'];
  for (let i = 0; i < 3000; i++) {
    const base = price(i);
    for (const p of percents)
      assert.equal(
        computeTierUnitPrice(base, 'PercentageBasedAdjustment', p),
        oracleTier(base, 'PercentageBasedAdjustment', p),
        `${base} less ${p} %`,
      );
    for (const a of amounts)
      assert.equal(
        computeTierUnitPrice(base, 'AmountBasedAdjustment', a),
        oracleTier(base, 'AmountBasedAdjustment', a),
        `${base} less ${a}`,
      );
    const texts = [base, price(i + 1), null, price(i + 2)];
    assert.equal(
      lowestUnitPrice(
        texts[0],
        texts.slice(1).map((t) => ({ tierUnitPrice: t })),
      ),
      oracleLowest(texts),
    );
  }
  // Equal prices: the first one given wins, as written.
  assert.equal(lowestUnitPrice('5.0', [{ tierUnitPrice: '5.00' }, { tierUnitPrice: '5' }]), '5.0');
  // Inputs with more places are worked out as decimals.
  assert.equal(computeTierUnitPrice('10.005', 'PercentageBasedAdjustment', '0'), '10.01');
  assert.equal(lowestUnitPrice('1.001', [{ tierUnitPrice: '1.0005' }]), '1.0005');
});
