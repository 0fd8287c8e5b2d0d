// Shopper consent (spec 01 §9): the four cookie categories, the consent cookie (one year) and the analytics
// cookie (31536000 s, category statistics). The consent cookie is written by the page's script when the shopper
// chooses (the banner and the settings dialog) and read by the server when it renders a page or receives an
// activity, so both sides parse it here. Nothing is tracked until the choice includes statistics.

export const CONSENT_CATEGORIES = ['essential', 'preferences', 'statistics', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** Readable by page scripts (the banner decides whether to show itself) and sent to the server with every request. */
export const CONSENT_COOKIE = 'store_consent';
/** Spec 01 §9: the consent cookie lives one year (365 days). */
export const CONSENT_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** The analytics visitor id: set by the server (httpOnly) when it accepts an activity, never without statistics. */
export const ANALYTICS_COOKIE = 'store_aid';
/** Spec 01 §9: analytics cookie max age 31536000 s, consent category statistics. */
export const ANALYTICS_COOKIE_MAX_AGE_S = 31536000;
export const ANALYTICS_COOKIE_CATEGORY: ConsentCategory = 'statistics';

/** Bumped when the categories' meaning changes: an older choice is then asked again. */
export const CONSENT_VERSION = 1;

export interface ConsentChoice {
  version: number;
  /** Always holds 'essential' (it cannot be refused); the others only when the shopper agreed. */
  categories: ConsentCategory[];
}

const isCategory = (s: string): s is ConsentCategory => (CONSENT_CATEGORIES as readonly string[]).includes(s);

/** The cookie's value: `v1:essential,statistics` (categories in the canonical order, essential always). */
export function serializeConsent(categories: readonly ConsentCategory[]): string {
  const chosen = new Set<ConsentCategory>(['essential', ...categories]);
  return `v${CONSENT_VERSION}:${CONSENT_CATEGORIES.filter((c) => chosen.has(c)).join(',')}`;
}

/**
 * The shopper's choice from the cookie's value, or null when they have not chosen (no cookie, a value this
 * version does not understand, or an older version): the banner then shows and nothing is tracked.
 */
export function parseConsent(value: string | null | undefined): ConsentChoice | null {
  if (!value) return null;
  const m = /^v(\d+):([a-z,]*)$/.exec(decodeURIComponent(value));
  if (!m || Number(m[1]) !== CONSENT_VERSION) return null;
  const parts = m[2]!.split(',').filter(Boolean);
  if (!parts.every(isCategory)) return null;
  const chosen = new Set<ConsentCategory>(['essential', ...parts]);
  return { version: CONSENT_VERSION, categories: CONSENT_CATEGORIES.filter((c) => chosen.has(c)) };
}

export function hasConsent(choice: ConsentChoice | null, category: ConsentCategory): boolean {
  if (category === 'essential') return true;
  return choice?.categories.includes(category) ?? false;
}
