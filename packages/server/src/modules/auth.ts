// Identity: registration, login, logout and the profile. Not part of the platform's commerce API
// (its sites log in through their own runtime), so these live under /services/auth. A login always
// starts a new session (a new id and a new CSRF token), so a session id planted before login is useless.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidEmailMessage, isValidEmail } from '@store/core';
import type { Services } from '../services/index.ts';
import type { UserRow } from '../services/accounts.ts';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/passwords.ts';
import { callerOf, endSession, setCaller, setSessionCookies } from '../http/caller.ts';
import { newCsrfToken } from '../http/csrf.ts';
import { ApiError, badInput } from '../domain/errors.ts';
import { buyerContext, catalogueContext } from '../http/context.ts';
import type { Webstore } from '../services/webstores.ts';
import type { CartPreserveResult } from '@store/core';
import { mergeGuestCart } from '../services/carts/guest-cart.ts';
import { cartOwnerOf } from '../services/carts/cart-owner.ts';
import { sessionContextBody } from './context.ts';

const tags = ['Identity'];
export const AUTH = '/services/auth';
const INVALID_LOGIN = 'Your login attempt has failed. Make sure the username and password are correct.';

const name = (label: string) =>
  z
    .string({ error: `${label} is required.` })
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

  /** Ends any current session, starts a new one for the user, and answers with their session context. */
  async function startSession(req: FastifyRequest, reply: FastifyReply, user: UserRow) {
    const previous = await callerOf(s, req);
    const guestSessionId = previous.user ? null : (previous.session?.id ?? null);
    const csrfToken = newCsrfToken();
    const { token, session } = await s.sessions.create({
      userId: user.id,
      effectiveAccountId: user.account_id,
      csrfToken,
    });
    setSessionCookies(req, reply, token, csrfToken);
    setCaller(req, { session, user });
    const store = await s.webstores.get(webstoreId).catch(() => null);
    // The guest's cart joins the shopper's now, once (spec 02 §4); the guest session ends after it.
    const cartMerge = store && guestSessionId ? await mergeAtLogin(req, store, guestSessionId) : null;
    if (previous.session) await s.sessions.destroy(previous.session.id);
    if (!store) return { userId: user.id, userName: user.first_name, cartMerge };
    return { ...(await sessionContextBody(s, await buyerContext(s, req, store))), cartMerge };
  }

  /** A failed merge must not fail the login: the shopper is in, and the guest lines are reported lost. */
  async function mergeAtLogin(
    req: FastifyRequest,
    store: Webstore,
    guestSessionId: string,
  ): Promise<CartPreserveResult | null> {
    try {
      const ctx = await catalogueContext(s, req, store);
      const owner = cartOwnerOf(store, ctx, null);
      const merged = await mergeGuestCart(s, guestSessionId, owner);
      const cart = merged ? await s.carts.findCurrent(owner) : null;
      return merged && cart ? { ...merged, cartId: cart.id } : merged;
    } catch (err) {
      req.log.error(err, 'guest cart merge failed');
      return null;
    }
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
    async (req, reply) => {
      const { email: address, password } = req.body;
      const wait = await s.loginLimiter.retryAfterS(address, req.ip);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        throw new ApiError(
          429,
          'TOO_MANY_REQUESTS',
          `Too many failed login attempts. Try again in ${Math.ceil(wait / 60)} minutes.`,
        );
      }
      const user = await s.accounts.userByEmail(address);
      const check = await verifyPassword(password, user?.password_hash ?? null);
      if (!user || !check.ok) {
        await s.loginLimiter.recordFailure(address, req.ip);
        throw new ApiError(401, 'INVALID_LOGIN', INVALID_LOGIN);
      }
      await s.loginLimiter.recordSuccess(address);
      if (check.needsRehash) await s.accounts.setPasswordHash(user.id, await hashPassword(password));
      return startSession(req, reply, user);
    },
  );

  r.post(
    `${AUTH}/register`,
    {
      schema: {
        tags,
        summary: 'Create a shopper login (and a personal account)',
        body: z.object({
          firstName: name('First name'),
          lastName: name('Last name'),
          email,
          password: z.string({ error: 'Password is required.' }),
        }),
      },
    },
    async (req, reply) => {
      const { firstName, lastName, password } = req.body;
      const address = req.body.email.toLowerCase();
      const problem = passwordProblem(password);
      if (problem) throw badInput(problem);
      const duplicate = () =>
        new ApiError(409, 'DUPLICATE_VALUE', 'An account with this email already exists. Log in instead.');
      if (await s.accounts.userByEmail(address)) throw duplicate();
      const store = await s.webstores.get(webstoreId);
      const passwordHash = await hashPassword(password);
      let user: UserRow;
      try {
        user = await s.accounts.registerShopper({
          email: address,
          firstName,
          lastName,
          passwordHash,
          shopperBuyerGroupId: store.shopperBuyerGroupId,
        });
      } catch (error) {
        // Two registrations of one email at once: the unique index decides, the loser hears why.
        if (await s.accounts.userByEmail(address)) throw duplicate();
        throw error;
      }
      reply.status(201);
      return startSession(req, reply, user);
    },
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
    async (req) => {
      const { user } = await callerOf(s, req);
      if (!user) throw new ApiError(401, 'INVALID_SESSION_ID', 'Log in to change your profile.');
      const updated = await s.accounts.updateProfile(user.id, {
        ...(req.body.firstName !== undefined ? { first_name: req.body.firstName } : {}),
        ...(req.body.lastName !== undefined ? { last_name: req.body.lastName } : {}),
      });
      return {
        firstName: updated.first_name,
        lastName: updated.last_name,
        email: updated.email,
        userName: updated.email,
      };
    },
  );

  // spec 01 §2: the logout address is the site base path plus /webruntime/logout; a browser navigates
  // there and comes back to the home page as a guest. A navigation started by another site does not
  // log anyone out (it is a GET, so it carries no CSRF token; Sec-Fetch-Site tells us where it came from).
  app.get(
    '/webruntime/logout',
    { schema: { tags, summary: 'Log out and return to the home page' } },
    async (req, reply) => {
      if (req.headers['sec-fetch-site'] !== 'cross-site') await endSession(s, req, reply);
      return reply.redirect('/', 303);
    },
  );
}
