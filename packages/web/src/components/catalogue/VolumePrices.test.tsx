// The volume price table as a buyer meets it (jsdom): the bands and prices, and the help tooltip on
// "Unit price" that keyboard focus shows and Escape hides (spec 03 §4 "Tooltip").
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { installDom, press } from '../../test-support/dom.ts';

installDom();
const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { VolumePrices, UNIT_PRICE_HELP } = await import('./VolumePrices.tsx');

let container: HTMLElement;
before(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
});
after(() => container.remove());

test('shows each band with its unit price, and explains the unit price on focus', async () => {
  const root = createRoot(container);
  const rows = [
    { quantity: '1–9', unitPrice: '$149.00' },
    { quantity: '10 or more', unitPrice: '$134.10' },
  ];
  await act(async () => root.render(createElement(VolumePrices, { rows })));
  const cells = [...container.querySelectorAll('tbody tr')].map((r) =>
    [...r.querySelectorAll('td')].map((c) => c.textContent),
  );
  assert.deepEqual(cells, [
    ['1–9', '$149.00'],
    ['10 or more', '$134.10'],
  ]);
  const help = container.querySelector<HTMLButtonElement>('th button[aria-label="Help: Unit price"]')!;
  const tip = document.getElementById(help.getAttribute('aria-describedby')!)!;
  assert.equal(tip.textContent, UNIT_PRICE_HELP);
  assert.equal(tip.hidden, true);
  await act(async () => help.focus());
  assert.equal(tip.hidden, false);
  await act(async () => void press(help, 'Escape'));
  assert.equal(tip.hidden, true);
  await act(async () => root.unmount());
});

test('no table when there are no bands', async () => {
  const root = createRoot(container);
  await act(async () => root.render(createElement(VolumePrices, { rows: [] })));
  assert.equal(container.querySelector('table'), null);
  await act(async () => root.unmount());
});
