// Toasts on screen over time (jsdom, with node's mock timers standing in for the clock): how long each
// mode stays, the 0.4 s fade and the close event, the queue behind the maximum, the container's
// settings, and that a page has one container (spec 03 §4, §5, §9).
import { after, afterEach, before, beforeEach, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { installDom } from '../../test-support/dom.ts';

installDom();
const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { ToastProvider, useToast, useToastSettings } = await import('./Toast.tsx');
type Api = ReturnType<typeof useToast>;

let container: HTMLElement;
let root: ReturnType<typeof createRoot>;
let api: Api;

function Grab() {
  api = useToast();
  return null;
}
function Settings(props: { max?: number; position?: 'bottom-right' | 'top-center' }) {
  useToastSettings(props);
  return null;
}

async function mount(children: ReturnType<typeof createElement>[] = [], props: Record<string, unknown> = {}) {
  root = createRoot(container);
  await act(async () => root.render(createElement(ToastProvider, props, createElement(Grab), ...children)));
}
const shown = () =>
  [...container.querySelectorAll('.toast')].map(
    (t) =>
      `${t.querySelector('.toast__label')?.textContent}${t.classList.contains('toast--closing') ? ' (fading)' : ''}`,
  );
const tick = (ms: number) => act(async () => mock.timers.tick(ms));
const show = (config: Parameters<Api['show']>[0]) => act(async () => void api.show(config));

before(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
});
beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
afterEach(async () => {
  await act(async () => root.unmount());
  mock.timers.reset();
});
after(() => container.remove());

describe('toasts over time', () => {
  test('a success toast is dismissible: 4800 ms, then a 0.4 s fade, then gone and its close event fires', async () => {
    await mount();
    const closed: string[] = [];
    await show({
      label: 'Success',
      message: 'Your cart has been updated.',
      variant: 'success',
      onClose: () => closed.push('closed'),
    });
    await tick(4799);
    assert.deepEqual(shown(), ['Success']);
    await tick(1);
    assert.deepEqual(shown(), ['Success (fading)']);
    await tick(399);
    assert.deepEqual(shown(), ['Success (fading)']);
    assert.deepEqual(closed, []);
    await tick(1);
    assert.deepEqual(shown(), []);
    assert.deepEqual(closed, ['closed']);
  });

  test('with a link a dismissible toast stays 9600 ms', async () => {
    await mount();
    await show({ label: 'Added', mode: 'dismissible', links: [{ label: 'View cart', href: '/cart' }] });
    await tick(9599);
    assert.deepEqual(shown(), ['Added']);
    await tick(1);
    assert.deepEqual(shown(), ['Added (fading)']);
  });

  test('an error toast is sticky until closed with its button', async () => {
    await mount();
    await show({ label: 'Error', message: 'Cart error: INSUFFICIENT_INVENTORY', variant: 'error' });
    await tick(60_000);
    assert.deepEqual(shown(), ['Error']);
    await act(async () => container.querySelector<HTMLButtonElement>('.toast__close')!.click());
    await tick(400);
    assert.deepEqual(shown(), []);
  });

  test('pester: no close button, closes itself', async () => {
    await mount();
    await show({ label: 'Heads up', mode: 'pester' });
    assert.equal(container.querySelector('.toast__close'), null);
    await tick(4800);
    assert.deepEqual(shown(), ['Heads up (fading)']);
    await tick(400);
    assert.deepEqual(shown(), []);
  });

  test('the pointer over a toast holds its auto-close; leaving restarts the full time', async () => {
    await mount();
    await show({ label: 'Saved', variant: 'success' });
    const el = container.querySelector('.toast')!;
    await tick(4000);
    // React listens for mouseover/mouseout to build enter/leave.
    await act(async () => void el.dispatchEvent(new window.MouseEvent('mouseover', { bubbles: true })));
    await tick(10_000);
    assert.deepEqual(shown(), ['Saved']);
    await act(
      async () =>
        void el.dispatchEvent(new window.MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body })),
    );
    await tick(4799);
    assert.deepEqual(shown(), ['Saved']);
    await tick(1);
    assert.deepEqual(shown(), ['Saved (fading)']);
  });

  test('at most 3 by default; the next waits and shows once one has faded', async () => {
    await mount();
    for (const label of ['a', 'b', 'c', 'd']) await show({ label });
    assert.deepEqual(shown(), ['a', 'b', 'c']);
    await act(async () => container.querySelector<HTMLButtonElement>('.toast__close')!.click());
    assert.deepEqual(shown(), ['a (fading)', 'b', 'c'], 'a fading toast still takes its room');
    await tick(400);
    assert.deepEqual(shown(), ['b', 'c', 'd']);
  });

  test('a config without a label, title or message is refused with the error logged', async () => {
    await mount();
    const logged = mock.method(console, 'error', () => undefined);
    try {
      let id: string | null = 'x';
      await act(async () => void (id = api.show({ variant: 'success' })));
      assert.equal(id, null);
      assert.deepEqual(
        logged.mock.calls.map((c) => c.arguments[0]),
        ['Unable to show toast, missing property: label.'],
      );
      assert.deepEqual(shown(), []);
    } finally {
      logged.mock.restore();
    }
  });
});

describe('the container', () => {
  test('a component sets maximum and position for the page', async () => {
    await mount([createElement(Settings, { max: 5, position: 'bottom-right' })]);
    assert.ok(container.querySelector('.toast-container--bottom-right'));
    for (const label of ['a', 'b', 'c', 'd', 'e', 'f']) await show({ label });
    assert.equal(shown().length, 5);
  });

  test('one per page: a provider inside another adds no container and hands its settings to the outer one', async () => {
    await mount([
      createElement(ToastProvider, { max: 1, position: 'bottom-right' }, createElement('p', null, 'inner')),
    ]);
    assert.equal(container.querySelectorAll('.toast-container').length, 1);
    assert.ok(container.querySelector('.toast-container--bottom-right'));
    assert.equal(container.querySelector('.toast-container')!.getAttribute('style'), 'z-index: 10000;');
    await show({ label: 'a' });
    await show({ label: 'b' });
    assert.deepEqual(shown(), ['a']);
  });
});
