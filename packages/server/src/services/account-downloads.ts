// Every purchased dataset of an account in one list (issue 17, "My downloads"): each order's dataset lines, a
// bundle line as one entry per dataset it delivered, exactly as the order page lists them (./order-downloads.ts):
// refunded lines and cancelled orders left out. Newest order first, then in the order's line order, paged in
// the database, each entry with a fresh signed link (./downloads.ts). Only the account's orders placed by its
// logged-in buyers: a guest's orders are reached through the order page of the session that placed them.
import type { Kysely } from 'kysely';
import {
  calendarDay,
  latestRenewal,
  type AccountDownload,
  type AccountDownloadCollection,
  type PricingTermUnit,
} from '@store/core';
import type { Database, SubscriptionTable } from '../db/schema.ts';
import { PAGE_LINK_TTL_MS, type DownloadService } from './downloads.ts';
import { downloadableItem } from './order-downloads.ts';
import { subscriptionView } from './orders.ts';
import type { Webstore } from './webstores.ts';

export interface AccountDownloadQuery {
  pageSize: number;
  /** Page number, from 0. */
  pageToken: number;
}

export class AccountDownloadService {
  constructor(
    private db: Kysely<Database>,
    private downloads: DownloadService,
  ) {}

  async list(
    store: Webstore,
    accountId: string,
    q: AccountDownloadQuery,
    today = calendarDay(),
  ): Promise<AccountDownloadCollection> {
    const rows = await this.db
      .selectFrom('order_item')
      .innerJoin('sales_order', 'sales_order.id', 'order_item.order_id')
      .leftJoin('order_item_component', 'order_item_component.order_item_id', 'order_item.id')
      .select([
        'sales_order.id as order_id',
        'sales_order.order_number',
        'sales_order.created_at',
        'order_item.id',
        'order_item.product_id',
        'order_item.name',
        'order_item.sku',
        'order_item_component.id as part_id',
        'order_item_component.product_id as part_product_id',
        'order_item_component.name as part_name',
        'order_item_component.sku as part_sku',
      ])
      .where('sales_order.webstore_id', '=', store.id)
      .where('sales_order.account_id', '=', accountId)
      .where('sales_order.owner_user_id', 'is not', null)
      .where('sales_order.status', '!=', 'Cancelled')
      .where('order_item.fulfilment', '=', 'Dataset')
      // A refunded line delivers nothing more, as on the order page.
      .where('order_item.refunded_at', 'is', null)
      .orderBy('sales_order.created_at', 'desc')
      .orderBy('sales_order.id', 'desc')
      .orderBy('order_item.seq')
      .orderBy('order_item_component.position')
      .limit(q.pageSize + 1)
      .offset(q.pageToken * q.pageSize)
      .execute();
    const page = rows.slice(0, q.pageSize);
    const subscriptions = await this.subscriptionsOf(page.map((r) => r.id));
    // Signed per order (a link names its order); the page keeps its order.
    const links = new Map<string, Awaited<ReturnType<DownloadService['sign']>>[number]>();
    const byOrder = new Map<string, typeof page>();
    for (const r of page) byOrder.set(r.order_id, [...(byOrder.get(r.order_id) ?? []), r]);
    for (const [orderId, lines] of byOrder) {
      const items = lines.map((r) =>
        downloadableItem(
          r,
          r.part_id ? { id: r.part_id, product_id: r.part_product_id!, name: r.part_name!, sku: r.part_sku! } : null,
        ),
      );
      const signed = await this.downloads.sign(
        this.db,
        { id: orderId, webstore_id: store.id },
        items,
        PAGE_LINK_TTL_MS,
      );
      for (const [i, link] of signed.entries()) links.set(items[i]!.linkItemId, link);
    }
    const items: AccountDownload[] = page.map((r) => {
      const sub = subscriptions.get(r.id);
      const view = sub ? subscriptionView(sub, r.order_number) : null;
      return {
        ...links.get(r.part_id ?? r.id)!,
        orderSummaryId: r.order_id,
        orderNumber: r.order_number,
        orderedDate: r.created_at,
        format: 'CSV',
        subscription:
          sub && view
            ? {
                subscriptionId: sub.id,
                typeLabel: view.typeLabel,
                termLabel: view.termLabel,
                status: view.status,
                latestDeliveryDate: latestDelivery(sub, today),
                nextRenewalDate: sub.next_renewal_date,
                endDate: sub.end_date,
              }
            : null,
      };
    });
    return {
      count: items.length,
      items,
      pageSize: q.pageSize,
      currentPageToken: String(q.pageToken),
      nextPageToken: rows.length > q.pageSize ? String(q.pageToken + 1) : null,
      previousPageToken: q.pageToken > 0 ? String(q.pageToken - 1) : null,
    };
  }

  private async subscriptionsOf(orderItemIds: string[]): Promise<Map<string, SubscriptionTable>> {
    if (!orderItemIds.length) return new Map();
    const rows = await this.db
      .selectFrom('subscription')
      .selectAll()
      .where('order_item_id', 'in', [...new Set(orderItemIds)])
      .execute();
    return new Map(rows.map((r) => [r.order_item_id, r]));
  }
}

/** A subscription's file is refreshed each period: the latest one began at the start or the last renewal (before its end). */
function latestDelivery(s: SubscriptionTable, today: string): string {
  const until = s.end_date && s.end_date < today ? s.end_date : today;
  return latestRenewal(s.start_date, s.pricing_term, s.pricing_term_unit as PricingTermUnit, until);
}
