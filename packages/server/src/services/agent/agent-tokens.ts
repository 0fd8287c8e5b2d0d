// A buyer's access tokens for AI agents (issue 18 item 5). A token is 32 random bytes, shown once; only its
// SHA-256 is stored, so the table alone lets nobody act as a buyer. A token stands for its user only: the MCP
// server turns it into the same Caller a cookie session gives (services/buyer-context.ts then decides the
// accounts it may act for), so a token never carries more than its user. The owner lists and revokes them;
// another user's token id is answered as an unknown one.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  AGENT_TOKEN_MAX_DAYS,
  AGENT_TOKEN_NAME_MAX,
  AGENT_TOKEN_PREFIX,
  AGENT_TOKENS_MAX_ACTIVE,
  KEY_PREFIXES,
  type AgentToken,
  type AgentTokenInput,
  type CreatedAgentToken,
} from '@store/core';
import type { AgentTokenTable, Database } from '../../db/schema.ts';
import { ApiError, badInput, notFound } from '../../domain/errors.ts';
import { randomRecordId } from '../../domain/record-ids.ts';
import type { AccountService, UserRow } from '../accounts.ts';

const DAY_MS = 86_400_000;
/** last_used_at is written at most this often per token: an agent's burst of calls is not a burst of writes. */
const TOUCH_EVERY_MS = 60_000;

export const hashAgentToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const unknownToken = (id: string) => notFound(`The agent token ${id} doesn't exist.`);

function isActive(row: AgentTokenTable, now: number): boolean {
  return !row.revoked_at && (!row.expires_at || Date.parse(row.expires_at) > now);
}

function view(row: AgentTokenTable, now = Date.now()): AgentToken {
  return {
    id: row.id,
    name: row.name,
    createdDate: row.created_at,
    lastUsedDate: row.last_used_at,
    expiresDate: row.expires_at,
    revokedDate: row.revoked_at,
    active: isActive(row, now),
  };
}

/** The name as stored: trimmed, 1–80 characters, no control characters. */
function checkedName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw badInput('Give the token a name, such as the assistant that will use it.');
  if (trimmed.length > AGENT_TOKEN_NAME_MAX)
    throw badInput(`The name must be at most ${AGENT_TOKEN_NAME_MAX} characters.`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) throw badInput('The name must not contain control characters.');
  return trimmed;
}

export class AgentTokenService {
  constructor(
    private db: Kysely<Database>,
    private accounts: AccountService,
  ) {}

  /** The user's tokens in the store, newest first (revoked ones too, so the owner sees what was revoked). */
  async list(webstoreId: string, userId: string): Promise<AgentToken[]> {
    const rows = await this.db
      .selectFrom('agent_token')
      .selectAll()
      .where('webstore_id', '=', webstoreId)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const now = Date.now();
    return rows.map((r) => view(r, now));
  }

  async create(webstoreId: string, userId: string, input: AgentTokenInput): Promise<CreatedAgentToken> {
    const name = checkedName(input.name);
    const days = input.expiresInDays;
    if (days !== undefined && (!Number.isInteger(days) || days < 1 || days > AGENT_TOKEN_MAX_DAYS)) {
      throw badInput(`expiresInDays must be a whole number of days from 1 to ${AGENT_TOKEN_MAX_DAYS}.`);
    }
    const active = (await this.list(webstoreId, userId)).filter((t) => t.active).length;
    if (active >= AGENT_TOKENS_MAX_ACTIVE) {
      throw new ApiError(
        409,
        'LIMIT_EXCEEDED',
        `You have ${AGENT_TOKENS_MAX_ACTIVE} active agent tokens, the most allowed. Revoke one you no longer use first.`,
      );
    }
    const token = `${AGENT_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const now = new Date();
    const row: AgentTokenTable = {
      id: randomRecordId(KEY_PREFIXES.agentToken),
      webstore_id: webstoreId,
      user_id: userId,
      name,
      token_hash: hashAgentToken(token),
      created_at: now.toISOString(),
      last_used_at: null,
      expires_at: days ? new Date(now.getTime() + days * DAY_MS).toISOString() : null,
      revoked_at: null,
    };
    await this.db.insertInto('agent_token').values(row).execute();
    return { ...view(row), token };
  }

  /** Revokes one of the user's tokens (idempotent); another user's, or an unknown id, is a 404. */
  async revoke(webstoreId: string, userId: string, id: string): Promise<void> {
    const row = await this.db
      .selectFrom('agent_token')
      .select(['id', 'revoked_at'])
      .where('id', '=', id)
      .where('webstore_id', '=', webstoreId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw unknownToken(id);
    if (row.revoked_at) return;
    await this.db
      .updateTable('agent_token')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Revokes every live token of the user, inside a password change or reset: those end every session of the user
   * ("signed out everywhere"), and an assistant's token is one more way in that must end with them.
   */
  static async revokeAllIn(trx: Kysely<Database>, userId: string): Promise<void> {
    await trx
      .updateTable('agent_token')
      .set({ revoked_at: new Date().toISOString() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** The user a token stands for in the store, or null for an unknown, revoked or expired token (or a gone user). */
  async userOf(webstoreId: string, token: string): Promise<UserRow | null> {
    if (!token.startsWith(AGENT_TOKEN_PREFIX) || token.length > 200) return null;
    const row = await this.db
      .selectFrom('agent_token')
      .selectAll()
      .where('token_hash', '=', hashAgentToken(token))
      .executeTakeFirst();
    const now = Date.now();
    if (!row || row.webstore_id !== webstoreId || !isActive(row, now)) return null;
    const user = await this.accounts.userById(row.user_id);
    if (!user) return null;
    if (!row.last_used_at || now - Date.parse(row.last_used_at) >= TOUCH_EVERY_MS) {
      await this.db
        .updateTable('agent_token')
        .set({ last_used_at: new Date(now).toISOString() })
        .where('id', '=', row.id)
        .execute();
    }
    return user;
  }
}
