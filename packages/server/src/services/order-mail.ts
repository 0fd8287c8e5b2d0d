// The emails of a placed order, queued in the order's own transaction (so an order never lacks its
// confirmation and a rolled-back order never sends one) and sent by the mail outbox after the commit.
// Datasets get a second email with their download links (a week long; the order page gives new ones), one
// per file: a bundle line's datasets each have their own.
import type { Kysely } from 'kysely';
import { downloadName, formatAddressLines, formatCurrency, listSelectionText, minorUnitsToDecimal } from '@store/core';
import type { Database, SalesOrderTable } from '../db/schema.ts';
import { listSelectionOnLine } from './dataset-lists/selection-on-line.ts';
import { MailOutbox } from '../mail/outbox.ts';
import { downloadsReadyEmail, orderConfirmationEmail } from '../mail/templates.ts';
import type { OrderPlacedHook } from './checkout/place-order.ts';
import { EMAIL_LINK_TTL_MS, type DownloadService } from './downloads.ts';
import { type DownloadableItem, downloadableItems } from './order-downloads.ts';

export function orderEmails(opts: OrderMailOptions): OrderPlacedHook {
  return async (trx: Kysely<Database>, order: SalesOrderTable) => {
    const store = await trx
      .selectFrom('webstore')
      .select('name')
      .where('id', '=', order.webstore_id)
      .executeTakeFirstOrThrow();
    const money = (minor: number) =>
      formatCurrency(minorUnitsToDecimal(minor), order.currency, 'en-US', { maximumFractionDigits: 2 });
    const [items, groups] = await Promise.all([
      trx
        .selectFrom('order_item')
        .select(['name', 'quantity', 'total_minor', 'list_selection', 'list_records', 'list_file_version'])
        .where('order_id', '=', order.id)
        .orderBy('seq')
        .execute(),
      trx
        .selectFrom('order_delivery_group')
        .select(['address_json', 'kind'])
        .where('order_id', '=', order.id)
        .execute(),
    ]);
    const shipped = groups.find((g) => g.kind === 'Shipped' && g.address_json);
    const orderUrl = orderPageUrl(opts.publicUrl, order.id);
    const confirmation = orderConfirmationEmail({
      storeName: store.name,
      orderNumber: order.order_number,
      orderDate: new Date(order.created_at).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }),
      lines: items.map((i) => {
        const selection = listSelectionOnLine(i);
        return {
          name: i.name,
          quantity: i.quantity,
          lineTotal: money(i.total_minor),
          selection: selection ? listSelectionText(selection) : null,
        };
      }),
      totals: {
        subtotal: money(order.total_product_minor),
        discounts: order.total_adjust_minor ? money(order.total_adjust_minor) : null,
        delivery: order.total_charge_minor ? money(order.total_charge_minor) : null,
        giftWrap: order.total_gift_wrap_minor ? money(order.total_gift_wrap_minor) : null,
        tax: money(order.total_tax_minor),
        total: money(order.grand_total_minor),
      },
      deliveryAddress: shipped ? formatAddressLines(JSON.parse(shipped.address_json!)) : null,
      paymentSummary: await paymentSummary(trx, order),
      gift: { wrapped: order.gift_wrap === 1, toName: order.gift_to_name, message: order.gift_message },
      orderUrl,
    });
    await MailOutbox.enqueueIn(trx, 'order-confirmation', { to: order.email, ...confirmation }, new Date(), order.id);
    // One link per file: a bundle line gives one per dataset it contains.
    await queueDownloadsEmail(trx, order, store.name, opts, await downloadableItems(trx, order.id));
  };
}

export interface OrderMailOptions {
  publicUrl: string;
  downloads: DownloadService;
}

/**
 * Queues the downloads email with freshly signed week-long links for these dataset lines, in the caller's
 * transaction: at placement, and again when the seller re-sends it (issue 15 §6). Nothing for no lines.
 */
export async function queueDownloadsEmail(
  trx: Kysely<Database>,
  order: Pick<SalesOrderTable, 'id' | 'webstore_id' | 'order_number' | 'email'>,
  storeName: string,
  opts: OrderMailOptions,
  files: DownloadableItem[],
): Promise<string | null> {
  if (!files.length) return null;
  const links = await opts.downloads.sign(trx, order, files, EMAIL_LINK_TTL_MS);
  const ready = downloadsReadyEmail({
    storeName,
    orderNumber: order.order_number,
    orderUrl: orderPageUrl(opts.publicUrl, order.id),
    downloads: links.map((l) => ({ name: downloadName(l), url: `${opts.publicUrl}${l.url}` })),
    expiresText: utcDateTime(new Date(Date.now() + EMAIL_LINK_TTL_MS)),
  });
  return MailOutbox.enqueueIn(trx, 'downloads-ready', { to: order.email, ...ready }, new Date(), order.id);
}

/** The shopper's page of an order, as emails link to it. */
export const orderPageUrl = (publicUrl: string, orderId: string) => `${publicUrl}/orders/${orderId}`;

/** "28 November 2026, 10:00 UTC". */
export const utcDateTime = (at: Date) =>
  `${at.toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })} UTC`;

async function paymentSummary(trx: Kysely<Database>, order: SalesOrderTable): Promise<string> {
  if (order.payment_method === 'PurchaseOrder') return `Purchase order ${order.po_number}`;
  const p = await trx
    .selectFrom('payment')
    .select(['card_brand', 'card_last4'])
    .where('id', '=', order.payment_id)
    .executeTakeFirst();
  return p?.card_last4 ? `${p.card_brand ?? 'Card'} ending ${p.card_last4}` : 'Card';
}
