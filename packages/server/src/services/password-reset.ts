// A buyer's password reset by one-time link (issue 15; issue 17 builds the shopper's own "forgot password" on
// it). The administrator starts it from the workspace: the buyer is mailed a link to /password-reset?token=…,
// whose page posts the token and a new password back (POST /services/auth/password-reset/confirm). As with a
// registration's link, only the token's SHA-256 is stored, a new link replaces any earlier one, and the row is
// taken (deleted) first, so a link works once. A new password ends the buyer's sessions everywhere.
import { createHash, randomBytes } from 'node:crypto';
import { AgentTokenService } from './agent/agent-tokens.ts';
import type { Kysely } from 'kysely';
import type { Database, UserTable } from '../db/schema.ts';
import { newPasswordProblem } from '../auth/common-passwords.ts';
import { hashPassword } from '../auth/passwords.ts';
import { badInput } from '../domain/errors.ts';
import { MailOutbox } from '../mail/outbox.ts';
import { passwordResetEmail, type PasswordResetMail } from '../mail/templates.ts';
import type { Services } from './index.ts';

/** How long a reset link works. */
export const PASSWORD_RESET_TTL_MS = 3600_000;
/** The storefront page a reset link opens. */
export const PASSWORD_RESET_PATH = '/password-reset';

export const INVALID_RESET_LINK =
  'This password reset link is not valid any more: it was used, it expired, or a newer one was sent.';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export class PasswordResets {
  /** The clock links are issued and checked by (tests move it to see a link expire). */
  now: () => number = Date.now;

  constructor(
    private s: Services,
    private publicUrl: string,
  ) {}

  /**
   * Mails the user a fresh link (any earlier one stops working), inside the caller's transaction (the
   * workspace writes its audit entry in the same one); answers when the link expires.
   */
  async issueIn(
    trx: Kysely<Database>,
    user: UserTable,
    webstoreId: string,
    requestedBy: PasswordResetMail['requestedBy'] = 'store',
  ): Promise<{ expiresAt: string }> {
    // Read through the caller's transaction: on SQLite it holds the one connection, so a read outside it
    // (the store resolver) would wait for it forever.
    const store = await trx
      .selectFrom('webstore')
      .select(['id', 'name'])
      .where('id', '=', webstoreId)
      .executeTakeFirstOrThrow();
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const expires = new Date(now + PASSWORD_RESET_TTL_MS).toISOString();
    await PasswordResets.endLinksIn(trx, user.id);
    await trx
      .insertInto('password_reset')
      .values({
        token_hash: hashOf(token),
        user_id: user.id,
        webstore_id: store.id,
        expires_at: expires,
        created_at: new Date(now).toISOString(),
      })
      .execute();
    await MailOutbox.enqueueIn(trx, 'password-reset', {
      to: user.email,
      ...passwordResetEmail({
        storeName: store.name,
        firstName: user.first_name ?? user.email,
        resetUrl: `${this.publicUrl}${PASSWORD_RESET_PATH}?token=${token}`,
        expiresText: `${expires.slice(0, 16).replace('T', ' ')} UTC`,
        requestedBy,
      }),
    });
    return { expiresAt: expires };
  }

  /** Every outstanding link of the user stops working (their password changed another way). */
  static async endLinksIn(trx: Kysely<Database>, userId: string): Promise<void> {
    await trx.deleteFrom('password_reset').where('user_id', '=', userId).execute();
  }

  /**
   * Follows a reset link: the new password (registration's rules) replaces the old, and every session ends. The
   * account's failed-login counts are cleared as a login clears them (from `clientIp`, the address that used the
   * link): an owner who locked themselves out by mistyping may log in with the new password at once.
   */
  async confirm(token: string, password: string, webstoreId: string, clientIp: string): Promise<void> {
    const problem = newPasswordProblem(password);
    if (problem) throw badInput(problem);
    const passwordHash = await hashPassword(password);
    const store = await this.s.webstores.get(webstoreId);
    const email = await this.s.db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('password_reset')
        .where('token_hash', '=', hashOf(token))
        .returningAll()
        .executeTakeFirst();
      if (!row || row.expires_at <= new Date(this.now()).toISOString() || row.webstore_id !== store.id)
        throw badInput(INVALID_RESET_LINK);
      const user = await trx
        .updateTable('app_user')
        .set({ password_hash: passwordHash })
        .where('id', '=', row.user_id)
        .returning('email')
        .executeTakeFirstOrThrow();
      await trx.deleteFrom('session').where('user_id', '=', row.user_id).execute();
      await AgentTokenService.revokeAllIn(trx, row.user_id);
      return user.email;
    });
    await this.s.loginLimiter.recordSuccess(email, clientIp);
  }
}
