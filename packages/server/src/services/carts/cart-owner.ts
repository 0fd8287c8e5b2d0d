// Whose cart a request works on. A logged-in shopper has one active cart per effective account (a
// buyer switching accounts switches carts); a guest's cart belongs to their guest session. Nothing
// the browser sends decides this: the owner comes from the session and the checked effective account.
import type { CatalogueContext } from '../buyer-context.ts';
import type { Webstore } from '../webstores.ts';

export interface CartOwner {
  webstore: Webstore;
  /** null for a guest. */
  userId: string | null;
  accountId: string | null;
  /** The guest's session id; null for a logged-in shopper (and for a guest who has no session yet). */
  guestSessionId: string | null;
  ctx: CatalogueContext;
}

/** The owner for a checked buyer context: the user and effective account, or the guest's session. */
export function cartOwnerOf(webstore: Webstore, ctx: CatalogueContext, guestSessionId: string | null): CartOwner {
  return {
    webstore,
    userId: ctx.userId,
    accountId: ctx.effectiveAccountId,
    guestSessionId: ctx.userId ? null : guestSessionId,
    ctx,
  };
}

/** Whether the cart is the owner's, whatever its status (a placed checkout's cart is Closed but still theirs). */
export function ownsCart(
  owner: CartOwner,
  cart: {
    webstore_id: string;
    owner_user_id: string | null;
    account_id: string | null;
    guest_session_id: string | null;
  },
): boolean {
  if (cart.webstore_id !== owner.webstore.id) return false;
  if (owner.userId) return cart.owner_user_id === owner.userId && (cart.account_id ?? null) === owner.accountId;
  return cart.owner_user_id === null && owner.guestSessionId !== null && cart.guest_session_id === owner.guestSessionId;
}
