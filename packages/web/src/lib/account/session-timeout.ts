// Session timeout wording and the two small pieces of browser state around it (spec 03 §4, §8, §9).

import type { StorageLike } from '@store/client';

/** Spec 03 §8 "Session messages", word for word. */
export const SESSION_MESSAGES = {
  title: 'Still there?',
  warning:
    "For security, we suspend your session if you're inactive too long. If you don't click Continue Working within approximately 30 seconds, we log you out.",
  timedOut: 'Your session has timed out. Try again.',
  continueWorking: 'Continue Working',
  logOut: 'Log Out',
  close: 'Close',
} as const;

/** Set just before the timeout logs the user out; the next page shows the timed-out toast and clears it. */
export const TIMED_OUT_KEY = 'commerce.sessionTimedOut';
/** Last activity of the session in any tab (localStorage, so every tab of the site sees it). */
export const LAST_ACTIVITY_KEY = 'commerce.lastActivity';

function browserStorage(kind: 'sessionStorage' | 'localStorage'): StorageLike | null {
  try {
    const storage = (globalThis as Record<string, unknown>)[kind] as StorageLike | undefined;
    return storage ?? null;
  } catch {
    return null; // storage refused (privacy settings): the feature degrades, the page does not
  }
}

function attempt<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export function markSessionTimedOut(storage: StorageLike | null = browserStorage('sessionStorage')): void {
  attempt(() => storage?.setItem(TIMED_OUT_KEY, '1'), undefined);
}

/** True once after a timeout: reading the flag removes it, so the toast shows on one page only. */
export function takeSessionTimedOut(storage: StorageLike | null = browserStorage('sessionStorage')): boolean {
  return attempt(() => {
    if (!storage || storage.getItem(TIMED_OUT_KEY) === null) return false;
    storage.removeItem(TIMED_OUT_KEY);
    return true;
  }, false);
}

export interface SharedActivity {
  read(): number | null;
  write(at: number): void;
}

/** Last-activity time shared between the tabs of one browser (see createIdleTracker's sharedActivity). */
export function sharedActivity(storage: StorageLike | null = browserStorage('localStorage')): SharedActivity {
  return {
    read: () =>
      attempt(() => {
        const n = Number(storage?.getItem(LAST_ACTIVITY_KEY));
        return Number.isFinite(n) && n > 0 ? n : null;
      }, null),
    write: (at) => attempt(() => storage?.setItem(LAST_ACTIVITY_KEY, String(at)), undefined),
  };
}
