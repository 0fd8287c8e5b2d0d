// Identical activities (same activity, same payload) are not sent twice within core ACTIVITY_THROTTLE_MS
// (spec 01 §7). The last times are kept in the tab's sessionStorage, so a full page load (opening the same
// dataset again from a link) is throttled like a client-side navigation; without storage, in memory.
import { ACTIVITY_THROTTLE_MS } from '@store/core';

const KEY = 'store.activities.sent';

export class ActivityThrottle {
  private memory = new Map<string, number>();

  constructor(private windowMs = ACTIVITY_THROTTLE_MS) {}

  /** True (and remembered as sent now) unless the same call went out within the window. */
  admit(activity: string, payload: unknown, now = Date.now()): boolean {
    const key = `${activity} ${JSON.stringify(payload)}`;
    const sent = this.load(now);
    const last = sent.get(key);
    if (last !== undefined && now - last < this.windowMs) return false;
    sent.set(key, now);
    this.save(sent);
    return true;
  }

  /** The calls sent within the window (older ones are dropped as they are read). */
  private load(now: number): Map<string, number> {
    try {
      const stored = window.sessionStorage.getItem(KEY);
      if (stored) this.memory = new Map(JSON.parse(stored) as Array<[string, number]>);
    } catch {
      /* no storage (privacy mode): memory only */
    }
    for (const [k, at] of this.memory) if (now - at >= this.windowMs) this.memory.delete(k);
    return this.memory;
  }

  private save(sent: Map<string, number>): void {
    try {
      window.sessionStorage.setItem(KEY, JSON.stringify([...sent]));
    } catch {
      /* full or unavailable: memory only */
    }
  }
}
