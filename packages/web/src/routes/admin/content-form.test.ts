import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isValidPageReference } from '@store/core';
import {
  instantOf,
  linkKindOf,
  linkOf,
  linkValueOf,
  localValueOf,
  moved,
  newBlock,
  newSection,
  removed,
} from './content-form.ts';

test('moving an item up or down swaps it with its neighbour; off either end nothing moves', () => {
  assert.deepEqual(moved(['a', 'b', 'c'], 1, -1), ['b', 'a', 'c']);
  assert.deepEqual(moved(['a', 'b', 'c'], 1, 1), ['a', 'c', 'b']);
  assert.deepEqual(moved(['a', 'b', 'c'], 0, -1), ['a', 'b', 'c']);
  assert.deepEqual(moved(['a', 'b', 'c'], 2, 1), ['a', 'b', 'c']);
  assert.deepEqual(removed(['a', 'b', 'c'], 1), ['a', 'c']);
});

test('new sections, columns and blocks get distinct ids the server accepts', () => {
  const ids = [newSection().id, newSection().id, newBlock('textBlock', () => undefined).id];
  assert.equal(new Set(ids).size, 3);
  for (const id of ids) assert.match(id, /^[A-Za-z0-9_-]{1,40}$/);
  assert.deepEqual(
    newSection().columns.map((c) => c.width),
    [12],
  );
  const banner = newBlock('banner', (t) => (t === 'dd__banner' ? 'MCABC' : undefined));
  assert.equal(banner.type === 'banner' && banner.contentKey, 'MCABC');
});

test('every kind of link the picker makes is a valid page reference and reads back as its kind and value', () => {
  const cases = [
    ['web', '/search'],
    ['content', 'MC0000000000000000000000000A'],
    ['product', '01t000000000001AAA'],
    ['category', '0ZG000000000001AAA'],
    ['named', 'Cart'],
  ] as const;
  for (const [kind, value] of cases) {
    const link = linkOf(kind, value);
    assert.ok(isValidPageReference(link), `${kind} ${JSON.stringify(link)}`);
    assert.equal(linkKindOf(link), kind);
    assert.equal(linkValueOf(link), value);
  }
  assert.equal(isValidPageReference(linkOf('web', '//evil.example')), false);
});

test('the publication window fields are UTC date-times; empty is no bound', () => {
  assert.equal(instantOf('2026-05-01T09:30'), '2026-05-01T09:30:00.000Z');
  assert.equal(instantOf(''), null);
  assert.equal(instantOf('not a date'), null);
  assert.equal(localValueOf('2026-05-01T09:30:00.000Z'), '2026-05-01T09:30');
  assert.equal(localValueOf(null), '');
});
