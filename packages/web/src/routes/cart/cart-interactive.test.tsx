// The cart page once hydrated (jsdom, in a router with the real /cart route): changing a quantity,
// removing a line, applying and removing coupons, and the header badge following along. The API is an
// in-memory cart behind the same calls the page and its cart store make.
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CartCoupon, CartItem } from '@store/core';
import type { CartStoreCalls } from '@store/client';
import { installDom, sleep, typeInto } from '../../test-support/dom.ts';
import { cartCollection, cartItem, compactSummary, CART_ID } from '../../test-support/fixtures.ts';
import type { StoreApi } from '../../lib/api.ts';

installDom();
const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { createMemoryRouter, Outlet, RouterProvider } = await import('react-router');
const { CommerceFetchError, createCartStore } = await import('@store/client');
const { StoreApiProvider } = await import('../../lib/api-context.tsx');
const { ToastProvider } = await import('../../components/ui/Toast.tsx');
const { CartBadge } = await import('../../components/cart/CartBadge.tsx');
const { createCartRoute } = await import('./cart-route.tsx');

const A = cartItem({
  cartItemId: '0a9000000000001AAA',
  productDetails: {
    ...cartItem().productDetails,
    purchaseQuantityRule: { minimum: '1', maximum: '10', increment: '1' },
  },
});
const B = cartItem({
  cartItemId: '0a9000000000002AAA',
  productId: '01t000000000002AAA',
  name: 'US Orthodontists, Email and Phone',
  adjustments: [],
  totalAmount: '250.00',
  productDetails: {
    ...cartItem().productDetails,
    productId: '01t000000000002AAA',
    name: 'US Orthodontists, Email and Phone',
    sku: 'DS-00002',
  },
});

const refused = (status: number, errorCode: string, message: string) =>
  new CommerceFetchError({
    url: '/carts',
    status,
    statusText: '',
    errors: [{ type: errorCode, message, arguments: [] }],
  });

/** The shopper's cart on the "server". */
let lines: CartItem[] = [];
let coupons: CartCoupon[] = [];
let log: string[] = [];

const collection = () =>
  cartCollection({
    items: lines,
    coupons,
    summary: { totalProductCount: String(lines.reduce((n, l) => n + Number(l.quantity), 0)) },
  });

function fakeApi(): StoreApi {
  const calls: CartStoreCalls = {
    getCartCompactSummary: async () => compactSummary(lines.reduce((n, l) => n + Number(l.quantity), 0)),
    addItemToCart: async () => Promise.reject(new Error('not used')),
    addItemsToCart: async () => Promise.reject(new Error('not used')),
    async updateCartItem(cartId, id, quantity) {
      log.push(`PATCH ${cartId} ${id} ${quantity}`);
      if (Number(quantity) > 5)
        throw refused(400, 'CART_VALIDATION_ERROR', 'Only 5 of this dataset can be ordered at once.');
      lines = lines.map((l) => (l.cartItemId === id ? { ...l, quantity: String(quantity) } : l));
      return lines.find((l) => l.cartItemId === id)!;
    },
    async deleteCartItem(cartId, id) {
      log.push(`DELETE ${cartId} ${id}`);
      lines = lines.filter((l) => l.cartItemId !== id);
    },
    async applyCartCoupon(cartId, code) {
      log.push(`POST coupon ${cartId} ${code}`);
      if (code !== 'SAVE10' && code !== 'DENTAL5')
        throw refused(400, 'INVALID_COUPON', `The coupon code ${code} is not valid.`);
      if (coupons.length >= 2) throw refused(409, 'MAX_LIMIT_EXCEEDED', 'A cart takes at most 2 coupons.');
      coupons = [...coupons, { cartCouponId: `0cC00000000000${coupons.length + 1}AAA`, couponCode: code }];
      return collection().cartCoupons;
    },
    async deleteCartCoupon(cartId, id) {
      log.push(`DELETE coupon ${cartId} ${id}`);
      coupons = coupons.filter((c) => c.cartCouponId !== id);
    },
  };
  const store = createCartStore({ calls, clock: { sleep: async () => undefined } });
  const client = {
    getCurrentCart: async () => collection().cartSummary,
    getCartItems: async () => collection(),
  };
  return { client, cart: () => store } as unknown as StoreApi;
}

let container: HTMLElement;
let root: ReturnType<typeof createRoot>;

async function open() {
  const api = fakeApi();
  const frame = () =>
    createElement(
      StoreApiProvider,
      { api },
      createElement(
        ToastProvider,
        null,
        createElement('header', null, createElement(CartBadge, { initial: null })),
        createElement(Outlet),
      ),
    );
  const router = createMemoryRouter([{ path: '/', Component: frame, children: [createCartRoute(() => api)] }], {
    initialEntries: ['/cart'],
  });
  root = createRoot(container);
  await act(async () => root.render(createElement(RouterProvider, { router })));
  await settle();
}

/** Lets the action, the summary reload and the page's revalidation run. */
const settle = () => act(async () => sleep(20));

const lineEls = () => [...container.querySelectorAll('.cart-line')];
const lineNamed = (name: string) => lineEls().find((l) => l.querySelector('.cart-line__name')?.textContent === name)!;
const badge = () => container.querySelector('.cart-badge')!.textContent;
const button = (scope: ParentNode, text: string) =>
  [...scope.querySelectorAll('button')].find((b) => b.textContent === text)!;
const couponField = () => container.querySelector<HTMLInputElement>('#coupon-couponCode')!;
const couponError = () => container.querySelector('#coupon-couponCode-error')?.textContent ?? null;
const appliedCoupons = () => [...container.querySelectorAll('.coupons__code')].map((c) => c.textContent);

async function click(el: HTMLElement) {
  await act(async () => el.click());
  await settle();
}
async function type(input: HTMLInputElement, value: string) {
  await act(async () => typeInto(input, value));
}

before(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
});
beforeEach(() => {
  lines = [A, B];
  coupons = [];
  log = [];
});
afterEach(async () => act(async () => root.unmount()));
after(() => container.remove());

describe('cart page, interactive', () => {
  test('shows both lines and the badge counts them', async () => {
    await open();
    assert.deepEqual(
      lineEls().map((l) => l.querySelector('.cart-line__name')?.textContent),
      ['US Dentists, Email and Phone', 'US Orthodontists, Email and Phone'],
    );
    assert.equal(badge(), 'Cart (2)');
  });

  test('a quantity edit is held to the rule, then sent; the line, the totals and the badge follow', async () => {
    await open();
    const line = lineNamed('US Dentists, Email and Phone');
    const qty = line.querySelector<HTMLInputElement>('input[name="quantity"]')!;
    await type(qty, '11');
    assert.equal(line.querySelector('.field__error')?.textContent, 'The number is too high');
    assert.equal(button(line, 'Update').disabled, true);
    await type(qty, '3');
    assert.equal(line.querySelector('.field__error'), null);
    await click(button(line, 'Update'));
    assert.deepEqual(log, [`PATCH ${CART_ID} 0a9000000000001AAA 3`]);
    assert.equal(
      lineNamed('US Dentists, Email and Phone').querySelector<HTMLInputElement>('input[name="quantity"]')!.value,
      '3',
    );
    assert.equal(badge(), 'Cart (4)');
  });

  test("a quantity the server refuses shows the server's rule message on the line", async () => {
    await open();
    const line = lineNamed('US Dentists, Email and Phone');
    await type(line.querySelector<HTMLInputElement>('input[name="quantity"]')!, '7');
    await click(button(line, 'Update'));
    assert.equal(
      lineNamed('US Dentists, Email and Phone').querySelector('.field__error')?.textContent,
      'Only 5 of this dataset can be ordered at once.',
    );
  });

  test('remove takes the line away; removing the last one leaves the empty state', async () => {
    await open();
    await click(button(lineNamed('US Orthodontists, Email and Phone'), 'Remove'));
    assert.deepEqual(log, [`DELETE ${CART_ID} 0a9000000000002AAA`]);
    assert.equal(lineEls().length, 1);
    assert.equal(badge(), 'Cart (1)');
    await click(button(lineEls()[0], 'Remove'));
    assert.match(container.querySelector('.cart__empty')!.textContent!, /Your cart is empty\./);
    assert.equal(badge(), 'Cart (0)');
  });

  test('coupons: an unknown code is refused next to the field; a good one is listed and the field emptied; a third is refused; remove', async () => {
    await open();
    const form = container.querySelector('.coupons__form')!;
    await click(button(form, 'Apply'));
    assert.equal(couponError(), 'Complete this field');
    assert.deepEqual(log, [], 'a blank code never leaves the page');

    await type(couponField(), 'NOPE');
    await click(button(form, 'Apply'));
    assert.equal(couponError(), 'The coupon code NOPE is not valid.');
    assert.equal(couponField().getAttribute('aria-invalid'), 'true');

    await type(couponField(), 'SAVE10');
    await click(button(form, 'Apply'));
    assert.deepEqual(appliedCoupons(), ['SAVE10']);
    assert.equal(couponError(), null);
    assert.equal(couponField().value, '');

    await type(couponField(), 'DENTAL5');
    await click(button(form, 'Apply'));
    await type(couponField(), 'SAVE10');
    await click(button(form, 'Apply'));
    assert.equal(couponError(), 'A cart takes at most 2 coupons.');
    assert.deepEqual(appliedCoupons(), ['SAVE10', 'DENTAL5']);

    await click(container.querySelector<HTMLButtonElement>('button[aria-label="Remove coupon SAVE10"]')!);
    assert.deepEqual(appliedCoupons(), ['DENTAL5']);
    assert.equal(log.at(-1), `DELETE coupon ${CART_ID} 0cC000000000001AAA`);
  });
});
