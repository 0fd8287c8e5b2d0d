import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCommerceClient } from './api.ts';
import { CommerceFetchError } from './errors.ts';
import { json, pathOf, queryOf, recordingFetch, type RecordedCall, type Responder } from './test-support.ts';

const WS = '0ZE000000000001AAA';
const BASE = `/services/data/v65.0/commerce/webstores/${WS}`;
const CART = '0a6000000000001AAA';
const ITEM = '0a9000000000001AAA';
const PRODUCT = '01t000000000101AAA';
const MODEL = '0jP000000000002AAA';
const ACCOUNT = '001000000000002AAA';

function setup(respond?: Responder) {
  const { fetch, calls } = recordingFetch(respond);
  const client = createCommerceClient({ webstoreId: WS, fetch, csrfToken: () => 'tok' });
  return { client, calls };
}

const noContent = () => new Response(null, { status: 204 });
const sent = (call: RecordedCall) => ({
  method: call.method,
  path: pathOf(call.url),
  query: queryOf(call.url),
  body: call.body ? JSON.parse(call.body) : undefined,
});

describe('the cart itself', () => {
  it('GET carts/current, PUT carts/current to ensure one, DELETE carts/{cartStateOrId}', async () => {
    const summary = { cartId: null, totalProductCount: '0' };
    const { client, calls } = setup((c) =>
      c.method === 'DELETE' ? noContent() : json(summary, { status: c.method === 'PUT' ? 201 : 200 }),
    );
    assert.deepEqual(await client.getCurrentCart(), summary);
    assert.deepEqual(await client.ensureCart(), summary);
    assert.equal(await client.deleteCart('active'), undefined);
    await client.deleteCart(CART);
    assert.deepEqual(calls.map(sent), [
      { method: 'GET', path: `${BASE}/carts/current`, query: {}, body: undefined },
      { method: 'PUT', path: `${BASE}/carts/current`, query: {}, body: undefined },
      { method: 'DELETE', path: `${BASE}/carts/active`, query: {}, body: undefined },
      { method: 'DELETE', path: `${BASE}/carts/${CART}`, query: {}, body: undefined },
    ]);
    assert.equal(calls[0].headers['X-CSRF-Token'], undefined, 'a read carries no token');
    assert.equal(calls[1].headers['X-CSRF-Token'], 'tok');
    assert.equal(calls[2].headers['X-CSRF-Token'], 'tok');
  });

  it('GET carts/compact-summary for the header badge', async () => {
    const { client, calls } = setup(() =>
      json({ cartId: CART, totalProductCount: '3', asyncOperationStatus: 'Completed' }),
    );
    assert.equal((await client.getCartCompactSummary()).totalProductCount, '3');
    assert.equal(pathOf(calls[0].url), `${BASE}/carts/compact-summary`);
  });

  it('adds the effective account when one is set, never the all-zero id', async () => {
    const { client, calls } = setup(() => json({}));
    await client.getCartCompactSummary({ effectiveAccountId: ACCOUNT });
    await client.getCurrentCart({ effectiveAccountId: '000000000000000' });
    assert.deepEqual(queryOf(calls[0].url), { effectiveAccountId: ACCOUNT });
    assert.deepEqual(queryOf(calls[1].url), {});
  });
});

describe('cart items', () => {
  it('GET cart-items with page size 25, page 1 and CreatedDateDesc by default', async () => {
    const { client, calls } = setup(() => json({ cartItems: [] }));
    await client.getCartItems(CART);
    assert.equal(pathOf(calls[0].url), `${BASE}/carts/${CART}/cart-items`);
    assert.deepEqual(queryOf(calls[0].url), { pageSize: '25', pageNumber: '1', sort: 'CreatedDateDesc' });
  });

  it('passes paging, sort, product fields (comma-joined) and the include flags', async () => {
    const { client, calls } = setup(() => json({ cartItems: [] }));
    await client.getCartItems('current', {
      pageSize: 10,
      pageNumber: 2,
      sort: 'NameAsc',
      productFields: ['Name', 'StockKeepingUnit'],
      includePromotions: true,
      includeCoupons: true,
    });
    assert.equal(pathOf(calls[0].url), `${BASE}/carts/current/cart-items`);
    assert.deepEqual(queryOf(calls[0].url), {
      pageSize: '10',
      pageNumber: '2',
      sort: 'NameAsc',
      productFields: 'Name,StockKeepingUnit',
      includePromotions: 'true',
      includeCoupons: 'true',
    });
  });

  it('POST cart-items: productId, the quantity as a string, type Product, the selling model and term when chosen', async () => {
    const item = { cartItemId: ITEM, productId: PRODUCT, quantity: '1' };
    const { client, calls } = setup(() => json(item, { status: 201 }));
    assert.deepEqual(await client.addItemToCart('current', { productId: PRODUCT, quantity: 1 }), item);
    await client.addItemToCart('current', {
      productId: PRODUCT,
      quantity: '2',
      productSellingModelId: MODEL,
      subscriptionTerm: 12,
      extra: 'dropped',
    } as never);
    assert.deepEqual(sent(calls[0]), {
      method: 'POST',
      path: `${BASE}/carts/current/cart-items`,
      query: {},
      body: { productId: PRODUCT, quantity: '1', type: 'Product' },
    });
    assert.deepEqual(sent(calls[1]).body, {
      productId: PRODUCT,
      quantity: '2',
      type: 'Product',
      productSellingModelId: MODEL,
      subscriptionTerm: 12,
    });
    assert.equal(calls[0].headers['X-CSRF-Token'], 'tok');
  });

  it('POST cart-items/batch wraps each line as a richInput, and hands back a 202 Processing answer as it came', async () => {
    const processing = { hasErrors: false, results: [], asyncOperationStatus: 'Processing' };
    const { client, calls } = setup(() => json(processing, { status: 202 }));
    const answer = await client.addItemsToCart('current', [
      { productId: PRODUCT, quantity: 1 },
      { productId: '01t000000000102AAA', quantity: '1' },
    ]);
    assert.deepEqual(answer, processing);
    assert.deepEqual(sent(calls[0]), {
      method: 'POST',
      path: `${BASE}/carts/current/cart-items/batch`,
      query: {},
      body: {
        inputs: [
          { richInput: { productId: PRODUCT, quantity: '1', type: 'Product' } },
          { richInput: { productId: '01t000000000102AAA', quantity: '1', type: 'Product' } },
        ],
      },
    });
  });

  it('PATCH and DELETE one line', async () => {
    const { client, calls } = setup((c) =>
      c.method === 'DELETE' ? noContent() : json({ cartItemId: ITEM, quantity: '3' }),
    );
    assert.equal((await client.updateCartItem(CART, ITEM, 3)).quantity, '3');
    await client.deleteCartItem(CART, ITEM);
    assert.deepEqual(sent(calls[0]), {
      method: 'PATCH',
      path: `${BASE}/carts/${CART}/cart-items/${ITEM}`,
      query: {},
      body: { quantity: '3' },
    });
    assert.deepEqual(sent(calls[1]), {
      method: 'DELETE',
      path: `${BASE}/carts/${CART}/cart-items/${ITEM}`,
      query: {},
      body: undefined,
    });
  });

  it('a refused add arrives as a CommerceFetchError with the server code (409 is the once-only rule)', async () => {
    const { client } = setup(() =>
      json([{ errorCode: 'MAX_LIMIT_EXCEEDED', message: 'This dataset is already in your cart.' }], { status: 409 }),
    );
    await assert.rejects(client.addItemToCart('current', { productId: PRODUCT, quantity: 1 }), (e: unknown) => {
      assert.ok(e instanceof CommerceFetchError);
      assert.equal(e.status, 409);
      assert.equal(e.errors[0].type, 'MAX_LIMIT_EXCEEDED');
      return true;
    });
  });
});

describe('coupons, promotions, reservations, preserve and clone', () => {
  it('GET, POST and DELETE cart-coupons', async () => {
    const coupons = {
      cartId: CART,
      cartCoupons: { coupons: [{ cartCouponId: '0cC000000000001AAA', couponCode: 'SAVE10' }] },
    };
    const { client, calls } = setup((c) =>
      c.method === 'DELETE' ? noContent() : json(coupons, { status: c.method === 'POST' ? 201 : 200 }),
    );
    await client.getCartCoupons(CART);
    assert.deepEqual(await client.applyCartCoupon(CART, '  SAVE10 '), coupons);
    await client.deleteCartCoupon(CART, '0cC000000000001AAA');
    assert.deepEqual(calls.map(sent), [
      { method: 'GET', path: `${BASE}/carts/${CART}/cart-coupons`, query: {}, body: undefined },
      { method: 'POST', path: `${BASE}/carts/${CART}/cart-coupons`, query: {}, body: { couponCode: 'SAVE10' } },
      { method: 'DELETE', path: `${BASE}/carts/${CART}/cart-coupons/0cC000000000001AAA`, query: {}, body: undefined },
    ]);
  });

  it('GET promotions of a cart', async () => {
    const { client, calls } = setup(() => json({ promotions: { promotions: [] } }));
    await client.getCartPromotions(CART);
    assert.equal(pathOf(calls[0].url), `${BASE}/carts/${CART}/promotions`);
  });

  it('PUT inventory-reservations for 14400 s unless told otherwise', async () => {
    const { client, calls } = setup(() => json({ cartId: CART, expiresAt: '2026-01-01T04:00:00Z', reservations: [] }));
    await client.reserveCartInventory(CART);
    await client.reserveCartInventory(CART, 600);
    assert.deepEqual(sent(calls[0]), {
      method: 'PUT',
      path: `${BASE}/carts/${CART}/inventory-reservations`,
      query: {},
      body: { durationInSeconds: 14400 },
    });
    assert.deepEqual(sent(calls[1]).body, { durationInSeconds: 600 });
  });

  it('POST actions/preserve and actions/clone (PayNowReadOnly)', async () => {
    const { client, calls } = setup(() => json({}));
    await client.preserveCart('current');
    await client.cloneCart(CART);
    assert.deepEqual(sent(calls[0]), {
      method: 'POST',
      path: `${BASE}/carts/current/actions/preserve`,
      query: {},
      body: undefined,
    });
    assert.deepEqual(sent(calls[1]), {
      method: 'POST',
      path: `${BASE}/carts/${CART}/actions/clone`,
      query: {},
      body: { targetType: 'PayNowReadOnly' },
    });
    assert.equal(calls[0].headers['X-CSRF-Token'], 'tok');
  });
});

describe('delivery groups', () => {
  it('lists with limit 20 and no items by default; reads, adds, changes and removes one', async () => {
    const { client, calls } = setup((c) =>
      c.method === 'DELETE'
        ? noContent()
        : json({ id: '0dg000000000001AAA' }, { status: c.method === 'POST' ? 201 : 200 }),
    );
    await client.getDeliveryGroups(CART);
    await client.getDeliveryGroups(CART, { limit: 5, cartItemLimit: 10 });
    await client.getDeliveryGroup(CART, '0dg000000000001AAA');
    await client.addDeliveryGroup(CART, { name: 'Head office', deliveryAddress: { country: 'US', city: 'Seattle' } });
    await client.updateDeliveryGroup(CART, '0dg000000000001AAA', {
      shippingInstructions: 'Reception',
      other: 1,
    } as never);
    await client.deleteDeliveryGroup(CART, '0dg000000000001AAA');
    const groups = `${BASE}/carts/${CART}/delivery-groups`;
    assert.deepEqual(calls.map(sent), [
      { method: 'GET', path: groups, query: { limit: '20', cartItemLimit: '0' }, body: undefined },
      { method: 'GET', path: groups, query: { limit: '5', cartItemLimit: '10' }, body: undefined },
      { method: 'GET', path: `${groups}/0dg000000000001AAA`, query: {}, body: undefined },
      {
        method: 'POST',
        path: groups,
        query: {},
        body: { name: 'Head office', deliveryAddress: { country: 'US', city: 'Seattle' } },
      },
      { method: 'PATCH', path: `${groups}/0dg000000000001AAA`, query: {}, body: { shippingInstructions: 'Reception' } },
      { method: 'DELETE', path: `${groups}/0dg000000000001AAA`, query: {}, body: undefined },
    ]);
  });

  it('arranges items: 202 Processing comes back as it was sent', async () => {
    const { client, calls } = setup(() => json({ asyncOperationStatus: 'Processing' }, { status: 202 }));
    const answer = await client.arrangeCartItems(CART, [
      { deliveryGroupId: '0dg000000000001AAA', cartItemIds: [ITEM] },
    ]);
    assert.deepEqual(answer, { asyncOperationStatus: 'Processing' });
    assert.deepEqual(sent(calls[0]), {
      method: 'POST',
      path: `${BASE}/carts/${CART}/delivery-groups/actions/arrange-items`,
      query: {},
      body: { arrangements: [{ deliveryGroupId: '0dg000000000001AAA', cartItemIds: [ITEM] }] },
    });
  });
});

describe('cart input validation (TypeError before any request)', () => {
  const cases: Array<[string, (c: ReturnType<typeof setup>['client']) => Promise<unknown>]> = [
    ['a blank cart id', (c) => c.getCartItems(' ')],
    ['a missing cart id on delete', (c) => c.deleteCart(undefined as never)],
    ['an add without a product', (c) => c.addItemToCart('current', { quantity: 1 } as never)],
    ['an add without a quantity', (c) => c.addItemToCart('current', { productId: PRODUCT } as never)],
    ['an add with a blank quantity', (c) => c.addItemToCart('current', { productId: PRODUCT, quantity: ' ' })],
    [
      'an add with a term that is not a whole number',
      (c) => c.addItemToCart('current', { productId: PRODUCT, quantity: 1, subscriptionTerm: 1.5 }),
    ],
    ['no add at all', (c) => c.addItemToCart('current', undefined as never)],
    ['an empty batch', (c) => c.addItemsToCart('current', [])],
    [
      'a batch line without a product',
      (c) => c.addItemsToCart('current', [{ productId: PRODUCT, quantity: 1 }, { quantity: 1 } as never]),
    ],
    [
      'a batch of 101 lines',
      (c) =>
        c.addItemsToCart(
          'current',
          Array.from({ length: 101 }, () => ({ productId: PRODUCT, quantity: 1 })),
        ),
    ],
    ['an update without a line id', (c) => c.updateCartItem(CART, '', 1)],
    ['an update without a quantity', (c) => c.updateCartItem(CART, ITEM, undefined as never)],
    ['a delete without a line id', (c) => c.deleteCartItem(CART, undefined as never)],
    ['a blank coupon code', (c) => c.applyCartCoupon(CART, '  ')],
    ['a coupon delete without its id', (c) => c.deleteCartCoupon(CART, '')],
    ['a reservation of no time', (c) => c.reserveCartInventory(CART, 0)],
    ['a delivery group read without its id (spec 02 §5)', (c) => c.getDeliveryGroup(CART, '')],
    ['a delivery group change with nothing to change', (c) => c.updateDeliveryGroup(CART, '0dg000000000001AAA', {})],
    [
      'an arrangement without item ids',
      (c) => c.arrangeCartItems(CART, [{ deliveryGroupId: '0dg000000000001AAA', cartItemIds: [] }]),
    ],
  ];
  for (const [name, run] of cases) {
    it(name, async () => {
      const { client, calls } = setup();
      await assert.rejects(run(client), TypeError);
      assert.equal(calls.length, 0);
    });
  }
});
