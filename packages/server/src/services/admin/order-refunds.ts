// Giving money back, from the workspace (issue 15 §6): refund some lines, refund the whole order, or cancel it
// before anything shipped. Three steps, so the payment gateway (outside our system, and on SQLite behind the
// same single connection) is never called inside a database transaction:
// 1. the claim, one transaction with its audit entry: the order row is locked, what is left to refund is checked
//    (never more than was paid), the lines are marked refunded (a refunded dataset's downloads end at once),
//    the order's refunded sum goes up and the refund is written 'Pending', unique by its idempotency key;
// 2. the gateway: a refund of that amount, or a void of an authorisation none of which was given back yet
//    (a cancellation); a purchase order has nothing at a gateway and is recorded as a credit instead;
// 3. the refund is 'Succeeded' with the buyer's email queued (refund-mail.ts), or, refused by the gateway,
//    'Failed' and the claim undone (with its own entry).
// A retry with the same Idempotency-Key answers the first refund (and finishes one a crash left 'Pending').
import {
  formatCurrency,
  KEY_PREFIXES,
  lineRefundShares,
  minorUnitsToDecimal,
  type RefundAnswer,
  type RefundInput,
} from '@store/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database, OrderRefundTable, SalesOrderTable } from '../../db/schema.ts';
import { ApiError, badInput } from '../../domain/errors.ts';
import { checkedId, randomRecordId } from '../../domain/record-ids.ts';
import type { PaymentGateway } from '../../policies/payment-gateway.ts';
import { adminRefundOf } from './order-admin.ts';
import type { OrderChanges } from './order-change.ts';
import { orderChange } from './order-fulfilment.ts';
import { settleOrderStatus } from './order-status.ts';
import { queueRefundEmail } from './refund-mail.ts';
import { restockOrder } from './order-restock.ts';
import type { Actor } from './workspace-access.ts';

interface Claim {
  refund: OrderRefundTable | null;
  lineIds: string[];
  statusBefore: string;
}

const conflict = (code: string, message: string) => new ApiError(409, code, message);

export class OrderRefunds {
  constructor(
    private db: Kysely<Database>,
    private changes: OrderChanges,
    private gateway: PaymentGateway,
    private mail: { publicUrl: string; sendNow(): void },
  ) {}

  async refund(webstoreId: string, actor: Actor, orderId: string, input: RefundInput, key: string | null) {
    const asked = input.orderItemIds?.map((id) => checkedId(id, KEY_PREFIXES.orderItem)) ?? [];
    if (!input.wholeOrder === !asked.length)
      throw badInput('Send either orderItemIds (the lines to refund) or wholeOrder: true, not both.');
    if (new Set(asked).size !== asked.length) throw badInput('orderItemIds names a line twice.');
    return this.claimAndPay(webstoreId, actor, orderId, key, input.wholeOrder ? 'whole' : asked, input.reason ?? null);
  }

  /** Cancels an order nothing of which has shipped: everything not yet refunded goes back and it takes no more changes. */
  async cancel(webstoreId: string, actor: Actor, orderId: string, reason: string | null, key: string | null) {
    return this.claimAndPay(webstoreId, actor, orderId, key, 'cancel', reason);
  }

  private async claimAndPay(
    webstoreId: string,
    actor: Actor,
    orderId: string,
    key: string | null,
    what: string[] | 'whole' | 'cancel',
    reason: string | null,
  ): Promise<RefundAnswer> {
    const claim =
      (await this.earlier(orderId, key)) ?? (await this.newClaim(webstoreId, actor, orderId, key, what, reason));
    let refund = claim.refund;
    let failure: string | null = null;
    if (refund?.status === 'Pending') ({ refund, failure } = await this.pay(webstoreId, actor, orderId, claim));
    if (refund?.status === 'Succeeded') this.mail.sendNow();
    if (refund?.status === 'Failed')
      throw conflict(
        'REFUND_REFUSED',
        `The payment gateway refused the refund; nothing was refunded.${failure ? ` ${failure}` : ''}`,
      );
    const order = await this.db
      .selectFrom('sales_order')
      .select(['status', 'refunded_minor', 'currency'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return {
      refund: refund ? adminRefundOf(refund) : null,
      orderStatus: order.status,
      totalRefundedAmount: minorUnitsToDecimal(order.refunded_minor),
      message: messageOf(refund, order.currency, what === 'cancel'),
    };
  }

  /** The refund this key already made on the order (a retry), or null; 422 when the key was another order's. */
  private async earlier(orderId: string, key: string | null): Promise<Claim | null> {
    if (!key) return null;
    const row = await this.db
      .selectFrom('order_refund')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    if (!row) return null;
    if (row.order_id !== orderId)
      throw new ApiError(
        422,
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was used for another order; send a new key.',
      );
    return { refund: row, lineIds: JSON.parse(row.order_item_ids_json) as string[], statusBefore: '' };
  }

  private async newClaim(
    webstoreId: string,
    actor: Actor,
    orderId: string,
    key: string | null,
    what: string[] | 'whole' | 'cancel',
    reason: string | null,
  ): Promise<Claim> {
    const idempotencyKey = key ?? randomRecordId(KEY_PREFIXES.orderRefund);
    try {
      return await this.changes.run(webstoreId, orderId, actor, (trx, order) =>
        this.claim(trx, order, actor, what, reason, idempotencyKey),
      );
    } catch (err) {
      // The same key sent twice at once: the other request's claim won while this one waited for the order's lock
      // (and found the lines refunded, or its insert hit the key's unique index); answer with that refund.
      const won = key ? await this.earlier(orderId, key) : null;
      if (won) return won;
      throw err;
    }
  }

  private async claim(
    trx: Transaction<Database>,
    order: SalesOrderTable,
    actor: Actor,
    what: string[] | 'whole' | 'cancel',
    reason: string | null,
    idempotencyKey: string,
  ) {
    if (order.status === 'Cancelled') throw conflict('ORDER_CANCELLED', 'This order was cancelled already.');
    const lines = await trx
      .selectFrom('order_item')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('seq')
      .execute();
    const left = order.grand_total_minor - order.refunded_minor;
    if (what === 'cancel') {
      const shipped = await trx
        .selectFrom('order_delivery_group')
        .select('id')
        .where('order_id', '=', order.id)
        .where('status', '=', 'Shipped')
        .executeTakeFirst();
      if (shipped)
        throw conflict('ORDER_NOT_CANCELLABLE', 'Part of this order has shipped; refund it instead of cancelling.');
    }
    if (Array.isArray(what)) {
      const unknown = what.filter((id) => !lines.some((l) => l.id === id));
      if (unknown.length) throw badInput(`Not a line of this order: ${unknown.join(', ')}.`);
      const done = lines.filter((l) => what.includes(l.id) && l.refunded_at);
      if (done.length) throw conflict('ALREADY_REFUNDED', `Already refunded: ${done.map((l) => l.name).join(', ')}.`);
    } else if (what === 'whole' && left <= 0)
      throw conflict('NOTHING_TO_REFUND', 'Everything paid for this order has been refunded.');

    const shares = lineRefundShares({
      taxType: order.tax_type as 'Net' | 'Gross',
      // The order's own (cart-level) promotions: its adjustments less those of its lines.
      orderAdjustmentMinor: order.total_adjust_minor - lines.reduce((sum, l) => sum + l.adjust_minor, 0),
      lines: lines.map((l) => ({ id: l.id, totalMinor: l.total_minor, taxMinor: l.tax_minor })),
    });
    const lineIds = Array.isArray(what) ? what : lines.filter((l) => !l.refunded_at).map((l) => l.id);
    const amount = Array.isArray(what) ? lineIds.reduce((sum, id) => sum + (shares.get(id) ?? 0), 0) : left;
    if (amount > left)
      throw conflict(
        'REFUND_EXCEEDS_REMAINING',
        `That is ${money(amount, order.currency)}, more than the ${money(left, order.currency)} left to refund.`,
      );

    const now = new Date().toISOString();
    for (const id of lineIds)
      await trx
        .updateTable('order_item')
        .set({ refunded_minor: shares.get(id) ?? 0, refunded_at: now })
        .where('id', '=', id)
        .execute();
    if (lineIds.length)
      await trx
        .updateTable('subscription')
        .set({ status: 'Cancelled' })
        .where('order_item_id', 'in', lineIds)
        .execute();
    const refunded = order.refunded_minor + amount;
    await trx.updateTable('sales_order').set({ refunded_minor: refunded }).where('id', '=', order.id).execute();
    const restocked = what === 'cancel' ? await restockOrder(trx, order.id, now) : [];
    if (what === 'cancel')
      await trx.updateTable('sales_order').set({ status: 'Cancelled' }).where('id', '=', order.id).execute();
    const orderStatus = await settleOrderStatus(trx, {
      ...order,
      refunded_minor: refunded,
      status: what === 'cancel' ? 'Cancelled' : order.status,
    });

    let refund: OrderRefundTable | null = null;
    if (amount > 0) {
      const payment = await trx
        .selectFrom('payment')
        .select(['method', 'gateway'])
        .where('id', '=', order.payment_id)
        .executeTakeFirst();
      const credit = payment?.method === 'PurchaseOrder';
      refund = {
        id: randomRecordId(KEY_PREFIXES.orderRefund),
        webstore_id: order.webstore_id,
        order_id: order.id,
        // A cancellation before any refund releases the authorisation; after one, the rest is refunded.
        kind: credit ? 'Credit' : what === 'cancel' && order.refunded_minor === 0 ? 'Void' : 'Refund',
        status: credit ? 'Succeeded' : 'Pending',
        amount_minor: amount,
        currency: order.currency,
        order_item_ids_json: JSON.stringify(lineIds),
        whole_order: Array.isArray(what) ? 0 : 1,
        reason,
        gateway: credit ? null : (payment?.gateway ?? null),
        gateway_reference: null,
        idempotency_key: idempotencyKey,
        created_by: actor.email,
        created_at: now,
      };
      await trx.insertInto('order_refund').values(refund).execute();
      // A credit is done at once (nothing at a gateway): its email goes with the claim.
      if (credit) await queueRefundEmail(trx, refund, this.mail.publicUrl);
    }
    const before = { status: order.status, refundedAmount: minorUnitsToDecimal(order.refunded_minor) };
    const after = {
      status: orderStatus,
      refundedAmount: minorUnitsToDecimal(refunded),
      refund: refund && { refundId: refund.id, kind: refund.kind, amount: minorUnitsToDecimal(amount) },
      orderItemIds: lineIds,
      reason,
      ...(restocked.length ? { restocked } : {}),
    };
    return {
      result: { refund, lineIds, statusBefore: order.status } satisfies Claim,
      change: orderChange(what === 'cancel' ? 'cancel' : 'refund', order, before, after),
    };
  }

  /** Step 2 and 3: asks the gateway, then marks the refund done, or failed with its claim undone. */
  private async pay(
    webstoreId: string,
    actor: Actor,
    orderId: string,
    claim: Claim,
  ): Promise<{ refund: OrderRefundTable; failure: string | null }> {
    const refund = claim.refund!;
    const payment = await this.db
      .selectFrom('sales_order')
      .innerJoin('payment', 'payment.id', 'sales_order.payment_id')
      .select(['payment.gateway_reference'])
      .where('sales_order.id', '=', orderId)
      .executeTakeFirstOrThrow();
    let outcome: { ok: true; reference: string | null } | { ok: false; message: string };
    if (!payment.gateway_reference) outcome = { ok: false, message: 'The payment has no gateway reference.' };
    else if (refund.kind === 'Void') {
      await this.gateway.void(payment.gateway_reference);
      outcome = { ok: true, reference: payment.gateway_reference };
    } else {
      const r = await this.gateway.refund(payment.gateway_reference, refund.amount_minor, refund.idempotency_key);
      outcome =
        r.status === 'Refunded' ? { ok: true, reference: r.refundReference } : { ok: false, message: r.message };
    }
    if (outcome.ok) {
      const reference = outcome.reference;
      await this.db.transaction().execute(async (trx) => {
        // Only the request that moves it from Pending tells the buyer (two retries may finish one refund).
        const done = await trx
          .updateTable('order_refund')
          .set({ status: 'Succeeded', gateway_reference: reference })
          .where('id', '=', refund.id)
          .where('status', '=', 'Pending')
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) === 1)
          await queueRefundEmail(trx, { ...refund, status: 'Succeeded' }, this.mail.publicUrl);
      });
      return { refund: { ...refund, status: 'Succeeded', gateway_reference: outcome.reference }, failure: null };
    }
    const message = outcome.message;
    await this.changes.run(webstoreId, orderId, actor, async (trx, order) => {
      await this.undo(trx, order, refund, claim);
      return {
        result: null,
        change: orderChange('refundRefused', order, { refundId: refund.id }, { refundId: refund.id, message }),
      };
    });
    return { refund: { ...refund, status: 'Failed' }, failure: message };
  }

  private async undo(trx: Transaction<Database>, order: SalesOrderTable, refund: OrderRefundTable, claim: Claim) {
    if (claim.lineIds.length) {
      await trx
        .updateTable('order_item')
        .set({ refunded_minor: 0, refunded_at: null })
        .where('id', 'in', claim.lineIds)
        .execute();
      await trx
        .updateTable('subscription')
        .set({ status: 'Active' })
        .where('order_item_id', 'in', claim.lineIds)
        .execute();
    }
    const refunded = order.refunded_minor - refund.amount_minor;
    const status = order.status === 'Cancelled' && claim.statusBefore ? claim.statusBefore : order.status;
    await trx.updateTable('sales_order').set({ refunded_minor: refunded, status }).where('id', '=', order.id).execute();
    await settleOrderStatus(trx, { ...order, refunded_minor: refunded, status });
    await trx.updateTable('order_refund').set({ status: 'Failed' }).where('id', '=', refund.id).execute();
  }
}

const money = (minor: number, currency: string) =>
  formatCurrency(minorUnitsToDecimal(minor), currency, 'en-US', { maximumFractionDigits: 2 });

function messageOf(refund: OrderRefundTable | null, currency: string, cancelled: boolean): string {
  const done = cancelled ? 'Order cancelled.' : 'Refunded.';
  if (!refund) return `${done} Nothing was left to give back.`;
  const amount = money(refund.amount_minor, currency);
  if (refund.kind === 'Credit')
    return `${done} Paid by purchase order, so there is nothing to refund at a payment gateway: ${amount} is recorded as a credit to the buyer.`;
  if (refund.kind === 'Void')
    return `${done} The card's authorisation of ${amount} was released; the buyer is not charged.`;
  return `${done} ${amount} goes back to the card.`;
}
