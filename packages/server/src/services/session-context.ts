// The session context answer (who is shopping, for which account, in which currency): the body of
// GET session-context and of a login or registration.
import type { SessionContext } from '@store/core';
import type { SessionStore } from '../auth/sessions.ts';
import type { BuyerContext } from './buyer-context.ts';

export async function sessionContextBody(sessions: SessionStore, ctx: BuyerContext): Promise<SessionContext> {
  const user = ctx.user;
  const own = user?.account_id && ctx.effectiveAccount?.id === user.account_id ? ctx.effectiveAccount : null;
  return {
    accountId: user?.account_id ?? null,
    accountName: own?.name ?? null,
    effectiveAccountId: ctx.effectiveAccountId,
    effectiveAccountName: ctx.effectiveAccount?.name ?? null,
    buyerGroups: ctx.buyerGroups,
    guestUser: ctx.isGuest,
    isLoggedIn: !ctx.isGuest,
    isPreview: ctx.isPreview,
    profile: user
      ? { userName: user.email, firstName: user.first_name, lastName: user.last_name, email: user.email }
      : null,
    userId: ctx.userId,
    userName: user?.first_name ?? null,
    userType: ctx.isGuest ? 'Guest' : 'Standard',
    // Guest details live in the browser's session storage (spec 01 §3), never on the server.
    guestUserDetails: null,
    currencyIsoCode: ctx.currency,
    language: 'en-US',
    idleTimeoutSeconds: ctx.isGuest ? null : await sessions.idleTimeoutS(),
  };
}
