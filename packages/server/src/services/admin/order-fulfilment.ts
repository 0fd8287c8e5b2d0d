// Delivering what an order bought, from the workspace (issue 15 §6): a printed directory's delivery group is
// shipped with a carrier and tracking number (the buyer's order page and a "shipped" email show them), and the
// downloads email is sent again with freshly signed links for the datasets still theirs. Each is one transaction
// with its audit entry and its email; the outbox sends the email after the commit.
import {
  carrierProblem,
  formatAddressLines,
  normaliseCarrier,
  normaliseTrackingNumber,
  trackingNumberProblem,
  type CheckoutAddress,
  type ShipInput,
  type ShippedGroup,
} from '@store/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ApiError, badInput } from '../../domain/errors.ts';
import { MailOutbox } from '../../mail/outbox.ts';
import { groupShippedEmail } from '../../mail/templates.ts';
import { orderPageUrl, queueDownloadsEmail, type OrderMailOptions } from '../order-mail.ts';
import type { OrderService } from '../orders.ts';
import type { OrderChanges } from './order-change.ts';
import { settleOrderStatus } from './order-status.ts';
import type { Actor } from './workspace-access.ts';

const conflict = (code: string, message: string) => new ApiError(409, code, message);

export class OrderFulfilment {
  constructor(
    private changes: OrderChanges,
    private mail: OrderMailOptions & { orders: OrderService; sendNow(): void },
  ) {}

  async ship(webstoreId: string, actor: Actor, orderId: string, groupId: string, input: ShipInput) {
    const problem = carrierProblem(input.carrier) ?? trackingNumberProblem(input.carrier, input.trackingNumber);
    if (problem) throw badInput(problem);
    const carrier = normaliseCarrier(input.carrier);
    const trackingNumber = normaliseTrackingNumber(input.trackingNumber);
    const shipped = await this.changes.run(webstoreId, orderId, actor, async (trx, order) => {
      const group = await trx
        .selectFrom('order_delivery_group')
        .selectAll()
        .where('id', '=', groupId)
        .where('order_id', '=', order.id)
        .executeTakeFirst();
      if (!group) throw new ApiError(404, 'ITEM_NOT_FOUND', `The order has no delivery group ${groupId}.`);
      if (order.status === 'Cancelled') throw conflict('ORDER_CANCELLED', 'This order was cancelled; nothing ships.');
      if (group.kind !== 'Shipped')
        throw conflict('NOT_SHIPPABLE', 'This group is delivered by download links; there is nothing to ship.');
      if (group.status === 'Shipped')
        throw conflict(
          'ALREADY_SHIPPED',
          `This group shipped on ${group.shipped_at} with ${group.carrier} (${group.tracking_number}).`,
        );
      const lines = await trx
        .selectFrom('order_item')
        .select(['name', 'quantity'])
        .where('delivery_group_id', '=', group.id)
        .where('refunded_at', 'is', null)
        .orderBy('seq')
        .execute();
      if (!lines.length) throw conflict('NOTHING_TO_SHIP', 'Every line of this group was refunded; nothing ships.');
      const shippedAt = new Date().toISOString();
      await trx
        .updateTable('order_delivery_group')
        .set({ status: 'Shipped', carrier, tracking_number: trackingNumber, shipped_at: shippedAt })
        .where('id', '=', group.id)
        .execute();
      const orderStatus = await settleOrderStatus(trx, order);
      const store = await storeName(trx, webstoreId);
      const email = groupShippedEmail({
        storeName: store,
        orderNumber: order.order_number,
        groupName: group.name,
        carrier,
        trackingNumber,
        items: lines.map((l) => `${l.quantity} × ${l.name}`),
        deliveryAddress: group.address_json
          ? formatAddressLines(JSON.parse(group.address_json) as CheckoutAddress)
          : null,
        orderUrl: orderPageUrl(this.mail.publicUrl, order.id),
      });
      const emailId = await MailOutbox.enqueueIn(
        trx,
        'order-shipped',
        { to: order.email, ...email },
        new Date(),
        order.id,
      );
      const before = { groupStatus: group.status, orderStatus: order.status };
      const after = { groupStatus: 'Shipped', carrier, trackingNumber, shippedAt, orderStatus };
      return {
        result: {
          deliveryGroupId: group.id,
          status: 'Shipped' as const,
          carrier,
          trackingNumber,
          shippedAt,
          orderStatus,
          emailId,
        } satisfies ShippedGroup,
        change: orderChange(
          'ship',
          order,
          { deliveryGroupId: group.id, ...before },
          { deliveryGroupId: group.id, ...after },
        ),
      };
    });
    this.mail.sendNow();
    return shipped;
  }

  /** The downloads email again, with fresh week-long links for the datasets not refunded. */
  async resendDownloads(webstoreId: string, actor: Actor, orderId: string) {
    const sent = await this.changes.run(webstoreId, orderId, actor, async (trx, order) => {
      if (order.status === 'Cancelled')
        throw conflict('ORDER_CANCELLED', 'This order was cancelled; it has no downloads.');
      const datasets = await this.mail.orders.downloadable(order, trx);
      if (!datasets.length) throw conflict('NO_DOWNLOADS', 'This order has no datasets left to download.');
      const emailId = await queueDownloadsEmail(trx, order, await storeName(trx, webstoreId), this.mail, datasets);
      const lines = datasets.map((d) => d.orderItemId);
      return {
        result: { emailId: emailId!, to: order.email, orderItemIds: lines },
        change: orderChange('resendDownloads', order, null, { emailId, to: order.email, orderItemIds: lines }),
      };
    });
    this.mail.sendNow();
    return sent;
  }
}

async function storeName(trx: Kysely<Database>, webstoreId: string): Promise<string> {
  return (await trx.selectFrom('webstore').select('name').where('id', '=', webstoreId).executeTakeFirstOrThrow()).name;
}

/** An audit entry about an order, labelled with its number. */
export function orderChange(
  action: string,
  order: { id: string; order_number: string },
  before: unknown,
  after: unknown,
) {
  return { action, recordType: 'Order', recordId: order.id, recordLabel: order.order_number, before, after };
}
