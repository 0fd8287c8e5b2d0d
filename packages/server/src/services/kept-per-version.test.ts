import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KeptPerVersion } from './kept-per-version.ts';

test('a value is read once per store and version, again when the version moves, and a failed read is not kept', async () => {
  const kept = new KeptPerVersion<string>();
  let reads = 0;
  const read = (v: string) => async () => {
    reads++;
    return v;
  };
  assert.equal(await kept.get('store', 1, read('a')), 'a');
  assert.equal(await kept.get('store', 1, read('b')), 'a', 'same version: kept');
  assert.equal(await kept.get('other', 1, read('c')), 'c', 'per store');
  assert.equal(await kept.get('store', 2, read('d')), 'd', 'new version: read again');
  assert.equal(reads, 3);
  await assert.rejects(kept.get('store', 3, () => Promise.reject(new Error('down'))));
  assert.equal(await kept.get('store', 3, read('e')), 'e', 'the failure was not kept');
});
