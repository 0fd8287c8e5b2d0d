// The wire shapes of the workspace's order calls (issue 15 §6): what the server answers and takes, shared with
// the typed client and the workspace pages. The shopper's own order shapes are in checkout.ts.
import type { OrderDetail } from './checkout.ts';

export interface AdminOrderRow {
  id: string;
  orderNumber: string;
  status: string;
  orderedDate: string;
  email: string;
  accountId: string | null;
  accountName: string | null;
  /** Placed by a guest (no login). */
  guest: boolean;
  currencyIsoCode: string;
  grandTotalAmount: string;
  totalRefundedAmount: string;
  paymentMethod: string;
  hasPrintedGoods: boolean;
}

export interface AdminRefund {
  refundId: string;
  kind: string;
  status: string;
  amount: string;
  orderItemIds: string[];
  wholeOrder: boolean;
  reason: string | null;
  gateway: string | null;
  gatewayReference: string | null;
  createdBy: string;
  createdDate: string;
}

export interface AdminOrderDetail extends Omit<OrderDetail, 'refunds'> {
  customer: {
    email: string;
    userId: string | null;
    accountId: string | null;
    accountName: string | null;
    guest: boolean;
  };
  payment: {
    paymentId: string;
    method: string;
    gateway: string;
    gatewayReference: string | null;
    cardBrand: string | null;
    cardLast4: string | null;
    purchaseOrderNumber: string | null;
    amount: string;
    status: string;
  } | null;
  refunds: AdminRefund[];
  /** Each dataset line's download: available, or ended by its refund or the order's cancellation. */
  downloads: Array<{
    orderItemId: string;
    productId: string;
    sku: string;
    name: string;
    status: 'Available' | 'Refunded' | 'Cancelled';
  }>;
  /** How many downloads emails (each with fresh links) the order sent. */
  downloadEmailsSent: number;
  emails: Array<{
    emailId: string;
    kind: string;
    to: string;
    subject: string;
    status: string;
    attempts: number;
    createdDate: string;
    sentDate: string | null;
    lastError: string | null;
  }>;
}

export interface ShipInput {
  carrier: string;
  trackingNumber: string;
}

export interface ShippedGroup {
  deliveryGroupId: string;
  status: 'Shipped';
  carrier: string;
  trackingNumber: string;
  shippedAt: string;
  orderStatus: string;
  emailId: string;
}

export interface RefundInput {
  /** Refund these lines (each with its tax and its part of the order's promotions)… */
  orderItemIds?: string[];
  /** …or everything not yet refunded, delivery and gift wrap included. */
  wholeOrder?: boolean;
  reason?: string | null;
}

export interface RefundAnswer {
  refund: AdminRefund | null;
  orderStatus: string;
  totalRefundedAmount: string;
  /** What happened, in words (a purchase order's credit says so). */
  message: string;
}

/** The orders table's query: paged and sorted like every workspace table, filtered and searched by the server. */
export interface AdminOrderQuery {
  page?: number;
  pageSize?: number;
  /** `orderedDate` (the default, newest first as `-orderedDate`), `orderNumber`, `total`, `status`, `email`. */
  sort?: string;
  /** Order number or email, any part of it. */
  q?: string;
  status?: AdminOrderStatus;
  /** Days (YYYY-MM-DD, UTC), both inclusive. */
  from?: string;
  to?: string;
  accountId?: string;
  /** The buyer's email, exactly (any case). */
  email?: string;
  hasPrintedGoods?: boolean;
}

/** The statuses an order can have once placed (server services/admin/order-status.ts). */
export const ADMIN_ORDER_STATUSES = ['Activated', 'Fulfilled', 'Refunded', 'Cancelled'] as const;
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number];

/** What re-sending the downloads email queued: the email, where it went, and the lines whose links it holds. */
export interface ResentDownloads {
  emailId: string;
  to: string;
  orderItemIds: string[];
}
