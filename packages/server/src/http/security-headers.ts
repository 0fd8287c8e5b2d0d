// The browser security headers and the default caching rule, on every answer the server sends: pages, API
// JSON, images, samples, downloads, static assets, errors and 404s. They are set in one onSend hook, which
// Fastify runs for route replies, the error handler and the not-found handler alike, so no route can forget
// them; and, as a baseline, on the raw response before Fastify routes the request, for the few answers
// Fastify writes itself without any hook (a malformed URL's 400). This file owns the policy; the
// storefront only asks it for the page's nonce (cspNonceOf).
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FRAME_SRC_SOURCES } from '@store/core';

const nonces = new WeakMap<FastifyRequest, string>();

/**
 * The request's CSP nonce: fresh per request (16 random bytes), so a script an attacker injects into a
 * page cannot know it. The storefront writes it on the page's <script> and <style> elements; pages are
 * rendered per request and never kept in a cache, so a nonce is never served twice.
 */
export function cspNonceOf(req: FastifyRequest): string {
  let nonce = nonces.get(req);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    nonces.set(req, nonce);
  }
  return nonce;
}

/**
 * Pages. script-src: our own bundles and the nonce'd elements only; no 'unsafe-inline' and no 'unsafe-eval',
 * so markup that slips into a page (a product description, a crafted URL) cannot run script.
 * style-src: the bundle's stylesheet and the inlined <style> element (nonce'd). style-src-attr allows
 * style="" attributes (the toast stack's z-index, sanitised rich text): they cannot run script, and
 * browsers without style-src-attr fall back to style-src, losing only that cosmetic.
 * img-src data: for the page's empty favicon (`data:,`). connect-src/form-action 'self': the page talks
 * to this server only. object-src 'none': no plugins. base-uri 'none': an injected <base> cannot move
 * relative script URLs. frame-ancestors 'none': no other site may frame a page (clickjacking).
 * frame-src: the video players rich text may embed (core FRAME_SRC_SOURCES, the sanitiser's list) and
 * this site; nothing else may be framed, even if markup slipped past the sanitiser.
 */
function pagePolicy(nonce: string, frameable: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `frame-src 'self' ${FRAME_SRC_SOURCES.join(' ')}`,
    "connect-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    frameable ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Everything that is not a page (JSON, SVG images, CSV, scripts, stylesheets): nothing may load or run
 * if a browser is made to render one as a document (an SVG opened directly cannot run its scripts).
 */
const RESOURCE_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const ALWAYS: Record<string, string> = {
  // Browsers must believe the Content-Type we send: JSON or a CSV is never sniffed into HTML or script.
  'X-Content-Type-Options': 'nosniff',
  // frame-ancestors 'none' for browsers that predate it.
  'X-Frame-Options': 'DENY',
  // Other sites learn only our origin, never a path (order ids, download tokens sit in paths).
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // The store uses none of these powerful features; no script (ours or injected) or frame may ask for them.
  'Permissions-Policy':
    'accelerometer=(), browsing-topics=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=()',
  // A window another site opens gets no handle on ours (and ours none on theirs).
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * Only over TLS (the socket's, or a trusted proxy's X-Forwarded-Proto: req.protocol honours it only from
 * a trusted hop): browsers ignore HSTS over http, and a plain-http store must stay reachable. A year, the
 * store's host only (not includeSubDomains: other hosts under the domain are not ours to decide).
 */
const HSTS = 'max-age=31536000';

/**
 * The caching rule for answers that do not state their own: they depend on who asks (cart, checkout,
 * orders, addresses, session context, account, auth, downloads…), so no cache, shared or the browser's,
 * may keep them. Answers that set a cookie are never cacheable, whatever they said. Public catalogue
 * answers state their own caching (e.g. versioned product calls: public, max-age=300) and keep it.
 */
const PERSONAL = 'private, no-store';

/**
 * The workspace's page composer previews a storefront page in frames of its own (issue 16): a page this
 * origin asks for as a frame may be framed by this origin, never by another. The browser sets the fetch
 * metadata; another site framing a page sends `Sec-Fetch-Site: cross-site` and a page script cannot forge it.
 */
function sameOriginFrame(req: FastifyRequest): boolean {
  return req.headers['sec-fetch-dest'] === 'iframe' && req.headers['sec-fetch-site'] === 'same-origin';
}

/**
 * A page whose address carries a one-time token (a password-reset or registration link: `?token=…`) sends no
 * Referer at all, not even our origin, and neither do the requests it makes: the token is the key to an account.
 */
function carriesToken(req: FastifyRequest): boolean {
  const query = req.url.indexOf('?');
  return query >= 0 && new URLSearchParams(req.url.slice(query + 1)).has('token');
}

function applySecurityHeaders(req: FastifyRequest, reply: FastifyReply): void {
  reply.headers(ALWAYS);
  if (req.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  const type = String(reply.getHeader('content-type') ?? '');
  const page = type.startsWith('text/html');
  if (page && carriesToken(req)) reply.header('Referrer-Policy', 'no-referrer');
  const frameable = page && sameOriginFrame(req);
  if (frameable) reply.header('X-Frame-Options', 'SAMEORIGIN');
  reply.header('Content-Security-Policy', page ? pagePolicy(cspNonceOf(req), frameable) : RESOURCE_POLICY);
  if (!reply.hasHeader('cache-control') || reply.hasHeader('set-cookie')) reply.header('Cache-Control', PERSONAL);
}

/** What every raw response starts with; a reply's own headers (set in onSend) replace these. */
function applyBaseline(res: ServerResponse): void {
  for (const [name, value] of Object.entries(ALWAYS)) res.setHeader(name, value);
  res.setHeader('Content-Security-Policy', RESOURCE_POLICY);
  res.setHeader('Cache-Control', PERSONAL);
}

export function installSecurityHeaders(app: FastifyInstance): void {
  // Before Fastify's own listener, so the headers are on the response whatever Fastify then does with it.
  app.server.prependListener('request', (_req, res) => applyBaseline(res));
  app.addHook('onSend', async (req, reply, payload) => {
    applySecurityHeaders(req, reply);
    return payload;
  });
}
