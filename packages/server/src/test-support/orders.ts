// A placed order through the API, as a shopper makes one: a line, the checkout, an address, a card, the
// order. For tests that need an order (its pages, its download links) rather than to test checkout.
import assert from 'node:assert/strict';
import type { Agent } from './agent.ts';
import { BASE } from './server.ts';

export const TEST_ADDRESS = {
  name: 'Casey Jordan',
  street: '415 Mission St',
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94105',
  country: 'US',
};

/** Buys one of the product with the test gateway's accepted card; the order summary id. */
export async function placeCardOrder(a: Agent, productId: string): Promise<string> {
  const line = await a.post(`${BASE}/carts/current/cart-items`, { productId, quantity: '1', type: 'Product' });
  assert.equal(line.status, 201, line.text);
  const started = await a.put(`${BASE}/checkouts`, { cartId: 'active' });
  assert.equal(started.status, 202, started.text);
  const checkoutId = started.body.checkoutId;
  assert.equal((await a.patch(`${BASE}/checkouts/${checkoutId}`, { deliveryAddress: TEST_ADDRESS })).status, 202);
  const paid = await a.post(`${BASE}/checkouts/${checkoutId}/payments`, {
    requestType: 'Auth',
    paymentToken: 'tok_test_success_visa_4242',
    billingAddress: TEST_ADDRESS,
  });
  assert.equal(paid.status, 200, paid.text);
  const placed = await a.post(`${BASE}/checkouts/${checkoutId}/orders`);
  assert.equal(placed.status, 201, placed.text);
  return placed.body.orderSummaryId;
}
