import { test } from 'node:test';
import assert from 'node:assert/strict';
import { autoRenewChange, latestRenewal, nextRenewalAfter, subscriptionDates } from './subscription-dates.ts';

test('a two-year term-defined subscription ends the day before its renewal', () => {
  assert.deepEqual(subscriptionDates('TermDefined', 1, 'Annual', 2, '2026-11-21T10:00:00Z'), {
    startDate: '2026-11-21',
    endDate: '2028-11-20',
    nextRenewalDate: '2028-11-21',
  });
  assert.deepEqual(subscriptionDates('TermDefined', 1, 'Months', 12, '2026-03-01'), {
    startDate: '2026-03-01',
    endDate: '2027-02-28',
    nextRenewalDate: '2027-03-01',
  });
});

test('an auto-renew subscription has no end and renews one period on, clamped to the month end', () => {
  assert.deepEqual(subscriptionDates('Evergreen', 1, 'Months', null, '2027-01-31'), {
    startDate: '2027-01-31',
    endDate: null,
    nextRenewalDate: '2027-02-28',
  });
  assert.deepEqual(subscriptionDates('Evergreen', 1, 'Annual', null, new Date('2028-02-29T23:00:00Z')), {
    startDate: '2028-02-29',
    endDate: null,
    nextRenewalDate: '2029-02-28',
  });
});

test('the next renewal after today counts whole periods from the start, clamped at month ends', () => {
  assert.equal(nextRenewalAfter('2027-01-31', 1, 'Months', '2027-01-31'), '2027-02-28');
  assert.equal(nextRenewalAfter('2027-01-31', 1, 'Months', '2027-02-28'), '2027-03-31');
  assert.equal(nextRenewalAfter('2027-01-31', 1, 'Months', '2027-05-15'), '2027-05-31');
  assert.equal(nextRenewalAfter('2026-11-26', 1, 'Annual', '2029-11-25'), '2029-11-26');
  assert.equal(nextRenewalAfter('2026-11-26', 1, 'Annual', '2029-11-26'), '2030-11-26');
  assert.equal(nextRenewalAfter('2026-11-26', 3, 'Months', '2026-11-26'), '2027-02-26');
});

test('the latest delivery is the start or the last renewal on or before today', () => {
  assert.equal(latestRenewal('2027-01-31', 1, 'Months', '2027-01-31'), '2027-01-31');
  assert.equal(latestRenewal('2027-01-31', 1, 'Months', '2027-03-30'), '2027-02-28');
  assert.equal(latestRenewal('2027-01-31', 1, 'Months', '2027-03-31'), '2027-03-31');
  assert.equal(latestRenewal('2026-11-26', 1, 'Annual', '2028-01-01'), '2027-11-26');
});

test('only an active auto-renew subscription that has not ended may be switched', () => {
  const evergreen = { sellingModelType: 'Evergreen' as const, status: 'Active', endDate: null };
  assert.equal(autoRenewChange(evergreen, '2027-01-01'), 'off');
  assert.equal(autoRenewChange({ ...evergreen, endDate: '2027-01-01' }, '2027-01-01'), 'on');
  assert.equal(autoRenewChange({ ...evergreen, endDate: '2026-12-31' }, '2027-01-01'), null, 'it has ended');
  assert.equal(autoRenewChange({ ...evergreen, status: 'Cancelled' }, '2027-01-01'), null);
  assert.equal(
    autoRenewChange({ ...evergreen, sellingModelType: 'TermDefined', endDate: '2030-01-01' }, '2027-01-01'),
    null,
  );
});
