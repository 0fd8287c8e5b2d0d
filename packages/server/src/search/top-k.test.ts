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

test('topK agrees with a full sort for every k, with repeated keys, over random inputs', () => {
  // A fixed pseudo-random sequence, so a failure can be replayed.
  let seed = 12345;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (const n of [1, 2, 3, 10, 257, 4000]) {
    const key = Float64Array.from({ length: n + 5 }, () => Math.floor(next() * 50) - 25);
    // The second key is the engine's document ref: distinct, in any order.
    const tie = Float64Array.from({ length: n + 5 }, (_, i) => ((i * 7919) % 10007) + next() / 2);
    const order = [...Array(n).keys()].sort((a, b) => key[a]! - key[b]! || tie[a]! - tie[b]!);
    for (const k of [1, 2, 5, 20, Math.floor(n / 4), n - 1, n, n + 3]) {
      if (k <= 0) continue;
      assert.deepEqual([...topK(key, tie, n, k)], order.slice(0, k), `n=${n} k=${k}`);
    }
  }
});
