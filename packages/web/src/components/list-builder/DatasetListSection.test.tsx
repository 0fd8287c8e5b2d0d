// The list builder's live behaviour in a document (jsdom) under a router: the selection goes into the URL in
// place, the counts and preview are asked for the new selection while the previous numbers stay, a request for
// a selection changed again is aborted, and what would be added follows. The client's two calls are stood in
// for here (they are tested against the real server in e2e/list-builder.test.ts).
import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  canonicalListSelection,
  type DatasetListCounts,
  type DatasetListPreview,
  type ListSelection,
} from '@store/core';
import { installDom } from '../../test-support/dom.ts';
import { PRODUCT_ID } from '../../test-support/fixtures.ts';
import { datasetKit, preview, texasWithEmailCounts } from '../../test-support/dataset-kit.ts';
import type { StoreApi } from '../../lib/api.ts';
import type { SelectionToAdd } from '../../lib/list-builder/list-builder-view.ts';

installDom();
const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { createMemoryRouter, RouterProvider } = await import('react-router');
const { StoreApiProvider } = await import('../../lib/api-context.tsx');
const { DatasetListSection } = await import('./DatasetListSection.tsx');

interface Call<T> {
  selection: string;
  signal: AbortSignal;
  answer: (value: T) => void;
  fail: (error: unknown) => void;
}
let counts: Call<DatasetListCounts>[] = [];
let previews: Call<DatasetListPreview>[] = [];

function deferred<T>(calls: Call<T>[], selection: ListSelection, signal: AbortSignal): Promise<T> {
  return new Promise<T>((answer, fail) => {
    calls.push({ selection: canonicalListSelection(selection), signal, answer, fail });
    signal.addEventListener('abort', () => fail(new DOMException('aborted', 'AbortError')));
  });
}

const api = {
  client: {
    getListCounts: (_id: string, s: ListSelection, o: { signal: AbortSignal }) => deferred(counts, s, o.signal),
    getListPreview: (_id: string, s: ListSelection, o: { signal: AbortSignal }) => deferred(previews, s, o.signal),
  },
} as unknown as StoreApi;

let container: HTMLElement;
let root: ReturnType<typeof createRoot>;
let router: ReturnType<typeof createMemoryRouter>;

async function mount(url: string) {
  router = createMemoryRouter(
    [
      {
        path: '*',
        element: createElement(
          StoreApiProvider,
          { api },
          createElement(DatasetListSection, {
            productId: PRODUCT_ID,
            kit: datasetKit(),
            addToCart: (s: SelectionToAdd | null) => createElement('output', { 'data-adds': JSON.stringify(s) }),
          }),
        ),
      },
    ],
    { initialEntries: [url] },
  );
  root = createRoot(container);
  await act(async () => root.render(createElement(RouterProvider, { router })));
}

const text = (selector: string) => container.querySelector(selector)?.textContent ?? null;
const adds = () => JSON.parse(container.querySelector('output')!.getAttribute('data-adds')!);
const tick = (key: string, value: string) =>
  act(async () => container.querySelector<HTMLInputElement>(`input[name="${key}"][value="${value}"]`)!.click());

before(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  counts = [];
  previews = [];
});
after(() => container.remove());

describe('DatasetListSection', () => {
  test('the server’s answers first; a change asks at once, keeps the old numbers, aborts a stale request', async () => {
    await mount('/product/x?color=red');
    assert.equal(counts.length, 0, 'the loader’s counts are shown as they are');
    assert.equal(text('.list-builder__records'), '983 records');
    assert.equal(adds(), null, 'the whole dataset adds as before');

    await tick('region', 'TX');
    assert.equal(router.state.location.search, '?color=red&region=TX', 'in the URL, beside the other parameters');
    assert.equal(router.state.historyAction, 'REPLACE', 'no history entry per checkbox');
    assert.deepEqual(
      counts.map((c) => c.selection),
      ['region=TX'],
    );
    assert.equal(text('.list-builder__records'), '983 records', 'the previous numbers stay meanwhile');
    assert.equal(container.querySelector('.list-builder__summary')?.getAttribute('aria-busy'), 'true');
    assert.deepEqual(adds(), { selection: 'region=TX', records: null });

    await tick('email', '1');
    assert.deepEqual(
      counts.map((c) => c.selection),
      ['region=TX', 'region=TX&email=1'],
    );
    assert.equal(counts[0]!.signal.aborted, true, 'the request for the superseded selection is aborted');
    assert.equal(previews[0]!.signal.aborted, true);

    await act(async () => {
      previews[1]!.answer(preview());
      counts[1]!.answer(texasWithEmailCounts());
    });
    assert.equal(text('.list-builder__records'), '36 records');
    assert.equal(text('.list-builder__price'), '$99.99');
    assert.equal(container.querySelector('.list-builder__summary')?.getAttribute('aria-busy'), null);
    assert.deepEqual(adds(), { selection: 'region=TX&email=1', records: 36 });
    assert.match(text('.dataset-preview__note') ?? '', /of 36 records/);
  });

  test('a failed count keeps the old numbers and says so; a failed preview hides the preview', async () => {
    await mount('/product/x');
    assert.ok(container.querySelector('.dataset-preview'));
    await tick('region', 'CA');
    await act(async () => {
      previews[0]!.fail(new Error('404'));
      counts[0]!.fail(new Error('503'));
    });
    assert.equal(text('.list-builder__records'), '983 records');
    assert.match(text('[aria-live]') ?? '', /counts could not be updated/);
    assert.equal(container.querySelector('.list-builder__summary')?.getAttribute('aria-busy'), null);
    assert.deepEqual(adds(), { selection: 'region=CA', records: null }, 'no count is claimed for it');
    await tick('region', 'CA');
    await act(async () => {
      previews[1]!.fail(new Error('404'));
      counts[1]!.answer(datasetKit().counts!);
    });
    assert.equal(container.querySelector('.dataset-preview'), null);
    assert.doesNotMatch(text('[aria-live]') ?? '', /could not/);
  });
});
