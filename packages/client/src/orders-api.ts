// Orders and subscriptions (our order-summaries resource; the specs show no order screens): the
// history of the effective account (a guest: the orders of their own session), one order in full,
// the signed download links of its datasets, every purchased dataset of the account (issue 17), and the
// account's subscriptions with the auto-renew switch (401 for guests).

import {
  ACCOUNT_DOWNLOADS_MAX_PAGE_SIZE,
  effectiveAccountIdOrNull,
  type AccountDownloadCollection,
  type DownloadLink,
  type OrderDetail,
  type OrderSummaryCollection,
  type SubscriptionCollection,
  type SubscriptionView,
} from '@store/core';
import type { CallOptions } from './call-options.ts';
import type { Http } from './http.ts';
import { requireId } from './validate.ts';

export interface OrderCallOptions extends CallOptions {
  effectiveAccountId?: string;
}

export interface GetOrderSummariesOptions extends OrderCallOptions {
  /** 1 to 100; the server's default is 25. */
  pageSize?: number;
  pageToken?: string;
}

export interface OrderCalls {
  getOrderSummaries(options?: GetOrderSummariesOptions): Promise<OrderSummaryCollection>;
  getOrderSummary(orderSummaryId: string, options?: OrderCallOptions): Promise<OrderDetail>;
  /** GET order-summaries/{id}/downloads: one signed, expiring link per dataset the order paid for. */
  getOrderDownloads(orderSummaryId: string, options?: OrderCallOptions): Promise<{ items: DownloadLink[] }>;
  /**
   * GET downloads (issue 17): every purchased dataset of the effective account, newest order first, each with a
   * fresh signed link; 401 for guests.
   */
  getAccountDownloads(options?: GetOrderSummariesOptions): Promise<AccountDownloadCollection>;
  getSubscriptions(options?: OrderCallOptions): Promise<SubscriptionCollection>;
  /**
   * PATCH subscriptions/{id} {autoRenew} (issue 17): switched off, an auto-renew subscription ends at the end of
   * the current term; back on while it has not ended. 409 for a fixed term or an ended one; 404 another account's.
   */
  setSubscriptionAutoRenew(
    subscriptionId: string,
    autoRenew: boolean,
    options?: OrderCallOptions,
  ): Promise<SubscriptionView>;
}

const account = (id: string | undefined) => effectiveAccountIdOrNull(id) ?? undefined;

export function createOrderCalls(http: Http): OrderCalls {
  const ws = http.webstorePath;
  async function get<T>(
    path: string,
    o: OrderCallOptions,
    query: Record<string, string | number | undefined> = {},
  ): Promise<T> {
    return (
      await http.request<T>({
        path,
        query: { ...query, effectiveAccountId: account(o.effectiveAccountId) },
        signal: o.signal,
      })
    ).data;
  }
  const order = (id: unknown, ...rest: string[]) => ws('order-summaries', requireId(id, 'orderSummaryId'), ...rest);
  const pageSizeUpTo = (max: number, pageSize: number | undefined) => {
    if (pageSize !== undefined && (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > max))
      throw new TypeError(`'pageSize' must be a whole number from 1 to ${max}.`);
    return pageSize;
  };

  return {
    async getOrderSummaries(o = {}) {
      const pageSize = pageSizeUpTo(100, o.pageSize);
      return get<OrderSummaryCollection>(ws('order-summaries'), o, { pageSize, pageToken: o.pageToken });
    },
    async getAccountDownloads(o = {}) {
      const pageSize = pageSizeUpTo(ACCOUNT_DOWNLOADS_MAX_PAGE_SIZE, o.pageSize);
      return get<AccountDownloadCollection>(ws('downloads'), o, { pageSize, pageToken: o.pageToken });
    },
    getOrderSummary: async (id, o = {}) => get<OrderDetail>(order(id), o),
    getOrderDownloads: async (id, o = {}) => get<{ items: DownloadLink[] }>(order(id, 'downloads'), o),
    getSubscriptions: (o = {}) => get<SubscriptionCollection>(ws('subscriptions'), o),
    async setSubscriptionAutoRenew(id, autoRenew, o = {}) {
      if (typeof autoRenew !== 'boolean') throw new TypeError("'autoRenew' must be true or false.");
      return (
        await http.request<SubscriptionView>({
          method: 'PATCH',
          path: ws('subscriptions', requireId(id, 'subscriptionId')),
          query: { effectiveAccountId: account(o.effectiveAccountId) },
          body: { autoRenew },
          signal: o.signal,
        })
      ).data;
    },
  };
}
