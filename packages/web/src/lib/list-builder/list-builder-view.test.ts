// The list builder's pure parts: a selection in the page's query string beside its other parameters.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { searchWithSelection, withFlag, withValue, recordsText } from './list-builder-view.ts';
import { selectionFromSearch } from './dataset-kit.ts';

describe('the selection in the URL', () => {
  test('the filters in canonical order, the page’s other parameters kept', () => {
    assert.equal(
      searchWithSelection('?color=red&email=1&region=OK', { region: ['TX', 'OK'], email: true }),
      '?color=red&region=OK&region=TX&email=1',
    );
    assert.equal(searchWithSelection('?region=TX&email=1', {}), '');
    assert.equal(searchWithSelection('?color=red&region=TX', {}), '?color=red');
  });

  test('reading it back: the same selection; a malformed one is the whole list', () => {
    assert.deepEqual(selectionFromSearch('?email=1&region=TX&color=red'), { region: ['TX'], email: true });
    assert.deepEqual(selectionFromSearch(`?region=${'x'.repeat(81)}`), {});
    assert.deepEqual(selectionFromSearch('?email=maybe'), {});
  });

  test('one checkbox at a time', () => {
    assert.deepEqual(withValue({ region: ['TX'] }, 'region', 'OK', true), { region: ['OK', 'TX'] });
    assert.deepEqual(withValue({ region: ['TX'], email: true }, 'region', 'TX', false), { email: true });
    assert.deepEqual(withFlag({ region: ['TX'] }, 'phone', true), { region: ['TX'], phone: true });
    assert.deepEqual(withFlag({ phone: true }, 'phone', false), {});
  });

  test('record counts in words', () => {
    assert.equal(recordsText(1), '1 record');
    assert.equal(recordsText(98347), '98,347 records');
  });
});
