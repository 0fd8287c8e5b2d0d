// Server-side sessions in the database, so every server process (and a restarted one) sees the same
// session. The cookie carries a random token; the table stores only its SHA-256, so a copy of the
// database cannot be replayed as live sessions. A session expires after an idle timeout (refreshed
// by use, at most once per touch interval to spare writes) and at an absolute lifetime.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SESSION_IDLE_TIMEOUT_RANGE_S } from '@store/core';
import type { Database, SessionTable } from '../db/schema.ts';
import { PreparedQuery } from '../db/prepared.ts';

export interface SessionData {
  /** Preview mode (administrators only, spec 01 §6). */
  isPreview?: boolean;
  /** The shopper's chosen currency when the store's currency is session-driven (spec 01 §4). */
  currencyIsoCode?: string;
}

export interface Session {
  /** The stored key (a hash of the cookie token). */
  id: string;
  userId: string | null;
  effectiveAccountId: string | null;
  data: SessionData;
  csrfToken: string;
  lastSeenAt: number;
  expiresAt: number;
}

export interface SessionConfig {
  /** Idle timeout in seconds (SESSION_IDLE_TIMEOUT_S, default 2 hours). */
  idleTimeoutS: number;
  /** Absolute lifetime in seconds (default 7 days). */
  maxAgeS: number;
}

export const DEFAULT_SESSION_CONFIG: SessionConfig = { idleTimeoutS: 7200, maxAgeS: 7 * 24 * 3600 };

export function sessionConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SessionConfig {
  const idle = Number(env.SESSION_IDLE_TIMEOUT_S);
  return {
    ...DEFAULT_SESSION_CONFIG,
    idleTimeoutS: Number.isInteger(idle) && idle >= 30 ? idle : DEFAULT_SESSION_CONFIG.idleTimeoutS,
  };
}

export const newToken = (): string => randomBytes(32).toString('base64url');
const keyOf = (token: string): string => createHash('sha256').update(token).digest('hex');
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

function fromRow(row: SessionTable): Session {
  return {
    id: row.id,
    userId: row.user_id,
    effectiveAccountId: row.effective_account_id,
    data: JSON.parse(row.data_json) as SessionData,
    csrfToken: row.csrf_token,
    lastSeenAt: Date.parse(row.last_seen_at),
    expiresAt: Date.parse(row.expires_at),
  };
}

export class SessionStore {
  /** Where the store's own idle timeout comes from (a setting, issue 15); null there = config.idleTimeoutS. */
  private idleSetting: () => Promise<number | null> = async () => null;

  /** Every request's read, compiled once (db/prepared.ts). */
  private byId: PreparedQuery<{ id: string }, SessionTable>;

  constructor(
    private db: Kysely<Database>,
    readonly config: SessionConfig = DEFAULT_SESSION_CONFIG,
    private now: () => number = Date.now,
  ) {
    this.byId = new PreparedQuery(db, (d, p) => d.selectFrom('session').selectAll().where('id', '=', p.id));
  }

  /** Takes the idle timeout from the store's settings when it has one (buildApp wires its store in). */
  takeIdleTimeoutFrom(read: () => Promise<number | null>): void {
    this.idleSetting = read;
  }

  /** The idle timeout in force, in seconds: the store's setting, else the server's configuration. */
  async idleTimeoutS(): Promise<number> {
    return (await this.idleSetting()) ?? this.config.idleTimeoutS;
  }

  /** Writes a fresh session (userId null: a guest's, made for their cart); the caller sets the returned token as the cookie. */
  async create(input: {
    userId: string | null;
    effectiveAccountId: string | null;
    csrfToken: string;
    data?: SessionData;
  }): Promise<{ token: string; session: Session }> {
    const token = newToken();
    const now = this.now();
    const row: SessionTable = {
      id: keyOf(token),
      user_id: input.userId,
      effective_account_id: input.effectiveAccountId,
      data_json: JSON.stringify(input.data ?? {}),
      csrf_token: input.csrfToken,
      created_at: new Date(now).toISOString(),
      last_seen_at: new Date(now).toISOString(),
      expires_at: new Date(now + this.config.maxAgeS * 1000).toISOString(),
    };
    await this.db.insertInto('session').values(row).execute();
    return { token, session: fromRow(row) };
  }

  /** The live session of a cookie token, refreshed when due; null when unknown, idle too long or expired. */
  async load(token: string | undefined): Promise<Session | null> {
    if (!token || !TOKEN_RE.test(token)) return null;
    const [row] = await this.byId.execute({ id: keyOf(token) });
    if (!row) return null;
    const session = fromRow(row);
    const now = this.now();
    // Seen within a quarter of the shortest idle timeout that can be in force (and within the minute): neither idle
    // nor due for a touch whatever the store's setting is, so the setting (a webstore read) is not needed.
    const shortestIdleS = Math.min(this.config.idleTimeoutS, SESSION_IDLE_TIMEOUT_RANGE_S.min);
    if (now < session.expiresAt && now - session.lastSeenAt < Math.min(60_000, (shortestIdleS * 1000) / 4))
      return session;
    const idleS = await this.idleTimeoutS();
    if (now >= session.expiresAt || now - session.lastSeenAt >= idleS * 1000) {
      await this.db.deleteFrom('session').where('id', '=', session.id).execute();
      return null;
    }
    // Touch at most every quarter of the idle timeout (and at most every minute): one write per
    // session per interval instead of one per request.
    if (now - session.lastSeenAt >= Math.min(60_000, (idleS * 1000) / 4)) {
      await this.db
        .updateTable('session')
        .set({ last_seen_at: new Date(now).toISOString() })
        .where('id', '=', session.id)
        .execute();
      session.lastSeenAt = now;
    }
    return session;
  }

  async update(session: Session, change: { effectiveAccountId?: string | null; data?: SessionData }): Promise<void> {
    const set: Partial<SessionTable> = {};
    if (change.effectiveAccountId !== undefined) {
      set.effective_account_id = change.effectiveAccountId;
      session.effectiveAccountId = change.effectiveAccountId;
    }
    if (change.data) {
      session.data = { ...session.data, ...change.data };
      set.data_json = JSON.stringify(session.data);
    }
    // An empty change (PATCH with {}) is no change: an UPDATE with an empty SET is not SQL.
    if (!Object.keys(set).length) return;
    await this.db.updateTable('session').set(set).where('id', '=', session.id).execute();
  }

  async destroy(sessionId: string): Promise<void> {
    await this.db.deleteFrom('session').where('id', '=', sessionId).execute();
  }

  /** Housekeeping: drops sessions past their lifetime or idle too long. */
  async purgeExpired(): Promise<number> {
    const now = this.now();
    const idleCutoff = new Date(now - (await this.idleTimeoutS()) * 1000).toISOString();
    const res = await this.db
      .deleteFrom('session')
      .where((eb) => eb.or([eb('expires_at', '<=', new Date(now).toISOString()), eb('last_seen_at', '<=', idleCutoff)]))
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
