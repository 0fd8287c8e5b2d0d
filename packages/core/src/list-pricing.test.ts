import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { defaultListPricing, listPriceFor, listRateFor } from './list-pricing.ts';

const pricing = {
  per1000: '60.00',
  minimum: '49.00',
  tiers: [
    { fromRecords: 10_000, per1000: '45.00' },
    { fromRecords: 50_000, per1000: '30.00' },
  ],
};

describe('the price of a selection', () => {
  test('per 1,000 records at the rate of the tier its size reaches, rounded half up to the cent', () => {
    assert.equal(listPriceFor(pricing, 1_234).amount, '74.04');
    assert.equal(listPriceFor(pricing, 9_999).amount, '599.94');
    assert.equal(listPriceFor(pricing, 10_000).amount, '450.00');
    assert.equal(listRateFor(pricing, 50_000), '30.00');
    assert.equal(listPriceFor({ ...pricing, per1000: '0.01' }, 50).amount, '49.00');
    assert.equal(listPriceFor({ per1000: '33.33', minimum: '0.00', tiers: [] }, 15).amount, '0.50');
  });

  test('never below the minimum, never above the whole list, and nothing for no records', () => {
    const small = listPriceFor(pricing, 100);
    assert.deepEqual(small, { amount: '49.00', per1000: '60.00', minimumApplied: true, capped: false });
    const big = listPriceFor(pricing, 40_000, '1500.00');
    assert.deepEqual(big, { amount: '1500.00', per1000: '45.00', minimumApplied: false, capped: true });
    assert.equal(listPriceFor(pricing, 0).amount, '0.00');
  });

  test('the default from a whole price: the whole list at its own price, smaller cuts dearer per record', () => {
    const d = defaultListPricing('999.00', 9_835);
    assert.equal(listPriceFor(d, 9_835, '999.00').amount, '999.00');
    assert.equal(d.minimum, '99.90');
    const tenth = listPriceFor(d, 984).amount;
    assert.ok(Number(tenth) > 99.9 * 1.2, `${tenth}: a tenth costs more than a tenth of the price`);
    assert.equal(defaultListPricing('100.00', 25).minimum, '25.00');
  });
});
