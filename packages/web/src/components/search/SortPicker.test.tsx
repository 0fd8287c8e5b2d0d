// The sort order picker (a select-only combobox) in a document (jsdom): keys, typeahead and clicks as
// a shopper uses them, and the order it reports as chosen.
import { after, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SORT_RULES, sortRuleLabel } from '@store/core';
import { installDom, sleep } from '../../test-support/dom.ts';

installDom();
const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { SortPicker } = await import('./SortPicker.tsx');

const OPTIONS = SORT_RULES.map((r) => ({ id: r.sortRuleId, label: sortRuleLabel(r) }));
let chosen: string[] = [];
let root: ReturnType<typeof createRoot> | null = null;

const combobox = () => document.querySelector('[role="combobox"]') as HTMLElement;
const listbox = () => document.getElementById('sort-listbox')!;
const isOpen = () => combobox().getAttribute('aria-expanded') === 'true' && !listbox().hidden;
const active = () => {
  const id = combobox().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : null;
};
async function press(...keys: string[]) {
  for (const key of keys) {
    await act(
      async () =>
        void combobox().dispatchEvent(new window.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })),
    );
  }
}

beforeEach(async () => {
  chosen = [];
  if (root) await act(async () => root!.unmount());
  document.body.innerHTML = '<div id="app"></div>';
  root = createRoot(document.getElementById('app')!);
  await act(async () =>
    root!.render(
      createElement(SortPicker, { options: OPTIONS, value: OPTIONS[3].id, onChange: (id: string) => chosen.push(id) }),
    ),
  );
  combobox().focus();
});
after(() => act(async () => root?.unmount()));

describe('SortPicker', () => {
  test('shows the order in force, named by its label, with the list closed', () => {
    assert.equal(combobox().textContent, 'Name: A to Z');
    assert.equal(document.getElementById(combobox().getAttribute('aria-labelledby')!)?.textContent, 'Sort by');
    assert.equal(combobox().getAttribute('aria-haspopup'), 'listbox');
    assert.equal(isOpen(), false);
  });

  test('Enter opens at the current order; the arrows wrap; Enter chooses and closes', async () => {
    await press('Enter');
    assert.equal(isOpen(), true);
    assert.equal(active(), 'Name: A to Z');
    await press('ArrowDown', 'ArrowDown');
    assert.equal(active(), 'Best Match', 'wrapped past the last');
    await press('ArrowUp');
    assert.equal(active(), 'Date Added: Newest First');
    await press('Enter');
    assert.equal(isOpen(), false);
    assert.deepEqual(chosen, [OPTIONS[4].id]);
  });

  test('typing letters jumps to the matching order (and opens the list); the same letter again cycles', async () => {
    await press('p');
    assert.equal(isOpen(), true);
    assert.equal(active(), 'Price: Low to High');
    await press('p');
    assert.equal(active(), 'Price: High to Low');
    await act(async () => sleep(750));
    await press('b');
    assert.equal(active(), 'Best Match', 'after 700 ms the buffer starts again');
    await press(' ');
    assert.deepEqual(chosen, [OPTIONS[0].id]);
  });

  test('Escape and leaving close without choosing; choosing the current order reports nothing', async () => {
    await press('ArrowDown', 'Home');
    assert.equal(active(), 'Best Match');
    await press('Escape');
    assert.equal(isOpen(), false);
    await press(' ');
    assert.equal(isOpen(), true);
    await act(async () => combobox().blur());
    assert.equal(isOpen(), false);
    await press('Enter', 'Enter');
    assert.deepEqual(chosen, []);
  });

  test('a click opens the list and a click on an option chooses it', async () => {
    await act(async () => combobox().click());
    assert.equal(isOpen(), true);
    await act(async () => (listbox().querySelectorAll('[role="option"]')[1] as HTMLElement).click());
    assert.deepEqual(chosen, [OPTIONS[1].id]);
    assert.equal(isOpen(), false);
  });
});
