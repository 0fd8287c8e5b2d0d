// Field rules of the account forms, with the user-facing messages of spec 01 §5. The same rules run
// when a field loses focus and when the form is sent; the server checks again and has the last word.

import { invalidEmailMessage, isValidEmail, passwordRuleBreak } from '@store/core';

export const FORM_MESSAGES = {
  valueMissing: 'Complete this field',
  tooShort: 'Your entry is too short',
  badValue: 'Enter a valid value',
  badEmail: invalidEmailMessage(),
} as const;

/** The server's password rule (core password.ts). */
export { PASSWORD_HINT, PASSWORD_MIN_LENGTH } from '@store/core';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;
export type FieldRule = (value: string) => string | null;

const blank = (value: string) => value.trim() === '';

export const required: FieldRule = (v) => (blank(v) ? FORM_MESSAGES.valueMissing : null);
export const email: FieldRule = (v) => required(v) ?? (isValidEmail(v.trim()) ? null : FORM_MESSAGES.badEmail);
export const newPassword: FieldRule = (v) => {
  if (v === '') return FORM_MESSAGES.valueMissing;
  const broken = passwordRuleBreak(v);
  if (broken === 'tooShort') return FORM_MESSAGES.tooShort;
  return broken ? FORM_MESSAGES.badValue : null;
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
