// Identity calls: log in, register, log out and edit the profile. These are the storefront's own
// endpoints under /services/auth (not part of the platform's commerce API); they set and rotate the
// session cookies, so a browser must reload what it knows about the session after calling them.

import type {
  CartPreserveResult,
  LoginInput,
  PasswordChange,
  PasswordChanged,
  PasswordResetRequested,
  ProfileUpdate,
  RegistrationConfirmation,
  RegistrationInput,
  RegistrationSent,
  SessionContext,
  UserProfile,
} from '@store/core';
import type { CallOptions } from './call-options.ts';
import type { Http } from './http.ts';
import { optionalText, requireSomeOf, requireText } from './validate.ts';

/** Root of the identity endpoints, beside /services/data. */
export const AUTH_ROOT = '/services/auth';

/**
 * What login and register answer: the new session, as much of it as the server sends. Login adds
 * `cartMerge`: the guest cart preserved into the shopper's cart (spec 02 §4 "Guest cart"), null when
 * there was none to merge.
 */
export type AuthSession = Partial<SessionContext> &
  Pick<SessionContext, 'userId' | 'userName'> & { cartMerge?: CartPreserveResult | null };

export interface IdentityCalls {
  /** 401 INVALID_LOGIN for wrong credentials, 429 TOO_MANY_REQUESTS after too many attempts. */
  login(credentials: LoginInput, options?: CallOptions): Promise<AuthSession>;
  /**
   * Asks for an account: the server mails a confirmation link (the same answer whether or not the email has an
   * account). 400 INVALID_API_INPUT for a field the server rejects.
   */
  register(registration: RegistrationInput, options?: CallOptions): Promise<RegistrationSent>;
  /** Finishes a registration with its link's token and logs the shopper in; 400 for a used or expired link. */
  confirmRegistration(token: string, options?: CallOptions): Promise<AuthSession>;
  /**
   * Sets a new password with a password-reset link's token (issue 15; the shopper then logs in). 400 for a used,
   * expired or replaced link, or a password the registration rules refuse.
   */
  confirmPasswordReset(token: string, password: string, options?: CallOptions): Promise<void>;
  /**
   * "Forgot password" (issue 17): asks for a reset link by email. The same answer whether or not the address has
   * an account; 429 TOO_MANY_REQUESTS after too many requests from this network.
   */
  requestPasswordReset(email: string, options?: CallOptions): Promise<PasswordResetRequested>;
  /**
   * Changes the logged-in user's password (issue 17). Every other session of the user ends; this one continues
   * under new cookies. 400 for a wrong current password or a refused new one, 401 for a guest, 429 after too
   * many wrong current passwords.
   */
  changePassword(change: PasswordChange, options?: CallOptions): Promise<PasswordChanged>;
  logout(options?: CallOptions): Promise<void>;
  updateProfile(update: ProfileUpdate, options?: CallOptions): Promise<UserProfile>;
}

const PROFILE_KEYS = ['firstName', 'lastName'] as const;

export function createIdentityCalls(http: Http): IdentityCalls {
  const post = async <T>(action: string, body: unknown, o: CallOptions, method: 'POST' | 'PATCH' = 'POST') =>
    (await http.request<T>({ method, path: `${AUTH_ROOT}/${action}`, body, signal: o.signal })).data;

  return {
    async login(credentials, o = {}) {
      // The password is sent exactly as typed: spaces can be part of it.
      const body: LoginInput = {
        email: requireText(credentials?.email, 'email').trim(),
        password: requireText(credentials?.password, 'password'),
      };
      return post<AuthSession>('login', body, o);
    },

    async register(registration, o = {}) {
      const body: RegistrationInput = {
        firstName: requireText(registration?.firstName, 'firstName').trim(),
        lastName: requireText(registration?.lastName, 'lastName').trim(),
        email: requireText(registration?.email, 'email').trim(),
        password: requireText(registration?.password, 'password'),
      };
      return post<RegistrationSent>('register', body, o);
    },

    async confirmRegistration(token, o = {}) {
      const body: RegistrationConfirmation = { token: requireText(token, 'token').trim() };
      return post<AuthSession>('register/confirm', body, o);
    },

    async confirmPasswordReset(token, password, o = {}) {
      // The password is sent exactly as typed, as at login.
      const body = { token: requireText(token, 'token').trim(), password: requireText(password, 'password') };
      await post<undefined>('password-reset/confirm', body, o);
    },

    async requestPasswordReset(email, o = {}) {
      return post<PasswordResetRequested>('password-reset', { email: requireText(email, 'email').trim() }, o);
    },

    async changePassword(change, o = {}) {
      // Both passwords are sent exactly as typed, as at login.
      const body: PasswordChange = {
        currentPassword: requireText(change?.currentPassword, 'currentPassword'),
        newPassword: requireText(change?.newPassword, 'newPassword'),
      };
      return post<PasswordChanged>('password', body, o);
    },

    async logout(o = {}) {
      await post<undefined>('logout', undefined, o);
    },

    async updateProfile(update, o = {}) {
      const u = requireSomeOf<ProfileUpdate>(update, PROFILE_KEYS, 'update');
      const body: ProfileUpdate = {
        firstName: optionalText(u.firstName, 'firstName')?.trim(),
        lastName: optionalText(u.lastName, 'lastName')?.trim(),
      };
      return post<UserProfile>('profile', body, o, 'PATCH');
    },
  };
}
