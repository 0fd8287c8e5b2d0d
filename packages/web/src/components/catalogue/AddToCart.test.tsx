// The add-to-cart control in a document (jsdom) with the page's toasts and header badge, over a cart
// store whose API calls are faked: what a shopper sees while adding, after success and after failure.
import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CartItem, CartItemInput } from '@store/core';
import type { CartStoreCalls } from '@store/client';
import { installDom, typeInto } from '../../test-support/dom.ts';
import { compactSummary, PRODUCT_ID } from '../../test-support/fixtures.ts';
import type { StoreApi } from '../../lib/api.ts';

installDom();
const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { CommerceFetchError, createCartStore } = await import('@store/client');
const { StoreApiProvider } = await import('../../lib/api-context.tsx');
const { showToast, ToastProvider } = await import('../ui/Toast.tsx');
const { AddToCart } = await import('./AddToCart.tsx');
const { CartBadge } = await import('../cart/CartBadge.tsx');

type Props = Parameters<typeof AddToCart>[0];

let added: CartItemInput[] = [];
let count = 0;
let answer: () => Promise<CartItem> = async () => ({ cartItemId: 'line' }) as CartItem;

const refused = (status: number, errorCode: string, message = '') =>
  new CommerceFetchError({
    url: '/cart-items',
    status,
    statusText: '',
    errors: [{ type: errorCode, message, arguments: [] }],
  });

function fakeApi(): StoreApi {
  const calls = {
    getCartCompactSummary: async () => compactSummary(count),
    addItemToCart: async (_cart: string, item: CartItemInput) => {
      added.push(item);
      const line = await answer();
      count++;
      return line;
    },
  } as unknown as CartStoreCalls;
  // Retries pause 4 s each in real life; here they happen at once.
  const store = createCartStore({ calls, clock: { sleep: async () => undefined } });
  return { cart: () => store } as unknown as StoreApi;
}

let container: HTMLElement;
let root: ReturnType<typeof createRoot>;

async function mount(props: Partial<Props> = {}) {
  const all: Props = {
    productId: PRODUCT_ID,
    productClass: 'Simple',
    hasPricing: true,
    quantityRule: { minimum: '1', maximum: '10', increment: '1' },
    ...props,
  };
  root = createRoot(container);
  await act(async () =>
    root.render(
      createElement(
        StoreApiProvider,
        { api: fakeApi() },
        createElement(ToastProvider, null, createElement(CartBadge, { initial: null }), createElement(AddToCart, all)),
      ),
    ),
  );
}

const button = () => container.querySelector<HTMLButtonElement>('.add-to-cart__button')!;
const quantity = () => container.querySelector<HTMLInputElement>('input[name="quantity"]')!;
const badge = () => container.querySelector('.cart-badge')!;
const fieldMessage = () => container.querySelector('.add-to-cart .field__error')?.textContent ?? null;
const inlineError = () => container.querySelector('.add-to-cart__error')?.textContent ?? null;
const toasts = () =>
  [...container.querySelectorAll('.toast')].map((t) => ({
    variant: t.className.match(/toast--(\w+)/)![1],
    label: t.querySelector('.toast__label')?.textContent,
    message: t.querySelector('.toast__message')?.textContent,
  }));

async function click(el: HTMLElement) {
  await act(async () => el.click());
}
async function type(value: string) {
  await act(async () => typeInto(quantity(), value));
}

before(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  added = [];
  count = 0;
  answer = async () => ({ cartItemId: 'line' }) as CartItem;
});
after(() => container.remove());

describe('AddToCart', () => {
  test('idle: quantity 1, an enabled button; the header badge has read the cart', async () => {
    await mount();
    assert.equal(quantity().value, '1');
    assert.equal(button().disabled, false);
    assert.equal(button().textContent, 'Add to Cart');
    assert.equal(badge().textContent, 'Cart (0)');
    assert.equal(badge().getAttribute('aria-label'), 'Cart, 0 items');
  });

  test('loading: spinner with its text and a busy button; success: the toast and the badge moves', async () => {
    let release!: () => void;
    answer = () => new Promise((resolve) => (release = () => resolve({ cartItemId: 'line' } as CartItem)));
    await mount();
    await click(button());
    assert.equal(button().getAttribute('aria-busy'), 'true');
    assert.equal(button().querySelector('.spinner[role="status"]')?.textContent, 'Adding to cart');
    await click(button());
    assert.equal(added.length, 1, 'a second click while busy adds nothing');

    await act(async () => release());
    assert.equal(button().getAttribute('aria-busy'), null);
    assert.equal(button().querySelector('.spinner'), null);
    assert.deepEqual(toasts(), [{ variant: 'success', label: 'Success', message: 'Your cart has been updated.' }]);
    assert.equal(badge().textContent, 'Cart (1)');
    assert.equal(badge().getAttribute('aria-label'), 'Cart, 1 item');
    assert.equal(inlineError(), null);
    assert.deepEqual(added, [
      { productId: PRODUCT_ID, quantity: '1', productSellingModelId: undefined, subscriptionTerm: undefined },
    ]);
  });

  test('an item already in the cart (409 MAX_LIMIT_EXCEEDED): the message under the button and an error toast', async () => {
    answer = async () => Promise.reject(refused(409, 'MAX_LIMIT_EXCEEDED', 'This dataset is already in your cart.'));
    await mount();
    await click(button());
    assert.equal(inlineError(), 'The item you selected is already in your cart.');
    assert.deepEqual(toasts(), [
      { variant: 'error', label: 'Error', message: 'The item you selected is already in your cart.' },
    ]);
    assert.ok(
      button().getAttribute('aria-describedby')?.includes(container.querySelector('.add-to-cart__error')!.id),
      'the button points at the message',
    );
    assert.equal(badge().textContent, 'Cart (0)');
  });

  test('another code reads "Cart error: {code}"; a network failure its own message; nothing at all the fallback', async () => {
    answer = async () => Promise.reject(refused(409, 'INSUFFICIENT_INVENTORY'));
    await mount();
    await click(button());
    assert.equal(inlineError(), 'Cart error: INSUFFICIENT_INVENTORY');
    await act(async () => root.unmount());

    answer = async () => Promise.reject(new TypeError('Failed to fetch'));
    await mount();
    await click(button());
    assert.equal(inlineError(), 'Failed to fetch');
    await act(async () => root.unmount());

    answer = async () => Promise.reject(new Error('')); // no code, no message, nothing serialisable
    await mount();
    await click(button());
    assert.equal(inlineError(), 'An unexpected error occurred.');
    assert.deepEqual(toasts().at(-1), { variant: 'error', label: 'Error', message: 'An unexpected error occurred.' });
  });

  test('changing the quantity clears the old error', async () => {
    answer = async () => Promise.reject(refused(409, 'MAX_LIMIT_EXCEEDED'));
    await mount();
    await click(button());
    assert.ok(inlineError());
    await type('2');
    assert.equal(inlineError(), null);
  });

  test('the quantity rule: messages of spec 01 §5 once typed, and the button off (error 107)', async () => {
    await mount({ quantityRule: { minimum: '2', maximum: '10', increment: '2' } });
    assert.equal(quantity().value, '2', 'a rule starting above 1 starts at its minimum');
    assert.equal(fieldMessage(), null, 'no message before the shopper types');
    const cases: Array<[string, string]> = [
      ['', 'Complete this field'],
      ['12', 'The number is too high'],
      ['0', 'The number is too low'],
      ['5', "Your entry isn't a valid increment"],
    ];
    for (const [value, message] of cases) {
      await type(value);
      assert.equal(fieldMessage(), message, value);
      assert.equal(button().disabled, true, `button off for ${JSON.stringify(value)}`);
      assert.equal(quantity().getAttribute('aria-invalid'), 'true');
      assert.equal(container.querySelector('.add-to-cart')!.getAttribute('data-action-errors'), '107');
    }
    await type('6');
    assert.equal(fieldMessage(), null);
    assert.equal(button().disabled, false);
    await click(button());
    assert.equal(added[0].quantity, '6');
  });

  test('inventory the page knows of: out of stock (100) and not enough for the quantity (101) turn the button off', async () => {
    await mount({ availableQuantity: '0' });
    assert.equal(button().disabled, true);
    assert.equal(container.querySelector('.add-to-cart__note')?.textContent, 'Out of stock.');
    await act(async () => root.unmount());
    await mount({ availableQuantity: '3' });
    await type('4');
    assert.equal(button().disabled, true);
    assert.equal(container.querySelector('.add-to-cart')!.getAttribute('data-action-errors'), '101');
    await type('3');
    assert.equal(button().disabled, false);
  });

  test('no price (102), a variation parent (103), a set (104), a bad selling model (106): the button is off', async () => {
    for (const [props, code] of [
      [{ hasPricing: false }, '102'],
      [{ productClass: 'VariationParent' as const }, '103'],
      [{ productClass: 'Set' as const }, '104'],
      [{ variantValid: false }, '105'],
      [{ sellingModelValid: false }, '106'],
    ] as const) {
      await mount(props);
      assert.equal(button().disabled, true, code);
      assert.equal(container.querySelector('.add-to-cart')!.getAttribute('data-action-errors'), code);
      await act(async () => root.unmount());
    }
    await mount();
  });

  test('the chosen selling model and term travel with the item', async () => {
    await mount({ selection: { productSellingModelId: '0jP000000000003AAA', subscriptionTerm: 2 } });
    await click(button());
    assert.deepEqual(added[0], {
      productId: PRODUCT_ID,
      quantity: '1',
      productSellingModelId: '0jP000000000003AAA',
      subscriptionTerm: 2,
    });
  });

  test('the control sets the toast container to 5 at top centre (spec 03 §9)', async () => {
    await mount();
    assert.ok(container.querySelector('.toast-container--top-center'));
    await act(async () => {
      for (let i = 1; i <= 6; i++) showToast({ label: `Toast ${i}` });
    });
    assert.equal(toasts().length, 5, 'five at once, the sixth waits');
  });
  test('a part of a dataset: the button says how many records it adds, and the line carries the selection', async () => {
    await mount({ listSelection: { selection: 'region=TX&email=1', records: 412 } });
    assert.equal(button().textContent, 'Add 412 records to cart');
    await click(button());
    assert.equal(added.length, 1);
    assert.equal(added[0]!.listSelection, 'region=TX&email=1');
    assert.equal(added[0]!.productId, PRODUCT_ID);
  });

  test('a selection whose count is on its way says so; one with no records cannot be added', async () => {
    await mount({ listSelection: { selection: 'region=TX', records: null } });
    assert.equal(button().textContent, 'Add selection to cart');
    await act(async () => root.unmount());
    await mount({ listSelection: { selection: 'region=ZZ', records: 0 } });
    assert.equal(button().disabled, true);
    assert.equal(container.querySelector('.add-to-cart__note')?.textContent, 'No records match this selection.');
  });

  test('the whole dataset adds as it always has: no selection on the line', async () => {
    await mount({ listSelection: null });
    assert.equal(button().textContent, 'Add to Cart');
    await click(button());
    assert.equal('listSelection' in added[0]!, false);
  });
});
