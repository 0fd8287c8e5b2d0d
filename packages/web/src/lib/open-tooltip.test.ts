// One tooltip at a time (spec 03 §4): the rule the Tooltip component leans on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createOpenTooltip } from './open-tooltip.ts';

test('showing a second tooltip replaces the first', () => {
  const t = createOpenTooltip();
  t.show('a');
  t.show('b');
  assert.equal(t.current(), 'b');
});

test('hiding a tooltip that was already replaced leaves the newer one showing', () => {
  const t = createOpenTooltip();
  t.show('a');
  t.show('b');
  t.hide('a');
  assert.equal(t.current(), 'b');
  t.hide('b');
  assert.equal(t.current(), null);
});

test('listeners hear each change once, and not after unsubscribing', () => {
  const t = createOpenTooltip();
  let calls = 0;
  const off = t.subscribe(() => calls++);
  t.show('a');
  t.show('a');
  t.hide('x');
  assert.equal(calls, 1);
  off();
  t.hide('a');
  assert.equal(calls, 1);
});
