// The shared results block in a document (jsdom) inside a router: each choice (a filter, the sort
// order) becomes a new history entry whose URL carries the new state and starts again at page 1.
import { after, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeRefinementsJson, SORT_RULES, sortRuleLabel } from '@store/core';
import { installDom, press } from '../../test-support/dom.ts';
import type { ResultsData } from '../../routes/types.ts';

installDom();
const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { createMemoryRouter, RouterProvider } = await import('react-router');
const { SearchResults } = await import('./SearchResults.tsx');

const PRICE_ASC = SORT_RULES[1].sortRuleId;
const results: ResultsData = {
  base: { path: '/category/dental' },
  products: [
    {
      id: '01t1',
      name: 'US Dentists',
      sku: 'DS-1',
      href: '/product/01t1',
      imageUrl: null,
      imageAlt: '',
      price: '$10.00',
      originalPrice: null,
      recordCount: '1,000',
      countries: 'United States',
      listStatus: 'Verified',
    },
  ],
  error: false,
  total: 40,
  page: 3,
  pageSize: 12,
  pageCount: 4,
  facets: [
    {
      nameOrId: 'ListStatus__c',
      attributeType: 'Custom',
      displayName: 'List Status',
      values: [
        { value: 'New', label: 'New', count: 4 },
        { value: 'Verified', label: 'Verified', count: 30 },
      ],
    },
  ],
  refinements: [],
  refinementsIgnored: false,
  sortOptions: SORT_RULES.map((r) => ({ id: r.sortRuleId, label: sortRuleLabel(r) })),
  sortRuleId: PRICE_ASC,
};

let root: ReturnType<typeof createRoot> | null = null;
let router: ReturnType<typeof createMemoryRouter>;

beforeEach(async () => {
  if (root) await act(async () => root!.unmount());
  document.body.innerHTML = '<div id="app"></div>';
  router = createMemoryRouter(
    [{ path: '*', element: createElement(SearchResults, { results, label: 'Datasets in Dental', noResults: 'none' }) }],
    {
      initialEntries: [`/category/dental?sort=${PRICE_ASC}&page=3`],
    },
  );
  root = createRoot(document.getElementById('app')!);
  await act(async () => root!.render(createElement(RouterProvider, { router })));
});
after(() => act(async () => root?.unmount()));

const query = () => new URLSearchParams(router.state.location.search);

describe('SearchResults', () => {
  test('ticking a filter pushes its URL: the refinement added, the sort kept, back to page 1', async () => {
    const box = document.querySelector('input[type="checkbox"][id$="-1"]') as HTMLInputElement;
    assert.equal(document.querySelector(`label[for="${box.id}"]`)?.textContent, 'Verified (30)');
    await act(async () => box.click());
    assert.equal(router.state.historyAction, 'PUSH');
    assert.equal(router.state.location.pathname, '/category/dental');
    assert.deepEqual(decodeRefinementsJson(query().get('refinements')!), [
      { type: 'DistinctValue', attributeType: 'Custom', nameOrId: 'ListStatus__c', values: ['Verified'] },
    ]);
    assert.equal(query().get('sort'), PRICE_ASC);
    assert.equal(query().get('page'), null);
  });

  test('choosing another order pushes its URL from page 1; the default order leaves the URL', async () => {
    const combobox = document.querySelector('[role="combobox"]') as HTMLElement;
    assert.equal(combobox.textContent, 'Price: Low to High');
    combobox.focus();
    await act(async () => void press(combobox, 'Home'));
    await act(async () => void press(combobox, 'Enter'));
    assert.equal(router.state.historyAction, 'PUSH');
    assert.equal(router.state.location.search, '', 'Best Match is the default: no sort, no page');
  });

  test('the pager keeps the state and moves the page', () => {
    const links = [...document.querySelectorAll('.pager a')].map((a) => [a.textContent, a.getAttribute('href')]);
    assert.deepEqual(links, [
      ['Previous page', `/category/dental?sort=${PRICE_ASC}&page=2`],
      ['Next page', `/category/dental?sort=${PRICE_ASC}&page=4`],
    ]);
    assert.match(document.querySelector('.pager')!.textContent!, /Page 3 of 4/);
  });
});
