// Wire shapes and messages of the shopper's own password calls (issue 17): "forgot password" (a one-time link by
// email, the same answer for every address) and "change password" (logged in, the current password required).
// The server answers with these messages; the storefront shows them as they are.

/** How long a reset link works, in minutes (the server's PASSWORD_RESET_TTL_MS); the pages and emails say so. */
export const PASSWORD_RESET_LINK_MINUTES = 60;

/** POST /services/auth/password-reset body. */
export interface PasswordResetRequest {
  email: string;
}

/**
 * The message of POST /services/auth/password-reset's answer: the same whether or not the address has an account,
 * and whether or not a link was sent (past the per-address limit nothing is), so it never tells which emails exist.
 */
export function passwordResetRequestedMessage(email: string): string {
  return `If an account exists for ${email}, we've sent a link to choose a new password. The link works for ${PASSWORD_RESET_LINK_MINUTES} minutes. No email? Check your spam folder, or ask again later.`;
}

/** POST /services/auth/password-reset answer (202). */
export interface PasswordResetRequested {
  status: 'ResetRequested';
  email: string;
  message: string;
}

/** POST /services/auth/password-reset/confirm body. */
export interface PasswordResetConfirmation {
  token: string;
  password: string;
}

/** POST /services/auth/password body. */
export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

export const PASSWORD_CHANGED_MESSAGE =
  'Your password has been changed. Every other device where you were logged in has been logged out.';
/** A wrong current password (counted with failed logins, so it cannot be used to guess). */
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is not correct.';
export const SAME_PASSWORD_MESSAGE = 'Your new password must be different from your current password.';

/** POST /services/auth/password answer (200): this session goes on under a fresh id and CSRF token. */
export interface PasswordChanged {
  status: 'PasswordChanged';
  message: string;
}
