import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  ListSelectionError,
  canonicalListSelection,
  isWholeList,
  listColumnsOf,
  listFilterValue,
  listSelectionLabel,
  parseListSelection,
  recordInSelection,
} from './list-selection.ts';

describe('a list selection', () => {
  test('reads filters from a query, ignores other parameters, and writes one canonical form', () => {
    const s = parseListSelection('region=TX&sort=x&region=OK&region=TX&email=1&phone=0&city=%20Austin%20');
    assert.deepEqual(s, { region: ['OK', 'TX'], city: ['Austin'], email: true });
    assert.equal(canonicalListSelection(s), 'region=OK&region=TX&city=Austin&email=1');
    assert.equal(canonicalListSelection(parseListSelection(canonicalListSelection(s))), canonicalListSelection(s));
    assert.equal(listSelectionLabel(s), 'State or region: OK, TX · City: Austin · Has email');
  });

  test('the whole dataset is the empty selection', () => {
    assert.equal(canonicalListSelection({}), '');
    assert.ok(isWholeList(parseListSelection('email=0&region=')));
    assert.ok(!isWholeList({ email: true }));
  });

  test('refuses flags that are not 0/1, too many values and over-long values', () => {
    assert.throws(() => parseListSelection('email=yes'), ListSelectionError);
    const many = Array.from({ length: 101 }, (_, i) => `city=c${i}`).join('&');
    assert.throws(() => parseListSelection(many), /at most 100/);
    assert.throws(() => parseListSelection(`city=${'x'.repeat(81)}`), /at most 80/);
  });

  test('finds the filter columns under their usual names and matches records', () => {
    const header = ['Company Name', 'City', 'state', 'ZIP', 'Email', 'Phone'];
    const cols = listColumnsOf(header);
    assert.equal(cols.region, 2);
    assert.equal(cols.postal, 3);
    assert.equal(cols.directDial, -1);
    const tx = ['A', 'Austin', 'TX', '787 01', 'a@x.example', ''];
    const ok = ['B', 'Tulsa', 'OK', '74101', '', '918'];
    const sel = parseListSelection('region=TX&region=OK&email=1');
    assert.equal(recordInSelection(sel, cols, tx), true);
    assert.equal(recordInSelection(sel, cols, ok), false, 'no email');
    assert.equal(recordInSelection({ postal: ['787'] }, cols, tx), true);
    assert.equal(listFilterValue('postal', ' sw1a 1aa'), 'SW1');
    // A chosen filter the file has no column for matches nothing (a selection never quietly widens).
    assert.equal(recordInSelection({ directDial: true }, cols, tx), false);
  });
});
