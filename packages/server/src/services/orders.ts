// Orders after they are placed: history and detail (our order-summaries resource; the platform's shape
// is not shown in the specs), download links for the datasets an order paid for, and subscriptions.
// Who may see an order: the buyers of its account (the effective account, checked by the caller's
// context), or, for a guest's order, the guest session that placed it. Anyone else gets a 404: another
// account's order is as absent as one that never existed.
import type { Kysely } from 'kysely';
import {
  minorUnitsToDecimal,
  sellingModelTypeLabel,
  termLengthLabel,
  billingFrequencyLabel,
  type CheckoutAddress,
  type ContactInfo,
  type DeliveryGroupStatus,
  type OrderRefundView,
  type DownloadLink,
  type OrderDetail,
  type OrderLine,
  type OrderSummary,
  type OrderSummaryCollection,
  type PricingTermUnit,
  type SubscriptionCollection,
  type SubscriptionView,
} from '@store/core';
import type { Database, SalesOrderTable, SubscriptionTable } from '../db/schema.ts';
import { ApiError } from '../domain/errors.ts';
import { listSelectionOnLine } from './dataset-lists/selection-on-line.ts';
import type { Webstore } from './webstores.ts';
import { type DownloadableItem, downloadableItems } from './order-downloads.ts';

/** Who is asking: a logged-in buyer for an account, or a guest by their session. */
export interface OrderViewer {
  userId: string | null;
  accountId: string | null;
  guestSessionId: string | null;
}

const money = minorUnitsToDecimal;
export const orderNotFound = (id: string) =>
  new ApiError(404, 'ITEM_NOT_FOUND', `The order ${id} doesn't exist or isn't yours.`);

export function canSeeOrder(
  viewer: OrderViewer,
  o: Pick<SalesOrderTable, 'owner_user_id' | 'account_id' | 'guest_session_id'>,
): boolean {
  if (viewer.userId) return !!o.owner_user_id && o.account_id !== null && o.account_id === viewer.accountId;
  return !o.owner_user_id && !!viewer.guestSessionId && o.guest_session_id === viewer.guestSessionId;
}

function statusLabel(store: Webstore, status: string): string {
  return store.settings.orderStatuses?.find((s) => s.apiName === status)?.displayValue ?? status;
}

export class OrderService {
  constructor(private db: Kysely<Database>) {}

  private summaryOf(store: Webstore, o: SalesOrderTable, accountName: string | null): OrderSummary {
    return {
      orderSummaryId: o.id,
      orderNumber: o.order_number,
      status: o.status,
      statusLabel: statusLabel(store, o.status),
      orderedDate: o.created_at,
      accountId: o.account_id,
      accountName,
      currencyIsoCode: o.currency,
      taxType: o.tax_type as 'Net' | 'Gross',
      totalListAmount: money(o.total_list_minor),
      totalProductAmount: money(o.total_product_minor),
      totalAdjustmentAmount: money(o.total_adjust_minor),
      totalChargeAmount: money(o.total_charge_minor),
      totalGiftWrapAmount: money(o.total_gift_wrap_minor),
      totalTaxAmount: money(o.total_tax_minor),
      grandTotalAmount: money(o.grand_total_minor),
      totalProductCount: String(o.total_quantity),
      paymentMethod: o.payment_method,
      purchaseOrderNumber: o.po_number,
    };
  }

  async list(
    store: Webstore,
    viewer: OrderViewer,
    q: { pageSize: number; pageToken: number },
  ): Promise<OrderSummaryCollection> {
    let query = this.db
      .selectFrom('sales_order')
      .leftJoin('account', 'account.id', 'sales_order.account_id')
      .selectAll('sales_order')
      .select('account.name as account_name')
      .where('sales_order.webstore_id', '=', store.id);
    if (viewer.userId) {
      if (!viewer.accountId) return { count: 0, orderSummaries: [], pageSize: q.pageSize, nextPageToken: null };
      query = query
        .where('sales_order.account_id', '=', viewer.accountId)
        .where('sales_order.owner_user_id', 'is not', null);
    } else {
      if (!viewer.guestSessionId) return { count: 0, orderSummaries: [], pageSize: q.pageSize, nextPageToken: null };
      query = query
        .where('sales_order.guest_session_id', '=', viewer.guestSessionId)
        .where('sales_order.owner_user_id', 'is', null);
    }
    const rows = await query
      .orderBy('sales_order.created_at', 'desc')
      .orderBy('sales_order.id', 'desc')
      .limit(q.pageSize + 1)
      .offset(q.pageToken * q.pageSize)
      .execute();
    const page = rows.slice(0, q.pageSize);
    return {
      count: page.length,
      orderSummaries: page.map((r) => this.summaryOf(store, r, r.account_name ?? null)),
      pageSize: q.pageSize,
      nextPageToken: rows.length > q.pageSize ? String(q.pageToken + 1) : null,
    };
  }

  /** The order row, checked to be the viewer's. */
  async require(store: Webstore, viewer: OrderViewer, id: string): Promise<SalesOrderTable> {
    const o = await this.db
      .selectFrom('sales_order')
      .selectAll()
      .where('id', '=', id)
      .where('webstore_id', '=', store.id)
      .executeTakeFirst();
    if (!o || !canSeeOrder(viewer, o)) throw orderNotFound(id);
    return o;
  }

  async detail(store: Webstore, o: SalesOrderTable): Promise<OrderDetail> {
    const [items, groups, adjustments, account, refunds] = await Promise.all([
      this.db.selectFrom('order_item').selectAll().where('order_id', '=', o.id).orderBy('seq').execute(),
      this.db.selectFrom('order_delivery_group').selectAll().where('order_id', '=', o.id).orderBy('id').execute(),
      this.db.selectFrom('order_adjustment').selectAll().where('order_id', '=', o.id).orderBy('id').execute(),
      o.account_id
        ? this.db.selectFrom('account').select('name').where('id', '=', o.account_id).executeTakeFirst()
        : undefined,
      // The buyer sees the money that has come back (a refund the gateway has not yet answered is not theirs yet).
      this.db
        .selectFrom('order_refund')
        .selectAll()
        .where('order_id', '=', o.id)
        .where('status', '=', 'Succeeded')
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
    ]);
    const adj = (a: (typeof adjustments)[number]) => ({
      promotionId: a.promotion_id,
      displayName: a.name,
      couponCode: a.coupon_code,
      adjustmentAmount: money(a.amount_minor),
    });
    const lines: OrderLine[] = items.map((i) => ({
      orderItemId: i.id,
      productId: i.product_id,
      sku: i.sku,
      name: i.name,
      fulfilment: i.fulfilment as 'Dataset' | 'Physical',
      quantity: String(i.quantity),
      productSellingModelId: i.selling_model_id,
      sellingModelType: i.selling_model_type as OrderLine['sellingModelType'],
      subscriptionTerm: i.subscription_term,
      listPrice: money(i.list_price_minor),
      salesPrice: money(i.sales_price_minor),
      totalAdjustmentAmount: money(i.adjust_minor),
      totalTax: money(i.tax_minor),
      totalPrice: money(i.total_minor),
      adjustments: adjustments.filter((a) => a.order_item_id === i.id).map(adj),
      status: i.refunded_at ? 'Refunded' : 'Active',
      refundedAmount: money(i.refunded_minor),
      listSelection: listSelectionOnLine(i),
    }));
    return {
      ...this.summaryOf(store, o, account?.name ?? null),
      contactInfo: JSON.parse(o.contact_json) as ContactInfo,
      giftOptions: { giftWrap: o.gift_wrap === 1, giftMessage: o.gift_message, giftToName: o.gift_to_name },
      billingAddress: o.billing_json ? (JSON.parse(o.billing_json) as CheckoutAddress) : null,
      lines,
      deliveryGroups: groups.map((g) => ({
        id: g.id,
        name: g.name,
        deliveryAddress: g.address_json ? (JSON.parse(g.address_json) as CheckoutAddress) : null,
        deliveryMethodName: g.method_name,
        deliveryKind: g.kind as 'Digital' | 'Shipped',
        shippingFee: money(g.fee_minor),
        status: g.status as DeliveryGroupStatus,
        carrier: g.carrier,
        trackingNumber: g.tracking_number,
        shippedAt: g.shipped_at,
      })),
      cartAdjustments: adjustments.filter((a) => a.order_item_id === null).map(adj),
      hasDownloads: o.status !== 'Cancelled' && lines.some((l) => l.fulfilment === 'Dataset' && l.status === 'Active'),
      refunds: refunds.map((r) => ({
        refundId: r.id,
        kind: r.kind as OrderRefundView['kind'],
        amount: money(r.amount_minor),
        createdDate: r.created_at,
        orderItemIds: JSON.parse(r.order_item_ids_json) as string[],
        reason: r.reason,
      })),
      totalRefundedAmount: money(refunds.reduce((sum, r) => sum + r.amount_minor, 0)),
    };
  }

  /**
   * The files the order's datasets deliver, for signing download links (nothing for a cancelled order, nor a
   * refunded line); `db` is the caller's transaction when it has one.
   */
  async downloadable(
    o: Pick<SalesOrderTable, 'id' | 'status'>,
    db: Kysely<Database> = this.db,
  ): Promise<DownloadableItem[]> {
    if (o.status === 'Cancelled') return [];
    return downloadableItems(db, o.id);
  }

  async subscriptions(store: Webstore, viewer: OrderViewer): Promise<SubscriptionCollection> {
    if (!viewer.userId || !viewer.accountId) return { count: 0, items: [] };
    const rows = await this.db
      .selectFrom('subscription')
      .innerJoin('sales_order', 'sales_order.id', 'subscription.order_id')
      .selectAll('subscription')
      .select('sales_order.order_number')
      .where('subscription.webstore_id', '=', store.id)
      .where('subscription.account_id', '=', viewer.accountId)
      .orderBy('subscription.created_at', 'desc')
      .orderBy('subscription.id')
      .execute();
    const items = rows.map((r) => subscriptionView(r, r.order_number));
    return { count: items.length, items };
  }
}

export function subscriptionView(r: SubscriptionTable, orderNumber: string): SubscriptionView {
  const unit = r.pricing_term_unit as PricingTermUnit;
  const type = r.selling_model_type as 'Evergreen' | 'TermDefined';
  const label = sellingModelTypeLabel(type);
  return {
    subscriptionId: r.id,
    orderSummaryId: r.order_id,
    orderNumber,
    productId: r.product_id,
    productName: r.product_name,
    sellingModelType: type,
    typeLabel: label.charAt(0).toUpperCase() + label.slice(1),
    pricingTerm: r.pricing_term,
    pricingTermUnit: unit,
    termLabel:
      type === 'TermDefined'
        ? termLengthLabel((r.term_count ?? 1) * r.pricing_term, unit)
        : capitalise(billingFrequencyLabel(unit)),
    termCount: r.term_count,
    quantity: String(r.quantity),
    price: money(r.price_minor),
    currencyIsoCode: r.currency,
    status: r.status as SubscriptionView['status'],
    startDate: r.start_date,
    endDate: r.end_date,
    nextRenewalDate: r.next_renewal_date,
    // An evergreen subscription renews until its buyer switches that off, which gives it an end date.
    autoRenew: type === 'Evergreen' && r.status === 'Active' && r.end_date === null,
  };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export type { DownloadLink };
