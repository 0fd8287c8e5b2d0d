// Checkout set-up and bookkeeping shared by the tests that race shoppers at place-order (in one process
// or across several): physical products and their stock, a guest taken to a paid checkout, and the
// check that payments and orders agree.
import assert from 'node:assert/strict';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { PRICE_BOOK_IDS } from '../seed/store.ts';
import type { Agent } from './agent.ts';
import { pay, startCheckout } from './purchase.ts';

export const ADDRESS = {
  name: 'Grace Hopper',
  street: '1 Navy Way',
  city: 'Arlington',
  region: 'VA',
  postalCode: '22202',
  country: 'US',
};
const CONTACT = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' };

/** The first n active simple products of a kind with a store price, sold one at a time (by SKU). */
export async function pricedProducts(
  db: Kysely<Database>,
  n: number,
  fulfilment: 'Physical' | 'Dataset',
): Promise<string[]> {
  const rows = await db
    .selectFrom('product')
    .innerJoin('price_book_entry', 'price_book_entry.product_id', 'product.id')
    .select('product.id')
    .where('price_book_entry.price_book_id', '=', PRICE_BOOK_IDS.store)
    .where('price_book_entry.selling_model_id', 'is', null)
    .where('product.fulfilment', '=', fulfilment)
    .where('product.is_active', '=', 1)
    .where('product.product_class', '=', 'Simple')
    .where('product.qty_min', '=', '1')
    .orderBy('product.sku')
    .limit(n)
    .execute();
  assert.equal(rows.length, n, `${n} ${fulfilment} products`);
  return rows.map((r) => r.id);
}

/** The first n active physical products with a store price (by SKU). */
export const physicalProducts = (db: Kysely<Database>, n: number): Promise<string[]> =>
  pricedProducts(db, n, 'Physical');

/** Sets what each warehouse has on hand (in location order), nothing reserved. */
export async function setStock(db: Kysely<Database>, productId: string, perLocation: number[]): Promise<void> {
  const levels = await db
    .selectFrom('inventory_level')
    .select('location_id')
    .where('product_id', '=', productId)
    .orderBy('location_id')
    .execute();
  for (const [i, l] of levels.entries()) {
    await db
      .updateTable('inventory_level')
      .set({ on_hand: perLocation[i] ?? 0, reserved: 0 })
      .where('product_id', '=', productId)
      .where('location_id', '=', l.location_id)
      .execute();
  }
}

export const stockOf = async (db: Kysely<Database>, productId: string): Promise<number[]> =>
  (await db.selectFrom('inventory_level').select('on_hand').where('product_id', '=', productId).execute()).map(
    (r) => r.on_hand,
  );

/** A guest agent with the product in the cart and a paid checkout, ready to place. */
export async function paidGuest(
  a: Agent,
  productId: string,
  quantity = 1,
): Promise<{ agent: Agent; checkoutId: string }> {
  const checkoutId = await startCheckout(a, productId, { quantity, contact: CONTACT, address: ADDRESS });
  await pay(a, checkoutId, ADDRESS);
  return { agent: a, checkoutId };
}

/** Every live payment has exactly one order and every order its payment. */
export async function assertPaymentsMatchOrders(db: Kysely<Database>): Promise<void> {
  const [payments, orders] = await Promise.all([
    db.selectFrom('payment').select(['id', 'order_id', 'status']).execute(),
    db.selectFrom('sales_order').select(['id', 'payment_id', 'checkout_id']).execute(),
  ]);
  const orderByPayment = new Map<string, number>();
  for (const o of orders) orderByPayment.set(o.payment_id, (orderByPayment.get(o.payment_id) ?? 0) + 1);
  for (const p of payments.filter((x) => x.status === 'Authorized')) {
    assert.equal(orderByPayment.get(p.id) ?? 0, 1, `payment ${p.id} has exactly one order`);
    assert.ok(
      p.order_id && orders.some((o) => o.id === p.order_id && o.payment_id === p.id),
      `payment ${p.id} points at its order`,
    );
  }
  for (const o of orders) {
    const p = payments.find((x) => x.id === o.payment_id);
    assert.ok(p, `order ${o.id} has its payment`);
    assert.equal(p.status, 'Authorized');
    assert.equal(p.order_id, o.id);
  }
  assert.equal(new Set(orders.map((o) => o.checkout_id)).size, orders.length, 'one order per checkout');
}
