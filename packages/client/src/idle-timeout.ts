// The session-timeout warning's clock (spec 03 §4 "Session timeout", §9 "Session warning 30
// seconds"): a logged-in session ends after idleTimeoutSeconds without a request, so the warning
// shows 30 s before that and the storefront logs out when it runs out. Pure logic: the clock and the
// timers are injected, so it runs (and is tested) without real time passing.

export const SESSION_WARNING_MS = 30_000;
/** setTimeout's largest delay; longer waits are taken in steps. */
const MAX_TIMER_MS = 2_147_483_647;

export type IdlePhase = 'active' | 'warning' | 'timedOut';

export interface IdleDeadlines {
  /** When the warning shows. */
  warnAt: number;
  /** When the session has timed out. */
  timeoutAt: number;
}

/**
 * The deadlines after the last activity. A timeout no longer than the warning puts the warning at
 * the activity itself: it can never be due before something happened.
 */
export function idleDeadlines(
  idleTimeoutSeconds: number,
  lastActivityAt: number,
  warningMs = SESSION_WARNING_MS,
): IdleDeadlines {
  const timeoutAt = lastActivityAt + idleTimeoutSeconds * 1000;
  return { warnAt: Math.max(lastActivityAt, timeoutAt - warningMs), timeoutAt };
}

export function idlePhaseAt(deadlines: IdleDeadlines, now: number): IdlePhase {
  if (now >= deadlines.timeoutAt) return 'timedOut';
  return now >= deadlines.warnAt ? 'warning' : 'active';
}

export interface IdleTrackerOptions {
  idleTimeoutSeconds: number;
  /** The warning is due; `msLeft` until the timeout. Called once per idle spell. */
  onWarning?: (msLeft: number) => void;
  /** Activity arrived while the warning was up: the session lives on, the warning can go. */
  onActive?: () => void;
  /** The session has timed out. Called once; the tracker stops. */
  onTimeout?: () => void;
  /** When the last activity was; now by default (a page that just loaded was a request). */
  lastActivityAt?: number;
  /**
   * The latest activity seen by other tabs of the same session, read before every decision. Any
   * request from any tab keeps the server session alive, and logging out from an idle tab would end
   * it for the busy one too.
   */
  sharedActivity?: () => number | null;
  warningMs?: number;
  now?: () => number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

export interface IdleTracker {
  /** Something kept the session alive (a request answered, "Continue Working"); `at` defaults to now. */
  activity(at?: number): void;
  /**
   * Re-evaluates now. Timers are only a hint (background tabs throttle them, a sleeping laptop
   * stops them), so callers also check when the page becomes visible again.
   */
  check(): void;
  phase(): IdlePhase;
  deadlines(): IdleDeadlines;
  msUntilTimeout(): number;
  /** Cancels the timer; nothing is reported afterwards. */
  stop(): void;
}

export function createIdleTracker(options: IdleTrackerOptions): IdleTracker {
  const seconds = options.idleTimeoutSeconds;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) {
    throw new RangeError("'idleTimeoutSeconds' must be a positive number.");
  }
  const now = options.now ?? Date.now;
  const setTimer = options.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const clearTimer =
    options.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));
  const warningMs = options.warningMs ?? SESSION_WARNING_MS;

  let lastActivityAt = options.lastActivityAt ?? now();
  /** The phase last reported to the callbacks. */
  let reported: IdlePhase = 'active';
  let timer: unknown = null;
  let stopped = false;

  const deadlines = () => idleDeadlines(seconds, lastActivityAt, warningMs);

  function absorbShared() {
    const shared = options.sharedActivity?.();
    if (typeof shared === 'number' && Number.isFinite(shared) && shared > lastActivityAt)
      lastActivityAt = Math.min(shared, now());
  }

  function arm() {
    if (timer !== null) clearTimer(timer);
    timer = null;
    if (stopped) return;
    const d = deadlines();
    const next = reported === 'active' ? d.warnAt : d.timeoutAt;
    timer = setTimer(
      () => {
        timer = null;
        evaluate();
      },
      Math.min(MAX_TIMER_MS, Math.max(0, next - now())),
    );
  }

  function evaluate() {
    if (stopped) return;
    absorbShared();
    const t = now();
    const phase = idlePhaseAt(deadlines(), t);
    if (phase === 'timedOut') {
      stopped = true;
      reported = 'timedOut';
      if (timer !== null) clearTimer(timer);
      timer = null;
      options.onTimeout?.();
      return;
    }
    if (phase === 'warning' && reported === 'active') {
      reported = 'warning';
      options.onWarning?.(deadlines().timeoutAt - t);
    } else if (phase === 'active' && reported === 'warning') {
      // Another tab kept the session alive while this one was warning.
      reported = 'active';
      options.onActive?.();
    }
    arm();
  }

  arm();

  return {
    activity(at) {
      // A session that has timed out stays ended: a later request does not bring it back.
      if (stopped) return;
      const t = at ?? now();
      if (t > lastActivityAt) lastActivityAt = t;
      evaluate();
    },
    check: evaluate,
    phase: () => (stopped && reported === 'timedOut' ? 'timedOut' : idlePhaseAt(deadlines(), now())),
    deadlines,
    msUntilTimeout: () => Math.max(0, deadlines().timeoutAt - now()),
    stop() {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}
