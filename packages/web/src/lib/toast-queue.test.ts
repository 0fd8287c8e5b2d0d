import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  autoCloseMs,
  closeToast,
  createToast,
  defaultToastMode,
  emptyToastQueue,
  normalizeMaxToasts,
  normalizePosition,
  pushToast,
  removeToast,
  resizeToastQueue,
  ADD_TO_CART_TOASTS,
  TOAST_AUTO_CLOSE_MS,
  TOAST_AUTO_CLOSE_WITH_LINK_MS,
  TOAST_FADE_MS,
  TOAST_ERRORS,
  type Toast,
  type ToastConfig,
} from './toast-queue.ts';

function toast(config: ToastConfig, id = 't'): Toast {
  const t = createToast(config, id);
  if ('error' in t) throw new Error(t.error);
  return t;
}

describe('createToast', () => {
  test('defaults: info variant; success without links dismissible after 4800 ms, everything else sticky', () => {
    const info = toast({ label: 'Heads up' });
    assert.equal(info.variant, 'info');
    assert.equal(info.mode, 'sticky');
    assert.equal(info.autoCloseMs, null);
    assert.equal(info.closable, true);
    const success = toast({ label: 'Saved', variant: 'success' });
    assert.equal(success.mode, 'dismissible');
    assert.equal(success.autoCloseMs, 4800);
    const withLink = toast({ label: 'Added', variant: 'success', links: [{ label: 'View cart', href: '/cart' }] });
    assert.equal(withLink.mode, 'sticky');
    assert.equal(toast({ label: 'x', variant: 'error' }).mode, 'sticky');
    assert.equal(toast({ label: 'x', variant: 'warning' }).mode, 'sticky');
  });

  test('dismissible and pester close themselves, 9600 ms when there is a link; pester has no close button', () => {
    assert.equal(toast({ label: 'x', mode: 'dismissible', links: [{ label: 'Go', href: '/' }] }).autoCloseMs, 9600);
    const pester = toast({ label: 'x', mode: 'pester' });
    assert.equal(pester.autoCloseMs, 4800);
    assert.equal(pester.closable, false);
    assert.equal(toast({ label: 'x', mode: 'sticky', variant: 'success' }).autoCloseMs, null);
    assert.equal(defaultToastMode('success', false), 'dismissible');
    assert.equal(autoCloseMs('sticky', true), null);
  });

  test('title or message stand in for the label; with none, the toast is refused with the error to log', () => {
    assert.equal(toast({ title: 'Platform form' }).label, 'Platform form');
    assert.equal(toast({ message: 'Only a message' }).message, 'Only a message');
    assert.deepEqual(createToast(undefined, 'x'), { error: TOAST_ERRORS.missingConfig });
    assert.deepEqual(createToast({}, 'x'), { error: TOAST_ERRORS.missingLabel });
    assert.deepEqual(createToast({ label: '  ' }, 'x'), { error: TOAST_ERRORS.missingLabel });
    assert.deepEqual(createToast({ label: 7 as unknown as string }, 'x'), { error: TOAST_ERRORS.notText });
    assert.equal(TOAST_ERRORS.missingConfig, 'Unable to show toast, missing toast config.');
  });

  test('an unknown variant or mode falls back to the default; broken links are dropped', () => {
    const t = toast({
      label: 'x',
      variant: 'loud' as never,
      mode: 'forever' as never,
      links: [
        { label: '', href: '/a' },
        { label: 'ok', href: '/b' },
      ],
    });
    assert.equal(t.variant, 'info');
    assert.equal(t.mode, 'sticky');
    assert.deepEqual(t.links, [{ label: 'ok', href: '/b' }]);
  });

  test('max toasts at least 1 (default 3); position one of six (default top-center)', () => {
    assert.equal(normalizeMaxToasts(undefined), 3);
    assert.equal(normalizeMaxToasts(0), 3);
    assert.equal(normalizeMaxToasts(5), 5);
    assert.equal(normalizeMaxToasts(2.7), 2);
    assert.equal(normalizePosition('bottom-left'), 'bottom-left');
    assert.equal(normalizePosition('middle'), 'top-center');
  });
});

describe('the queue', () => {
  test('shows up to max, queues the rest, and promotes in order when one is removed', () => {
    let q = emptyToastQueue(2);
    for (const id of ['a', 'b', 'c', 'd']) q = pushToast(q, toast({ label: id }, id));
    assert.deepEqual(
      q.shown.map((t) => t.id),
      ['a', 'b'],
    );
    assert.deepEqual(
      q.waiting.map((t) => t.id),
      ['c', 'd'],
    );

    q = closeToast(q, 'a');
    assert.equal(q.shown[0].state, 'closing', 'still on screen while it fades');
    assert.deepEqual(
      q.waiting.map((t) => t.id),
      ['c', 'd'],
      'a fading toast still takes its room',
    );

    q = removeToast(q, 'a');
    assert.deepEqual(
      q.shown.map((t) => t.id),
      ['b', 'c'],
    );
    assert.deepEqual(
      q.waiting.map((t) => t.id),
      ['d'],
    );
  });

  test('closing a waiting toast drops it; closing twice or an unknown id changes nothing', () => {
    let q = emptyToastQueue(1);
    q = pushToast(q, toast({ label: 'a' }, 'a'));
    q = pushToast(q, toast({ label: 'b' }, 'b'));
    q = closeToast(q, 'b');
    assert.deepEqual(q.waiting, []);
    const closing = closeToast(q, 'a');
    assert.equal(closeToast(closing, 'a'), closing);
    assert.equal(closeToast(q, 'zzz'), q);
  });

  test('the default maximum is 3', () => {
    let q = emptyToastQueue();
    for (const id of ['a', 'b', 'c', 'd']) q = pushToast(q, toast({ label: id }, id));
    assert.equal(q.shown.length, 3);
    assert.equal(q.waiting.length, 1);
  });
});

describe('resizing (spec 03 §9: add-to-cart sets 5 at top centre)', () => {
  test('the constants', () => {
    assert.deepEqual(ADD_TO_CART_TOASTS, { max: 5, position: 'top-center' });
    assert.deepEqual([TOAST_AUTO_CLOSE_MS, TOAST_AUTO_CLOSE_WITH_LINK_MS, TOAST_FADE_MS], [4800, 9600, 400]);
  });

  test('more room lets waiting toasts in, oldest first', () => {
    let q = emptyToastQueue();
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) q = pushToast(q, toast({ label: id }, id));
    q = resizeToastQueue(q, 5);
    assert.equal(q.max, 5);
    assert.deepEqual(
      q.shown.map((t) => t.id),
      ['a', 'b', 'c', 'd', 'e'],
    );
    assert.deepEqual(
      q.waiting.map((t) => t.id),
      ['f'],
    );
  });

  test('less room keeps what is shown; new ones wait; an unusable value means the default', () => {
    let q = emptyToastQueue(5);
    for (const id of ['a', 'b', 'c', 'd']) q = pushToast(q, toast({ label: id }, id));
    q = resizeToastQueue(q, 2);
    assert.equal(q.shown.length, 4);
    q = pushToast(q, toast({ label: 'e' }, 'e'));
    assert.deepEqual(
      q.waiting.map((t) => t.id),
      ['e'],
    );
    assert.equal(resizeToastQueue(q, 0).max, 3);
    assert.equal(resizeToastQueue(q, 2), q, 'the same maximum changes nothing');
  });
});
