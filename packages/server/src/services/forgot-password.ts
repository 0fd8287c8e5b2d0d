// "Forgot password" (issue 17): anyone may ask for a reset link for an email address. The answer is the same
// whether or not the address belongs to a user, and whether or not a link was sent, so it never tells which
// emails have accounts. Timing must not tell either: both paths count the same two limits (two writes), look
// the user up, and the answer is held back to a fixed floor (ANSWER_FLOOR_MS), which covers the link's
// transaction (a few milliseconds) with room to spare.
//
// Every user of this store may use it, as every user may log in at /login (the store's administrators and
// catalogue managers too: they have no other way in). The link is the one an administrator can send
// (password-reset.ts): one-time, an hour, a newer one replaces it.
//
// Limits, in the database so every process counts the same (auth/request-limiter.ts):
// - per email address: at most 3 requests an hour; past that nothing is mailed, the answer stays the same
//   (an inbox cannot be flooded, and the answer still tells nothing);
// - per client address: at most 10 requests in 15 minutes; past that a 429 with Retry-After, as login does
//   (one address cannot walk through many emails, or fill many inboxes).
import { passwordResetRequestedMessage, type PasswordResetRequested } from '@store/core';
import type { RequestLimit } from '../auth/request-limiter.ts';
import { TooManyRequests, tryAgainIn } from '../domain/errors.ts';
import type { Services } from './index.ts';

export const FORGOT_PASSWORD_LIMITS: { perEmail: RequestLimit; perIp: RequestLimit } = {
  perEmail: { max: 3, windowS: 3600 },
  perIp: { max: 10, windowS: 15 * 60 },
};

/** The least time an answer takes, whatever the address: longer than issuing a link takes. */
export const ANSWER_FLOOR_MS = 250;

export class ResetRequestsThrottled extends TooManyRequests {
  constructor(retryAfterS: number) {
    super(retryAfterS, `Too many password reset requests from your network. ${tryAgainIn(retryAfterS)}`);
  }
}

export class ForgotPassword {
  /** The answer floor (tests of the limits may lower it; the timing test keeps it). */
  answerFloorMs = ANSWER_FLOOR_MS;

  constructor(private s: Services) {}

  /** Mails the address's user a reset link when there is one and it is within its limit; the same answer always. */
  async request(address: string, clientIp: string, webstoreId: string): Promise<PasswordResetRequested> {
    const started = performance.now();
    const email = address.trim().toLowerCase();
    const limits = FORGOT_PASSWORD_LIMITS;
    const ip = await this.s.requestLimiter.hit(`password-reset-ip:${clientIp}`, limits.perIp);
    if (!ip.allowed) throw new ResetRequestsThrottled(ip.retryAfterS);
    try {
      const mine = await this.s.requestLimiter.hit(`password-reset-email:${email}`, limits.perEmail);
      const user = await this.s.accounts.userByEmail(email);
      if (user && mine.allowed) {
        await this.s.db
          .transaction()
          .execute((trx) => this.s.passwordResets.issueIn(trx, user, webstoreId, 'forgotPassword'));
        void this.s.mail.tick();
      }
    } finally {
      const rest = this.answerFloorMs - (performance.now() - started);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    }
    return { status: 'ResetRequested', email, message: passwordResetRequestedMessage(email) };
  }
}
