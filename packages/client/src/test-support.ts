// Test doubles for the client's own injection points (fetch, clock). Imported by *.test.ts only.

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  signal: AbortSignal | undefined;
  /** The request body as sent (JSON text), if any. */
  body: string | undefined;
  /** A body that is not text (an uploaded file), as sent. */
  raw?: unknown;
}

export type Responder = (call: RecordedCall) => Response | Promise<Response>;

export const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });

/**
 * A fetch that records every call and answers with `respond` (200 `{}` by default). Like the
 * platform fetch it rejects with an AbortError when its signal aborts, unless `ignoreSignal`.
 */
export function recordingFetch(respond: Responder = () => json({}), opts: { ignoreSignal?: boolean } = {}) {
  const calls: RecordedCall[] = [];
  const fake = ((input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: RecordedCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string> | undefined) },
      signal: init.signal ?? undefined,
      body: typeof init.body === 'string' ? init.body : undefined,
      raw: typeof init.body === 'string' ? undefined : (init.body ?? undefined),
    };
    calls.push(call);
    const answer = Promise.resolve().then(() => respond(call));
    const signal = call.signal;
    if (!signal || opts.ignoreSignal) return answer;
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(new DOMException('This operation was aborted', 'AbortError'));
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      answer.then(resolve, reject);
    });
  }) as typeof globalThis.fetch;
  return { fetch: fake, calls };
}

/** A promise with its resolve exposed, to hold a response until the test releases it. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A clock the test moves by hand. */
export function manualClock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms), set: (ms: number) => void (t = ms) };
}

/** Query parameters of a recorded URL, decoded. */
export function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://host').searchParams);
}

export function pathOf(url: string): string {
  return new URL(url, 'http://host').pathname;
}

/**
 * Timers the test fires by hand, driven by a manualClock: `advance` moves the clock and runs every
 * timer that has come due, in due order, as a real event loop would.
 */
export function manualTimers(clock: ReturnType<typeof manualClock>) {
  let nextId = 1;
  const pending = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimeout: (fn: () => void, ms: number): number => {
      const id = nextId++;
      pending.set(id, { at: clock.now() + Math.max(0, ms), fn });
      return id;
    },
    clearTimeout: (id: unknown): void => void pending.delete(id as number),
    pendingCount: () => pending.size,
    advance(ms: number): void {
      const end = clock.now() + ms;
      for (;;) {
        let due: [number, { at: number; fn: () => void }] | undefined;
        for (const entry of pending) if (entry[1].at <= end && (!due || entry[1].at < due[1].at)) due = entry;
        if (!due) break;
        pending.delete(due[0]);
        clock.set(Math.max(clock.now(), due[1].at));
        due[1].fn();
      }
      clock.set(end);
    },
  };
}
