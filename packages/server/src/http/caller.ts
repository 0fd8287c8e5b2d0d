// Who sent a request: the session behind the `sid` cookie and its user, loaded once per request.
// A request without a logged-in session is a guest; nothing the browser sends can make it otherwise.
// A guest may still have a session (user null): it is made the first time they write to a cart, so
// the cart survives between requests and processes, and login can merge it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from '../auth/sessions.ts';
import type { Caller } from '../services/buyer-context.ts';
import type { Services } from '../services/index.ts';

export const SESSION_COOKIE = 'sid';
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';

const GUEST: Caller = { session: null, user: null };
const callers = new WeakMap<FastifyRequest, Promise<Caller>>();

export function callerOf(s: Services, req: FastifyRequest): Promise<Caller> {
  let caller = callers.get(req);
  if (!caller) {
    caller = loadCaller(s, req);
    callers.set(req, caller);
  }
  return caller;
}

/** After login or logout the rest of the request sees the new caller. */
export function setCaller(req: FastifyRequest, caller: Caller): void {
  callers.set(req, Promise.resolve(caller));
}

async function loadCaller(s: Services, req: FastifyRequest): Promise<Caller> {
  const token = req.cookies?.[SESSION_COOKIE];
  if (!token) return GUEST;
  const session = await s.sessions.load(token);
  if (!session) return GUEST;
  if (!session.userId) return { session, user: null };
  const user = await s.accounts.userById(session.userId);
  if (!user) {
    await s.sessions.destroy(session.id);
    return GUEST;
  }
  return { session, user };
}

const secure = (req: FastifyRequest) => req.protocol === 'https';

export function setSessionCookies(req: FastifyRequest, reply: FastifyReply, token: string, csrfToken: string): void {
  // httpOnly: page scripts never see the session token. SameSite=Lax: other sites cannot send it
  // with their forms or fetches; a plain link to the store still arrives logged in.
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(req) });
  setCsrfCookie(req, reply, csrfToken);
}

/** Readable by page scripts, which echo it in the X-CSRF-Token header (double submit). */
export function setCsrfCookie(req: FastifyRequest, reply: FastifyReply, csrfToken: string): void {
  reply.setCookie(CSRF_COOKIE, csrfToken, { path: '/', httpOnly: false, sameSite: 'lax', secure: secure(req) });
}

function clearSessionCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(req) });
}

/** The guest's session, made on their first cart write; the csrf token they already hold stays theirs. */
export async function ensureGuestSession(s: Services, req: FastifyRequest, reply: FastifyReply): Promise<Session> {
  const caller = await callerOf(s, req);
  if (caller.user) throw new Error('ensureGuestSession is for guests');
  if (caller.session) return caller.session;
  const csrfToken = req.cookies?.[CSRF_COOKIE] ?? '';
  const { token, session } = await s.sessions.create({ userId: null, effectiveAccountId: null, csrfToken });
  setSessionCookies(req, reply, token, csrfToken);
  setCaller(req, { session, user: null });
  return session;
}

/** Logging out, however it is asked for: the session row goes and the browser forgets the cookie. */
export async function endSession(s: Services, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  await s.identity.logout(await callerOf(s, req));
  clearSessionCookie(req, reply);
  setCaller(req, GUEST);
}
