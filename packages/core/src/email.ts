// Email input rules (spec 03 §5 "Combobox and form helpers") and the message of spec 01 §5.

/** Local part limit (the part before @). */
export const MAX_EMAIL_LOCAL_PART = 64;
/** Whole address limit (RFC 5321's path limit less its angle brackets). */
export const MAX_EMAIL_LENGTH = 254;
export const DEFAULT_EMAIL_EXAMPLE = 'you@example.com';

// A plain addr-spec only: the local part is a dot-atom (RFC 5322 atext, plus any non-ASCII letter or digit
// for internationalised addresses, RFC 6531), the domain is dot-separated labels of letters, digits and
// hyphens. No quoted local parts, comments, angle brackets, display names, whitespace or control
// characters: an address the store keeps is one a mailer can only read as that one recipient, so
// `"<script>…</script>"@example.com` or `a@b.com>, c@d.com` never reach a page or a mail header.
const ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~\-\p{L}\p{N}]+$/u;
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;

/**
 * The spec's own email rule (spec 03 §5), the form's "bad email input": no whitespace or commas, exactly one @
 * with text on both sides, a local part of at most 64 characters. Every address isValidEmail accepts keeps it.
 */
export function isEmailShaped(value: string): boolean {
  if (/[\s,]/u.test(value)) return false;
  const parts = value.split('@');
  return parts.length === 2 && parts[0] !== '' && parts[1] !== '' && parts[0]!.length <= MAX_EMAIL_LOCAL_PART;
}

/** The spec's list rule: split on commas; an empty item (",,", a trailing comma, an empty value) fails. */
export function emailListItems(value: string): string[] | null {
  const items = value.split(',').map((item) => item.trim());
  return items.every((item) => item !== '') ? items : null;
}

/**
 * One address the store keeps: the spec's rule (isEmailShaped), and on top a plain addr-spec (a dot-atom local
 * part with no leading, trailing or double dots, a domain of letter/digit/hyphen labels, at most 254 characters
 * in all). Single-label domains (`a@b`) pass: the spec asks no more, and an intranet address is real.
 */
export function isValidEmail(value: string | null | undefined): boolean {
  if (typeof value !== 'string' || value.length > MAX_EMAIL_LENGTH || !isEmailShaped(value)) return false;
  const [local, domain] = value.split('@') as [string, string];
  return local.split('.').every((atom) => ATOM.test(atom)) && domain.split('.').every((label) => LABEL.test(label));
}

/**
 * A comma-separated list: every item must be a valid address. Spaces around items are allowed (as in an
 * HTML multiple-email field), but an empty item ("a@b.c,,d@e.f", a trailing comma, or an empty value) fails.
 */
export function isValidEmailList(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return false;
  return emailListItems(value)?.every(isValidEmail) ?? false;
}

/** "Enter a valid email address, such as {email}". */
export function invalidEmailMessage(example: string = DEFAULT_EMAIL_EXAMPLE): string {
  return `Enter a valid email address, such as ${example}`;
}
