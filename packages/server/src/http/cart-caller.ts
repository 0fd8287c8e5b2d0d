// The cart owner of a request, for the cart and checkout routes alike. Guests need the store's guest
// cart setting; their first write makes their guest session (a read without one simply finds no cart).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services/index.ts';
import { cartOwnerOf, type CartOwner } from '../services/carts/cart-owner.ts';
import { catalogueContext } from './context.ts';
import { callerOf, ensureGuestSession } from './caller.ts';
import { ApiError } from '../domain/errors.ts';

export async function cartOwnerFor(
  s: Services,
  req: FastifyRequest,
  reply: FastifyReply,
  webstoreId: string,
  effectiveAccountId: string | undefined,
  write: boolean,
): Promise<CartOwner> {
  const store = await s.webstores.get(webstoreId);
  const ctx = await catalogueContext(s, req, store, effectiveAccountId);
  let guestSessionId: string | null = null;
  if (ctx.isGuest) {
    if (!store.settings.guestCartEnabled) throw new ApiError(401, 'INVALID_SESSION_ID', 'Log in to use a cart.');
    const { session } = await callerOf(s, req);
    guestSessionId = session?.id ?? (write ? (await ensureGuestSession(s, req, reply)).id : null);
  }
  return cartOwnerOf(store, ctx, guestSessionId);
}
