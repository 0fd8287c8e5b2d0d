// The per-record pricing form's reading of what the seller typed (issue 19): tiers a line each, checked with the
// server's own rule, so the seller sees the problem at the form.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { listPricingOf, tiersText } from './ListPricingForm.tsx';

test('a pricing with tiers reads back as typed, and shows as it is typed', () => {
  const typed = { per1000: '45.00', minimum: '49', tiers: '500: 40.00\n\n 2000 : 35.50 ' };
  const read = listPricingOf(typed);
  assert.ok('pricing' in read, JSON.stringify(read));
  assert.deepEqual(read.pricing, {
    per1000: '45.00',
    minimum: '49',
    tiers: [
      { fromRecords: 500, per1000: '40.00' },
      { fromRecords: 2000, per1000: '35.50' },
    ],
  });
  assert.equal(tiersText(read.pricing), '500: 40.00\n2000: 35.50');
});

test('bad amounts and tiers are told at the form', () => {
  const problem = (fields: { per1000: string; minimum: string; tiers: string }) => {
    const read = listPricingOf(fields);
    return 'problem' in read ? read.problem : null;
  };
  assert.match(problem({ per1000: '4.5.0', minimum: '1', tiers: '' })!, /per 1,000 records must be an amount/);
  assert.match(problem({ per1000: '0', minimum: '1', tiers: '' })!, /more than 0/);
  assert.match(problem({ per1000: '5', minimum: '-1', tiers: '' })!, /minimum order/);
  assert.match(problem({ per1000: '5', minimum: '1', tiers: 'lots: 4' })!, /Tier line 1/);
  assert.match(problem({ per1000: '5', minimum: '1', tiers: '500: 4\n100: 3' })!, /Tier 2: tiers go up/);
  assert.equal(problem({ per1000: '5', minimum: '1', tiers: '' }), null);
});
