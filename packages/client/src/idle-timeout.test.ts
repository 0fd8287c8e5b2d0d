import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createIdleTracker,
  idleDeadlines,
  idlePhaseAt,
  SESSION_WARNING_MS,
  type IdleTrackerOptions,
} from './idle-timeout.ts';
import { manualClock, manualTimers } from './test-support.ts';

const T0 = 1_000_000;

function setup(seconds = 120, extra: Partial<IdleTrackerOptions> = {}) {
  const clock = manualClock(T0);
  const timers = manualTimers(clock);
  const events: string[] = [];
  const tracker = createIdleTracker({
    idleTimeoutSeconds: seconds,
    now: clock.now,
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
    onWarning: (msLeft) => events.push(`warning ${msLeft}`),
    onActive: () => events.push('active'),
    onTimeout: () => events.push('timeout'),
    ...extra,
  });
  return { clock, timers, events, tracker };
}

describe('idleDeadlines / idlePhaseAt', () => {
  it('warns 30 seconds before the timeout', () => {
    assert.equal(SESSION_WARNING_MS, 30_000);
    assert.deepEqual(idleDeadlines(120, T0), { warnAt: T0 + 90_000, timeoutAt: T0 + 120_000 });
    const d = idleDeadlines(120, T0);
    assert.equal(idlePhaseAt(d, T0 + 89_999), 'active');
    assert.equal(idlePhaseAt(d, T0 + 90_000), 'warning');
    assert.equal(idlePhaseAt(d, T0 + 119_999), 'warning');
    assert.equal(idlePhaseAt(d, T0 + 120_000), 'timedOut');
  });

  it('a timeout shorter than the warning warns at the activity itself, never before it', () => {
    assert.deepEqual(idleDeadlines(10, T0), { warnAt: T0, timeoutAt: T0 + 10_000 });
  });
});

describe('createIdleTracker', () => {
  it('shows the warning once, 30 s before the timeout, then times out once and stops', () => {
    const { timers, events, tracker } = setup();
    timers.advance(89_999);
    assert.deepEqual(events, []);
    assert.equal(tracker.phase(), 'active');
    timers.advance(1);
    assert.deepEqual(events, ['warning 30000']);
    assert.equal(tracker.phase(), 'warning');
    assert.equal(tracker.msUntilTimeout(), 30_000);
    timers.advance(29_999);
    assert.deepEqual(events, ['warning 30000']);
    timers.advance(1);
    assert.deepEqual(events, ['warning 30000', 'timeout']);
    assert.equal(tracker.phase(), 'timedOut');
    assert.equal(timers.pendingCount(), 0);
    timers.advance(600_000);
    assert.deepEqual(events, ['warning 30000', 'timeout']);
  });

  it('activity resets the clock; activity during the warning reports the session active again', () => {
    const { timers, events, tracker, clock } = setup();
    timers.advance(60_000);
    tracker.activity(); // an API call answered
    timers.advance(89_999);
    assert.deepEqual(events, []);
    timers.advance(1);
    assert.deepEqual(events, ['warning 30000']);
    timers.advance(10_000);
    tracker.activity(); // "Continue Working"
    assert.deepEqual(events, ['warning 30000', 'active']);
    assert.deepEqual(tracker.deadlines(), idleDeadlines(120, clock.now()));
    timers.advance(89_999);
    assert.deepEqual(events, ['warning 30000', 'active']);
    timers.advance(1);
    assert.deepEqual(events, ['warning 30000', 'active', 'warning 30000']);
  });

  it('starts from a given last activity (the page render)', () => {
    const { timers, events } = setup(120, { lastActivityAt: T0 - 100_000 });
    assert.deepEqual(events, []);
    timers.advance(0);
    assert.deepEqual(events, ['warning 20000']);
  });

  it('an older activity time does not move the clock back', () => {
    const { timers, tracker } = setup();
    timers.advance(50_000);
    tracker.activity(T0 + 40_000);
    tracker.activity(T0 + 10_000);
    assert.equal(tracker.deadlines().timeoutAt, T0 + 40_000 + 120_000);
  });

  it('a late timer (sleeping laptop, throttled tab) goes straight to the timeout on check()', () => {
    const { clock, events, tracker } = setup();
    clock.advance(500_000); // no timers ran
    tracker.check();
    assert.deepEqual(events, ['timeout']);
  });

  it('after the timeout, activity no longer revives the session', () => {
    const { timers, events, tracker } = setup();
    timers.advance(120_000);
    tracker.activity();
    timers.advance(120_000);
    assert.deepEqual(events, ['warning 30000', 'timeout']);
    assert.equal(tracker.phase(), 'timedOut');
  });

  it("another tab's activity counts: no timeout while the session is busy elsewhere", () => {
    let shared: number | null = null;
    const { timers, events, clock } = setup(120, { sharedActivity: () => shared });
    timers.advance(80_000);
    shared = clock.now(); // the other tab made a request
    timers.advance(10_000); // our own warning time: the shared activity is seen first
    assert.deepEqual(events, []);
    timers.advance(80_000);
    assert.deepEqual(events, ['warning 30000']);
    shared = clock.now(); // and while warning: seen at the latest when the timeout would have struck
    timers.advance(30_000);
    assert.deepEqual(events, ['warning 30000', 'active']);
  });

  it('stop() cancels everything', () => {
    const { timers, events, tracker } = setup();
    tracker.stop();
    timers.advance(1_000_000);
    assert.deepEqual(events, []);
    assert.equal(timers.pendingCount(), 0);
  });

  it('needs a positive timeout', () => {
    for (const bad of [0, -1, Number.NaN, Infinity, '60' as unknown as number]) {
      assert.throws(() => createIdleTracker({ idleTimeoutSeconds: bad }), RangeError);
    }
  });
});
