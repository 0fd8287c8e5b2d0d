// The workspace's order calls (issue 15 §6): the table, one order, shipping a delivery group, re-sending the
// downloads email, refunds and cancellation. Part of the `@store/client/workspace` entry (workspace-api.ts
// spreads them into its client), so a shopper's pages never download them. A refund or cancellation may carry
// an Idempotency-Key: the server answers a retry with the same key with the first refund instead of a second.

import {
  IDEMPOTENCY_KEY_HEADER,
  type AdminOrderDetail,
  type AdminOrderQuery,
  type AdminOrderRow,
  type RefundAnswer,
  type RefundInput,
  type ResentDownloads,
  type ShipInput,
  type ShippedGroup,
  type TablePage,
} from '@store/core';
import type { CallOptions } from './call-options.ts';
import type { WorkspaceCall } from './workspace-call.ts';
import { requireId, requireText } from './validate.ts';

/** Options of a call that moves money: the key that makes a retry safe. */
export interface RefundCallOptions extends CallOptions {
  idempotencyKey?: string;
}

export interface WorkspaceOrderCalls {
  listOrders(query: AdminOrderQuery, o?: CallOptions): Promise<TablePage<AdminOrderRow>>;
  getOrder(orderId: string, o?: CallOptions): Promise<AdminOrderDetail>;
  shipDeliveryGroup(orderId: string, deliveryGroupId: string, input: ShipInput, o?: CallOptions): Promise<ShippedGroup>;
  resendDownloads(orderId: string, o?: CallOptions): Promise<ResentDownloads>;
  refundOrder(orderId: string, input: RefundInput, o?: RefundCallOptions): Promise<RefundAnswer>;
  cancelOrder(orderId: string, reason: string, o?: RefundCallOptions): Promise<RefundAnswer>;
}

export function workspaceOrderCalls(call: WorkspaceCall): WorkspaceOrderCalls {
  const order = (id: string) => `orders/${encodeURIComponent(requireId(id, 'orderId'))}`;
  const keyed = (o: RefundCallOptions) =>
    o.idempotencyKey === undefined
      ? undefined
      : { [IDEMPOTENCY_KEY_HEADER]: requireText(o.idempotencyKey, 'idempotencyKey').trim() };
  return {
    listOrders: (query, o = {}) => call('GET', 'orders', o, { query: { ...query } }),
    getOrder: (id, o = {}) => call('GET', order(id), o),
    shipDeliveryGroup: (id, groupId, input, o = {}) =>
      call(
        'POST',
        `${order(id)}/delivery-groups/${encodeURIComponent(requireId(groupId, 'deliveryGroupId'))}/actions/ship`,
        o,
        { body: input },
      ),
    resendDownloads: (id, o = {}) => call('POST', `${order(id)}/actions/resend-downloads`, o),
    refundOrder: (id, input, o = {}) => call('POST', `${order(id)}/refunds`, o, { body: input, headers: keyed(o) }),
    cancelOrder: (id, reason, o = {}) =>
      call('POST', `${order(id)}/actions/cancel`, o, {
        body: { reason: requireText(reason, 'reason') },
        headers: keyed(o),
      }),
  };
}
