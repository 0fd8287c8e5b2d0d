import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ASYNC_MAX_WAIT_MESSAGE,
  ProcessingFlag,
  pollDelay,
  pollUntilSettled,
  withCartRetries,
  type Clock,
} from './cart-async.ts';

/** A clock that records every wait and returns at once. */
function fakeClock(): Clock & { waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
}

test('the poll schedule: none for 4 tries, 100 ms steps to try 8, then 750 ms doubling', () => {
  assert.deepEqual(
    Array.from({ length: 14 }, (_, i) => pollDelay(i + 1)),
    [0, 0, 0, 0, 100, 200, 300, 400, 750, 1500, 3000, 6000, 12000, 24000],
  );
});

test('polling stops at the first summary that is no longer Processing, having waited the schedule', async () => {
  const clock = fakeClock();
  let calls = 0;
  const summary = await pollUntilSettled(
    async () => ({ asyncOperationStatus: ++calls < 10 ? 'Processing' : 'Complete', calls }),
    clock,
  );
  assert.equal(summary.calls, 10);
  assert.deepEqual(clock.waits, [100, 200, 300, 400, 750, 1500]);
});

test('beyond 14 tries polling fails with "async maximum wait exceeded"', async () => {
  const clock = fakeClock();
  let calls = 0;
  await assert.rejects(
    pollUntilSettled(async () => {
      calls++;
      return { asyncOperationStatus: 'Processing' };
    }, clock),
    { message: ASYNC_MAX_WAIT_MESSAGE },
  );
  assert.equal(calls, 14);
  assert.equal(
    clock.waits.reduce((a, b) => a + b, 0),
    1000 + 750 * (2 ** 6 - 1),
  );
});

test('a failed cart action is retried 3 times, 4000 ms apart, then its error surfaces', async () => {
  const clock = fakeClock();
  let calls = 0;
  const failure = Object.assign(new Error('Service Unavailable'), { status: 503 });
  await assert.rejects(
    withCartRetries(async () => {
      calls++;
      throw failure;
    }, clock),
    failure,
  );
  assert.equal(calls, 4);
  assert.deepEqual(clock.waits, [4000, 4000, 4000]);
  let second = 0;
  assert.equal(
    await withCartRetries(async () => {
      if (++second < 3) throw failure;
      return 'added';
    }, clock),
    'added',
  );
});

test('a failure that is not an error object is retried and rethrown as it was, not turned into a TypeError', async () => {
  const clock = fakeClock();
  let calls = 0;
  const outcome = await withCartRetries(async () => {
    calls++;
    throw undefined;
  }, clock).then(
    () => 'resolved',
    (error: unknown) => error,
  );
  assert.equal(
    outcome,
    undefined,
    'the shopper sees the error mapping of what was thrown, not a crash in the retry loop',
  );
  assert.equal(calls, 4);
});

test('a 409 is not retried', async () => {
  const clock = fakeClock();
  let calls = 0;
  await assert.rejects(
    withCartRetries(async () => {
      calls++;
      throw Object.assign(new Error('Conflict'), { status: 409 });
    }, clock),
    { message: 'Conflict' },
  );
  assert.equal(calls, 1);
  assert.deepEqual(clock.waits, []);
});

test('the processing flag counts operations in flight and can be set explicitly', async () => {
  const flag = new ProcessingFlag();
  const seen: boolean[] = [];
  flag.onChange((p) => seen.push(p));
  let finishA!: () => void;
  let finishB!: () => void;
  const a = flag.track(
    new Promise<void>((r) => {
      finishA = r;
    }),
  );
  const b = flag.track(
    new Promise<void>((r) => {
      finishB = r;
    }),
  );
  assert.equal(flag.processing, true);
  finishA();
  await a;
  assert.equal(flag.processing, true, 'one operation is still in flight');
  finishB();
  await b;
  assert.equal(flag.processing, false);
  flag.set(true);
  assert.equal(flag.processing, true);
  flag.set(false);
  assert.deepEqual(seen, [true, false, true, false]);
  await assert.rejects(flag.track(Promise.reject(new Error('boom'))));
  assert.equal(flag.processing, false, 'a failed operation is no longer counted');
});
