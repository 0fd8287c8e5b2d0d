// The analytics cookie (spec 01 §9: max-age 31536000, category statistics) holds the visitor id of recorded
// activities. The server sets it, httpOnly, when it accepts an activity, and only with statistics consent; any
// request whose consent no longer includes statistics but still carries it gets it cleared, so withdrawing
// consent ends it on the next page or call (a cheap check of two cookies, no database).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ANALYTICS_COOKIE, ANALYTICS_COOKIE_MAX_AGE_S, CONSENT_COOKIE, hasConsent, parseConsent } from '@store/core';

const VISITOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const cookieOptions = (req: FastifyRequest) =>
  ({ path: '/', httpOnly: true, sameSite: 'lax', secure: req.protocol === 'https' }) as const;

export const statisticsConsented = (req: FastifyRequest): boolean =>
  hasConsent(parseConsent(req.cookies?.[CONSENT_COOKIE]), 'statistics');

/** The visitor id of this browser: the cookie's, or a new random one set now (a missing or malformed cookie). */
export function visitorIdOf(req: FastifyRequest, reply: FastifyReply): string {
  const held = req.cookies?.[ANALYTICS_COOKIE];
  if (held && VISITOR_ID.test(held)) return held;
  const id = randomUUID();
  reply.setCookie(ANALYTICS_COOKIE, id, { ...cookieOptions(req), maxAge: ANALYTICS_COOKIE_MAX_AGE_S });
  return id;
}

/**
 * The visitor id a read may use (recently viewed): the cookie's, only with statistics consent and only in the
 * form this server sets; else null (no visitor).
 */
export function consentedVisitorId(req: FastifyRequest): string | null {
  const held = req.cookies?.[ANALYTICS_COOKIE];
  return held && VISITOR_ID.test(held) && statisticsConsented(req) ? held : null;
}

/** Clears the analytics cookie on any request that carries it without statistics consent. */
export function installAnalyticsCookieRule(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (req.cookies?.[ANALYTICS_COOKIE] !== undefined && !statisticsConsented(req))
      reply.clearCookie(ANALYTICS_COOKIE, cookieOptions(req));
  });
}
