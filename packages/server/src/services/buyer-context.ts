// Who is asking, and for which account: decided here and only here. An effectiveAccountId from the
// browser is honoured only when the logged-in user may act for it (else 403, before anything runs);
// without one, the session's chosen account, else the user's own. Guests act as the store's guest buyer
// group and may not name an account at all. http/context.ts hands in the caller of a request.
import { isAllZeroAccountId } from '@store/core';
import type { Session } from '../auth/sessions.ts';
import { ApiError } from '../domain/errors.ts';
import { toId18 } from '../domain/record-ids.ts';
import type { AccountService, ManagedAccount, UserRow } from './accounts.ts';
import { ADMIN_USER_ID } from './accounts.ts';
import type { CategoryTree, CategoryTreeCache } from './category-tree.ts';
import type { EntitlementService, Visibility } from './entitlements.ts';
import type { Webstore } from './webstores.ts';

/** The session and user behind a request; both null for a guest without a session. */
export interface Caller {
  session: Session | null;
  user: UserRow | null;
}

export interface BuyerContext {
  isGuest: boolean;
  user: UserRow | null;
  session: Session | null;
  userId: string | null;
  isAdmin: boolean;
  effectiveAccount: ManagedAccount | null;
  effectiveAccountId: string | null;
  buyerGroups: Array<{ id: string; name: string }>;
  buyerGroupIds: string[];
  isPreview: boolean;
  currency: string;
}

export interface CatalogueContext extends BuyerContext {
  tree: CategoryTree;
  visibility: Visibility;
}

export const insufficientAccess = (accountId: string) =>
  new ApiError(403, 'INSUFFICIENT_ACCESS', `You don't have access to the account ${accountId}.`);

/** The currency of the session: its own choice when the store's currency is session-driven, else the default. */
function sessionCurrency(store: Webstore, session: Session | null): string {
  const chosen = session?.data.currencyIsoCode;
  return store.settings.sessionDrivenCurrency && chosen && store.settings.supportedCurrencies.includes(chosen)
    ? chosen
    : store.settings.defaultCurrency;
}

/** The currency of a call: a requested one must be supported by the store; else the session's. */
export function requestCurrency(store: Webstore, ctx: Pick<BuyerContext, 'currency'>, requested?: string): string {
  if (!requested) return ctx.currency;
  if (!store.settings.supportedCurrencies.includes(requested)) {
    throw new ApiError(400, 'INVALID_API_INPUT', `The currency ${requested} isn't supported by this store.`);
  }
  return requested;
}

export class BuyerContextService {
  constructor(
    private accounts: AccountService,
    private categories: CategoryTreeCache,
    private entitlements: EntitlementService,
  ) {}

  async buyer(caller: Caller, store: Webstore, effectiveAccountId?: string): Promise<BuyerContext> {
    const named = effectiveAccountId && !isAllZeroAccountId(effectiveAccountId) ? effectiveAccountId : null;
    const { session, user } = caller;
    if (!user) {
      if (named) throw insufficientAccess(named);
      const guestGroups = store.guestBuyerGroupId ? [store.guestBuyerGroupId] : [];
      return {
        isGuest: true,
        user: null,
        session: null,
        userId: null,
        isAdmin: false,
        effectiveAccount: null,
        effectiveAccountId: null,
        buyerGroups: [],
        buyerGroupIds: guestGroups,
        isPreview: false,
        currency: store.settings.defaultCurrency,
      };
    }
    let account: ManagedAccount | null = null;
    if (named) {
      account = await this.accounts.managedAccount(user, toId18(named));
      if (!account) throw insufficientAccess(named);
    } else {
      // The session's choice is re-checked: access to an account can be withdrawn while logged in.
      if (session?.effectiveAccountId) account = await this.accounts.managedAccount(user, session.effectiveAccountId);
      if (!account && user.account_id) account = await this.accounts.managedAccount(user, user.account_id);
    }
    const buyerGroups = account ? await this.accounts.buyerGroups(account.id) : [];
    const isAdmin = user.id === ADMIN_USER_ID || user.role === 'admin';
    return {
      isGuest: false,
      user,
      session,
      userId: user.id,
      isAdmin,
      effectiveAccount: account,
      effectiveAccountId: account?.id ?? null,
      buyerGroups,
      buyerGroupIds: buyerGroups.map((g) => g.id),
      isPreview: isAdmin && session?.data.isPreview === true,
      currency: sessionCurrency(store, session),
    };
  }

  /**
   * The context of a catalogue call (products, categories, prices, search): a guest may browse only
   * when the store allows it (else 401, spec 01 §6), and the buyer's entitlements decide what is visible.
   */
  async catalogue(caller: Caller, store: Webstore, effectiveAccountId?: string): Promise<CatalogueContext> {
    const ctx = await this.buyer(caller, store, effectiveAccountId);
    if (ctx.isGuest && store.settings.guestBrowsingEnabled === false) {
      throw new ApiError(401, 'INVALID_SESSION_ID', 'Log in to browse this store.');
    }
    const tree = await this.categories.get(store.id, store.catalogVersion);
    const visibility = await this.entitlements.visibility(store.id, store.catalogVersion, tree, ctx.buyerGroupIds);
    return { ...ctx, tree, visibility };
  }
}
