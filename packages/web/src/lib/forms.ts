// Field rules of the storefront's forms over core's one form-validation module (the messages of spec 01 §5
// in the help-message precedence of spec 03 §5). The same rules run when a field loses focus and when the
// form is sent; the server checks again and has the last word.

import { checkField, FORM_MESSAGES, helpMessage, MAX_EMAIL_LENGTH, passwordRuleBreak } from '@store/core';

export { FORM_MESSAGES };

/** The server's password rule (core password.ts). */
export { PASSWORD_HINT, PASSWORD_MIN_LENGTH } from '@store/core';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;
export type FieldRule = (value: string) => string | null;

export const required: FieldRule = (v) => checkField(v, { required: true });
/**
 * One address (core's email rule): "Enter a valid email address, such as …", or the invalid-format text;
 * beyond the 254 characters an address can have, "Your entry is too long" says what to fix.
 */
export const email: FieldRule = (v) => checkField(v, { required: true, type: 'email', maxLength: MAX_EMAIL_LENGTH });
/**
 * A new password is not trimmed (its spaces are part of it), so it maps core's password rule onto the
 * validity problems itself: too short, too long, or without a letter and a number ("Enter a valid value").
 */
export const newPassword: FieldRule = (v) => {
  const broken = v === '' ? null : passwordRuleBreak(v);
  return helpMessage({
    valueMissing: v === '',
    tooShort: broken === 'tooShort',
    tooLong: broken === 'tooLong',
    badInput: broken === 'letterAndNumber',
  });
};
/** A password being typed to log in: only required (it may predate today's rule). */
export const currentPassword: FieldRule = (v) => (v === '' ? FORM_MESSAGES.valueMissing : null);

export const LOGIN_RULES = { email, password: currentPassword } satisfies Record<string, FieldRule>;
export const REGISTER_RULES = {
  firstName: required,
  lastName: required,
  email,
  password: newPassword,
} satisfies Record<string, FieldRule>;
export const PROFILE_RULES = { firstName: required, lastName: required } satisfies Record<string, FieldRule>;
/** Issue 17: "forgot password", choosing a new password from a reset link, and changing it when logged in. */
export const FORGOT_PASSWORD_RULES = { email } satisfies Record<string, FieldRule>;
export const RESET_PASSWORD_RULES = { password: newPassword, confirmPassword: currentPassword } satisfies Record<
  string,
  FieldRule
>;
export const CHANGE_PASSWORD_RULES = {
  currentPassword,
  password: newPassword,
  confirmPassword: currentPassword,
} satisfies Record<string, FieldRule>;

type NewPasswordField = 'password' | 'confirmPassword';

/** A new password typed twice must be the same twice. */
export const PASSWORDS_DIFFER = 'The passwords do not match.';

/**
 * The new-password forms' check: each field's rule, then the confirmation against the new password (only once it
 * has a value, so an empty confirmation says "Complete this field").
 */
export function validateNewPassword<F extends string>(
  rules: Record<F | NewPasswordField, FieldRule>,
  values: Record<F | NewPasswordField, string>,
): FieldErrors<F | NewPasswordField> | null {
  const errors: FieldErrors<F | NewPasswordField> = validate(rules, values) ?? {};
  if (!errors.confirmPassword && values.confirmPassword !== values.password) errors.confirmPassword = PASSWORDS_DIFFER;
  return Object.keys(errors).length ? errors : null;
}

/** Every field's message; null when all pass. */
export function validate<F extends string>(
  rules: Record<F, FieldRule>,
  values: Partial<Record<F, string>>,
): FieldErrors<F> | null {
  const errors: FieldErrors<F> = {};
  for (const field of Object.keys(rules) as F[]) {
    const message = rules[field](values[field] ?? '');
    if (message) errors[field] = message;
  }
  return Object.keys(errors).length ? errors : null;
}

/** The named fields of a submitted form as strings (a missing or file field is ''). */
export function formValues<F extends string>(form: FormData, fields: readonly F[]): Record<F, string> {
  const out = {} as Record<F, string>;
  for (const field of fields) {
    const v = form.get(field);
    out[field] = typeof v === 'string' ? v : '';
  }
  return out;
}
