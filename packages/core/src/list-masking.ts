// Masking a dataset's cells for the evaluation kit's preview and the data dictionary's examples (issue 19): a
// buyer sees what the rows look like (the domain's first letter and ending, a phone's area code and last two
// digits, a contact's initials) without getting the contact data before paying.
//
// Which cells are personal is decided twice: by the column's header (Email, Phone, Direct Dial, Fax, Contact
// Name, LinkedIn URL, …) AND by the value's shape, so an email or a phone number is masked whatever column a
// seller put it in ("Contact Info", "Notes"): an odd header never leaks a value.

const MASK = '***';

/** A whole value that is an email address. */
const EMAIL_SHAPE = /^[^\s@<>,;"']+@[^\s@<>,;"']+\.[^\s@<>,;"']+$/;
/** Email addresses inside a longer text. */
const EMAIL_IN_TEXT = /[^\s@<>,;:"'()[\]]+@[^\s@<>,;:"'()[\]]+\.[A-Za-z]{2,}/g;
/** A phone number written with its usual punctuation: digits, spaces, dashes, dots, parentheses, a leading +. */
const PHONE_CHARS = /^\+?[\d\s().\-/]+(\s*(x|ext\.?)\s*\d{1,5})?$/i;
/** Shapes of other values that are digit groups with dashes, and not phone numbers. */
const NOT_PHONE = [/^\d{4}-\d{2}-\d{2}/, /^\d{5}-\d{4}$/, /^\d{1,4}\s*-\s*\d{1,4}$/];
const LINKEDIN_URL = /^(https?:\/\/)?([a-z0-9-]+\.)*linkedin\.[a-z.]+\//i;

const EMAIL_HEADER = /e-?mail/i;
const PHONE_HEADER = /phone|telephone|\btel\b|fax|mobile|\bcell\b|direct dial|\bddi\b/i;
const LINKEDIN_HEADER = /linkedin/i;
/** Columns that hold a person's name (not a company's). */
const PERSON_HEADER =
  /^(contact|contact name|contact person|first name|last name|full name|given name|surname|family name|middle name|name|person|owner|owner name|executive|executive name|key contact)$/i;

const digitCount = (v: string) => v.replace(/\D/g, '').length;

export const looksLikeEmail = (value: string) => EMAIL_SHAPE.test(value.trim());

/** Whether a value is shaped like a phone number: 7 to 15 digits in groups a phone is written in. */
export function looksLikePhone(value: string): boolean {
  const v = value.trim();
  if (!PHONE_CHARS.test(v) || NOT_PHONE.some((re) => re.test(v))) return false;
  const digits = digitCount(v.replace(/(x|ext\.?)\s*\d+$/i, ''));
  if (digits < 7 || digits > 15) return false;
  // A bare run of digits is a number (sales, an id) unless it starts like an international number.
  return v.startsWith('+') || /\d[\s().\-/]+\d/.test(v) || v.startsWith('(');
}

/** `john.smith@acme.example.com` → `j***@a***.com`. */
export function maskEmail(value: string): string {
  const v = value.trim();
  const at = v.lastIndexOf('@');
  if (at <= 0) return v ? `${v[0]}${MASK}` : '';
  const domain = v.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${v[0]}${MASK}@${domain[0] ?? ''}${MASK}${tld}`;
}

/**
 * `(512) 555-0117` → `(512) ***-**17`: every digit masked but the last two and the leading group (the area code;
 * after a `+`, the country code and the area code), and that group only while at least four digits stay masked.
 * The punctuation is kept, so any national format reads as itself.
 */
export function maskPhone(value: string): string {
  const v = value.trim();
  const groups = [...v.matchAll(/\d+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  const digits = groups.reduce((n, g) => n + g.end - g.start, 0);
  if (digits === 0) return v ? MASK : '';
  const keepTail = digits >= 6 ? 2 : 0;
  let keptHead = 0;
  let kept = 0;
  const canKeep = (g: { start: number; end: number }) => digits - kept - (g.end - g.start) - keepTail >= 4;
  if (v.startsWith('+') && groups.length > 1) {
    kept += groups[0]!.end - groups[0]!.start;
    keptHead = 1;
    if (groups.length > 2 && canKeep(groups[1]!)) {
      kept += groups[1]!.end - groups[1]!.start;
      keptHead = 2;
    }
  } else if (groups.length >= 3 && groups[0]!.end - groups[0]!.start <= 4 && canKeep(groups[0]!)) keptHead = 1;
  const headEnd = keptHead ? groups[keptHead - 1]!.end : 0;
  let seen = 0;
  let out = '';
  for (let i = 0; i < v.length; i++) {
    const c = v[i]!;
    if (c < '0' || c > '9') {
      out += c;
      continue;
    }
    seen++;
    out += i < headEnd || seen > digits - keepTail ? c : '*';
  }
  return out;
}

/** `John Smith` → `J*** S***`. */
export const maskPersonName = (value: string) =>
  value
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => `${[...w][0]}${MASK}`)
    .join(' ');

/** `https://www.linkedin.com/in/john-smith-1a2b` → `https://www.linkedin.com/in/j***`. */
export function maskLinkedIn(value: string): string {
  const v = value.trim();
  const m = LINKEDIN_URL.exec(v);
  if (!m) return v ? `${[...v][0]}${MASK}` : '';
  const rest = v.slice(m[0].length);
  const slash = rest.indexOf('/');
  const section = slash >= 0 ? rest.slice(0, slash + 1) : '';
  const handle = slash >= 0 ? rest.slice(slash + 1) : rest;
  return `${m[0]}${section}${handle ? `${[...handle][0]}${MASK}` : ''}`;
}

/** Whether a column's name says it holds personal contact data (it is masked whatever its values look like). */
export const isPersonalColumn = (header: string) => {
  const h = header.trim();
  return EMAIL_HEADER.test(h) || PHONE_HEADER.test(h) || LINKEDIN_HEADER.test(h) || PERSON_HEADER.test(h);
};

/** A cell as the preview shows it: personal data masked by its column's name and by its own shape. */
export function maskListCell(header: string, cell: string): string {
  const v = cell.trim();
  if (!v) return '';
  const h = header.trim();
  if (looksLikeEmail(v)) return maskEmail(v);
  if (EMAIL_HEADER.test(h)) return maskEmail(v);
  if (LINKEDIN_HEADER.test(h) || LINKEDIN_URL.test(v)) return maskLinkedIn(v);
  if (PHONE_HEADER.test(h) || looksLikePhone(v)) return maskPhone(v);
  if (PERSON_HEADER.test(h)) return maskPersonName(v);
  // Emails written inside a longer text (a "Notes" column).
  return v.replace(EMAIL_IN_TEXT, (email) => maskEmail(email));
}

/** A record as the preview shows it. */
export const maskListRecord = (header: readonly string[], record: readonly string[]): string[] =>
  header.map((h, i) => maskListCell(h, record[i] ?? ''));
