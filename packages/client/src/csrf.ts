// CSRF protection for state-changing calls: the server sets a JS-readable `csrf_token` cookie and
// refuses any POST/PUT/PATCH/DELETE whose X-CSRF-Token header does not repeat it (double submit).
// Login and registration rotate the cookie, so the value is read at each request, never cached.

export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'X-CSRF-Token';

/** Methods that never change state and therefore carry no token. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function needsCsrfToken(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/** One cookie's value from a `document.cookie` string, or null. Values are URI-decoded when they can be. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/**
 * The token from the page's cookies; null outside a browser (server render, Node), where the
 * caller injects its own source if it sends state-changing requests at all.
 */
export function browserCsrfToken(): string | null {
  const doc = (globalThis as { document?: { cookie?: unknown } }).document;
  return doc && typeof doc.cookie === 'string' ? readCookie(doc.cookie, CSRF_COOKIE) : null;
}
