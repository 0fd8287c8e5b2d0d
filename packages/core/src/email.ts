// Email input rules (spec 03 §5 "Combobox and form helpers") and the message of spec 01 §5.

/** Local part limit (the part before @). */
export const MAX_EMAIL_LOCAL_PART = 64;
export const DEFAULT_EMAIL_EXAMPLE = 'you@example.com';

/**
 * One address: no whitespace or commas, exactly one @, text on both sides, local part at most 64 characters.
 * Deliberately no stricter (the spec gives no more), so unusual but real addresses are not rejected.
 */
export function isValidEmail(value: string | null | undefined): boolean {
  if (typeof value !== 'string' || value === '') return false;
  if (/[\s,]/.test(value)) return false;
  const parts = value.split('@');
  if (parts.length !== 2) return false;
  const [local, domain] = parts as [string, string];
  return local.length > 0 && domain.length > 0 && local.length <= MAX_EMAIL_LOCAL_PART;
}

/**
 * A comma-separated list: every item must be a valid address. Spaces around items are allowed (as in an
 * HTML multiple-email field), but an empty item ("a@b.c,,d@e.f", a trailing comma, or an empty value) fails.
 */
export function isValidEmailList(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return false;
  return value.split(',').every((item) => isValidEmail(item.trim()));
}

/** "Enter a valid email address, such as {email}". */
export function invalidEmailMessage(example: string = DEFAULT_EMAIL_EXAMPLE): string {
  return `Enter a valid email address, such as ${example}`;
}
