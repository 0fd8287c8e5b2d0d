// Orders in the workspace, read: the table (paged, sorted, filtered and searched on the server) and one order
// as the seller sees it: what the shopper sees (lines, delivery groups with their shipping, refunds) and what
// only the seller does: who bought it, the payment, every refund with who made it, the datasets' downloads and
// the emails the order sent (the outbox rows that name it).
import { sql, type Kysely } from 'kysely';
import {
  minorUnitsToDecimal,
  type AdminOrderDetail,
  type AdminOrderRow,
  type AdminRefund,
  type TablePage,
} from '@store/core';
import type { Database, SalesOrderTable } from '../../db/schema.ts';
import { checkedId, KEY_PREFIX } from '../../domain/record-ids.ts';
import type { OrderService } from '../orders.ts';
import type { Webstore } from '../webstores.ts';
import { workspaceOrderNotFound } from './order-change.ts';
import { containsPattern, pageWindow, tablePage, tableSort, type TableRequest } from './table-query.ts';

export interface OrderFilter extends TableRequest {
  /** Order number or email, any part of it. */
  q?: string;
  status?: string;
  /** Days (YYYY-MM-DD, UTC), both inclusive. */
  from?: string;
  to?: string;
  accountId?: string;
  /** The buyer's email, exactly (any case). */
  email?: string;
  /** Orders with (true) or without (false) printed goods to ship. */
  hasPrintedGoods?: boolean;
}

const SORTS = {
  orderedDate: 'sales_order.created_at',
  orderNumber: 'sales_order.order_number',
  total: 'sales_order.grand_total_minor',
  status: 'sales_order.status',
  email: 'sales_order.email',
};

const money = minorUnitsToDecimal;
/** 1 when the order has a printed (physical) line, else 0, on either database. */
const HAS_PRINTED = sql<number>`(case when exists (select 1 from order_item where order_item.order_id = sales_order.id and order_item.fulfilment = 'Physical') then 1 else 0 end)`;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

export function adminRefundOf(r: Database['order_refund']): AdminRefund {
  return {
    refundId: r.id,
    kind: r.kind,
    status: r.status,
    amount: money(r.amount_minor),
    orderItemIds: JSON.parse(r.order_item_ids_json) as string[],
    wholeOrder: r.whole_order === 1,
    reason: r.reason,
    gateway: r.gateway,
    gatewayReference: r.gateway_reference,
    createdBy: r.created_by,
    createdDate: r.created_at,
  };
}

export class OrderAdmin {
  constructor(
    private db: Kysely<Database>,
    private orders: OrderService,
  ) {}

  async list(webstoreId: string, f: OrderFilter): Promise<TablePage<AdminOrderRow>> {
    const sort = tableSort(f.sort, SORTS, '-orderedDate');
    const { limit, offset } = pageWindow(f);
    const q = f.q?.trim();
    const filtered = this.db
      .selectFrom('sales_order')
      .leftJoin('account', 'account.id', 'sales_order.account_id')
      .where('sales_order.webstore_id', '=', webstoreId)
      .$if(!!q, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb(sql`lower(sales_order.order_number)`, 'like', sql`${containsPattern(q!)} escape '\\'`),
            eb(sql`lower(sales_order.email)`, 'like', sql`${containsPattern(q!)} escape '\\'`),
          ]),
        ),
      )
      .$if(!!f.status, (qb) => qb.where('sales_order.status', '=', f.status!))
      .$if(!!f.from, (qb) => qb.where('sales_order.created_at', '>=', `${f.from}T00:00:00.000Z`))
      .$if(!!f.to, (qb) => qb.where('sales_order.created_at', '<', nextDay(f.to!)))
      .$if(!!f.accountId, (qb) => qb.where('sales_order.account_id', '=', checkedId(f.accountId, KEY_PREFIX.account)))
      .$if(!!f.email, (qb) => qb.where(sql`lower(sales_order.email)`, '=', f.email!.trim().toLowerCase()))
      .$if(f.hasPrintedGoods === true, (qb) => qb.where(HAS_PRINTED, '=', sql.lit(1)))
      .$if(f.hasPrintedGoods === false, (qb) => qb.where(HAS_PRINTED, '=', sql.lit(0)));
    const [rows, count] = await Promise.all([
      filtered
        .selectAll('sales_order')
        .select('account.name as account_name')
        .select(HAS_PRINTED.as('has_printed'))
        .orderBy(sql.ref(sort.column), sort.direction)
        .orderBy('sales_order.id', sort.direction)
        .limit(limit)
        .offset(offset)
        .execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const items = rows.map(
      (r): AdminOrderRow => ({
        id: r.id,
        orderNumber: r.order_number,
        status: r.status,
        orderedDate: r.created_at,
        email: r.email,
        accountId: r.account_id,
        accountName: r.account_name ?? null,
        guest: !r.owner_user_id,
        currencyIsoCode: r.currency,
        grandTotalAmount: money(r.grand_total_minor),
        totalRefundedAmount: money(r.refunded_minor),
        paymentMethod: r.payment_method,
        hasPrintedGoods: Number(r.has_printed) === 1,
      }),
    );
    return tablePage(items, Number(count.n), f, sort);
  }

  /** The order's row in this store, or 404. */
  async row(webstoreId: string, orderId: string): Promise<SalesOrderTable> {
    const o = await this.db
      .selectFrom('sales_order')
      .selectAll()
      .where('id', '=', orderId)
      .where('webstore_id', '=', webstoreId)
      .executeTakeFirst();
    if (!o) throw workspaceOrderNotFound(orderId);
    return o;
  }

  async detail(store: Webstore, orderId: string): Promise<AdminOrderDetail> {
    const o = await this.row(store.id, orderId);
    const [shopperView, payment, refunds, emails, account] = await Promise.all([
      this.orders.detail(store, o),
      this.db.selectFrom('payment').selectAll().where('id', '=', o.payment_id).executeTakeFirst(),
      this.db
        .selectFrom('order_refund')
        .selectAll()
        .where('order_id', '=', o.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
      this.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('order_id', '=', o.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
      o.account_id
        ? this.db.selectFrom('account').select('name').where('id', '=', o.account_id).executeTakeFirst()
        : undefined,
    ]);
    const downloads = shopperView.lines
      .filter((l) => l.fulfilment === 'Dataset')
      .map((l) => ({
        orderItemId: l.orderItemId,
        productId: l.productId,
        sku: l.sku,
        name: l.name,
        status:
          o.status === 'Cancelled'
            ? ('Cancelled' as const)
            : l.status === 'Refunded'
              ? ('Refunded' as const)
              : ('Available' as const),
      }));
    return {
      ...shopperView,
      customer: {
        email: o.email,
        userId: o.owner_user_id,
        accountId: o.account_id,
        accountName: account?.name ?? null,
        guest: !o.owner_user_id,
      },
      payment: payment
        ? {
            paymentId: payment.id,
            method: payment.method,
            gateway: payment.gateway,
            gatewayReference: payment.gateway_reference,
            cardBrand: payment.card_brand,
            cardLast4: payment.card_last4,
            purchaseOrderNumber: payment.po_number,
            amount: money(payment.amount_minor),
            status: payment.status,
          }
        : null,
      refunds: refunds.map(adminRefundOf),
      downloads,
      downloadEmailsSent: emails.filter((m) => m.kind === 'downloads-ready').length,
      emails: emails.map((m) => ({
        emailId: m.id,
        kind: m.kind,
        to: m.to_address,
        subject: m.subject,
        status: m.status,
        attempts: m.attempts,
        createdDate: m.created_at,
        sentDate: m.sent_at,
        lastError: m.last_error,
      })),
    };
  }
}
