import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createOverlayStack, OVERLAY_Z_BASELINE, OVERLAY_Z_START, OVERLAY_Z_STEP } from './overlay-stack.ts';
import { TOAST_Z_INDEX } from './toast-queue.ts';

test('spec 03 §9: overlays from 9000, toast containers from 10000, older-framework overlays from 9001, steps of 2, baseline 9100', () => {
  assert.deepEqual(OVERLAY_Z_START, { overlay: 9000, toast: 10000, legacy: 9001 });
  assert.equal(OVERLAY_Z_STEP, 2);
  assert.equal(OVERLAY_Z_BASELINE, 9100);
  assert.equal(TOAST_Z_INDEX, 10000, 'the toast container sits at the start of its kind');
});

test('each overlay of a kind opens 2 above the one below; kinds stack on their own', () => {
  const stack = createOverlayStack();
  const first = stack.open('overlay');
  const second = stack.open('overlay');
  const legacy = stack.open('legacy');
  const toast = stack.open('toast');
  const popover = stack.open();
  assert.deepEqual(
    [first.zIndex, second.zIndex, legacy.zIndex, toast.zIndex, popover.zIndex],
    [9000, 9002, 9001, 10000, 9100],
  );
  assert.equal(stack.size('overlay'), 2);
  assert.equal(stack.size(), 5);
});

test('closing one leaves the others; a later overlay still opens above every one left open', () => {
  const stack = createOverlayStack();
  const a = stack.open('overlay');
  const b = stack.open('overlay');
  a.close();
  a.close(); // twice changes nothing
  assert.equal(stack.size('overlay'), 1);
  assert.equal(stack.open('overlay').zIndex, b.zIndex + 2);
  b.close();
  const stack2 = createOverlayStack();
  const only = stack2.open('overlay');
  only.close();
  assert.equal(stack2.open('overlay').zIndex, 9000, 'an empty kind starts again at its start');
});
