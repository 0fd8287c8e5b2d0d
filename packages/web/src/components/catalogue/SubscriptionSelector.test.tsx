// The subscription selector in a document (jsdom): what it offers, what it picks first, and what it
// announces (the `subscriptionchanged` event and onChange) when the shopper changes type or detail.
import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ProductSellingModel, SellingModelSelection } from '@store/core';
import { installDom } from '../../test-support/dom.ts';

installDom();
const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { SubscriptionSelector, SUBSCRIPTION_CHANGED_EVENT } = await import('./SubscriptionSelector.tsx');

const ONE_TIME: ProductSellingModel = {
  id: '0jP000000000001AAA',
  name: 'One-Time',
  sellingModelType: 'OneTime',
  pricingTerm: null,
  pricingTermUnit: null,
  subscriptionTermRule: null,
};
const MONTHLY: ProductSellingModel = {
  id: '0jP000000000002AAA',
  name: 'Monthly Refresh',
  sellingModelType: 'Evergreen',
  pricingTerm: 1,
  pricingTermUnit: 'Months',
  subscriptionTermRule: null,
};
const ANNUAL: ProductSellingModel = {
  id: '0jP000000000003AAA',
  name: 'Annual Subscription',
  sellingModelType: 'TermDefined',
  pricingTerm: 1,
  pricingTermUnit: 'Annual',
  subscriptionTermRule: { minimum: 1, maximum: 3, increment: 1 },
};

let container: HTMLElement;
let root: ReturnType<typeof createRoot>;
let events: unknown[] = [];
let changes: SellingModelSelection[] = [];
const listen = (e: Event) => events.push((e as CustomEvent).detail);

async function mount(
  models: ProductSellingModel[],
  opts: { current?: SellingModelSelection | null; readOnly?: boolean } = {},
) {
  root = createRoot(container);
  await act(async () =>
    root.render(
      createElement(SubscriptionSelector, { models, ...opts, onChange: (s: SellingModelSelection) => changes.push(s) }),
    ),
  );
}

const selects = () => [...container.querySelectorAll('select')];
const labelOf = (el: Element) => el.closest('label')?.firstChild?.textContent;
const options = (select: HTMLSelectElement) => [...select.options].map((o) => o.textContent);
const selected = (select: HTMLSelectElement) => select.options[select.selectedIndex]?.textContent;

async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new window.Event('change', { bubbles: true }));
  });
}

before(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  // Listened for above the selector, as a page would: the event bubbles.
  document.body.addEventListener(SUBSCRIPTION_CHANGED_EVENT, listen);
});
afterEach(async () => {
  await act(async () => root.unmount());
  events = [];
  changes = [];
});
after(() => document.body.removeEventListener(SUBSCRIPTION_CHANGED_EVENT, listen));

describe('SubscriptionSelector', () => {
  test('with no selection it picks the first type and its first detail, and announces nothing', async () => {
    await mount([MONTHLY, ANNUAL, ONE_TIME]);
    const [type, detail] = selects();
    assert.equal(labelOf(type), 'Purchase type');
    assert.deepEqual(options(type), ['auto-renew', 'term-defined', 'one-time']);
    assert.equal(selected(type), 'auto-renew');
    assert.equal(labelOf(detail), 'Billing');
    assert.deepEqual(options(detail), ['monthly']);
    assert.deepEqual(events, []);
  });

  test('a given selection (the page passes the default selling model) is shown', async () => {
    await mount([ONE_TIME, ANNUAL], { current: { productSellingModelId: ANNUAL.id, subscriptionTerm: 2 } });
    const [type, detail] = selects();
    assert.equal(selected(type), 'term-defined');
    assert.equal(labelOf(detail), 'Term');
    assert.deepEqual(options(detail), ['1 year', '2 years', '3 years']);
    assert.equal(selected(detail), '2 years');
  });

  test("changing the type resets the detail to that type's first option and announces it", async () => {
    await mount([ONE_TIME, ANNUAL]);
    await choose(selects()[0], 'TermDefined');
    assert.equal(selected(selects()[1]), '1 year');
    assert.deepEqual(events, [{ productSellingModelId: ANNUAL.id, subscriptionTerm: 1 }]);
    assert.deepEqual(changes, [{ productSellingModelId: ANNUAL.id, subscriptionTerm: 1 }]);
  });

  test('changing the detail announces the model and term', async () => {
    await mount([ONE_TIME, ANNUAL], { current: { productSellingModelId: ANNUAL.id, subscriptionTerm: 1 } });
    const detail = selects()[1];
    await choose(detail, [...detail.options].find((o) => o.textContent === '3 years')!.value);
    assert.deepEqual(events, [{ productSellingModelId: ANNUAL.id, subscriptionTerm: 3 }]);
    await choose(selects()[0], 'OneTime');
    assert.deepEqual(events.at(-1), { productSellingModelId: ONE_TIME.id, subscriptionTerm: undefined });
  });

  test('one type: no type selector; several details: a detail selector', async () => {
    await mount([ANNUAL]);
    assert.equal(selects().length, 1);
    assert.equal(labelOf(selects()[0]), 'Term');
  });

  test('one type with one detail: the detail as plain text', async () => {
    await mount([MONTHLY]);
    assert.equal(selects().length, 0);
    assert.equal(container.querySelector('.subscription__text')?.textContent, 'monthly');
  });

  test('read-only: shown but not changeable, and nothing is announced', async () => {
    await mount([ONE_TIME, ANNUAL], { readOnly: true });
    assert.equal(container.querySelector('fieldset')!.disabled, true);
    await choose(selects()[0], 'TermDefined');
    assert.deepEqual(events, []);
    assert.deepEqual(changes, []);
  });

  test('no models: nothing at all', async () => {
    await mount([]);
    assert.equal(container.innerHTML, '');
  });
});
