import { test } from 'node:test';
import assert from 'node:assert/strict';
import { topK } from './top-k.ts';

test('topK returns the k smallest keys in order, ties by the second key, small and large inputs alike', () => {
  for (const n of [7, 1000]) {
    const key = Float64Array.from({ length: n }, (_, i) => (i * 7919) % 97);
    const tie = Float64Array.from({ length: n }, (_, i) => i);
    const expected = [...key.keys()].sort((a, b) => key[a]! - key[b]! || a - b).slice(0, 5);
    assert.deepEqual([...topK(key, tie, n, 5)], expected);
  }
  assert.equal(topK(new Float64Array(3), new Float64Array(3), 3, 0).length, 0);
});
