// Orders and subscriptions (our order-summaries resource; the specs show no order screens): the
// history of the effective account (a guest: the orders of their own session), one order in full,
// the signed download links of its datasets, and the account's subscriptions (401 for guests).

import {
  effectiveAccountIdOrNull,
  type DownloadLink,
  type OrderDetail,
  type OrderSummaryCollection,
  type SubscriptionCollection,
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
  getSubscriptions(options?: OrderCallOptions): Promise<SubscriptionCollection>;
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

  return {
    async getOrderSummaries(o = {}) {
      if (o.pageSize !== undefined && (!Number.isInteger(o.pageSize) || o.pageSize < 1 || o.pageSize > 100))
        throw new TypeError("'pageSize' must be a whole number from 1 to 100.");
      return get<OrderSummaryCollection>(ws('order-summaries'), o, { pageSize: o.pageSize, pageToken: o.pageToken });
    },
    getOrderSummary: async (id, o = {}) => get<OrderDetail>(order(id), o),
    getOrderDownloads: async (id, o = {}) => get<{ items: DownloadLink[] }>(order(id, 'downloads'), o),
    getSubscriptions: (o = {}) => get<SubscriptionCollection>(ws('subscriptions'), o),
  };
}
