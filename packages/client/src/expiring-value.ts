// A single cached value whose lifetime the server decides, as the application context needs
// (spec 01 §4, §9): valid for the Cache-Control max-age (5 minutes when absent), refetched once
// expired or within 30 seconds of expiring, one request shared by everyone asking meanwhile.

import { abortError, isAbortError, raceAbort } from './errors.ts';

export const DEFAULT_LIFETIME_MS = 5 * 60_000;
export const REFRESH_MARGIN_MS = 30_000;

/**
 * How long a response may be used, from its Cache-Control header. `no-store`/`no-cache` mean
 * "do not reuse" (0); a header without max-age, or no header at all, gets the default.
 */
export function freshnessLifetimeMs(headers: Headers, defaultMs = DEFAULT_LIFETIME_MS): number {
  const header = headers.get('cache-control');
  if (!header) return defaultMs;
  let maxAge: number | undefined;
  for (const raw of header.split(',')) {
    const [name = '', value] = raw.trim().toLowerCase().split('=', 2);
    if (name === 'no-store' || name === 'no-cache') return 0;
    if (name === 'max-age' && value !== undefined) {
      const seconds = Number(value.replace(/"/g, ''));
      if (Number.isFinite(seconds) && seconds >= 0) maxAge = seconds * 1000;
    }
  }
  return maxAge ?? defaultMs;
}

export interface ExpiringValueOptions {
  now?: () => number;
  /** Refetch this long before expiry, so callers never receive a value about to go stale. */
  refreshMarginMs?: number;
}

export interface ExpiringValue<T> {
  get(signal?: AbortSignal): Promise<T>;
  /** Forget the value (e.g. after login); a request in flight will not repopulate it. */
  invalidate(): void;
}

/** `load` resolves the value and how long it stays valid, counted from when it arrives. */
export function createExpiringValue<T>(
  load: (signal: AbortSignal) => Promise<{ value: T; lifetimeMs: number }>,
  options: ExpiringValueOptions = {},
): ExpiringValue<T> {
  const now = options.now ?? Date.now;
  const margin = options.refreshMarginMs ?? REFRESH_MARGIN_MS;
  let cached: { value: T; expiresAt: number } | undefined;
  let inflight: { promise: Promise<T>; controller: AbortController; waiters: number; pinned: boolean } | undefined;

  function start() {
    const controller = new AbortController();
    const entry = { controller, waiters: 0, pinned: false, promise: undefined as unknown as Promise<T> };
    entry.promise = load(controller.signal).then(
      ({ value, lifetimeMs }) => {
        if (inflight === entry) {
          cached = { value, expiresAt: now() + lifetimeMs };
          inflight = undefined;
        }
        return value;
      },
      (error: unknown) => {
        if (inflight === entry) inflight = undefined;
        // A failed early refresh (inside the margin) still has a value that has not expired:
        // better to serve it than to fail a page for a refresh nobody strictly needed yet.
        if (!isAbortError(error) && cached && now() < cached.expiresAt) return cached.value;
        throw error;
      },
    );
    inflight = entry;
    return entry;
  }

  return {
    get(signal) {
      if (cached && now() < cached.expiresAt - margin) return Promise.resolve(cached.value);
      if (signal?.aborted) return Promise.reject(abortError(signal));
      const entry = inflight ?? start();
      if (!signal) {
        entry.pinned = true; // someone who cannot cancel is waiting: never abort this request
        return entry.promise;
      }

      // The request is shared, so no single caller's signal may cancel it: it is cancelled only
      // once every caller waiting on it has given up.
      entry.waiters++;
      const onAbort = () => {
        entry.waiters--;
        if (entry.waiters === 0 && !entry.pinned && inflight === entry) {
          inflight = undefined;
          entry.controller.abort();
        }
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const settled = () => signal.removeEventListener('abort', onAbort);
      entry.promise.then(settled, settled);
      return raceAbort(entry.promise, signal);
    },
    invalidate() {
      cached = undefined;
      inflight = undefined;
    },
  };
}
