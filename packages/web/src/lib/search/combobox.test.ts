import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CLOSED,
  COMBOBOX,
  comboboxKey,
  createTypeahead,
  debounce,
  isPrintableKey,
  optionId,
  optionsChanged,
  visibleItemCount,
  type ComboboxState,
  type KeyContext,
} from './combobox.ts';

const editable = (count: number): KeyContext => ({ kind: 'editable', count });
const select = (count: number, selected = 0): KeyContext => ({ kind: 'select', count, selected });
const open = (active: number): ComboboxState => ({ open: true, active });

/** Presses keys in turn and answers the active option after each. */
function press(start: ComboboxState, keys: string[], ctx: KeyContext): number[] {
  let state = start;
  return keys.map((k) => {
    state = comboboxKey(state, k, ctx).state;
    return state.active;
  });
}

describe('opening (spec 03 §4)', () => {
  test('an editable combobox opens on the arrow keys: Down at the first option, Up at the last', () => {
    assert.deepEqual(comboboxKey(CLOSED, 'ArrowDown', editable(5)), { state: open(0), handled: true });
    assert.deepEqual(comboboxKey(CLOSED, 'ArrowUp', editable(5)), { state: open(4), handled: true });
  });

  test('an editable combobox leaves Enter (form submit) and Home/End (caret) alone while closed', () => {
    for (const key of ['Enter', 'Home', 'End', ' ', 'PageDown']) {
      assert.deepEqual(comboboxKey(CLOSED, key, editable(5)), { state: CLOSED, handled: false }, key);
    }
  });

  test('a select-only combobox opens on Enter, Space and the arrows at its current value, on Home/End at the ends', () => {
    for (const key of ['Enter', ' ', 'ArrowDown', 'ArrowUp'])
      assert.deepEqual(comboboxKey(CLOSED, key, select(5, 3)).state, open(3), key);
    assert.deepEqual(comboboxKey(CLOSED, 'Home', select(5, 3)).state, open(0));
    assert.deepEqual(comboboxKey(CLOSED, 'End', select(5, 3)).state, open(4));
    assert.deepEqual(comboboxKey(CLOSED, 'Enter', select(5, -1)).state, open(0), 'no value yet: the first option');
  });

  test('with no options nothing opens, and an open list closes', () => {
    for (const key of ['ArrowDown', 'ArrowUp', 'Enter', 'Home']) {
      assert.deepEqual(comboboxKey(CLOSED, key, select(0)), { state: CLOSED, handled: false }, key);
      assert.deepEqual(comboboxKey(open(2), key, editable(0)).state, CLOSED, key);
    }
  });
});

describe('moving while open', () => {
  test('ArrowDown and ArrowUp wrap around', () => {
    assert.deepEqual(press(open(-1), ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown'], editable(3)), [0, 1, 2, 0]);
    assert.deepEqual(press(open(1), ['ArrowUp', 'ArrowUp', 'ArrowUp'], editable(3)), [0, 2, 1]);
    assert.deepEqual(press(open(-1), ['ArrowUp'], editable(3)), [2], 'from no active option, Up goes to the last');
  });

  test('PageDown and PageUp move 10 options and stop at the ends', () => {
    assert.deepEqual(press(open(0), ['PageDown', 'PageDown', 'PageDown'], editable(25)), [10, 20, 24]);
    assert.deepEqual(press(open(24), ['PageUp', 'PageUp', 'PageUp'], editable(25)), [14, 4, 0]);
    assert.deepEqual(
      press(open(-1), ['PageDown'], editable(25)),
      [9],
      'from no active option, ten options down is the tenth',
    );
    assert.deepEqual(press(open(2), ['PageDown'], editable(5)), [4]);
  });

  test('Home and End jump to the first and last option', () => {
    assert.deepEqual(press(open(3), ['Home', 'End'], editable(8)), [0, 7]);
    assert.deepEqual(press(open(3), ['Home', 'End'], select(8)), [0, 7]);
  });

  test('an active index beyond a shorter list counts as its last option', () => {
    assert.deepEqual(press(open(9), ['ArrowUp'], editable(4)), [2]);
  });

  test('other keys are not the combobox\u2019s', () => {
    assert.deepEqual(comboboxKey(open(1), 'a', editable(3)), { state: open(1), handled: false });
    assert.deepEqual(comboboxKey(open(1), ' ', editable(3)), { state: open(1), handled: false }, 'space types a space');
  });
});

describe('choosing and closing', () => {
  test('Enter on an active option chooses it and closes', () => {
    assert.deepEqual(comboboxKey(open(2), 'Enter', editable(3)), { state: CLOSED, handled: true, select: 2 });
    assert.deepEqual(comboboxKey(open(1), 'Enter', select(3)), { state: CLOSED, handled: true, select: 1 });
    assert.deepEqual(comboboxKey(open(1), ' ', select(3)), { state: CLOSED, handled: true, select: 1 });
  });

  test('Enter with no active option closes; an editable combobox lets the form submit', () => {
    assert.deepEqual(comboboxKey(open(-1), 'Enter', editable(3)), { state: CLOSED, handled: false });
    assert.deepEqual(comboboxKey(open(-1), 'Enter', select(3)), { state: CLOSED, handled: true });
  });

  test('Escape closes (and is the combobox\u2019s only while open); Tab closes and lets focus move', () => {
    assert.deepEqual(comboboxKey(open(1), 'Escape', editable(3)), { state: CLOSED, handled: true });
    assert.deepEqual(comboboxKey(CLOSED, 'Escape', editable(3)), { state: CLOSED, handled: false });
    assert.deepEqual(comboboxKey(open(1), 'Tab', select(3)), { state: CLOSED, handled: false });
  });

  test('new options leave nothing active, open the list only if there are any', () => {
    assert.deepEqual(optionsChanged(open(2), 4, false), open(-1));
    assert.deepEqual(optionsChanged(CLOSED, 4, true), open(-1));
    assert.deepEqual(optionsChanged(CLOSED, 4, false), CLOSED);
    assert.deepEqual(optionsChanged(open(2), 0, true), CLOSED, 'empty items close it');
  });
});

describe('constants and sizes (spec 03 §9)', () => {
  test('10 options show, 7 when the window is 834 px high or less, 5 in the small size', () => {
    assert.equal(visibleItemCount(900), 10);
    assert.equal(visibleItemCount(835), 10);
    assert.equal(visibleItemCount(834), 7);
    assert.equal(visibleItemCount(600), 7);
    assert.equal(visibleItemCount(undefined), 10, 'server render: no window');
    assert.equal(visibleItemCount(900, 'small'), 5);
  });

  test('the default group label and timings', () => {
    assert.equal(COMBOBOX.defaultGroupLabel, 'Search Results');
    assert.equal(COMBOBOX.debounceMs, 200);
    assert.equal(COMBOBOX.typeaheadResetMs, 700);
    assert.equal(optionId('sort', 3), 'sort-option-3');
  });
});

describe('debounce', () => {
  test('calls once, with the last arguments, 200 ms after the last call', (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const seen: string[] = [];
    const d = debounce((term: string) => seen.push(term));
    d.call('d');
    t.mock.timers.tick(150);
    d.call('de');
    t.mock.timers.tick(199);
    assert.deepEqual(seen, []);
    t.mock.timers.tick(1);
    assert.deepEqual(seen, ['de']);
    t.mock.timers.tick(1000);
    assert.deepEqual(seen, ['de']);
  });

  test('cancel drops the waiting call', (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const seen: string[] = [];
    const d = debounce((term: string) => seen.push(term));
    d.call('x');
    d.cancel();
    t.mock.timers.tick(500);
    assert.deepEqual(seen, []);
  });
});

describe('typeahead (select-only)', () => {
  const LABELS = ['Best Match', 'Price: Low to High', 'Price: High to Low', 'Name: A to Z', 'Date Added: Newest First'];

  function typist() {
    let t = 0;
    const ta = createTypeahead(() => t);
    return { type: (c: string, current: number) => ta.next(c, LABELS, current), wait: (ms: number) => void (t += ms) };
  }

  test('a letter jumps to the next option starting with it; the same letter again cycles', () => {
    const { type, wait } = typist();
    assert.equal(type('p', 0), 1);
    wait(100);
    assert.equal(type('p', 1), 2);
    wait(100);
    assert.equal(type('p', 2), 1, 'wraps round to the first match');
  });

  test('letters typed within 700 ms form one search string, matched case-insensitively', () => {
    const { type, wait } = typist();
    assert.equal(type('D', 0), 4);
    wait(699);
    assert.equal(type('a', 4), 4, '"da" still matches "Date Added"');
    wait(699);
    assert.equal(type('x', 4), -1, '"dax" matches nothing');
  });

  test('the buffer clears after 700 ms', () => {
    const { type, wait } = typist();
    assert.equal(type('n', 0), 3);
    wait(700);
    assert.equal(type('b', 3), 0, 'a fresh "b", not "nb"');
  });

  test('only plain characters count as typing', () => {
    assert.equal(isPrintableKey({ key: 'p' }), true);
    assert.equal(isPrintableKey({ key: 'ArrowDown' }), false);
    assert.equal(isPrintableKey({ key: 'p', ctrlKey: true }), false);
    assert.equal(isPrintableKey({ key: ' ' }), false);
  });
});
