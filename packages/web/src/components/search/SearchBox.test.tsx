// The header search box in a document (jsdom) inside a router, with the suggestions call faked:
// what a shopper typing, pressing keys and clicking gets, and what the box asked the API.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SearchSuggestions } from '@store/core';
import type { GetSearchSuggestionsOptions } from '@store/client';
import { installDom, press, sleep, typeInto } from '../../test-support/dom.ts';
import type { StoreApi } from '../../lib/api.ts';

installDom();
// React DOM decides at load time whether there is a DOM, so it loads after installDom.
const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { createMemoryRouter, RouterProvider } = await import('react-router');
const { StoreApiProvider } = await import('../../lib/api-context.tsx');
const { SearchBox } = await import('./SearchBox.tsx');

const DENTISTS: SearchSuggestions = {
  recentSearchSuggestions: [],
  suggestedTerms: [
    { value: 'dentists', productCount: 42 },
    { value: 'dental laboratories', productCount: 7 },
  ],
  suggestedProducts: [
    { id: '01t000000000101AAA', name: 'US Dentists, Email and Phone', urlName: null, defaultImage: null as never },
  ],
};

let calls: GetSearchSuggestionsOptions[] = [];
let answer: (o: GetSearchSuggestionsOptions) => Promise<SearchSuggestions> = async () => DENTISTS;
const api = {
  client: { getSearchSuggestions: (o: GetSearchSuggestionsOptions) => (calls.push(o), answer(o)) },
} as unknown as StoreApi;

let container: HTMLElement;
let root: ReturnType<typeof createRoot>;
let router: ReturnType<typeof createMemoryRouter>;

const input = () => document.getElementById('site-search') as HTMLInputElement;
const listbox = () => document.getElementById('site-search-listbox')!;
const options = () => [...listbox().querySelectorAll('[role="option"]')].map((o) => o.textContent);
const activeText = () => {
  const id = input().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : null;
};
const isOpen = () => input().getAttribute('aria-expanded') === 'true' && !listbox().hidden;

async function type(text: string) {
  await act(async () => typeInto(input(), text));
}
/** Waits out the 200 ms debounce and lets the answer render. */
async function settle() {
  await act(async () => sleep(260));
}
async function key(name: string) {
  let notPrevented = true;
  await act(async () => {
    notPrevented = press(input(), name);
  });
  return notPrevented;
}

before(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
});
after(() => act(() => root.unmount()));

beforeEach(async () => {
  calls = [];
  answer = async () => DENTISTS;
  if (root) await act(async () => root.unmount());
  // The header stays on every page, as in the site frame.
  router = createMemoryRouter(
    [{ path: '*', element: createElement(StoreApiProvider, { api }, createElement(SearchBox)) }],
    { initialEntries: ['/'] },
  );
  root = createRoot(container);
  await act(async () => root.render(createElement(RouterProvider, { router })));
  input().focus();
});

describe('SearchBox', () => {
  test('is a labelled combobox in a search form that works without scripts', () => {
    const form = input().form!;
    assert.equal(form.getAttribute('role'), 'search');
    assert.equal(form.getAttribute('action'), '/search');
    assert.equal(form.getAttribute('method'), 'get');
    assert.equal(input().name, 'term');
    assert.equal(document.querySelector(`label[for="site-search"]`)?.textContent, 'Search datasets');
    assert.equal(input().getAttribute('role'), 'combobox');
    assert.equal(input().getAttribute('aria-controls'), 'site-search-listbox');
    assert.equal(listbox().getAttribute('role'), 'listbox');
    assert.equal(isOpen(), false);
  });

  test('typing asks once, 200 ms after the last key, and opens the grouped suggestions', async () => {
    await type('de');
    await type('den');
    await type('dentsts');
    assert.equal(calls.length, 0, 'nothing before the pause');
    await settle();
    assert.equal(calls.length, 1);
    assert.equal(calls[0].searchTerm, 'dentsts');
    assert.equal(calls[0].includeSuggestedProducts, true);
    assert.equal(calls[0].maxSuggestedProducts, 4);
    assert.equal(isOpen(), true);
    const groups = [...listbox().querySelectorAll('[role="group"]')].map(
      (g) => document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent,
    );
    assert.deepEqual(groups, ['Search Results', 'Datasets']);
    assert.deepEqual(options(), [
      'dentists 42 datasets',
      'dental laboratories 7 datasets',
      'US Dentists, Email and Phone',
    ]);
    assert.equal(input().getAttribute('aria-activedescendant'), null, 'nothing active until the arrows move');
  });

  test('a newer call aborts the one still running', async () => {
    const signals: AbortSignal[] = [];
    answer = (o) => {
      signals.push(o.signal!);
      return new Promise((resolve) => setTimeout(() => resolve(DENTISTS), 500));
    };
    await type('dent');
    await settle();
    await type('dentis');
    await settle();
    assert.equal(signals.length, 2);
    assert.equal(signals[0].aborted, true);
    assert.equal(signals[1].aborted, false);
  });

  test('one letter, or nothing, asks nothing and closes the list', async () => {
    await type('dentists');
    await settle();
    assert.equal(isOpen(), true);
    await type('d');
    await settle();
    assert.equal(isOpen(), false);
    assert.equal(calls.length, 1);
  });

  test('the arrows move the active option and wrap; Escape closes', async () => {
    await type('dentsts');
    await settle();
    await key('ArrowDown');
    assert.equal(activeText(), 'dentists 42 datasets');
    assert.equal(listbox().querySelector('[aria-selected="true"]')?.textContent, 'dentists 42 datasets');
    await key('ArrowUp');
    await key('ArrowUp');
    assert.equal(activeText(), 'dental laboratories 7 datasets');
    await key('End');
    await key('ArrowDown');
    assert.equal(activeText(), 'dentists 42 datasets', 'wrapped from the last to the first');
    assert.equal(await key('Escape'), false, 'Escape is used (a search input would clear itself)');
    assert.equal(isOpen(), false);
    assert.equal(input().getAttribute('aria-activedescendant'), null);
    assert.equal(input().value, 'dentsts');
    await key('ArrowDown');
    assert.equal(isOpen(), true, 'the arrows open it again');
  });

  test('Enter on a suggested term searches for that term', async () => {
    await type('dentsts');
    await settle();
    await key('ArrowDown');
    assert.equal(await key('Enter'), false, 'the form is not also submitted');
    assert.equal(router.state.location.pathname, '/search');
    assert.equal(new URLSearchParams(router.state.location.search).get('term'), 'dentists');
    assert.equal(input().value, 'dentists');
    assert.equal(isOpen(), false);
  });

  test('Enter on a suggested dataset opens its page', async () => {
    await type('dentsts');
    await settle();
    await key('ArrowUp');
    await key('Enter');
    assert.equal(router.state.location.pathname, '/product/01t000000000101AAA');
  });

  test('Enter with no active option searches for the text as typed', async () => {
    await type('US dentsts');
    await act(async () => input().form!.requestSubmit());
    assert.equal(router.state.location.pathname, '/search');
    assert.equal(new URLSearchParams(router.state.location.search).get('term'), 'US dentsts');
  });

  test('a click on an option chooses it; leaving the box closes the list', async () => {
    await type('dentsts');
    await settle();
    await act(async () => input().blur());
    assert.equal(isOpen(), false);
    input().focus();
    await act(async () => input().click());
    assert.equal(isOpen(), true, 'a click opens the list again');
    const second = listbox().querySelectorAll('[role="option"]')[1] as HTMLElement;
    await act(async () => second.click());
    assert.equal(new URLSearchParams(router.state.location.search).get('term'), 'dental laboratories');
  });

  test('no suggestions: the list stays closed; a failed call is not shown', async () => {
    answer = async () => ({ recentSearchSuggestions: [], suggestedTerms: [], suggestedProducts: [] });
    await type('qqqq');
    await settle();
    assert.equal(isOpen(), false);
    answer = async () => {
      throw new Error('500');
    };
    await type('qqqqq');
    await settle();
    assert.equal(isOpen(), false);
  });
});
