import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tierProblem, type TierInput } from './tier-rules.ts';

const pct = (lowerBound: number, upperBound: number | null, adjustmentValue: string): TierInput => ({
  lowerBound,
  upperBound,
  adjustmentType: 'PercentageBasedAdjustment',
  adjustmentValue,
});

test('contiguous bands ending open are sound, as are no tiers at all', () => {
  assert.equal(tierProblem('149.00', [pct(1, 9, '0'), pct(10, 49, '10'), pct(50, null, '20')]), null);
  assert.equal(tierProblem('149.00', []), null);
});

test('gaps, overlaps, an open band before the last and a band starting below 1 are named', () => {
  assert.match(tierProblem('10', [pct(1, 9, '0'), pct(11, null, '5')])!, /Tier 2: it must start at 10/);
  assert.match(tierProblem('10', [pct(1, 9, '0'), pct(5, null, '5')])!, /Tier 2: it must start at 10/);
  assert.match(tierProblem('10', [pct(1, null, '0'), pct(10, null, '5')])!, /only the last tier may be open-ended/);
  assert.match(tierProblem('10', [pct(0, 5, '0')])!, /Tier 1: the lower bound/);
  assert.match(tierProblem('10', [pct(3, 2, '0')])!, /upper bound/);
});

test('a tier never takes the unit below zero', () => {
  assert.match(tierProblem('10', [pct(1, null, '100.5')])!, /can't exceed 100/);
  const amount: TierInput = {
    lowerBound: 1,
    upperBound: null,
    adjustmentType: 'AmountBasedAdjustment',
    adjustmentValue: '10.01',
  };
  assert.match(tierProblem('10', [amount])!, /can't exceed the unit price/);
  assert.equal(tierProblem('10', [{ ...amount, adjustmentValue: '10' }]), null);
  assert.match(tierProblem('-1', [])!, /unit price/);
});
