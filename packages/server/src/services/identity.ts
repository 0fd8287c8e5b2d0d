// Identity: registration, login, logout, the profile, and starting a shopper's session. A login always
// starts a new session (a new id, with the CSRF token the caller hands in), so a session id planted
// before login is useless; the guest's cart joins the shopper's at that moment (spec 02 §4).
import type { CartPreserveResult, SessionContext } from '@store/core';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { Session } from '../auth/sessions.ts';
import { ApiError, TooManyRequests } from '../domain/errors.ts';
import type { UserRow } from './accounts.ts';
import type { Caller } from './buyer-context.ts';
import { cartOwnerOf } from './carts/cart-owner.ts';
import { mergeGuestCart } from './carts/guest-cart.ts';
import type { Services } from './index.ts';
import { sessionContextBody } from './session-context.ts';
import type { Webstore } from './webstores.ts';

const INVALID_LOGIN = 'Your login attempt has failed. Make sure the username and password are correct.';

/** Too many failed logins for an address or a client: the answer says when to try again. */
export class LoginThrottled extends TooManyRequests {
  constructor(retryAfterS: number) {
    super(retryAfterS, `Too many failed login attempts. Try again in ${Math.ceil(retryAfterS / 60)} minutes.`);
  }
}

/** Where a failed guest-cart merge is reported (the request's logger). */
export interface ErrorLog {
  error(err: unknown, message: string): void;
}

/**
 * Who is asking to start a session: the store whose buyer groups new shoppers join and whose session
 * context the answer is, the request's caller so far, and a fresh CSRF token for the new session.
 */
export interface SessionStart {
  webstoreId: string;
  previous: Caller;
  csrfToken: string;
  log: ErrorLog;
}

/** A started session: the token and CSRF token go into cookies, the body is the answer. */
export interface StartedSession {
  token: string;
  csrfToken: string;
  caller: { session: Session; user: UserRow };
  body: (SessionContext | { userId: string; userName: string | null }) & { cartMerge: CartPreserveResult | null };
}

export interface Registration {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export class IdentityService {
  constructor(private s: Services) {}

  /** Checks the password (within the failed-login limits) and starts the shopper's session. */
  async login(
    credentials: { email: string; password: string },
    clientIp: string,
    start: SessionStart,
  ): Promise<StartedSession> {
    const { email: address, password } = credentials;
    const wait = await this.s.loginLimiter.retryAfterS(address, clientIp);
    if (wait > 0) throw new LoginThrottled(wait);
    const user = await this.s.accounts.userByEmail(address);
    const check = await verifyPassword(password, user?.password_hash ?? null);
    if (!user || !check.ok) {
      await this.s.loginLimiter.recordFailure(address, clientIp);
      throw new ApiError(401, 'INVALID_LOGIN', INVALID_LOGIN);
    }
    await this.s.loginLimiter.recordSuccess(address, clientIp);
    if (check.needsRehash) await this.s.accounts.setPasswordHash(user.id, await hashPassword(password));
    return this.startSessionFor(user, start);
  }

  /** Ends a session (logging out); a caller without one has nothing to end. */
  async logout(caller: Caller): Promise<void> {
    if (caller.session) await this.s.sessions.destroy(caller.session.id);
  }

  /** Changes the logged-in user's names. */
  async updateProfile(caller: Caller, names: { firstName?: string; lastName?: string }) {
    const { user } = caller;
    if (!user) throw new ApiError(401, 'INVALID_SESSION_ID', 'Log in to change your profile.');
    const updated = await this.s.accounts.updateProfile(user.id, {
      ...(names.firstName !== undefined ? { first_name: names.firstName } : {}),
      ...(names.lastName !== undefined ? { last_name: names.lastName } : {}),
    });
    return {
      firstName: updated.first_name,
      lastName: updated.last_name,
      email: updated.email,
      userName: updated.email,
    };
  }

  /** Ends any current session, starts a new one for the user, merges the guest's cart, and says who is in. */
  async startSessionFor(user: UserRow, start: SessionStart): Promise<StartedSession> {
    const { previous, csrfToken } = start;
    const guestSessionId = previous.user ? null : (previous.session?.id ?? null);
    const { token, session } = await this.s.sessions.create({
      userId: user.id,
      effectiveAccountId: user.account_id,
      csrfToken,
    });
    const caller = { session, user };
    const store = await this.s.webstores.get(start.webstoreId).catch(() => null);
    // The guest's cart joins the shopper's now, once; the guest session ends after it.
    const cartMerge =
      store && guestSessionId ? await this.mergeAtLogin(caller, store, guestSessionId, start.log) : null;
    if (previous.session) await this.s.sessions.destroy(previous.session.id);
    const body = store
      ? { ...(await sessionContextBody(this.s.sessions, await this.s.buyers.buyer(caller, store))), cartMerge }
      : { userId: user.id, userName: user.first_name, cartMerge };
    return { token, csrfToken, caller, body };
  }

  /** A failed merge must not fail the login: the shopper is in, and the guest lines are reported lost. */
  private async mergeAtLogin(
    caller: Caller,
    store: Webstore,
    guestSessionId: string,
    log: ErrorLog,
  ): Promise<CartPreserveResult | null> {
    try {
      const ctx = await this.s.buyers.catalogue(caller, store);
      const owner = cartOwnerOf(store, ctx, null);
      const merged = await mergeGuestCart(this.s, guestSessionId, owner);
      const cart = merged ? await this.s.carts.findCurrent(owner) : null;
      return merged && cart ? { ...merged, cartId: cart.id } : merged;
    } catch (err) {
      log.error(err, 'guest cart merge failed');
      return null;
    }
  }
}
