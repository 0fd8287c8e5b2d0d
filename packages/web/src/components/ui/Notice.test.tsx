// What a user sees and hears of an inline notice (jsdom): its text and kind, an error that interrupts
// a screen reader and info that waits, the close button, and nothing for an unusable definition
// (spec 03 §5 "Toast and notice": variant info, warning or error; messages must be strings).
import { after, afterEach, before, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { installDom } from '../../test-support/dom.ts';

installDom();
const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { Notice } = await import('./Notice.tsx');
type Props = Parameters<typeof Notice>[0];

let container: HTMLElement;
let root: ReturnType<typeof createRoot>;

async function mount(props: Props) {
  root = createRoot(container);
  await act(async () => root.render(createElement(Notice, props)));
}
const notice = () => container.querySelector<HTMLElement>('.notice');

before(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
});
after(() => container.remove());

describe('a notice', () => {
  test('an error interrupts: role=alert, read out with its kind and title', async () => {
    await mount({ variant: 'error', title: 'Payment failed.', message: 'Try another card.' });
    assert.equal(notice()?.getAttribute('role'), 'alert');
    assert.equal(notice()?.textContent, 'Error: Payment failed. Try another card.');
  });

  test('info and warning wait their turn: role=status', async () => {
    await mount({ variant: 'warning', message: 'Prices change at midnight.' });
    assert.equal(notice()?.getAttribute('role'), 'status');
    assert.equal(notice()?.textContent, 'Warning: Prices change at midnight.');
  });

  test('an unknown variant shows as info', async () => {
    await mount({ variant: 'success' as never, message: 'Saved.' });
    assert.ok(notice()?.classList.contains('notice--info'));
    assert.equal(notice()?.textContent, 'Information: Saved.');
  });

  test('a message that is not a string shows nothing and warns', async () => {
    const warned = mock.method(console, 'warn', () => undefined);
    try {
      await mount({ message: 42 as never });
      assert.equal(notice(), null);
      assert.deepEqual(
        warned.mock.calls.map((c) => c.arguments[0]),
        ['Notice message must be a non-empty string.'],
      );
    } finally {
      warned.mock.restore();
    }
  });

  test('with onDismiss it has a close button that hides it', async () => {
    const dismissed: string[] = [];
    await mount({ message: 'Hello', onDismiss: () => dismissed.push('x') });
    await act(async () => container.querySelector<HTMLButtonElement>('button[aria-label="Dismiss"]')!.click());
    assert.equal(notice(), null);
    assert.deepEqual(dismissed, ['x']);
  });

  test('without onDismiss it has no close button', async () => {
    await mount({ message: 'Hello' });
    assert.equal(container.querySelector('button'), null);
  });
});
