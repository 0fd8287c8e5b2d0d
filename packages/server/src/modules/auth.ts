// Identity: registration, login, logout and the profile. Not part of the platform's commerce API
// (its sites log in through their own runtime), so these live under /services/auth. A login always
// starts a new session (a new id and a new CSRF token), so a session id planted before login is useless.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasUnsafeTextCharacters, invalidEmailMessage, isValidEmail, UNSAFE_TEXT_MESSAGE } from '@store/core';
import type { Services } from '../services/index.ts';
import type { SessionStart, StartedSession } from '../services/identity.ts';
import { PASSWORD_MESSAGES, REGISTRATION_SENT_MESSAGE } from '@store/core';
import { TooManyRequests } from '../domain/errors.ts';
import { CSRF_HEADER, callerOf, endSession, setCaller, setSessionCookies } from '../http/caller.ts';
import { newCsrfToken, refuseUnlessCsrfToken } from '../http/csrf.ts';
import { LOGOUT_FORM_FIELD, logoutConfirmationPage } from '../http/logout-page.ts';

const tags = ['Identity'];
export const AUTH = '/services/auth';
const LOGOUT = '/webruntime/logout';

const name = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .refine((v) => !hasUnsafeTextCharacters(v), `${label} ${UNSAFE_TEXT_MESSAGE}.`)
    .trim()
    .min(1, `${label} is required.`)
    .max(80, `${label} is too long.`);
const email = z
  .string({ error: 'Email is required.' })
  .trim()
  .max(254)
  .refine((v) => isValidEmail(v), invalidEmailMessage());

/** `webstoreId`: the store whose buyer groups new shoppers join and whose session context login answers with. */
export function authRoutes(app: FastifyInstance, s: Services, webstoreId: string): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function sessionStart(req: FastifyRequest): Promise<SessionStart> {
    return { webstoreId, previous: await callerOf(s, req), csrfToken: newCsrfToken(), log: req.log };
  }

  /** A rate limit's refusal (429) says when to try again in its Retry-After header, as well as in its message. */
  async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof TooManyRequests) reply.header('Retry-After', String(error.retryAfterS));
      throw error;
    }
  }

  /** The new session's cookies, and the rest of the request sees its caller. */
  function started<B>(
    req: FastifyRequest,
    reply: FastifyReply,
    session: Pick<StartedSession, 'token' | 'csrfToken' | 'caller'> & { body: B },
  ): B {
    setSessionCookies(req, reply, session.token, session.csrfToken);
    setCaller(req, session.caller);
    return session.body;
  }

  r.post(
    `${AUTH}/login`,
    {
      schema: {
        tags,
        summary: 'Log in with email and password',
        body: z.object({
          email: z.string().trim().min(1, 'Email is required.').max(254),
          password: z.string().min(1, 'Password is required.').max(200),
        }),
      },
    },
    async (req, reply) =>
      withRetryAfter(reply, async () =>
        started(req, reply, await s.identity.login(req.body, req.ip, await sessionStart(req))),
      ),
  );

  r.post(
    `${AUTH}/register`,
    {
      schema: {
        tags,
        summary: 'Ask for a shopper login: mails a confirmation link (or, for a known address, a note to its owner)',
        body: z.object({
          firstName: name('First name'),
          lastName: name('Last name'),
          email,
          password: z.string({ error: 'Password is required.' }),
        }),
      },
    },
    async (req, reply) => {
      await s.registration.request(req.body, webstoreId);
      void s.mail.tick();
      // The same answer whether or not the address has an account (the mail says which).
      reply.status(202);
      return {
        status: 'ConfirmationSent' as const,
        email: req.body.email.toLowerCase(),
        message: REGISTRATION_SENT_MESSAGE,
      };
    },
  );

  r.post(
    `${AUTH}/register/confirm`,
    {
      schema: {
        tags,
        summary: 'Finish a registration with the token from its confirmation email (logs the shopper in)',
        body: z.object({ token: z.string({ error: 'token is required.' }).min(1).max(200) }).strict(),
      },
    },
    async (req, reply) => {
      const session = await s.registration.confirm(req.body.token, await sessionStart(req));
      reply.status(201);
      return started(req, reply, session);
    },
  );

  // Issue 15: the page a password-reset link opens posts its token and the new password here (issue 17's
  // "forgot password" reuses it). 204: the shopper then logs in with the new password.
  r.post(
    `${AUTH}/password-reset/confirm`,
    {
      schema: {
        tags,
        summary: 'Set a new password with the token from a password-reset email (ends every session of the user)',
        body: z
          .object({
            token: z.string({ error: 'token is required.' }).min(1).max(200),
            password: z.string({ error: 'Password is required.' }).max(200),
          })
          .strict(),
      },
    },
    async (req, reply) => {
      await s.passwordResets.confirm(req.body.token, req.body.password, webstoreId, req.ip);
      return reply.status(204).send();
    },
  );

  // Issue 17: "forgot password". The same 202 and body for every address (a link is mailed only to a user of
  // the store, within the per-address limit); 429 with Retry-After past the per-client-address limit.
  r.post(
    `${AUTH}/password-reset`,
    {
      schema: {
        tags,
        summary: 'Ask for a password-reset link by email (the same answer whether or not the address has an account)',
        body: z.object({ email }).strict(),
      },
    },
    async (req, reply) => {
      const answer = await withRetryAfter(reply, () => s.forgotPassword.request(req.body.email, req.ip, webstoreId));
      reply.status(202);
      return answer;
    },
  );

  // Issue 17: change the logged-in user's password. Every other session of the user ends; this one continues
  // under a new id and CSRF token (new cookies), as after a login.
  r.post(
    `${AUTH}/password`,
    {
      schema: {
        tags,
        summary: 'Change your password (the current one required; every other session of yours ends)',
        body: z
          .object({
            currentPassword: z
              .string({ error: 'Current password is required.' })
              .min(1, 'Current password is required.')
              .max(200, 'Your current password is not correct.'),
            newPassword: z.string({ error: 'New password is required.' }).max(200, PASSWORD_MESSAGES.tooLong),
          })
          .strict(),
      },
    },
    async (req, reply) =>
      withRetryAfter(reply, async () =>
        started(
          req,
          reply,
          await s.passwordChange.change(await callerOf(s, req), req.body, req.ip, webstoreId, newCsrfToken()),
        ),
      ),
  );

  r.post(`${AUTH}/logout`, { schema: { tags, summary: 'Log out' } }, async (req, reply) => {
    await endSession(s, req, reply);
    return reply.status(204).send();
  });

  r.patch(
    `${AUTH}/profile`,
    {
      schema: {
        tags,
        summary: 'Change the profile names',
        body: z.object({ firstName: name('First name').optional(), lastName: name('Last name').optional() }).strict(),
      },
    },
    async (req) => s.identity.updateProfile(await callerOf(s, req), req.body),
  );

  // spec 01 §2: the logout address is the site base path plus /webruntime/logout; a browser navigates
  // there and comes back to the home page as a guest. A GET carries no CSRF token, so it logs out only a
  // navigation the browser says the shopper started here: Sec-Fetch-Site same-origin (the storefront's own
  // link) or none (typed, a bookmark). Anything else (another site's link or image, a browser or client
  // without fetch metadata) gets a page asking to confirm, whose form posts the session's CSRF token back.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get(LOGOUT, { schema: { tags, summary: 'Log out and return to the home page' } }, async (req, reply) => {
      const site = req.headers['sec-fetch-site'];
      const { session } = await callerOf(s, req);
      if (site === 'same-origin' || site === 'none' || !session) {
        await endSession(s, req, reply);
        return reply.redirect('/', 303);
      }
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(logoutConfirmationPage(LOGOUT, session.csrfToken));
    });

    scope.post(
      LOGOUT,
      {
        schema: {
          tags,
          summary: 'Log out (the confirmation form) and return to the home page',
          // The storefront's form sends the token as a field; a script may send it in the header with no body.
          body: z
            .object({ [LOGOUT_FORM_FIELD]: z.string().max(200).optional() })
            .passthrough()
            .nullish(),
        },
      },
      async (req, reply) => {
        const field = (req.body as Record<string, unknown> | null | undefined)?.[LOGOUT_FORM_FIELD];
        await refuseUnlessCsrfToken(s, req, field ?? req.headers[CSRF_HEADER]);
        await endSession(s, req, reply);
        return reply.redirect('/', 303);
      },
    );
  });
}
