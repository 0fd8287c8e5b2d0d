// The buyer's email about money given back (issue 15 §6): what was refunded, how much, where it goes and the
// seller's reason. Queued in the transaction that makes the refund Succeeded (for a credit, its claim), so a
// refund the gateway refused sends nothing and a retried refund never sends twice; the outbox sends it after
// the commit.
import { formatCurrency, minorUnitsToDecimal } from '@store/core';
import type { Kysely } from 'kysely';
import type { Database, OrderRefundTable } from '../../db/schema.ts';
import { MailOutbox } from '../../mail/outbox.ts';
import { orderRefundedEmail } from '../../mail/templates.ts';
import { orderPageUrl } from '../order-mail.ts';

const DESTINATION: Record<string, string> = {
  Refund: 'back to your card',
  Void: 'not charged: the hold on your card was released',
  Credit: 'credited to your account (you paid by purchase order)',
};

/** Queues the refund email in the caller's transaction; answers the outbox id. */
export async function queueRefundEmail(
  trx: Kysely<Database>,
  refund: OrderRefundTable,
  publicUrl: string,
): Promise<string> {
  const order = await trx
    .selectFrom('sales_order')
    .innerJoin('webstore', 'webstore.id', 'sales_order.webstore_id')
    .select([
      'sales_order.id',
      'sales_order.order_number',
      'sales_order.email',
      'sales_order.status',
      'sales_order.total_charge_minor',
      'sales_order.total_gift_wrap_minor',
      'webstore.name as storeName',
    ])
    .where('sales_order.id', '=', refund.order_id)
    .executeTakeFirstOrThrow();
  const lineIds = JSON.parse(refund.order_item_ids_json) as string[];
  const lines = lineIds.length
    ? await trx
        .selectFrom('order_item')
        .select(['name', 'quantity'])
        .where('id', 'in', lineIds)
        .orderBy('seq')
        .execute()
    : [];
  const items = lines.map((l) => `${l.quantity} × ${l.name}`);
  // Delivery and gift wrap go back only with the whole order (core refund-split.ts).
  if (refund.whole_order && order.total_charge_minor > 0) items.push('Delivery');
  if (refund.whole_order && order.total_gift_wrap_minor > 0) items.push('Gift wrap');
  const email = orderRefundedEmail({
    storeName: order.storeName,
    orderNumber: order.order_number,
    // A cancelled order takes no refund after its cancellation, so a refund of one is the cancellation's.
    cancelled: order.status === 'Cancelled',
    items: items.length ? items : ['What was left to refund of the order'],
    amount: formatCurrency(minorUnitsToDecimal(refund.amount_minor), refund.currency, 'en-US', {
      maximumFractionDigits: 2,
    }),
    destination: DESTINATION[refund.kind] ?? DESTINATION.Refund!,
    reason: refund.reason,
    orderUrl: orderPageUrl(publicUrl, order.id),
  });
  return MailOutbox.enqueueIn(trx, 'order-refunded', { to: order.email, ...email }, new Date(), order.id);
}
