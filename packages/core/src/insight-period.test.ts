import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  insightPeriodDays,
  insightPeriodInstants,
  insightPeriodProblem,
  lastDays,
  resolveInsightPeriod,
} from './insight-period.ts';

test('no period asked is the last 30 days, today included; one end asked fills the other', () => {
  assert.deepEqual(resolveInsightPeriod({}, '2026-11-26'), { from: '2026-10-28', to: '2026-11-26' });
  assert.equal(insightPeriodDays(resolveInsightPeriod({}, '2026-11-26')), 30);
  assert.deepEqual(resolveInsightPeriod({ from: '2026-11-01' }, '2026-11-26'), {
    from: '2026-11-01',
    to: '2026-11-26',
  });
  assert.deepEqual(resolveInsightPeriod({ to: '2026-03-01' }, '2026-11-26'), { from: '2026-01-31', to: '2026-03-01' });
});

test('presets are the n days ending today', () => {
  assert.deepEqual(lastDays('2026-03-01', 7), { from: '2026-02-23', to: '2026-03-01' });
  assert.equal(insightPeriodDays(lastDays('2026-03-01', 90)), 90);
});

test('a period is real dates, from ≤ to, at most 366 days', () => {
  assert.equal(insightPeriodProblem({ from: '2026-11-26', to: '2026-11-26' }), null);
  assert.equal(insightPeriodProblem({ from: '2024-01-01', to: '2024-12-31' }), null); // 366 days (leap year)
  assert.match(insightPeriodProblem({ from: '2024-01-01', to: '2025-01-01' }) ?? '', /at most 366 days/);
  assert.match(insightPeriodProblem({ from: '2026-11-27', to: '2026-11-26' }) ?? '', /from must not be after to/);
  assert.match(insightPeriodProblem({ from: '2026-02-30', to: '2026-03-01' }) ?? '', /from must be a date/);
  assert.match(insightPeriodProblem({ from: '2026-02-01', to: '26-03-01' }) ?? '', /to must be a date/);
});

test('a period covers its last day whole: the instants end at the next midnight UTC', () => {
  assert.deepEqual(insightPeriodInstants({ from: '2026-12-31', to: '2026-12-31' }), {
    start: '2026-12-31T00:00:00.000Z',
    end: '2027-01-01T00:00:00.000Z',
  });
});
