// Slow cart operations, as spec 02 §4 and §9 define them on the client: polling an asynchronous
// operation until the cart summary stops reporting Processing, retrying a failed cart action, and the
// counted "cart is processing" flag. Time comes from a Clock so tests run the schedule without waiting.

export interface Clock {
  sleep(ms: number): Promise<void>;
}
export const realClock: Clock = { sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

export const CART_ASYNC = {
  /** Tries after which polling gives up. */
  pollLimit: 14,
  /** Retries of a failed cart action (so at most 4 attempts), the pause between, and the status never retried. */
  retries: 3,
  retryPauseMs: 4000,
  noRetryStatus: 409,
} as const;

export const ASYNC_MAX_WAIT_MESSAGE = 'async maximum wait exceeded';

/**
 * The wait before poll number `attempt` (1-based): none for the first 4 tries, then steps of 100 ms up to
 * try 8 (100, 200, 300, 400), then 750 ms doubling (750, 1500, … 24000 at try 14). Spec 02 §4 says
 * "100 ms steps up to try 8"; we read a step as growing by 100 ms each try.
 */
export function pollDelay(attempt: number): number {
  if (attempt <= 4) return 0;
  if (attempt <= 8) return (attempt - 4) * 100;
  return 750 * 2 ** (attempt - 9);
}

export class AsyncMaxWaitError extends Error {
  constructor() {
    super(ASYNC_MAX_WAIT_MESSAGE);
    this.name = 'AsyncMaxWaitError';
  }
}

/** Loads the summary until asyncOperationStatus is no longer Processing; fails after the poll limit. */
export async function pollUntilSettled<T extends { asyncOperationStatus?: string | null }>(
  load: () => Promise<T>,
  clock: Clock = realClock,
): Promise<T> {
  for (let attempt = 1; attempt <= CART_ASYNC.pollLimit; attempt++) {
    const wait = pollDelay(attempt);
    if (wait) await clock.sleep(wait);
    const summary = await load();
    if (summary.asyncOperationStatus !== 'Processing') return summary;
  }
  throw new AsyncMaxWaitError();
}

/** Runs a cart action, retrying a failure up to 3 times after a 4 s pause; a 409 (conflict) fails at once. */
export async function withCartRetries<T>(action: () => Promise<T>, clock: Clock = realClock): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await action();
    } catch (error) {
      // A failure may be anything thrown (a string, undefined), not only an error object.
      const status = (error as { status?: number } | null | undefined)?.status;
      if (
        attempt >= CART_ASYNC.retries ||
        status === CART_ASYNC.noRetryStatus ||
        (error as Error | null | undefined)?.name === 'AbortError'
      )
        throw error;
      await clock.sleep(CART_ASYNC.retryPauseMs);
    }
  }
}

/** True while any cart operation is in flight (counted) or while explicitly set. */
export class ProcessingFlag {
  private inFlight = 0;
  private forced = false;
  private listeners = new Set<(processing: boolean) => void>();

  get processing(): boolean {
    return this.forced || this.inFlight > 0;
  }

  set(value: boolean): void {
    this.change(() => {
      this.forced = value;
    });
  }

  /** Counts the operation in flight until it settles. */
  async track<T>(operation: Promise<T>): Promise<T> {
    this.change(() => {
      this.inFlight++;
    });
    try {
      return await operation;
    } finally {
      this.change(() => {
        this.inFlight--;
      });
    }
  }

  onChange(listener: (processing: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private change(update: () => void): void {
    const before = this.processing;
    update();
    if (this.processing !== before) for (const l of this.listeners) l(this.processing);
  }
}
