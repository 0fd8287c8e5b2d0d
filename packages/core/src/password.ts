// The password rule for new passwords, shared by the server (which has the last word) and the
// storefront's form (which checks as the shopper types). Logging in only requires a password: an
// older one may predate the rule.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
/** The hint shown beside a new password field. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, with a letter and a number.`;

/** Which part of the rule a password breaks. */
export type PasswordRuleBreak = 'tooShort' | 'tooLong' | 'letterAndNumber';

/** The messages the API answers with; shown to the shopper as they are. */
export const PASSWORD_MESSAGES: Record<PasswordRuleBreak, string> = {
  tooShort: `Your password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  tooLong: `Your password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  letterAndNumber: 'Your password must include at least one letter and one number.',
};

/**
 * The API's message for a password on the server's list of common passwords (server auth/common-passwords.ts;
 * the list stays out of core and the browser bundle). Here so the form can place it under the password field.
 */
export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Choose a less common one, such as a few unrelated words.';

/** Whether an API message is about the new password (the shape rule or the common-password list). */
export function isPasswordMessage(message: string): boolean {
  return message === COMMON_PASSWORD_MESSAGE || Object.values(PASSWORD_MESSAGES).includes(message);
}

/** At least 8 (at most 200) characters with a letter and a number; null when the password keeps the rule. */
export function passwordRuleBreak(password: string): PasswordRuleBreak | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  if (!/\p{L}/u.test(password) || !/\p{N}/u.test(password)) return 'letterAndNumber';
  return null;
}

/** The API's message for a password that breaks the rule; null when it keeps it. */
export function passwordProblem(password: string): string | null {
  const broken = passwordRuleBreak(password);
  return broken ? PASSWORD_MESSAGES[broken] : null;
}
