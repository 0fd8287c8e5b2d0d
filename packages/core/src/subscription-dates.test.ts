import { test } from 'node:test';
import assert from 'node:assert/strict';
import { subscriptionDates } from './subscription-dates.ts';

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
