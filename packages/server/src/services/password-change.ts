// "Change password" (issue 17): a logged-in user changes their own password with the current one. A wrong current
// password changes nothing and counts as a failed login (the same limiter, the same 429), so this form cannot be
// used to guess a password that login would stop. The new password keeps registration's rule and must differ.
// On success every session of the user ends but this one, which goes on under a fresh id and CSRF token (its
// privilege changed, as at login); any reset link still out stops working; and the owner is told by email.
import {
  PASSWORD_CHANGED_MESSAGE,
  SAME_PASSWORD_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  type PasswordChange,
  type PasswordChanged,
} from '@store/core';
import { newPasswordProblem } from '../auth/common-passwords.ts';
import { AgentTokenService } from './agent/agent-tokens.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { Session } from '../auth/sessions.ts';
import { ApiError, badInput } from '../domain/errors.ts';
import { MailOutbox } from '../mail/outbox.ts';
import { passwordChangedEmail } from '../mail/templates.ts';
import type { UserRow } from './accounts.ts';
import type { Caller } from './buyer-context.ts';
import { LoginThrottled } from './identity.ts';
import type { Services } from './index.ts';
import { PasswordResets } from './password-reset.ts';

/** The storefront page where someone who did not make the change can take the account back. */
export const FORGOT_PASSWORD_PATH = '/forgot-password';

export interface ChangedSession {
  token: string;
  csrfToken: string;
  caller: { session: Session; user: UserRow };
  body: PasswordChanged;
}

export class PasswordChangeService {
  constructor(
    private s: Services,
    private publicUrl: string,
  ) {}

  async change(
    caller: Caller,
    input: PasswordChange,
    clientIp: string,
    webstoreId: string,
    csrfToken: string,
  ): Promise<ChangedSession> {
    const { user, session } = caller;
    if (!user || !session) throw new ApiError(401, 'INVALID_SESSION_ID', 'Log in to change your password.');
    // The new password's own checks first: they tell nothing about the current one, so they are not counted.
    const problem = newPasswordProblem(input.newPassword);
    if (problem) throw badInput(problem);
    const wait = await this.s.loginLimiter.retryAfterS(user.email, clientIp);
    if (wait > 0) throw new LoginThrottled(wait);
    if (!(await verifyPassword(input.currentPassword, user.password_hash)).ok) {
      await this.s.loginLimiter.recordFailure(user.email, clientIp);
      throw badInput(WRONG_CURRENT_PASSWORD_MESSAGE);
    }
    await this.s.loginLimiter.recordSuccess(user.email, clientIp);
    if ((await verifyPassword(input.newPassword, user.password_hash)).ok) throw badInput(SAME_PASSWORD_MESSAGE);

    const passwordHash = await hashPassword(input.newPassword);
    const store = await this.s.webstores.get(webstoreId);
    const now = new Date();
    await this.s.db.transaction().execute(async (trx) => {
      await trx.updateTable('app_user').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
      // Every session of the user, this one included: it is replaced below by one with a fresh id.
      await trx.deleteFrom('session').where('user_id', '=', user.id).execute();
      await AgentTokenService.revokeAllIn(trx, user.id);
      await PasswordResets.endLinksIn(trx, user.id);
      await MailOutbox.enqueueIn(trx, 'password-changed', {
        to: user.email,
        ...passwordChangedEmail({
          storeName: store.name,
          firstName: user.first_name ?? user.email,
          changedText: `${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
          forgotUrl: `${this.publicUrl}${FORGOT_PASSWORD_PATH}`,
        }),
      });
    });
    void this.s.mail.tick();
    // This session goes on as it was (the account it acts for, its preview and currency), under a new id.
    const fresh = await this.s.sessions.create({
      userId: user.id,
      effectiveAccountId: session.effectiveAccountId,
      csrfToken,
      data: session.data,
    });
    return {
      token: fresh.token,
      csrfToken,
      caller: { session: fresh.session, user: { ...user, password_hash: passwordHash } },
      body: { status: 'PasswordChanged', message: PASSWORD_CHANGED_MESSAGE },
    };
  }
}
