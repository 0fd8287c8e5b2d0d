// Account-side store calls (spec 01 §4, §7): the session context update that switches the account a
// buyer acts for, the managed accounts a buyer may choose from, and one effective account's detail.

import type {
  EffectiveAccountDetail,
  ExternalManagedAccountCollection,
  SessionContext,
  SessionContextUpdate,
} from '@store/core';
import type { CallOptions, FieldList } from './call-options.ts';
import type { Http } from './http.ts';
import { optionalText, requireEffectiveAccountId, requireSomeOf } from './validate.ts';

export interface GetManagedAccountsOptions extends CallOptions {
  /** Also list the user's own account (flagged isMyAccount). */
  includeMyAccount?: boolean;
}

export interface GetEffectiveAccountOptions extends CallOptions {
  /** Account fields to return in `fields`, e.g. ['Name', 'BillingCity']. */
  fields?: FieldList;
}

export interface AccountCalls {
  /**
   * Changes what the session acts for (spec 01 §4: "Changing the effective account updates the
   * session context"): the effective account, preview (administrators only) or the currency.
   * Answers the updated session context; 403 INSUFFICIENT_ACCESS for an account the user may not use.
   */
  updateSessionContext(update: SessionContextUpdate, options?: CallOptions): Promise<SessionContext>;
  getManagedAccounts(options?: GetManagedAccountsOptions): Promise<ExternalManagedAccountCollection>;
  getEffectiveAccount(
    effectiveAccountId: string,
    options?: GetEffectiveAccountOptions,
  ): Promise<EffectiveAccountDetail>;
}

const UPDATE_KEYS = ['effectiveAccountId', 'isPreview', 'currencyIsoCode'] as const;

export function createAccountCalls(http: Http): AccountCalls {
  const ws = http.webstorePath;
  return {
    async updateSessionContext(update, o = {}) {
      const u = requireSomeOf<SessionContextUpdate>(update, UPDATE_KEYS, 'update');
      if (u.isPreview !== undefined && typeof u.isPreview !== 'boolean')
        throw new TypeError("'isPreview' must be a boolean.");
      // Only the known keys travel: a caller's extra properties must not reach the server.
      const body: SessionContextUpdate = {
        effectiveAccountId:
          u.effectiveAccountId === undefined ? undefined : requireEffectiveAccountId(u.effectiveAccountId),
        isPreview: u.isPreview,
        currencyIsoCode: optionalText(u.currencyIsoCode, 'currencyIsoCode'),
      };
      const res = await http.request<SessionContext>({
        method: 'PATCH',
        path: ws('session-context'),
        body,
        signal: o.signal,
      });
      return res.data;
    },

    async getManagedAccounts(o = {}) {
      const res = await http.request<ExternalManagedAccountCollection>({
        path: ws('external-managed-accounts'),
        query: { includeMyAccount: o.includeMyAccount },
        signal: o.signal,
      });
      return res.data;
    },

    async getEffectiveAccount(effectiveAccountId, o = {}) {
      const id = requireEffectiveAccountId(effectiveAccountId);
      const res = await http.request<EffectiveAccountDetail>({
        path: ws('effective-accounts', id),
        query: { fields: o.fields },
        signal: o.signal,
      });
      return res.data;
    },
  };
}
