// A guest's way through checkout for API tests: a product in the cart, a started checkout, contact
// details and a delivery address; then a card payment and the order. Each step asserts the answer a
// shopper's browser would need to go on.
import assert from 'node:assert/strict';
import { BASE, type Agent, type TestServer } from './server.ts';

export const TEST_ADDRESS = {
  name: 'Ada Lovelace',
  street: '415 Mission St',
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94105',
  country: 'US',
};
export const TEST_CONTACT = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

export async function productIdOf(s: TestServer, sku: string): Promise<string> {
  return (await s.db.db.selectFrom('product').select('id').where('sku', '=', sku).executeTakeFirstOrThrow()).id;
}

/** A new guest with the product in the cart and a checkout started; with contact and address unless told not to. */
export async function guestCheckout(
  s: TestServer,
  sku: string,
  opts: { details?: boolean } = {},
): Promise<{ a: Agent; id: string }> {
  const a = s.agent();
  const added = await a.post(`${BASE}/carts/current/cart-items`, {
    productId: await productIdOf(s, sku),
    quantity: '1',
    type: 'Product',
  });
  assert.equal(added.status, 201, added.text);
  const started = await a.put(`${BASE}/checkouts`, { cartId: 'active' });
  assert.equal(started.status, 202, started.text);
  const id = started.body.checkoutId as string;
  if (opts.details !== false) {
    assert.equal((await a.patch(`${BASE}/checkouts/${id}`, { contactInfo: TEST_CONTACT })).status, 202);
    assert.equal((await a.patch(`${BASE}/checkouts/${id}`, { deliveryAddress: TEST_ADDRESS })).status, 202);
  }
  return { a, id };
}

/** A guest's order for the product, paid by the test card: its id. */
export async function placeGuestOrder(s: TestServer, sku: string): Promise<string> {
  const { a, id } = await guestCheckout(s, sku);
  const paid = await a.post(`${BASE}/checkouts/${id}/payments`, {
    requestType: 'Auth',
    paymentToken: 'tok_test_success_visa_4242',
    billingAddress: TEST_ADDRESS,
  });
  assert.equal(paid.status, 200, paid.text);
  const placed = await a.post(`${BASE}/checkouts/${id}/orders`);
  assert.equal(placed.status, 201, placed.text);
  return placed.body.orderSummaryId as string;
}
