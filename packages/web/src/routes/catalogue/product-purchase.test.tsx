// The product page's purchase area once hydrated (jsdom): the subscription selector feeds both the
// price shown and what add-to-cart sends.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CartItemInput, ProductPrice } from '@store/core';
import type { CartStoreCalls } from '@store/client';
import { installDom } from '../../test-support/dom.ts';
import { compactSummary, datasetProduct, productPrice, taxes } from '../../test-support/fixtures.ts';
import type { StoreApi } from '../../lib/api.ts';
import type { ProductData } from '../types.ts';

installDom();
const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { createCartStore } = await import('@store/client');
const { StoreApiProvider } = await import('../../lib/api-context.tsx');
const { ToastProvider } = await import('../../components/ui/Toast.tsx');
const { ProductPage } = await import('./ProductPage.tsx');

const ONE_TIME = '0jP000000000001AAA';
const ANNUAL = '0jP000000000003AAA';

const product = datasetProduct();
product.productSellingModels = [
  {
    id: ONE_TIME,
    name: 'One-Time',
    sellingModelType: 'OneTime',
    pricingTerm: null,
    pricingTermUnit: null,
    subscriptionTermRule: null,
  },
  {
    id: ANNUAL,
    name: 'Annual Subscription',
    sellingModelType: 'TermDefined',
    pricingTerm: 1,
    pricingTermUnit: 'Annual',
    subscriptionTermRule: { minimum: 1, maximum: 3, increment: 1 },
  },
];
const pricing: ProductPrice = {
  ...productPrice('499.00', '399.00'),
  productPriceEntries: [
    {
      productSellingModelId: ONE_TIME,
      pricebookEntryId: null,
      listPrice: '499.00',
      unitPrice: '399.00',
      negotiatedPrice: '399.00',
      priceAdjustment: null,
      subscriptionTermPrices: [],
      success: true,
      error: null,
    },
    {
      productSellingModelId: ANNUAL,
      pricebookEntryId: null,
      listPrice: '299.00',
      unitPrice: '249.00',
      negotiatedPrice: '249.00',
      priceAdjustment: null,
      subscriptionTermPrices: [
        { term: 1, negotiatedPrice: '249.00' },
        { term: 2, negotiatedPrice: '498.00' },
      ],
      success: true,
      error: null,
    },
  ],
} as unknown as ProductPrice;

const data: ProductData = {
  product,
  pricing,
  taxes,
  promotions: { promotionalPrice: '359.10', promotionPriceAdjustmentList: [{ displayName: 'Spring sale' }] },
  availableQuantity: null,
  defaultCurrency: 'USD',
  description: { kind: 'text', text: '' },
  origin: 'https://shop.example.com',
};

const added: CartItemInput[] = [];
const calls = {
  getCartCompactSummary: async () => compactSummary(added.length),
  addItemToCart: async (_cart: string, item: CartItemInput) => (added.push(item), { cartItemId: 'line' }),
} as unknown as CartStoreCalls;
const store = createCartStore({ calls, clock: { sleep: async () => undefined } });
const api = { cart: () => store } as unknown as StoreApi;

let container: HTMLElement;
let root: ReturnType<typeof createRoot>;

before(async () => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () =>
    root.render(
      createElement(
        StoreApiProvider,
        { api },
        createElement(ToastProvider, null, createElement(ProductPage, { data, session: null })),
      ),
    ),
  );
});
after(async () => {
  await act(async () => root.unmount());
  container.remove();
});

const mainPrice = () => container.querySelector('.price__main')!.textContent!.replace('Current price ', '');
const promos = () => [...container.querySelectorAll('.price__promos li')].map((l) => l.textContent);
const select = (label: string) =>
  [...container.querySelectorAll('select')].find((s) => s.closest('label')?.firstChild?.textContent === label)!;
async function choose(el: HTMLSelectElement, text: string) {
  const value = [...el.options].find((o) => o.textContent === text)!.value;
  await act(async () => {
    el.value = value;
    el.dispatchEvent(new window.Event('change', { bubbles: true }));
  });
}
async function add() {
  await act(async () => container.querySelector<HTMLButtonElement>('.add-to-cart__button')!.click());
}

describe('product page purchase options', () => {
  test('one-time by default: the promotional price and its promotion', () => {
    assert.equal(select('Purchase type').value, 'OneTime');
    assert.equal(mainPrice(), '$359.10');
    assert.deepEqual(promos(), ['Spring sale']);
  });

  test('choosing the annual subscription shows its term price (no one-time promotion), and the item carries model and term', async () => {
    await choose(select('Purchase type'), 'term-defined');
    assert.equal(mainPrice(), '$249.00');
    assert.deepEqual(promos(), [], 'promotions apply to one-time purchases only');
    await choose(select('Term'), '2 years');
    assert.equal(mainPrice(), '$498.00');
    await add();
    assert.deepEqual(added.at(-1), {
      productId: product.id,
      quantity: '1',
      productSellingModelId: ANNUAL,
      subscriptionTerm: 2,
    });
  });

  test('back to one-time: the item carries the one-time model and no term', async () => {
    await choose(select('Purchase type'), 'one-time');
    assert.equal(mainPrice(), '$359.10');
    await add();
    assert.deepEqual(added.at(-1), {
      productId: product.id,
      quantity: '1',
      productSellingModelId: ONE_TIME,
      subscriptionTerm: undefined,
    });
  });
});
