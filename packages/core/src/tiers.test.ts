import { test } from 'node:test';
import assert from 'node:assert/strict';
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
