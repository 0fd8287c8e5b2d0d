// Safe URL and link rules: spec 03 §2.4 (web page urls, page references) and §5 ("Generic library rules"), §9 (length).

/**
 * What an unsafe URL becomes. '#' is inert as an href; `javascript:void(0)` would itself be a script URL
 * and is exactly what we are removing.
 */
export const SAFE_URL_PLACEHOLDER = '#';
/** Spec 03 §9: the URL rules stop at 2047-2048 characters; we accept up to 2048. */
export const MAX_URL_LENGTH = 2048;

// C0/C1 controls plus invisible spacing/zero-width characters browsers drop while reading a scheme.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern looks for, to refuse them in URLs
const CONTROL_CHARS = /[\u0000-\u001F\u007F-\u009F\u2000-\u200D\u2028\u2029\uFEFF]/g;
const PERCENT_ENCODED = /%[0-9a-f]{2}/gi;
// Any scheme ending in "script" (javascript, vbscript, livescript...) or data:, after leading junk.
const DANGEROUS_SCHEME = /^[^a-z]*(?:[a-z0-9+.-]*script|data)\s*:/i;

function decodeHtmlEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Math.min(parseInt(dec, 10), 0x10ffff)))
    .replace(/&colon;?/gi, ':')
    .replace(/&(?:tab|newline);?/gi, '');
}

function decodePercent(text: string): string {
  // Repeat to see through double encoding; stop when stable or undecodable.
  let current = text;
  for (let i = 0; i < 5; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break;
    }
    if (next === current) break;
    current = next;
  }
  return current;
}

/**
 * True when the URL carries a script-like or data scheme once control and encoded characters are stripped.
 * Both readings are checked: encodings removed ("java%0Ascript:") and encodings decoded ("%6Aavascript:").
 */
export function isDangerousUrl(url: string): boolean {
  const entitiesDecoded = decodeHtmlEntities(url);
  const stripped = entitiesDecoded.replace(PERCENT_ENCODED, '').replace(CONTROL_CHARS, '');
  const decoded = decodePercent(entitiesDecoded).replace(CONTROL_CHARS, '');
  return DANGEROUS_SCHEME.test(stripped) || DANGEROUS_SCHEME.test(decoded);
}

/** The URL (trimmed) when safe, '#' when dangerous, '' when missing. */
export function sanitizeUrl(url: string | null | undefined): string {
  if (typeof url !== 'string') return '';
  const trimmed = url.trim();
  if (trimmed === '') return '';
  return isDangerousUrl(trimmed) ? SAFE_URL_PLACEHOLDER : trimmed;
}

/** A relative URL begins with one slash but not two ("//host" is protocol-relative, i.e. another site). */
export function isRelativeUrl(url: string | null | undefined): boolean {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//');
}

/**
 * The url is on `host` (an origin such as 'https://shop.example.com'): it starts with it and the host ends there
 * ('https://shop.example.com.evil.com' and 'https://shop.example.com@evil.com' are other sites).
 */
function startsWithHost(url: string, host: string | null | undefined): boolean {
  if (typeof host !== 'string' || host === '' || !url.startsWith(host)) return false;
  const next = url.charAt(host.length);
  return host.endsWith('/') || next === '' || next === '/' || next === '?' || next === '#';
}

/**
 * Web page url rule (spec 03 §2.4): starts with {host} (when a host is known), or is a single-slash path,
 * a hash link, mailto: or tel:. Also at most 2048 characters and never a dangerous scheme.
 */
export function isValidWebPageUrl(url: string | null | undefined, host?: string | null): boolean {
  if (typeof url !== 'string' || url === '' || url.length > MAX_URL_LENGTH) return false;
  if (isDangerousUrl(url)) return false;
  const lower = url.toLowerCase();
  return (
    startsWithHost(url, host) ||
    isRelativeUrl(url) ||
    url.startsWith('#') ||
    lower.startsWith('mailto:') ||
    lower.startsWith('tel:')
  );
}

/** Spec 03 §2.4: "Invalid generated URLs become empty." */
export function webPageHref(url: string | null | undefined, host?: string | null): string {
  return isValidWebPageUrl(url, host) ? (url as string) : '';
}

/** mailto and tel links open in a new window (spec 03 §2.4). */
export function opensInNewWindow(url: string | null | undefined): boolean {
  const lower = (url ?? '').trim().toLowerCase();
  return lower.startsWith('mailto:') || lower.startsWith('tel:');
}

// ---- Page references (spec 03 §2.4 table) ----

export type PageReferenceType =
  | 'standard__webPage'
  | 'standard__managedContentPage'
  | 'standard__recordPage'
  | 'standard__namedPage'
  | 'standard__recordRelationshipPage'
  | 'standard__objectPage'
  | 'standard__search';

export interface PageReference {
  type?: string | null;
  attributes?: Readonly<Record<string, unknown>> | null;
  state?: Readonly<Record<string, unknown>> | null;
}

/**
 * Required attributes per type. The search page's requirements are "not shown" in the spec, so none are enforced.
 * For record and record-relationship pages, recordId may be replaced by the object's own key (see below).
 */
export const PAGE_REFERENCE_REQUIRED_ATTRIBUTES: Readonly<Record<PageReferenceType, readonly string[]>> = {
  standard__webPage: ['url'],
  standard__managedContentPage: ['contentTypeName', 'contentKey'],
  standard__recordPage: ['objectApiName', 'recordId'],
  standard__namedPage: ['name'],
  standard__recordRelationshipPage: ['objectApiName', 'recordId', 'relationshipApiName'],
  standard__objectPage: ['objectApiName', 'filterName'],
  standard__search: [],
};

/** Objects addressed by another key instead of recordId (spec 03 §2.4, "record page" row). */
export const RECORD_KEY_ALTERNATIVES: Readonly<Record<string, string>> = {
  Knowledge__kav: 'urlName',
  NetworkDataCategory: 'urlPath',
  ProductCategory: 'urlPath',
  Product2: 'urlName',
};

/** Unknown or missing types fall back to a web page. */
export function resolvePageReferenceType(type: unknown): PageReferenceType {
  return typeof type === 'string' && Object.hasOwn(PAGE_REFERENCE_REQUIRED_ATTRIBUTES, type)
    ? (type as PageReferenceType)
    : 'standard__webPage';
}

const present = (v: unknown): boolean => (typeof v === 'string' ? v.trim() !== '' : v !== null && v !== undefined);

/**
 * Valid only when every required attribute exists and is non-empty; a web page's url must also pass
 * isValidWebPageUrl. Record pages accept the object's alternative key (e.g. ProductCategory urlPath) in place of recordId;
 * record relationship pages accept urlName for knowledge articles.
 */
export function isValidPageReference(ref: PageReference | null | undefined, host?: string | null): boolean {
  if (!ref) return false;
  const type = resolvePageReferenceType(ref.type);
  const attrs = ref.attributes ?? {};
  const objectApiName = typeof attrs.objectApiName === 'string' ? attrs.objectApiName : '';
  const altKey =
    type === 'standard__recordPage'
      ? RECORD_KEY_ALTERNATIVES[objectApiName]
      : type === 'standard__recordRelationshipPage' && objectApiName === 'Knowledge__kav'
        ? 'urlName'
        : undefined;
  const ok = PAGE_REFERENCE_REQUIRED_ATTRIBUTES[type].every(
    (name) => present(attrs[name]) || (name === 'recordId' && altKey !== undefined && present(attrs[altKey])),
  );
  if (!ok) return false;
  return type === 'standard__webPage' ? isValidWebPageUrl(String(attrs.url), host) : true;
}
