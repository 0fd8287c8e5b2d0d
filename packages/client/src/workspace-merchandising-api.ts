// The workspace's promotion, store-settings and customer calls (issue 15), part of the workspace client
// (workspace-api.ts): promotions with their coupons and a trial run, the store's settings, accounts, buyers
// (their managed accounts and a password reset) and buyer groups.

import type {
  AdminAccount,
  AdminAccountDetail,
  AdminBuyer,
  AdminBuyerDetail,
  AdminBuyerGroup,
  AdminBuyerGroupDetail,
  AdminPromotion,
  AdminPromotionWithUsage,
  CustomerTableQuery,
  PasswordResetSent,
  PromotionCreate,
  PromotionFields,
  PromotionTableQuery,
  PromotionTrialInput,
  PromotionTrialResult,
  StoreSettings,
  TablePage,
} from '@store/core';
import type { CallOptions } from './call-options.ts';
import { requireId } from './validate.ts';
import type { WorkspaceCall } from './workspace-call.ts';

export interface MerchandisingCalls {
  listPromotions(query: PromotionTableQuery, o?: CallOptions): Promise<TablePage<AdminPromotionWithUsage>>;
  getPromotion(promotionId: string, o?: CallOptions): Promise<AdminPromotionWithUsage>;
  createPromotion(input: PromotionCreate, o?: CallOptions): Promise<AdminPromotion>;
  /** Only the fields sent change; `coupons`, when sent, is the whole list. */
  updatePromotion(promotionId: string, change: Partial<PromotionFields>, o?: CallOptions): Promise<AdminPromotion>;
  tryPromotion(trial: PromotionTrialInput, o?: CallOptions): Promise<PromotionTrialResult>;
  settings(o?: CallOptions): Promise<StoreSettings>;
  /** Each top-level field sent is replaced whole. */
  updateSettings(change: Partial<StoreSettings>, o?: CallOptions): Promise<StoreSettings>;
  listAccounts(query: CustomerTableQuery, o?: CallOptions): Promise<TablePage<AdminAccount>>;
  getAccount(accountId: string, o?: CallOptions): Promise<AdminAccountDetail>;
  updateAccount(
    accountId: string,
    change: { name?: string; buyerGroupIds?: string[] },
    o?: CallOptions,
  ): Promise<AdminAccountDetail>;
  listBuyers(query: CustomerTableQuery, o?: CallOptions): Promise<TablePage<AdminBuyer>>;
  getBuyer(userId: string, o?: CallOptions): Promise<AdminBuyerDetail>;
  /** The whole list of accounts the buyer may act for besides their own. */
  setManagedAccounts(userId: string, accountIds: string[], o?: CallOptions): Promise<AdminBuyerDetail>;
  sendPasswordReset(userId: string, o?: CallOptions): Promise<PasswordResetSent>;
  buyerGroups(o?: CallOptions): Promise<{ items: AdminBuyerGroup[]; total: number }>;
  createBuyerGroup(name: string, o?: CallOptions): Promise<AdminBuyerGroupDetail>;
  getBuyerGroup(buyerGroupId: string, o?: CallOptions): Promise<AdminBuyerGroupDetail>;
  /** `memberAccountIds`, when sent, is the whole member list. */
  updateBuyerGroup(
    buyerGroupId: string,
    change: { name?: string; memberAccountIds?: string[] },
    o?: CallOptions,
  ): Promise<AdminBuyerGroupDetail>;
}

/** A record's path segment: the id checked present and kept inside its segment. */
const segment = (base: string, id: string, what: string) => `${base}/${encodeURIComponent(requireId(id, what))}`;

export function merchandisingCalls(call: WorkspaceCall): MerchandisingCalls {
  const promotion = (id: string) => segment('promotions', id, 'promotionId');
  const account = (id: string) => segment('accounts', id, 'accountId');
  const buyer = (id: string) => segment('buyers', id, 'userId');
  const group = (id: string) => segment('buyer-groups', id, 'buyerGroupId');
  return {
    listPromotions: (query, o = {}) => call('GET', 'promotions', o, { query: { ...query } }),
    getPromotion: (id, o = {}) => call('GET', promotion(id), o),
    createPromotion: (input, o = {}) => call('POST', 'promotions', o, { body: input }),
    updatePromotion: (id, change, o = {}) => call('PATCH', promotion(id), o, { body: change }),
    tryPromotion: (trial, o = {}) => call('POST', 'promotions/actions/try', o, { body: trial }),
    settings: (o = {}) => call('GET', 'settings', o),
    updateSettings: (change, o = {}) => call('PATCH', 'settings', o, { body: change }),
    listAccounts: (query, o = {}) => call('GET', 'accounts', o, { query: { ...query } }),
    getAccount: (id, o = {}) => call('GET', account(id), o),
    updateAccount: (id, change, o = {}) => call('PATCH', account(id), o, { body: change }),
    listBuyers: (query, o = {}) => call('GET', 'buyers', o, { query: { ...query } }),
    getBuyer: (id, o = {}) => call('GET', buyer(id), o),
    setManagedAccounts: (id, accountIds, o = {}) =>
      call('PUT', `${buyer(id)}/managed-accounts`, o, { body: { accountIds } }),
    sendPasswordReset: (id, o = {}) => call('POST', `${buyer(id)}/password-reset`, o),
    buyerGroups: (o = {}) => call('GET', 'buyer-groups', o),
    createBuyerGroup: (name, o = {}) => call('POST', 'buyer-groups', o, { body: { name } }),
    getBuyerGroup: (id, o = {}) => call('GET', group(id), o),
    updateBuyerGroup: (id, change, o = {}) => call('PATCH', group(id), o, { body: change }),
  };
}
