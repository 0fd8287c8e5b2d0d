// Requests counted per key over a fixed window, in the database so every server process counts the same
// requests (servers are stateless). Used by "forgot password" (per email address, per client address); the
// failed-login limits are login-limiter.ts's, which count failures rather than requests.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** At most `max` requests per key in a window of `windowS` seconds. */
export interface RequestLimit {
  max: number;
  windowS: number;
}

export interface LimitCheck {
  /** False once the key has used its requests for the window (this request counted too). */
  allowed: boolean;
  /** Seconds until the window ends (when refused). */
  retryAfterS: number;
}

export class RequestLimiter {
  constructor(
    private db: Kysely<Database>,
    /** The clock (tests move it). */
    public now: () => number = Date.now,
  ) {}

  /** Counts one request for the key and says whether it is within the limit. */
  async hit(key: string, limit: RequestLimit): Promise<LimitCheck> {
    const now = this.now();
    const nowIso = new Date(now).toISOString();
    const windowEnded = sql<boolean>`request_limit.window_start <= ${new Date(now - limit.windowS * 1000).toISOString()}`;
    // One upsert, so two processes counting the same key at once cannot collide on the primary key.
    const row = await this.db
      .insertInto('request_limit')
      .values({ key, window_start: nowIso, hits: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`CASE WHEN ${windowEnded} THEN 1 ELSE request_limit.hits + 1 END`,
          window_start: sql<string>`CASE WHEN ${windowEnded} THEN ${nowIso} ELSE request_limit.window_start END`,
        }),
      )
      .returning(['hits', 'window_start'])
      .executeTakeFirstOrThrow();
    const windowEnds = Date.parse(row.window_start) + limit.windowS * 1000;
    const allowed = Number(row.hits) <= limit.max;
    return { allowed, retryAfterS: allowed ? 0 : Math.max(1, Math.ceil((windowEnds - now) / 1000)) };
  }
}
