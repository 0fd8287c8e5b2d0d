// The list builder in a document (jsdom), from the counts API's answers: what a buyer sees and what each
// checkbox, the search field and Clear choose.
import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DatasetListCounts, ListSelection } from '@store/core';
import { installDom, typeInto } from '../../test-support/dom.ts';
import { texasWithEmailCounts, wholeCounts } from '../../test-support/dataset-kit.ts';

installDom();
const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { ListBuilder } = await import('./ListBuilder.tsx');

let container: HTMLElement;
let root: ReturnType<typeof createRoot>;
let chosen: ListSelection[] = [];

async function mount(
  counts: DatasetListCounts,
  selection: ListSelection,
  opts: { pending?: boolean; failed?: boolean } = {},
) {
  root = createRoot(container);
  await act(async () =>
    root.render(
      createElement(ListBuilder, {
        counts,
        selection,
        pending: opts.pending ?? false,
        failed: opts.failed ?? false,
        onChange: (next: ListSelection) => chosen.push(next),
      }),
    ),
  );
}

const text = (selector: string) => container.querySelector(selector)?.textContent ?? null;
const filter = (key: string) => container.querySelector<HTMLFieldSetElement>(`[data-filter="${key}"]`)!;
const checkbox = (key: string, value: string) =>
  container.querySelector<HTMLInputElement>(`input[type="checkbox"][name="${key}"][value="${value}"]`)!;
/** A checkbox's accessible name: the text of the label around it. */
const labelOf = (input: HTMLInputElement) => input.closest('label')!.textContent;
const clear = () => [...container.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Clear'))!;

before(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  chosen = [];
});
after(() => container.remove());

describe('ListBuilder', () => {
  test('the whole list: its count and price, every filter with each value’s count, nothing to clear', async () => {
    await mount(wholeCounts(), {});
    assert.equal(text('.list-builder__records'), '983 records');
    assert.equal(text('.list-builder__total'), 'of 983');
    assert.equal(text('.list-builder__price'), '$999.99');
    assert.equal(text('.list-builder__basis'), 'the whole list’s price');
    assert.equal(filter('region').querySelector('legend')?.textContent, 'State or region');
    assert.equal(labelOf(checkbox('region', 'TX')), 'TX96 records');
    assert.equal(labelOf(checkbox('email', '1')), 'Has email860 records');
    assert.equal(checkbox('region', 'TX').checked, false);
    assert.equal(clear().disabled, true);
    // The summary is announced politely, as one sentence.
    const live = container.querySelector('[aria-live]')!;
    assert.equal(live.getAttribute('aria-live'), 'polite');
    assert.equal(live.getAttribute('aria-atomic'), 'true');
    assert.ok(live.contains(container.querySelector('.list-builder__records')));
    assert.ok(live.contains(container.querySelector('.list-builder__price')));
    assert.equal(live.querySelectorAll('input').length, 0, 'no filter counts in the live region');
  });

  test('ticking a value or a flag chooses it beside what is chosen; unticking drops it', async () => {
    await mount(wholeCounts(), { region: ['CA'] });
    await act(async () => checkbox('region', 'TX').click());
    assert.deepEqual(chosen.at(-1), { region: ['CA', 'TX'] });
    await act(async () => checkbox('email', '1').click());
    assert.deepEqual(chosen.at(-1), { region: ['CA'], email: true });
    await act(async () => checkbox('region', 'CA').click());
    assert.deepEqual(chosen.at(-1), {});
  });

  test('a narrowed selection: its count, price and basis; its values ticked; Clear returns to the whole list', async () => {
    await mount(texasWithEmailCounts(), { region: ['TX'], email: true });
    assert.equal(text('.list-builder__records'), '36 records');
    assert.equal(text('.list-builder__price'), '$99.99');
    assert.equal(text('.list-builder__basis'), '$1,525.93 per 1,000 records · minimum order applied');
    assert.equal(checkbox('region', 'TX').checked, true);
    assert.equal(checkbox('email', '1').checked, true);
    assert.equal(labelOf(checkbox('region', 'CA')), 'CA39 records');
    assert.equal(clear().disabled, false);
    await act(async () => clear().click());
    assert.deepEqual(chosen, [{}]);
  });

  test('while new counts are on their way the previous numbers stay, marked busy', async () => {
    await mount(wholeCounts(), { region: ['TX'] }, { pending: true });
    assert.equal(text('.list-builder__records'), '983 records');
    assert.equal(container.querySelector('.list-builder__summary')?.getAttribute('aria-busy'), 'true');
    assert.equal(checkbox('region', 'TX').checked, true, 'the box shows the choice at once');
  });

  test('a failed update says so in the summary', async () => {
    await mount(wholeCounts(), { region: ['TX'] }, { failed: true });
    assert.match(text('[aria-live]') ?? '', /counts could not be updated/);
  });

  test('long lists (cities) can be searched; a chosen value stays listed; short lists have no search field', async () => {
    await mount(wholeCounts(), { city: ['Boston'] });
    const search = filter('city').querySelector<HTMLInputElement>('input[type="search"]')!;
    assert.equal(container.querySelector(`label[for="${search.id}"]`)?.textContent, 'Search city values');
    await act(async () => typeInto(search, 'aus'));
    const listed = [...filter('city').querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].map((i) => i.value);
    assert.deepEqual(listed, ['Boston', 'Austin']);
    await act(async () => typeInto(search, 'zzz'));
    assert.equal(filter('city').querySelector('.list-filter__none'), null, 'Boston is still listed');
    assert.equal(container.querySelector('.list-filter--flags input[type="search"]'), null);
  });

  test('a buyer without a price sees the count and no price', async () => {
    await mount({ ...wholeCounts(), price: null }, {});
    assert.equal(text('.list-builder__records'), '983 records');
    assert.equal(container.querySelector('.list-builder__price'), null);
    assert.equal(text('.list-builder__basis'), 'Price on request');
  });
});
