// Rate limit on failed logins, kept in the database so every server process counts the same attempts.
// Three counts, each over a window:
// - one account from one client address (`pair`): a few failures, then that address waits out the window;
// - one client address over all accounts (`ip`): more failures, then it waits (password spraying from one place);
// - one account from every address (`account`): past a number of failures, a progressive delay after each
//   further failure (1 s, 2 s, 4 s … at most a minute), never a lock.
// So someone guessing a shopper's password from their own address locks only themselves out: the owner,
// from another address, at worst waits a minute after the attacker's latest miss. Guessing from many
// addresses at once (a botnet) is slowed to a guess per delay per account, and a success clears the account.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A count that locks its key for the rest of the window once it reaches `maxFailures`. */
export interface LockLimit {
  maxFailures: number;
  windowS: number;
}
/** A count that, from `freeFailures` on, makes each attempt wait a doubling delay after the latest failure. */
export interface DelayLimit {
  freeFailures: number;
  windowS: number;
  firstDelayS: number;
  maxDelayS: number;
}
export interface LoginLimits {
  pair: LockLimit;
  ip: LockLimit;
  account: DelayLimit;
}

export const DEFAULT_LIMITS: LoginLimits = {
  pair: { maxFailures: 5, windowS: 15 * 60 },
  ip: { maxFailures: 20, windowS: 15 * 60 },
  account: { freeFailures: 10, windowS: 15 * 60, firstDelayS: 1, maxDelayS: 60 },
};

interface Count {
  key: string;
  windowS: number;
  /** Seconds to wait given the row; 0 when an attempt may go ahead. */
  wait(row: { failures: number; window_start: string; last_failure_at: string | null }, now: number): number;
}

const secondsUntil = (at: number, now: number) => (at > now ? Math.ceil((at - now) / 1000) : 0);

function lockCount(key: string, limit: LockLimit): Count {
  return {
    key,
    windowS: limit.windowS,
    wait: (row, now) =>
      row.failures >= limit.maxFailures ? secondsUntil(Date.parse(row.window_start) + limit.windowS * 1000, now) : 0,
  };
}

function delayCount(key: string, limit: DelayLimit): Count {
  return {
    key,
    windowS: limit.windowS,
    wait: (row, now) => {
      const windowEnds = Date.parse(row.window_start) + limit.windowS * 1000;
      if (row.failures < limit.freeFailures || windowEnds <= now || !row.last_failure_at) return 0;
      const delayS = Math.min(limit.firstDelayS * 2 ** (row.failures - limit.freeFailures), limit.maxDelayS);
      return secondsUntil(Date.parse(row.last_failure_at) + delayS * 1000, now);
    },
  };
}

export class LoginLimiter {
  constructor(
    private db: Kysely<Database>,
    private limits: LoginLimits = DEFAULT_LIMITS,
    private now: () => number = Date.now,
  ) {}

  private counts(email: string, ip: string): Count[] {
    const account = email.trim().toLowerCase();
    return [
      lockCount(`pair:${account}|${ip}`, this.limits.pair),
      lockCount(`ip:${ip}`, this.limits.ip),
      delayCount(`account:${account}`, this.limits.account),
    ];
  }

  /** Seconds until another attempt is allowed, or 0 when one is allowed now. */
  async retryAfterS(email: string, ip: string): Promise<number> {
    const counts = this.counts(email, ip);
    const rows = await this.db
      .selectFrom('login_attempt')
      .selectAll()
      .where(
        'key',
        'in',
        counts.map((c) => c.key),
      )
      .execute();
    const now = this.now();
    let wait = 0;
    for (const row of rows) wait = Math.max(wait, counts.find((c) => c.key === row.key)!.wait(row, now));
    return wait;
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const now = this.now();
    const nowIso = new Date(now).toISOString();
    for (const c of this.counts(email, ip)) {
      const windowEnded = sql<boolean>`login_attempt.window_start <= ${new Date(now - c.windowS * 1000).toISOString()}`;
      // One upsert, so two processes counting the same key at once cannot collide on the primary key.
      await this.db
        .insertInto('login_attempt')
        .values({ key: c.key, window_start: nowIso, failures: 1, last_failure_at: nowIso })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures: sql<number>`CASE WHEN ${windowEnded} THEN 1 ELSE login_attempt.failures + 1 END`,
            window_start: sql<string>`CASE WHEN ${windowEnded} THEN ${nowIso} ELSE login_attempt.window_start END`,
            last_failure_at: nowIso,
          }),
        )
        .execute();
    }
  }

  /**
   * A successful login clears the account's counts (from this address and from all), not the address's
   * own: one address may try many accounts.
   */
  async recordSuccess(email: string, ip: string): Promise<void> {
    const [pair, , account] = this.counts(email, ip);
    await this.db.deleteFrom('login_attempt').where('key', 'in', [pair!.key, account!.key]).execute();
  }
}
