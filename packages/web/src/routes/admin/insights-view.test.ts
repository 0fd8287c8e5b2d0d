import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { insightPresets, insightQueryOf, periodHref, rateOf } from './insights-view.ts';

const TODAY = '2026-11-26';
const params = (q: string) => new URLSearchParams(q);

describe('insights page helpers', () => {
  it('the address’s period is the call’s; none asks for the server’s default', () => {
    assert.deepEqual(insightQueryOf(params('from=2026-11-01&to=2026-11-07'), TODAY), {
      query: { from: '2026-11-01', to: '2026-11-07' },
      problem: null,
    });
    assert.deepEqual(insightQueryOf(params(''), TODAY), { query: {}, problem: null });
  });

  it('a period the server would refuse is not asked for, and the reason is kept to show', () => {
    const r = insightQueryOf(params('from=2026-11-08&to=2026-11-07'), TODAY);
    assert.deepEqual(r.query, {});
    assert.match(r.problem ?? '', /from must not be after to/);
    assert.match(insightQueryOf(params('from=2020-01-01'), TODAY).problem ?? '', /366 days/);
  });

  it('presets are the last 7, 30 and 90 days ending today, as addresses', () => {
    const [week] = insightPresets(TODAY);
    assert.deepEqual(week, { days: 7, period: { from: '2026-11-20', to: TODAY } });
    assert.equal(periodHref(week!.period), '/admin/insights?from=2026-11-20&to=2026-11-26');
    assert.deepEqual(
      insightPresets(TODAY).map((p) => p.days),
      [7, 30, 90],
    );
  });

  it('rates are shares of the views, one decimal, and none without views', () => {
    assert.equal(rateOf(2, 5), '40%');
    assert.equal(rateOf(1, 8), '12.5%');
    assert.equal(rateOf(1, 3), '33.3%');
    assert.equal(rateOf(3, 0), '—');
  });
});
