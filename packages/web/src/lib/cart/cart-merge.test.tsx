// After login: guest-cart lines the server could not merge are reported once, as a warning toast on
// the page the login leads to (spec 02 §4 "Guest cart"; the login answer's cartMerge).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createMemoryStorage } from '@store/client';
import type { CartPreserveResult } from '@store/core';
import { installDom } from '../../test-support/dom.ts';
import { toUserSession } from '../account/viewer.ts';
import { session } from '../../test-support/fixtures.ts';
import type { StoreApi } from '../api.ts';
import type { RootData } from '../../routes/types.ts';

installDom();
const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { ToastProvider } = await import('../../components/ui/Toast.tsx');
const { SessionEffects } = await import('../../components/account/SessionEffects.tsx');
const { createAccountRoutes } = await import('../../routes/account/account-routes.tsx');
const { CART_MERGE_ERRORS_KEY, cartMergeMessage, rememberCartMerge, takeCartMergeErrors } = await import(
  './cart-merge.ts'
);

const merge = (errorCount: number): CartPreserveResult => ({
  cartId: '0a6000000000001AAA',
  mergedLineCount: 3,
  errorCount,
  messages: [],
});

// The browser's session storage, where the login leaves the count for the next page.
const storage = createMemoryStorage();
before(() => Object.defineProperty(globalThis, 'sessionStorage', { value: storage, configurable: true }));
after(() => delete (globalThis as { sessionStorage?: unknown }).sessionStorage);

describe('the count between pages', () => {
  test('kept only when some lines could not go in, and read once', () => {
    const s = createMemoryStorage();
    rememberCartMerge(merge(0), s);
    rememberCartMerge(null, s);
    assert.equal(s.getItem(CART_MERGE_ERRORS_KEY), null);
    rememberCartMerge(merge(2), s);
    assert.equal(takeCartMergeErrors(s), 2);
    assert.equal(takeCartMergeErrors(s), 0, 'the next page shows nothing');
  });

  test('the message counts the lines', () => {
    assert.equal(cartMergeMessage(1), '1 item from your guest cart could not be added to your cart.');
    assert.equal(cartMergeMessage(3), '3 items from your guest cart could not be added to your cart.');
  });
});

describe('logging in with a guest cart', () => {
  async function logIn(cartMerge: CartPreserveResult | null) {
    const api = {
      client: { login: async () => ({ userId: '005000000000003AAA', userName: 'Casey', cartMerge }) },
      invalidateViewer: () => undefined,
    } as unknown as StoreApi;
    const login = createAccountRoutes(() => api).pages[0];
    const body = new URLSearchParams({ email: 'casey@example.com', password: 'Datasets2026!', returnUrl: '/cart' });
    const request = new Request('http://shop.example.com/login', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return (login.action as (args: { request: Request; params: object; context: unknown }) => Promise<Response>)({
      request,
      params: {},
      context: {},
    });
  }

  test('the login answer’s errorCount waits for the next page; a clean merge leaves nothing', async () => {
    const res = await logIn(merge(0));
    assert.equal(res.status, 302);
    assert.equal(storage.getItem(CART_MERGE_ERRORS_KEY), null);
    await logIn(merge(2));
    assert.equal(storage.getItem(CART_MERGE_ERRORS_KEY), '2');
  });

  test('the next page shows one warning toast with the count and a link to the cart', async () => {
    storage.setItem(CART_MERGE_ERRORS_KEY, '2');
    const container = document.createElement('div');
    document.body.appendChild(container);
    const root = createRoot(container);
    const data: RootData = {
      menu: [],
      session: toUserSession(session(null)),
      managedAccounts: [],
      canSwitchAccount: false,
      guestBrowsingEnabled: true,
      storeName: 'Data Depot',
      cartSummary: null,
      wishlists: null,
    };
    await act(async () => root.render(createElement(ToastProvider, null, createElement(SessionEffects, { data }))));
    const toasts = [...container.querySelectorAll('.toast')];
    assert.equal(toasts.length, 1);
    assert.ok(toasts[0].classList.contains('toast--warning'));
    assert.equal(
      toasts[0].querySelector('.toast__message')?.textContent,
      '2 items from your guest cart could not be added to your cart.',
    );
    assert.equal(toasts[0].querySelector('a')?.getAttribute('href'), '/cart');
    assert.equal(storage.getItem(CART_MERGE_ERRORS_KEY), null, 'shown once');
    await act(async () => root.unmount());
    container.remove();
  });
});
