// Where to send a visitor after logging in. The return address arrives in the query string, which
// anyone can write, so only a path on this site is followed: otherwise the login page would be an
// open redirect to a look-alike site.

import { isDangerousUrl, isRelativeUrl } from '@store/core';

export const LOGIN_PATH = '/login';
export const REGISTER_PATH = '/register';
export const PROFILE_PATH = '/profile';
/** Spec 01 §2 "Logout": the site base path plus /webruntime/logout (our base path is the root). */
export const LOGOUT_PATH = '/webruntime/logout';

/** The pages a login never returns to. */
const NOT_RETURNED_TO = [
  LOGIN_PATH,
  REGISTER_PATH,
  LOGOUT_PATH,
  '/password-reset',
  '/register/confirm',
  '/forgot-password',
];

// Resolved against a made-up origin: a value that leaves it (//host, /\host, /%09/host after the
// parser drops tabs) names another site.
const PROBE_ORIGIN = 'http://return-url.invalid';

/** A same-site path (with query and hash) for `value`, or '/' when it is missing or unsafe. */
export function safeReturnUrl(value: string | null | undefined): string {
  if (typeof value !== 'string' || !isRelativeUrl(value) || value.includes('\\') || isDangerousUrl(value)) return '/';
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== PROBE_ORIGIN) return '/';
  // '/.//host' normalises to the path '//host', which a browser would read as another site again.
  const path = `${url.pathname.replace(/^\/+/, '/')}${url.search}${url.hash}`;
  // Back to the login or register page would be a loop, and to logout would undo the login. The pages a
  // one-time link opens are no place to return to, and their address holds the link's token, which must not be
  // copied into another address (the header's "Log in" link on them would otherwise carry it).
  if (NOT_RETURNED_TO.includes(url.pathname.replace(/\/+$/, '') || '/')) return '/';
  return path;
}

/**
 * `/login?returnUrl=/the/page`. Slashes stay readable (they are allowed in a query); everything
 * else that could end the parameter (?, &, =, #, spaces) is encoded.
 */
export function loginHref(returnPath?: string | null, page: string = LOGIN_PATH): string {
  const target = returnPath ? safeReturnUrl(returnPath) : '/';
  return target === '/' ? page : `${page}?returnUrl=${encodeURIComponent(target).replace(/%2F/gi, '/')}`;
}

export const registerHref = (returnPath?: string | null): string => loginHref(returnPath, REGISTER_PATH);

/** The path, query and hash of a request URL, as a return address. */
export function pathOfRequest(requestUrl: string): string {
  const url = new URL(requestUrl);
  return `${url.pathname}${url.search}`;
}
