// The consent cookie on the page's side (spec 01 §9): read from the request's Cookie header when the server
// renders (so the banner does not flash for a shopper who already chose) and from document.cookie in the
// browser; written by the page's script when the shopper chooses. One year, the whole site, SameSite=Lax,
// Secure over https. Not httpOnly: the page must read it.
import {
  CONSENT_COOKIE,
  CONSENT_COOKIE_MAX_AGE_S,
  parseConsent,
  serializeConsent,
  type ConsentCategory,
  type ConsentChoice,
} from '@store/core';

/** The choice in a Cookie header (`a=1; store_consent=…`), null when none was made. */
export function consentFromCookieHeader(header: string | null | undefined): ConsentChoice | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === CONSENT_COOKIE) return parseConsent(part.slice(eq + 1).trim());
  }
  return null;
}

export const consentInBrowser = (): ConsentChoice | null =>
  typeof document === 'undefined' ? null : consentFromCookieHeader(document.cookie);

/** Writes the shopper's choice (essential always included) and answers it as parsed back. */
export function writeConsentCookie(categories: readonly ConsentCategory[]): ConsentChoice {
  const value = serializeConsent(categories);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the consent cookie is the page's own, by design (spec 01 §9)
  document.cookie = `${CONSENT_COOKIE}=${encodeURIComponent(value)}; Max-Age=${CONSENT_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
  return parseConsent(value)!;
}
