// Rate limit on failed logins, kept in the database so every server process counts the same
// attempts. Keys are the email and the client address; each may fail `maxFailures` times per window.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface LimiterConfig {
  maxFailures: number;
  windowS: number;
}
export const DEFAULT_LIMITS: Record<'email' | 'ip', LimiterConfig> = {
  email: { maxFailures: 5, windowS: 15 * 60 },
  ip: { maxFailures: 20, windowS: 15 * 60 },
};

export class LoginLimiter {
  constructor(
    private db: Kysely<Database>,
    private limits = DEFAULT_LIMITS,
    private now: () => number = Date.now,
  ) {}

  private keys(email: string, ip: string) {
    return [
      { key: `email:${email.toLowerCase()}`, ...this.limits.email },
      { key: `ip:${ip}`, ...this.limits.ip },
    ];
  }

  /** Seconds until another attempt is allowed, or 0 when one is allowed now. */
  async retryAfterS(email: string, ip: string): Promise<number> {
    const keys = this.keys(email, ip);
    const rows = await this.db
      .selectFrom('login_attempt')
      .selectAll()
      .where(
        'key',
        'in',
        keys.map((k) => k.key),
      )
      .execute();
    let wait = 0;
    for (const row of rows) {
      const limit = keys.find((k) => k.key === row.key)!;
      const ends = Date.parse(row.window_start) + limit.windowS * 1000;
      if (row.failures >= limit.maxFailures && ends > this.now())
        wait = Math.max(wait, Math.ceil((ends - this.now()) / 1000));
    }
    return wait;
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const now = this.now();
    const nowIso = new Date(now).toISOString();
    for (const k of this.keys(email, ip)) {
      const windowEnded = sql<boolean>`login_attempt.window_start <= ${new Date(now - k.windowS * 1000).toISOString()}`;
      // One upsert, so two processes counting the same key at once cannot collide on the primary key.
      await this.db
        .insertInto('login_attempt')
        .values({ key: k.key, window_start: nowIso, failures: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures: sql<number>`CASE WHEN ${windowEnded} THEN 1 ELSE login_attempt.failures + 1 END`,
            window_start: sql<string>`CASE WHEN ${windowEnded} THEN ${nowIso} ELSE login_attempt.window_start END`,
          }),
        )
        .execute();
    }
  }

  /** A successful login clears the email's count (not the address's: one address may try many emails). */
  async recordSuccess(email: string): Promise<void> {
    await this.db.deleteFrom('login_attempt').where('key', '=', `email:${email.toLowerCase()}`).execute();
  }
}
