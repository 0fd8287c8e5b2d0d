// What a user sees of a help tooltip (jsdom): shown on hover or focus, hidden on leave, blur, click,
// Escape or a press elsewhere, one at a time, and the toggle type opening and closing with a tap
// (spec 03 §4 "Tooltip"). A screen reader finds the text through the button's aria-describedby.
import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { installDom, press } from '../../test-support/dom.ts';

installDom();
const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { Tooltip } = await import('./Tooltip.tsx');

let container: HTMLElement;
let root: ReturnType<typeof createRoot>;

async function mount(...tips: Array<{ label: string; content: string; type?: 'info' | 'toggle' }>) {
  root = createRoot(container);
  await act(async () =>
    root.render(
      createElement(
        'div',
        null,
        ...tips.map((t) => createElement(Tooltip, { key: t.label, ...t })),
        createElement('p', { id: 'elsewhere' }, 'Elsewhere'),
      ),
    ),
  );
}
const button = (label: string) => container.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;
/** The tooltip texts a sighted user sees now. */
const visible = () =>
  [...container.querySelectorAll<HTMLElement>('[role="tooltip"]')].filter((t) => !t.hidden).map((t) => t.textContent);
const fire = (el: Element, type: string, init: MouseEventInit = {}) =>
  act(async () => void el.dispatchEvent(new window.MouseEvent(type, { bubbles: true, ...init })));
const hover = (el: Element) => fire(el, 'mouseover', { relatedTarget: document.body });
const unhover = (el: Element) => fire(el, 'mouseout', { relatedTarget: document.body });
// jsdom has no PointerEvent; React reads only the event type for onPointerDown.
const pointerDown = (el: Element) =>
  act(async () => void el.dispatchEvent(new window.Event('pointerdown', { bubbles: true })));

before(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
});
afterEach(async () => {
  (document.activeElement as HTMLElement | null)?.blur();
  await act(async () => root.unmount());
});
after(() => container.remove());

describe('a help tooltip', () => {
  test('is hidden at first, and the button is described by its text', async () => {
    await mount({ label: 'Help: Unit price', content: 'The price of one unit at this quantity.' });
    assert.deepEqual(visible(), []);
    const tipId = button('Help: Unit price').getAttribute('aria-describedby')!;
    assert.equal(document.getElementById(tipId)?.textContent, 'The price of one unit at this quantity.');
    assert.equal(document.getElementById(tipId)?.getAttribute('role'), 'tooltip');
  });

  test('shows on mouse enter and hides on mouse leave', async () => {
    await mount({ label: 'Help', content: 'Tip text' });
    await hover(button('Help'));
    assert.deepEqual(visible(), ['Tip text']);
    await unhover(button('Help'));
    assert.deepEqual(visible(), []);
  });

  test('shows on keyboard focus and hides on Escape, keeping the focus where it was', async () => {
    await mount({ label: 'Help', content: 'Tip text' });
    await act(async () => button('Help').focus());
    assert.deepEqual(visible(), ['Tip text']);
    await act(async () => void press(button('Help'), 'Escape'));
    assert.deepEqual(visible(), []);
    assert.equal(document.activeElement, button('Help'), 'Escape does not move the focus');
  });

  test('hides on blur', async () => {
    await mount({ label: 'Help', content: 'Tip text' });
    await act(async () => button('Help').focus());
    await act(async () => button('Help').blur());
    assert.deepEqual(visible(), []);
  });

  test('hides on click', async () => {
    await mount({ label: 'Help', content: 'Tip text' });
    await hover(button('Help'));
    await act(async () => button('Help').click());
    assert.deepEqual(visible(), []);
  });

  test('hides on a touch elsewhere in the page, not on one on itself', async () => {
    await mount({ label: 'Help', content: 'Tip text' });
    await hover(button('Help'));
    await pointerDown(button('Help'));
    assert.deepEqual(visible(), ['Tip text']);
    await act(
      async () =>
        void container.querySelector('#elsewhere')!.dispatchEvent(new window.Event('touchstart', { bubbles: true })),
    );
    assert.deepEqual(visible(), []);
  });

  test('only one is visible at a time', async () => {
    await mount({ label: 'One', content: 'First' }, { label: 'Two', content: 'Second' });
    await act(async () => button('One').focus());
    await hover(button('Two'));
    assert.deepEqual(visible(), ['Second']);
    // The focused button losing its focus later does not close the one now showing.
    await act(async () => button('One').blur());
    assert.deepEqual(visible(), ['Second']);
  });
});

describe('the toggle type', () => {
  test('a tap opens it and a second tap closes it', async () => {
    await mount({ label: 'Help', content: 'Tip text', type: 'toggle' });
    const b = button('Help');
    assert.equal(b.getAttribute('aria-expanded'), 'false');
    // A tap: press, focus (which shows it), then the click; the click keeps it open.
    await pointerDown(b);
    await act(async () => b.focus());
    await act(async () => b.click());
    assert.deepEqual(visible(), ['Tip text']);
    assert.equal(b.getAttribute('aria-expanded'), 'true');
    await pointerDown(b);
    await act(async () => b.click());
    assert.deepEqual(visible(), []);
    await pointerDown(b);
    await act(async () => b.click());
    assert.deepEqual(visible(), ['Tip text']);
  });

  test('the plain type stays closed after a tap', async () => {
    await mount({ label: 'Help', content: 'Tip text' });
    const b = button('Help');
    await pointerDown(b);
    await act(async () => b.focus());
    await act(async () => b.click());
    assert.deepEqual(visible(), []);
    assert.equal(b.getAttribute('aria-expanded'), null);
  });
});

describe("a form field's help", () => {
  test('sits beside the label, so the input keeps its own name, and shows on focus', async () => {
    const { TextField } = await import('./TextField.tsx');
    root = createRoot(container);
    await act(async () =>
      root.render(
        createElement(TextField, { form: 'po', name: 'poNumber', label: 'PO number', help: 'Printed on the invoice.' }),
      ),
    );
    const input = container.querySelector<HTMLInputElement>('#po-poNumber')!;
    assert.equal(input.labels?.[0]?.textContent, 'PO number');
    assert.equal(input.labels?.[0]?.querySelector('button'), null);
    await act(async () => button('Help: PO number').focus());
    assert.deepEqual(visible(), ['Printed on the invoice.']);
  });
});
