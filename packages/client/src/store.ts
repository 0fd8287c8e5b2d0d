// The client data store (spec 01 §4, §8, §9): keyed entries that go loading → loaded | error,
// reused while fresh (300 s by default), one load per key at a time, observable by the UI.

export const DEFAULT_STORE_TTL_MS = 300_000;

export type StoreEntry<T = unknown> =
  /** `data` is the previous value, if any, so a view can keep showing it while reloading. */
  | { status: 'loading'; data?: T; updatedAt: number }
  | { status: 'loaded'; data: T; updatedAt: number; expiresAt: number }
  /** Kept rather than dropped (spec 01 §4) so the UI can show the failure; the next load retries. */
  | { status: 'error'; error: unknown; updatedAt: number };

/** Called with the key that changed and its new entry (undefined once invalidated). */
export type StoreListener = (key: string, entry: StoreEntry | undefined) => void;

export interface StoreOptions {
  /** How long a loaded entry is reused; defaults to 300 s. */
  ttlMs?: number;
  now?: () => number;
}

export interface LoadOptions {
  /** Reload even if the entry is fresh (joins a load already running for the key). */
  force?: boolean;
  /** Lifetime of this entry, when it differs from the store's. */
  ttlMs?: number;
}

export interface DataStore {
  /** Fresh data if present; otherwise the load already running for `key`, or a new one. */
  load<T>(key: string, loader: () => Promise<T>, options?: LoadOptions): Promise<T>;
  get<T = unknown>(key: string): StoreEntry<T> | undefined;
  /** Returns the unsubscribe function. */
  subscribe(listener: StoreListener): () => void;
  /** Drop one entry, or all of them. A load in flight for a dropped key will not write back. */
  invalidate(key?: string): void;
}

export function createStore(options: StoreOptions = {}): DataStore {
  const ttl = options.ttlMs ?? DEFAULT_STORE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, StoreEntry>();
  const inflight = new Map<string, Promise<unknown>>();
  const listeners = new Set<StoreListener>();

  function set(key: string, entry: StoreEntry | undefined) {
    if (entry) entries.set(key, entry);
    else entries.delete(key);
    // A copy, so a listener that unsubscribes while being notified does not skip its neighbour.
    for (const listener of [...listeners]) listener(key, entry);
  }

  return {
    load<T>(key: string, loader: () => Promise<T>, loadOptions: LoadOptions = {}): Promise<T> {
      const current = entries.get(key);
      if (!loadOptions.force && current?.status === 'loaded' && now() < current.expiresAt) {
        return Promise.resolve(current.data as T);
      }
      const running = inflight.get(key);
      if (running) return running as Promise<T>;

      const previous = current?.status === 'loaded' ? { data: current.data } : {};
      set(key, { status: 'loading', ...previous, updatedAt: now() });
      const lifetime = loadOptions.ttlMs ?? ttl;
      // Promise.resolve().then(loader) turns a loader that throws synchronously into an error entry too.
      const promise: Promise<T> = Promise.resolve()
        .then(loader)
        .then(
          (data) => {
            // Only the load the store still expects may write: after invalidate() its result
            // belongs to data the caller has declared stale.
            if (inflight.get(key) === promise) {
              inflight.delete(key);
              const at = now();
              set(key, { status: 'loaded', data, updatedAt: at, expiresAt: at + lifetime });
            }
            return data;
          },
          (error: unknown) => {
            if (inflight.get(key) === promise) {
              inflight.delete(key);
              set(key, { status: 'error', error, updatedAt: now() });
            }
            throw error;
          },
        );
      inflight.set(key, promise);
      return promise;
    },

    get<T = unknown>(key: string) {
      return entries.get(key) as StoreEntry<T> | undefined;
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    invalidate(key) {
      if (key === undefined) {
        inflight.clear();
        for (const k of [...entries.keys()]) set(k, undefined);
        return;
      }
      inflight.delete(key);
      if (entries.has(key)) set(key, undefined);
    },
  };
}
