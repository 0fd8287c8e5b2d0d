// GET shopperAgent/context (spec 01 §7, issue 18): what an AI assistant needs to act for its caller in this store:
// who it acts as, for which account (checked by the buyer-context service like every effectiveAccountId), the
// currency, the caller's cart, where the MCP server listens and which of its tools the caller may use.
import { agentToolsFor, type ShopperAgentContext } from '@store/core';
import type { Caller } from '../buyer-context.ts';
import { cartOwnerOf } from '../carts/cart-owner.ts';
import type { Services } from '../index.ts';
import type { Webstore } from '../webstores.ts';

/** The MCP server's path on this server (modules/mcp.ts). */
export const MCP_PATH = '/mcp';
const LOCALE = 'en-US';

export async function shopperAgentContext(
  s: Services,
  caller: Caller,
  store: Webstore,
  effectiveAccountId: string | undefined,
  origin: string,
): Promise<ShopperAgentContext> {
  // The catalogue context: a store closed to guests is closed to a guest's agent too (401).
  const ctx = await s.buyers.catalogue(caller, store, effectiveAccountId);
  // A guest's cart is their guest session's (a cookie caller); a token caller always has a user.
  const owner = cartOwnerOf(store, ctx, ctx.isGuest ? (caller.session?.id ?? null) : null);
  const cart = ctx.isGuest && !owner.guestSessionId ? null : await s.carts.find(owner, 'current');
  const summary = cart ? s.carts.summary(owner, cart) : null;
  return {
    webstoreId: store.id,
    storeName: store.name,
    isAuthenticated: !ctx.isGuest,
    userId: ctx.userId,
    effectiveAccountId: ctx.effectiveAccountId,
    effectiveAccountName: ctx.effectiveAccount?.name ?? null,
    currencyIsoCode: summary?.currencyIsoCode ?? ctx.currency,
    locale: LOCALE,
    cartId: summary?.cartId ?? null,
    cartItemCount: summary ? Number(summary.totalProductCount) : 0,
    mcpEndpoint: `${origin}${MCP_PATH}`,
    tools: agentToolsFor(!ctx.isGuest),
  };
}
