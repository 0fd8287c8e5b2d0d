// The cart's fast money conversions give exactly what core's big.js helpers give, over the amounts a cart meets
// (prices, totals, negative adjustments, zero) and the inputs they hand back to core.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decimalToMinorUnits, minorUnitsToDecimal } from '@store/core';
import { minorOf, moneyOf } from './cart-money.ts';

const samples = [
  0,
  1,
  -1,
  5,
  -5,
  10,
  99,
  100,
  101,
  -100,
  1234,
  -1250,
  999_999,
  123_456_789,
  -987_654_321,
  2 ** 52,
  -(2 ** 52),
];

test('moneyOf formats minor units as minorUnitsToDecimal does', () => {
  for (let n = -1500; n <= 1500; n++) assert.equal(moneyOf(n), minorUnitsToDecimal(n), String(n));
  for (const n of samples) assert.equal(moneyOf(n), minorUnitsToDecimal(n), String(n));
  assert.equal(moneyOf(-0), minorUnitsToDecimal(-0));
  assert.throws(() => moneyOf(1.5), TypeError);
});

test('minorOf reads decimal amounts as decimalToMinorUnits does', () => {
  for (let n = -1500; n <= 1500; n++) {
    const text = minorUnitsToDecimal(n);
    assert.equal(minorOf(text), Number(decimalToMinorUnits(text)), text);
    assert.equal(minorOf(text), n, text);
  }
  for (const text of ['-0.00', '0.00', '12.5', '12', '-3', '0.125', '0.135', '-0.005', '1234567890123.45', '39.99'])
    assert.equal(minorOf(text), Number(decimalToMinorUnits(text)), text);
  assert.ok(Object.is(minorOf('-0.00'), 0));
});
