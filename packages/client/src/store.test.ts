import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createStore, type StoreEntry } from './store.ts';
import { deferred, manualClock } from './test-support.ts';

function counter<T>(value: (n: number) => T) {
  let n = 0;
  const loader = async () => value(++n);
  return { loader, count: () => n };
}

describe('createStore', () => {
  it('passes an entry through loading to loaded and notifies subscribers', async () => {
    const store = createStore({ now: manualClock().now });
    const seen: Array<[string, string | undefined]> = [];
    store.subscribe((key, entry) => seen.push([key, entry?.status]));
    const hold = deferred<string>();
    const pending = store.load('k', () => hold.promise);
    assert.equal(store.get('k')?.status, 'loading');
    hold.resolve('v');
    assert.equal(await pending, 'v');
    const entry = store.get<string>('k');
    assert.equal(entry?.status, 'loaded');
    assert.equal(entry?.status === 'loaded' && entry.data, 'v');
    assert.deepEqual(seen, [
      ['k', 'loading'],
      ['k', 'loaded'],
    ]);
  });

  it('reuses loaded data for 300 s by default, then reloads', async () => {
    const clock = manualClock();
    const store = createStore({ now: clock.now });
    const { loader, count } = counter((n) => n);
    assert.equal(await store.load('k', loader), 1);
    clock.advance(299_999);
    assert.equal(await store.load('k', loader), 1);
    assert.equal(count(), 1);
    clock.advance(1);
    assert.equal(await store.load('k', loader), 2);
    assert.equal(count(), 2);
  });

  it('honours a configured TTL', async () => {
    const clock = manualClock();
    const store = createStore({ now: clock.now, ttlMs: 10_000 });
    const { loader, count } = counter((n) => n);
    await store.load('k', loader);
    clock.advance(9_999);
    await store.load('k', loader);
    assert.equal(count(), 1);
    clock.advance(1);
    await store.load('k', loader);
    assert.equal(count(), 2);
  });

  it('dedupes concurrent loads of one key, not of different keys', async () => {
    const store = createStore({ now: manualClock().now });
    const { loader, count } = counter((n) => n);
    const [a, b, c] = await Promise.all([
      store.load('k', loader),
      store.load('k', loader),
      store.load('other', loader),
    ]);
    assert.equal(a, b);
    assert.notEqual(a, c);
    assert.equal(count(), 2);
  });

  it('keeps an error entry for a failed load, rejects, and retries on the next load', async () => {
    const store = createStore({ now: manualClock().now });
    const boom = new Error('boom');
    await assert.rejects(
      store.load('k', async () => {
        throw boom;
      }),
      boom,
    );
    const entry = store.get('k') as StoreEntry;
    assert.equal(entry.status, 'error');
    assert.equal(entry.status === 'error' && entry.error, boom);
    assert.equal(await store.load('k', async () => 'ok'), 'ok');
    assert.equal(store.get('k')?.status, 'loaded');
  });

  it('turns a loader that throws synchronously into an error entry', async () => {
    const store = createStore({ now: manualClock().now });
    await assert.rejects(
      store.load('k', () => {
        throw new TypeError('bad');
      }),
      TypeError,
    );
    assert.equal(store.get('k')?.status, 'error');
  });

  it('keeps the previous data visible while reloading', async () => {
    const clock = manualClock();
    const store = createStore({ now: clock.now });
    await store.load('k', async () => 'old');
    clock.advance(300_000);
    const hold = deferred<string>();
    const pending = store.load('k', () => hold.promise);
    const entry = store.get<string>('k');
    assert.equal(entry?.status, 'loading');
    assert.equal(entry?.status === 'loading' && entry.data, 'old');
    hold.resolve('new');
    await pending;
  });

  it('force reloads fresh data', async () => {
    const store = createStore({ now: manualClock().now });
    const { loader } = counter((n) => n);
    await store.load('k', loader);
    assert.equal(await store.load('k', loader, { force: true }), 2);
  });

  it('invalidate(key) drops one entry, invalidate() drops all', async () => {
    const store = createStore({ now: manualClock().now });
    await store.load('a', async () => 1);
    await store.load('b', async () => 2);
    store.invalidate('a');
    assert.equal(store.get('a'), undefined);
    assert.equal(store.get('b')?.status, 'loaded');
    store.invalidate();
    assert.equal(store.get('b'), undefined);
  });

  it('a load in flight when its key is invalidated does not write back', async () => {
    const store = createStore({ now: manualClock().now });
    const hold = deferred<string>();
    const pending = store.load('k', () => hold.promise);
    store.invalidate('k');
    hold.resolve('stale');
    assert.equal(await pending, 'stale');
    assert.equal(store.get('k'), undefined);
  });

  it('stops notifying after unsubscribe', async () => {
    const store = createStore({ now: manualClock().now });
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    await store.load('a', async () => 1);
    unsubscribe();
    await store.load('b', async () => 2);
    assert.equal(calls, 2);
  });
});
