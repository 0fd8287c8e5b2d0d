// The header's cart badge in the browser (jsdom): a guest's badge is filled in after hydration with one
// summary call; a logged-in shopper's starts from the server's summary without one; both follow the store.
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CartStoreCalls } from '@store/client';
import { installDom } from '../../test-support/dom.ts';
import { compactSummary } from '../../test-support/fixtures.ts';
import type { StoreApi } from '../../lib/api.ts';

installDom();
const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { renderToString } = await import('react-dom/server');
const { createCartStore } = await import('@store/client');
const { StoreApiProvider } = await import('../../lib/api-context.tsx');
const { CartBadge, cartBadgeLabels } = await import('./CartBadge.tsx');

let summaryCalls = 0;
let count = 2;
let root: ReturnType<typeof createRoot> | null = null;

function setup() {
  const calls = {
    getCartCompactSummary: async () => (summaryCalls++, compactSummary(count)),
    addItemToCart: async () => (count++, { cartItemId: 'line' }),
  } as unknown as CartStoreCalls;
  const store = createCartStore({ calls, clock: { sleep: async () => undefined } });
  return { api: { cart: () => store } as unknown as StoreApi, store };
}

async function mount(api: StoreApi, initial: ReturnType<typeof compactSummary> | null) {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const element = createElement(StoreApiProvider, { api }, createElement(CartBadge, { initial }));
  // As in the page: the server's HTML first, then hydration.
  container.innerHTML = renderToString(element);
  const before = container.textContent;
  const { hydrateRoot } = await import('react-dom/client');
  await act(async () => {
    root = hydrateRoot(container, element) as unknown as ReturnType<typeof createRoot>;
  });
  return { container, before };
}

afterEach(async () => {
  if (root) await act(async () => root!.unmount());
  root = null;
  summaryCalls = 0;
  count = 2;
  document.body.innerHTML = '';
});

describe('CartBadge', () => {
  test('labels: no count until known; then "Cart (n)", read as "Cart, n items"', () => {
    assert.deepEqual(cartBadgeLabels(null), { text: 'Cart', ariaLabel: 'Cart' });
    assert.deepEqual(cartBadgeLabels(0), { text: 'Cart (0)', ariaLabel: 'Cart, 0 items' });
    assert.deepEqual(cartBadgeLabels(1), { text: 'Cart (1)', ariaLabel: 'Cart, 1 item' });
    assert.deepEqual(cartBadgeLabels(3), { text: 'Cart (3)', ariaLabel: 'Cart, 3 items' });
  });

  test('a guest: rendered without a count, filled in after hydration with one summary call', async () => {
    const { api } = setup();
    const { container, before } = await mount(api, null);
    assert.equal(before, 'Cart');
    const link = container.querySelector('a')!;
    assert.equal(link.getAttribute('href'), '/cart');
    assert.equal(link.textContent, 'Cart (2)');
    assert.equal(link.getAttribute('aria-label'), 'Cart, 2 items');
    assert.equal(summaryCalls, 1);
  });

  test('a logged-in shopper: the server count, no call; an add moves it', async () => {
    const { api, store } = setup();
    const { container, before } = await mount(api, compactSummary(2));
    assert.equal(before, 'Cart (2)');
    assert.equal(summaryCalls, 0);
    await act(async () => void (await store.addItem({ productId: '01t000000000001AAA', quantity: 1 })));
    assert.equal(container.querySelector('a')!.textContent, 'Cart (3)');
  });
});
