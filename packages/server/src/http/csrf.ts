// CSRF protection on every state-changing call: the X-CSRF-Token header must equal the csrf_token
// cookie (which only pages of this origin can read) and, once logged in, the token stored with the
// session. A cross-site Origin header is refused outright. Read-only POSTs (a search or a price list
// sent in the body) are exempt: they change nothing.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services/index.ts';
import { CSRF_COOKIE, CSRF_HEADER, callerOf, setCsrfCookie } from './caller.ts';
import { ApiError } from '../domain/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const READ_ONLY_POSTS = [
  /\/commerce\/webstores\/[^/]+\/search\/product-search$/,
  /\/commerce\/webstores\/[^/]+\/pricing\/products$/,
  // Promotion evaluations are dry runs: they write nothing.
  /\/commerce\/promotions\/actions\/evaluate(-products)?$/,
];

/**
 * Forms posted by a plain HTML page (no script to set a header) carry the token as a form field instead; the
 * route checks it with `refuseUnlessCsrfToken` once the body is read. The Origin check still applies here.
 */
const FORM_TOKEN_POSTS = [/^\/webruntime\/logout$/];

/**
 * The MCP server (modules/mcp.ts) never reads cookies: its caller is the `Authorization: Bearer` agent token, which
 * a browser never adds by itself to another site's request, or a guest limited to reading. A forged cross-site
 * request therefore carries no authority there, and the cookie CSRF check has nothing to protect.
 */
const BEARER_ONLY = /^\/mcp$/;

export const newCsrfToken = (): string => randomBytes(24).toString('base64url');

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const refused = () =>
  new ApiError(403, 'INVALID_CSRF_TOKEN', 'This request is missing a valid CSRF token. Reload the page and try again.');

function crossOrigin(req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (!origin || origin === 'null') return origin === 'null';
  try {
    // req.host is the Host header, or a trusted proxy's X-Forwarded-Host (TRUST_PROXY), so a proxy that rewrites Host
    // to an internal name does not make the store's own pages cross-origin.
    return new URL(origin).host !== req.host;
  } catch {
    return true;
  }
}

export function installCsrfProtection(app: FastifyInstance, s: Services): void {
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method)) return;
    const path = req.url.split('?')[0]!;
    if (BEARER_ONLY.test(path)) return;
    if (req.method === 'POST' && READ_ONLY_POSTS.some((re) => re.test(path))) return;
    if (crossOrigin(req)) throw refused();
    if (req.method === 'POST' && FORM_TOKEN_POSTS.some((re) => re.test(path))) return;
    await refuseUnlessCsrfToken(s, req, req.headers[CSRF_HEADER]);
  });
}

/** The token sent (header or form field) must equal the csrf_token cookie and, once logged in, the session's. */
export async function refuseUnlessCsrfToken(s: Services, req: FastifyRequest, token: unknown): Promise<void> {
  const cookie = req.cookies?.[CSRF_COOKIE];
  if (typeof token !== 'string' || !token || !cookie || !same(token, cookie)) throw refused();
  const { session } = await callerOf(s, req);
  if (session && !same(token, session.csrfToken)) throw refused();
}

/** Gives a first-time visitor the token their page scripts will echo. */
export function ensureCsrfCookie(req: FastifyRequest, reply: FastifyReply): void {
  if (!req.cookies?.[CSRF_COOKIE]) setCsrfCookie(req, reply, newCsrfToken());
}
