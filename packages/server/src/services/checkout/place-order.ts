// Placing the order (POST checkouts/{id}/orders). One database transaction takes everything together:
// the checkout is claimed (Active → Completed, so only one request can place it), the cart is closed
// at the version that was paid for, stock is taken from the warehouses (rows locked on PostgreSQL, so
// two buyers can't both take the last unit), the cart's reservation ends, and the order, its lines,
// delivery groups, adjustments, subscriptions, emails and the payment's link to it are written. A
// crash anywhere before the commit leaves nothing behind; the payment stays authorised on the
// checkout and a retry places the order. A retry after the commit finds the order and returns it,
// by its Idempotency-Key or by the checkout it came from.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import {
  KEY_PREFIXES,
  decimalToMinorUnits,
  subscriptionDates,
  type CartAdjustment,
  type PlaceOrderResult,
  type PricingTermUnit,
} from '@store/core';
import type { CartTable, CheckoutTable, Database, SalesOrderTable } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ApiError } from '../../domain/errors.ts';
import { forUpdate } from '../../db/locks.ts';
import { availableStock, defaultSourceStock, freeStock, heldByCarts } from '../stock.ts';
import type { Services } from '../index.ts';
import type { CartOwner } from '../carts/cart-owner.ts';
import { randomRecordId } from '../../domain/record-ids.ts';
import { grandTotalMinor } from '../carts/cart-views.ts';
import { checkoutConflict, insufficientInventory } from './checkout-errors.ts';
import { recordBundleComponents } from '../order-downloads.ts';
import { datasetLineVersions } from './dataset-line-versions.ts';
import { COUPON_CUSTOMER_LIMIT_REACHED, COUPON_USED_UP, couponCustomerKey, takeCouponUses } from './coupon-usage.ts';

/** Written inside the order's transaction once its rows exist (the emails of the order, say). */
export type OrderPlacedHook = (trx: Kysely<Database>, order: SalesOrderTable) => Promise<void>;

class AlreadyClaimed extends Error {}

const resultOf = (o: Pick<SalesOrderTable, 'id' | 'order_number'>): PlaceOrderResult => ({
  orderReferenceNumber: o.order_number,
  orderSummaryId: o.id,
  salesOrderId: o.id,
  errors: [],
});

export class OrderPlacement {
  /** Test hook: a pause between the steps of the transaction, so a test can kill the process inside it. */
  stepPauseMs = 0;
  readonly onPlaced: OrderPlacedHook[] = [];

  constructor(private s: Services) {}

  private get db(): Kysely<Database> {
    return this.s.db;
  }

  private async step(): Promise<void> {
    if (this.stepPauseMs > 0) await new Promise((r) => setTimeout(r, Math.random() * this.stepPauseMs));
  }

  async place(
    owner: CartOwner,
    checkout: CheckoutTable,
    cart: CartTable,
    idempotencyKey: string | null,
  ): Promise<{ created: boolean; result: PlaceOrderResult }> {
    if (idempotencyKey) {
      const earlier = await this.db
        .selectFrom('sales_order')
        .select(['id', 'order_number', 'checkout_id'])
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      if (earlier && earlier.checkout_id !== checkout.id)
        throw new ApiError(
          422,
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was used for another checkout; send a new key.',
        );
      if (earlier) return { created: false, result: resultOf(earlier) };
    }
    if (checkout.order_id) return { created: false, result: await this.orderResult(checkout.order_id) };

    const missing = await this.s.checkouts.missing(owner, checkout, cart);
    if (missing.some((m) => m.type.endsWith('missing-contact-info')))
      throw new ApiError(412, 'MISSING_CONTACT_INFO', 'Enter your email address before placing the order.');
    if (missing.length)
      throw new ApiError(422, 'CHECKOUT_INCOMPLETE', missing.map((m) => `${m.title} ${m.detail}`).join(' '));
    if (!checkout.payment_id)
      throw new ApiError(422, 'PAYMENT_REQUIRED', 'Add a payment method before placing the order.');
    if (checkout.paid_cart_version !== cart.version)
      throw checkoutConflict('Your cart changed after you paid. Review the order and pay again.');

    const orderId = randomRecordId(KEY_PREFIXES.order);
    // Numbered before the transaction (see OrderNumbers): a refused order leaves a harmless gap.
    const orderNumber = await this.s.policies.orderNumbers.next(this.db);
    try {
      const order = await this.db
        .transaction()
        .execute((trx) => this.write(trx, owner, checkout, cart, orderId, orderNumber, idempotencyKey));
      return { created: true, result: resultOf(order) };
    } catch (err) {
      if (err instanceof AlreadyClaimed || isUniqueViolation(err)) {
        // Another request placed this checkout (or used this key) first: answer with that order.
        const again = await this.db
          .selectFrom('checkout')
          .select(['order_id', 'payment_id'])
          .where('id', '=', checkout.id)
          .executeTakeFirst();
        if (again?.order_id) return { created: false, result: await this.orderResult(again.order_id) };
        if (idempotencyKey) {
          const byKey = await this.db
            .selectFrom('sales_order')
            .select(['id', 'order_number', 'checkout_id'])
            .where('idempotency_key', '=', idempotencyKey)
            .executeTakeFirst();
          if (byKey)
            throw new ApiError(
              422,
              'IDEMPOTENCY_KEY_REUSED',
              'This Idempotency-Key was used for another checkout; send a new key.',
            );
        }
        throw checkoutConflict('The checkout changed while the order was being placed. Review it and try again.');
      }
      if (
        err instanceof ApiError &&
        ['INSUFFICIENT_INVENTORY', COUPON_USED_UP, COUPON_CUSTOMER_LIMIT_REACHED].includes(err.errorCode)
      ) {
        // The order can't be had (as paid for): release the money held for it.
        await this.s.payments.voidCheckoutPayment(checkout.id);
      }
      throw err;
    }
  }

  private async orderResult(orderId: string): Promise<PlaceOrderResult> {
    const o = await this.db
      .selectFrom('sales_order')
      .select(['id', 'order_number'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return resultOf(o);
  }

  private async write(
    trx: Kysely<Database>,
    owner: CartOwner,
    checkout: CheckoutTable,
    cart: CartTable,
    orderId: string,
    orderNumber: string,
    idempotencyKey: string | null,
  ): Promise<SalesOrderTable> {
    const now = new Date().toISOString();
    // 1. Claim the checkout: only one request gets past this line.
    const claimed = await trx
      .updateTable('checkout')
      .set({ status: 'Completed', active_key: null, order_id: orderId, updated_at: now })
      .where('id', '=', checkout.id)
      .where('status', '=', 'Active')
      .where('payment_id', '=', checkout.payment_id!)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) throw new AlreadyClaimed();
    await this.step();
    // 2. Close the cart at the version that was paid for.
    const closed = await trx
      .updateTable('cart')
      .set({ status: 'Closed', owner_key: null, version: sql<number>`version + 1`, updated_at: now })
      .where('id', '=', cart.id)
      .where('version', '=', checkout.paid_cart_version!)
      .where('status', '=', 'Active')
      .returning('id')
      .executeTakeFirst();
    if (!closed) throw checkoutConflict('Your cart changed after you paid. Review the order and pay again.');
    await this.step();

    const items = await trx.selectFrom('cart_item').selectAll().where('cart_id', '=', cart.id).orderBy('seq').execute();
    const productIds = [...new Set(items.map((i) => i.product_id))];
    const modelIds = [...new Set(items.map((i) => i.selling_model_id).filter(Boolean))];
    const [products, models, groups, payment] = await Promise.all([
      trx.selectFrom('product').select(['id', 'sku', 'name', 'fulfilment']).where('id', 'in', productIds).execute(),
      modelIds.length
        ? trx
            .selectFrom('selling_model')
            .select(['id', 'selling_model_type', 'pricing_term', 'pricing_term_unit'])
            .where('id', 'in', modelIds)
            .execute()
        : [],
      trx
        .selectFrom('cart_delivery_group')
        .leftJoin('delivery_method', 'delivery_method.id', 'cart_delivery_group.delivery_method_id')
        .select([
          'cart_delivery_group.id',
          'cart_delivery_group.name',
          'cart_delivery_group.is_default',
          'cart_delivery_group.address_json',
          'cart_delivery_group.shipping_instructions',
          'cart_delivery_group.delivery_method_id',
          'delivery_method.name as method_name',
          'delivery_method.kind',
          'delivery_method.fee_minor',
        ])
        .where('cart_delivery_group.cart_id', '=', cart.id)
        .execute(),
      trx.selectFrom('payment').selectAll().where('id', '=', checkout.payment_id!).executeTakeFirstOrThrow(),
    ]);
    const product = new Map(products.map((p) => [p.id, p]));
    const model = new Map(models.map((m) => [m.id, m]));
    const fileVersions = await datasetLineVersions(
      trx,
      items.map((i) => ({
        ...i,
        fulfilment: product.get(i.product_id)?.fulfilment,
        name: product.get(i.product_id)?.name,
      })),
    );

    // 3. Take the stock of the physical lines.
    const physical = new Map<string, number>();
    for (const i of items)
      if (product.get(i.product_id)?.fulfilment === 'Physical')
        physical.set(i.product_id, (physical.get(i.product_id) ?? 0) + i.quantity);
    await this.takeStock(trx, owner, cart.id, orderId, physical, now);
    await trx.deleteFrom('inventory_reservation').where('cart_id', '=', cart.id).execute();
    await this.step();

    // 4. The order and everything in it.
    const contact = JSON.parse(checkout.contact_json!) as { email: string };
    const taxType = owner.webstore.settings.taxType;
    const order: SalesOrderTable = {
      id: orderId,
      webstore_id: owner.webstore.id,
      order_number: orderNumber,
      checkout_id: checkout.id,
      cart_id: cart.id,
      payment_id: payment.id,
      idempotency_key: idempotencyKey,
      owner_user_id: cart.owner_user_id,
      guest_session_id: cart.guest_session_id,
      account_id: cart.account_id,
      email: contact.email,
      contact_json: checkout.contact_json!,
      billing_json: payment.billing_json,
      status: 'Activated',
      currency: cart.currency,
      tax_type: taxType,
      payment_method: payment.method,
      po_number: payment.po_number,
      total_list_minor: cart.total_list_minor,
      total_product_minor: cart.total_product_minor,
      total_adjust_minor: cart.total_item_adjust_minor + cart.total_cart_adjust_minor,
      total_charge_minor: cart.total_charge_minor,
      total_tax_minor: cart.total_tax_minor,
      grand_total_minor: grandTotalMinor(cart, taxType),
      total_quantity: cart.total_quantity,
      adjustments_json: cart.cart_adjustments_json,
      created_at: now,
      // The wrap is on the order only if it was charged (a cart whose printed lines were removed keeps the
      // choice but pays nothing for it); the message goes with it.
      gift_wrap: cart.total_gift_wrap_minor > 0 ? 1 : 0,
      gift_message: cart.gift_message,
      gift_to_name: cart.gift_to_name,
      total_gift_wrap_minor: cart.total_gift_wrap_minor,
      refunded_minor: 0,
    };
    await trx.insertInto('sales_order').values(order).execute();
    await this.step();

    const defaultGroup = groups.find((g) => g.is_default === 1)?.id;
    const used = new Set(items.map((i) => i.delivery_group_id ?? defaultGroup));
    const groupIds = new Map<string, string>();
    const groupRows = groups
      .filter((g) => used.has(g.id))
      .map((g) => {
        const id = randomRecordId(KEY_PREFIXES.orderDeliveryGroup);
        groupIds.set(g.id, id);
        return {
          id,
          order_id: orderId,
          name: g.name,
          address_json: g.address_json,
          delivery_method_id: g.delivery_method_id,
          method_name: g.method_name ?? null,
          kind: g.kind ?? 'Shipped',
          fee_minor: g.fee_minor ?? 0,
          shipping_instructions: g.shipping_instructions,
          // A digital group is delivered with its download links; a shipped one waits for the seller.
          status: g.kind === 'Digital' ? 'Delivered' : 'Pending',
          carrier: null,
          tracking_number: null,
          shipped_at: null,
        };
      });
    if (groupRows.length) await trx.insertInto('order_delivery_group').values(groupRows).execute();

    const itemRows = items.map((i, seq) => {
      const p = product.get(i.product_id)!;
      const m = i.selling_model_id ? model.get(i.selling_model_id) : undefined;
      const lineTotal = i.sales_price_minor * i.quantity + i.adjust_minor;
      return {
        id: randomRecordId(KEY_PREFIXES.orderItem),
        order_id: orderId,
        delivery_group_id: groupIds.get(i.delivery_group_id ?? defaultGroup ?? '') ?? null,
        product_id: i.product_id,
        sku: p.sku,
        name: p.name,
        fulfilment: p.fulfilment,
        selling_model_id: i.selling_model_id || null,
        selling_model_type: m?.selling_model_type ?? null,
        subscription_term: i.subscription_term,
        quantity: i.quantity,
        list_price_minor: i.list_price_minor,
        sales_price_minor: i.sales_price_minor,
        adjust_minor: i.adjust_minor,
        tax_minor: i.tax_minor,
        total_minor: lineTotal,
        seq,
        refunded_minor: 0,
        refunded_at: null,
        list_selection: i.list_selection,
        list_records: i.list_records,
        list_file_version: fileVersions.get(i.id) ?? null,
        _adjustments: JSON.parse(i.adjustments_json) as CartAdjustment[],
        _model: m,
      };
    });
    if (itemRows.length)
      await trx
        .insertInto('order_item')
        .values(itemRows.map(({ _adjustments, _model, ...row }) => row))
        .execute();
    // A bundle line delivers its component datasets: what it contains now, as this buyer may see it.
    await recordBundleComponents(trx, owner.ctx, itemRows);
    const adjustments = [
      ...itemRows.flatMap((r) => r._adjustments.map((a) => ({ order_item_id: r.id as string | null, a }))),
      ...(JSON.parse(cart.cart_adjustments_json) as CartAdjustment[]).map((a) => ({ order_item_id: null, a })),
    ].map(({ order_item_id, a }) => ({
      id: randomRecordId(KEY_PREFIXES.orderAdjustment),
      order_id: orderId,
      order_item_id,
      promotion_id: a.promotionId,
      name: a.displayName,
      coupon_code: a.couponCode ?? null,
      amount_minor: Number(decimalToMinorUnits(a.adjustmentAmount)),
    }));
    if (adjustments.length) await trx.insertInto('order_adjustment').values(adjustments).execute();
    await takeCouponUses(
      trx,
      owner.webstore.id,
      adjustments.map((a) => ({ couponCode: a.coupon_code })),
      couponCustomerKey(order.owner_user_id, order.email),
    );

    const subscriptions = itemRows
      .filter(
        (r) =>
          r._model && (r._model.selling_model_type === 'Evergreen' || r._model.selling_model_type === 'TermDefined'),
      )
      .map((r) => {
        const m = r._model!;
        const type = m.selling_model_type as 'Evergreen' | 'TermDefined';
        const unit = (m.pricing_term_unit ?? 'Months') as PricingTermUnit;
        const dates = subscriptionDates(type, m.pricing_term ?? 1, unit, r.subscription_term, now);
        return {
          id: randomRecordId(KEY_PREFIXES.subscription),
          webstore_id: owner.webstore.id,
          order_id: orderId,
          order_item_id: r.id,
          owner_user_id: cart.owner_user_id,
          account_id: cart.account_id,
          product_id: r.product_id,
          product_name: r.name,
          selling_model_type: type,
          pricing_term: m.pricing_term ?? 1,
          pricing_term_unit: unit,
          term_count: type === 'TermDefined' ? (r.subscription_term ?? 1) : null,
          quantity: r.quantity,
          price_minor: r.total_minor,
          currency: cart.currency,
          status: 'Active',
          start_date: dates.startDate,
          end_date: dates.endDate,
          next_renewal_date: dates.nextRenewalDate,
          created_at: now,
        };
      });
    if (subscriptions.length) await trx.insertInto('subscription').values(subscriptions).execute();

    // 5. The payment now pays for this order (unique: one order per payment).
    await trx
      .updateTable('payment')
      .set({ order_id: orderId })
      .where('id', '=', payment.id)
      .where('order_id', 'is', null)
      .execute();
    for (const hook of this.onPlaced) await hook(trx, order);
    await this.step();
    return order;
  }

  /**
   * Takes the quantities from the store's warehouses, as the StockAllocation policy chooses (by default
   * the fullest first). The inventory rows are locked
   * first (in a fixed order, so two orders never wait on each other), then what other carts hold is
   * counted, so stock reserved by another shopper is not sold twice. Each take is recorded against the order
   * (order_stock_take), so a cancellation before shipping puts back exactly what was taken, where it was taken.
   */
  private async takeStock(
    trx: Kysely<Database>,
    owner: CartOwner,
    cartId: string,
    orderId: string,
    wanted: Map<string, number>,
    now: string,
  ): Promise<void> {
    if (!wanted.size || !owner.webstore.settings.inventoryConfiguration?.isInventoryEnabled) return;
    const ids = [...wanted.keys()].sort();
    const q = defaultSourceStock(trx, owner.webstore, ids);
    const rows = await forUpdate(trx, q.orderBy('product_id').orderBy('location_id')).execute();
    const held = await heldByCarts(trx, ids, now, cartId);
    const names = await trx.selectFrom('product').select(['id', 'name']).where('id', 'in', ids).execute();
    for (const productId of ids) {
      const need = wanted.get(productId)!;
      const mine = rows.filter((r) => r.product_id === productId);
      const free = availableStock(mine, held.get(productId) ?? 0);
      if (need > free) {
        const name = names.find((n) => n.id === productId)?.name ?? productId;
        throw insufficientInventory(
          free > 0
            ? `Only ${free} of ${name} ${free === 1 ? 'is' : 'are'} left. Change the quantity and try again.`
            : `${name} is out of stock.`,
        );
      }
      const locations = mine.map((r) => ({ locationId: r.location_id, free: freeStock(r) }));
      for (const take of this.s.policies.stockAllocation.allocate(need, locations)) {
        await trx
          .updateTable('inventory_level')
          .set({ on_hand: sql<number>`on_hand - ${take.quantity}` })
          .where('product_id', '=', productId)
          .where('location_id', '=', take.locationId)
          .execute();
        await trx
          .insertInto('order_stock_take')
          .values({ order_id: orderId, product_id: productId, location_id: take.locationId, quantity: take.quantity })
          .execute();
      }
    }
  }
}
