// A shopper's purchase through the API, for tests that need a checkout or an order rather than to test
// checkout itself: a line in the cart, a started checkout, contact details and a US address (state tax,
// domestic delivery), the test gateway's accepted card, the order. Each step asserts the answer a
// shopper's browser would need to go on.
import assert from 'node:assert/strict';
import type { Agent } from './agent.ts';
import { BASE, type TestServer } from './server.ts';
import { PRICE_BOOK_IDS } from '../seed/store.ts';

export const ADDRESS = {
  name: 'Ada Lovelace',
  street: '415 Mission St',
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94105',
  country: 'US',
};
export const CONTACT = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
/** The test gateway's token for a card it accepts. */
export const ACCEPTED_CARD = 'tok_test_success_visa_4242';

export async function productIdOf(s: TestServer, sku: string): Promise<string> {
  return (await s.db.db.selectFrom('product').select('id').where('sku', '=', sku).executeTakeFirstOrThrow()).id;
}

/** Once-only datasets a guest can buy (simple DS- products, quantity 1 at most, a one-time store price), by SKU. */
export async function onceOnlyDatasets(s: TestServer): Promise<string[]> {
  const rows = await s.db.db
    .selectFrom('product')
    .innerJoin('price_book_entry', 'price_book_entry.product_id', 'product.id')
    .select('product.id')
    .where('price_book_entry.price_book_id', '=', PRICE_BOOK_IDS.store)
    .where('price_book_entry.selling_model_id', 'is', null)
    .where('product.is_active', '=', 1)
    .where('product.product_class', '=', 'Simple')
    .where('product.sku', 'like', 'DS-%')
    .where('product.qty_max', '=', '1')
    .orderBy('product.sku')
    .execute();
  return [...new Set(rows.map((r) => r.id))];
}

/** The number a person reads (and searches the workspace's orders by) of an order summary. */
export async function orderNumberOf(s: TestServer, id: string): Promise<string> {
  return (await s.db.db.selectFrom('sales_order').select('order_number').where('id', '=', id).executeTakeFirstOrThrow())
    .order_number;
}

/**
 * The product in the agent's cart and a checkout started: its id. With the delivery address, and the
 * contact details a guest gives (`contact: false` for a logged-in buyer, whose details are on file), unless
 * `details: false`; the address and contact are the test ones unless given.
 */
export async function startCheckout(
  a: Agent,
  productId: string,
  opts: { quantity?: number; details?: boolean; contact?: typeof CONTACT | false; address?: typeof ADDRESS } = {},
): Promise<string> {
  const added = await a.post(`${BASE}/carts/current/cart-items`, {
    productId,
    quantity: String(opts.quantity ?? 1),
    type: 'Product',
  });
  assert.equal(added.status, 201, added.text);
  const started = await a.put(`${BASE}/checkouts`, { cartId: 'active' });
  assert.equal(started.status, 202, started.text);
  const id = started.body.checkoutId as string;
  if (opts.details !== false) {
    if (opts.contact !== false)
      assert.equal((await a.patch(`${BASE}/checkouts/${id}`, { contactInfo: opts.contact ?? CONTACT })).status, 202);
    const deliveryAddress = opts.address ?? ADDRESS;
    assert.equal((await a.patch(`${BASE}/checkouts/${id}`, { deliveryAddress })).status, 202);
  }
  return id;
}

/** Pays the checkout with the accepted card (billed to the address given, else the test one). */
export async function pay(a: Agent, checkoutId: string, billingAddress = ADDRESS): Promise<void> {
  const paid = await a.post(`${BASE}/checkouts/${checkoutId}/payments`, {
    requestType: 'Auth',
    paymentToken: ACCEPTED_CARD,
    billingAddress,
  });
  assert.equal(paid.status, 200, paid.text);
}

/** Pays the checkout with the accepted card and places the order: the order summary id. */
export async function payAndPlace(a: Agent, checkoutId: string): Promise<string> {
  await pay(a, checkoutId);
  const placed = await a.post(`${BASE}/checkouts/${checkoutId}/orders`);
  assert.equal(placed.status, 201, placed.text);
  return placed.body.orderSummaryId as string;
}

/** A logged-in buyer (or any agent) buys one of the product: the order summary id. */
export async function placeCardOrder(a: Agent, productId: string): Promise<string> {
  return payAndPlace(a, await startCheckout(a, productId, { contact: false }));
}

/** A new guest with the product in the cart and a checkout started; with contact and address unless told not to. */
export async function guestCheckout(
  s: TestServer,
  sku: string,
  opts: { details?: boolean } = {},
): Promise<{ a: Agent; id: string }> {
  const a = s.agent();
  return { a, id: await startCheckout(a, await productIdOf(s, sku), opts) };
}

/** A new guest's order for the product, paid by the accepted card: its id. */
export async function placeGuestOrder(s: TestServer, sku: string): Promise<string> {
  const { a, id } = await guestCheckout(s, sku);
  return payAndPlace(a, id);
}
