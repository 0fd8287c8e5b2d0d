// The volume price table's rows: the bands a buyer reads and the price at each, and when there is no table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PriceAdjustmentTier } from '@store/core';
import { isOneTimeChoice, volumePriceRows } from './volume-prices.ts';

const tier = (lowerBound: string, upperBound: string | null, tierUnitPrice: string): PriceAdjustmentTier => ({
  id: `t${lowerBound}`,
  adjustmentType: 'PercentageBasedAdjustment',
  adjustmentValue: '0',
  lowerBound,
  upperBound,
  tierUnitPrice,
});

test('one row per band, the last one open-ended, prices in the currency', () => {
  assert.deepEqual(
    volumePriceRows([tier('1', '9', '149'), tier('10', '49', '134.1'), tier('50', null, '119.2')], 'USD'),
    [
      { quantity: '1–9', unitPrice: '$149.00' },
      { quantity: '10–49', unitPrice: '$134.10' },
      { quantity: '50 or more', unitPrice: '$119.20' },
    ],
  );
});

test('no table without at least two bands', () => {
  assert.deepEqual(volumePriceRows(null, 'USD'), []);
  assert.deepEqual(volumePriceRows([tier('1', null, '10')], 'USD'), []);
});

test('volume prices belong to the one-time purchase, not to a subscription', () => {
  const models = [
    { id: 'once', sellingModelType: 'OneTime' },
    { id: 'yearly', sellingModelType: 'TermDefined' },
  ];
  assert.equal(isOneTimeChoice(models, null), true);
  assert.equal(isOneTimeChoice(models, 'once'), true);
  assert.equal(isOneTimeChoice(models, 'yearly'), false);
});
