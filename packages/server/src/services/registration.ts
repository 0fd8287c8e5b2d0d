// Registration by confirmed email. "Register" answers the same whatever the address: an address with no
// account gets a link that creates the account (and logs its owner in) when followed; an address that has
// one gets a note that someone tried to register it. So the answer never says which emails have accounts
// (the old 409 did), and nobody can hold an account for an address they cannot read. Both paths do the
// same work (a password hash, a row, a mail queued), so response time does not tell them apart either.
import { createHash, randomBytes } from 'node:crypto';
import { newPasswordProblem } from '../auth/common-passwords.ts';
import { hashPassword } from '../auth/passwords.ts';
import { ApiError, badInput } from '../domain/errors.ts';
import { MailOutbox } from '../mail/outbox.ts';
import { confirmRegistrationEmail, registrationAttemptEmail } from '../mail/templates.ts';
import type { Registration, SessionStart, StartedSession } from './identity.ts';
import type { Services } from './index.ts';

/** How long a confirmation link works. */
export const REGISTRATION_TTL_MS = 24 * 3600_000;
/** The storefront page a confirmation link opens (it posts the token back). */
export const CONFIRM_PATH = '/register/confirm';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export const INVALID_CONFIRMATION =
  'This confirmation link is not valid any more: it was used, or it expired. Register again to get a new one.';

export class RegistrationService {
  constructor(
    private s: Services,
    private publicUrl: string,
  ) {}

  /** Checks the form, then mails the address its link (or, if it has an account, a note); the same answer either way. */
  async request(input: Registration, webstoreId: string): Promise<void> {
    const problem = newPasswordProblem(input.password);
    if (problem) throw badInput(problem);
    const email = input.email.toLowerCase();
    const store = await this.s.webstores.get(webstoreId);
    const passwordHash = await hashPassword(input.password);
    const now = Date.now();
    if (await this.s.accounts.userByEmail(email)) {
      await MailOutbox.enqueueIn(this.s.db, 'registration-attempt', {
        to: email,
        ...registrationAttemptEmail({ storeName: store.name, loginUrl: `${this.publicUrl}/login` }),
      });
      return;
    }
    const token = randomBytes(32).toString('base64url');
    const expires = new Date(now + REGISTRATION_TTL_MS);
    await this.s.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('registration_request')
        .values({
          token_hash: hashOf(token),
          webstore_id: webstoreId,
          email,
          first_name: input.firstName,
          last_name: input.lastName,
          password_hash: passwordHash,
          expires_at: expires.toISOString(),
          created_at: new Date(now).toISOString(),
        })
        .execute();
      await MailOutbox.enqueueIn(trx, 'confirm-registration', {
        to: email,
        ...confirmRegistrationEmail({
          storeName: store.name,
          firstName: input.firstName,
          confirmUrl: `${this.publicUrl}${CONFIRM_PATH}?token=${token}`,
          expiresText: `${expires.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        }),
      });
    });
  }

  /** Follows a confirmation link: creates the shopper's login and personal account, and starts their session. */
  async confirm(token: string, start: SessionStart): Promise<StartedSession> {
    // The row is taken (deleted) first: of two clicks at once, one finds it.
    const row = await this.s.db
      .deleteFrom('registration_request')
      .where('token_hash', '=', hashOf(token))
      .returningAll()
      .executeTakeFirst();
    if (!row || row.expires_at <= new Date().toISOString() || row.webstore_id !== start.webstoreId)
      throw badInput(INVALID_CONFIRMATION);
    const store = await this.s.webstores.get(start.webstoreId);
    const taken = () =>
      new ApiError(409, 'DUPLICATE_VALUE', 'This email address has an account already. Log in instead.');
    // Someone registered and confirmed the same address first (two links in one inbox): only its owner sees this.
    if (await this.s.accounts.userByEmail(row.email)) throw taken();
    try {
      const user = await this.s.accounts.registerShopper({
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        passwordHash: row.password_hash,
        shopperBuyerGroupId: store.shopperBuyerGroupId,
      });
      await this.s.db.deleteFrom('registration_request').where('email', '=', row.email).execute();
      return this.s.identity.startSessionFor(user, start);
    } catch (error) {
      if (await this.s.accounts.userByEmail(row.email)) throw taken();
      throw error;
    }
  }
}
