// The best k of n candidates by a numeric key (ascending; ties by the second key, ascending) without
// sorting all n: a bounded max-heap keeps the k best seen so far. O(n log k), no allocation per item.

/** Indices into key/tie of the k smallest, in order. */
export function topK(key: Float64Array, tie: Float64Array, n: number, k: number): Int32Array {
  const worse = (a: number, b: number) => key[a]! > key[b]! || (key[a] === key[b] && tie[a]! > tie[b]!);
  if (k <= 0 || n === 0) return new Int32Array(0);
  if (n <= k * 4) {
    return Int32Array.from({ length: n }, (_, i) => i)
      .sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0))
      .slice(0, k);
  }
  const heap = new Int32Array(k);
  let size = 0;
  const siftUp = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!worse(heap[i]!, heap[p]!)) break;
      [heap[i], heap[p]] = [heap[p]!, heap[i]!];
      i = p;
    }
  };
  const siftDown = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < size && worse(heap[l]!, heap[m]!)) m = l;
      if (r < size && worse(heap[r]!, heap[m]!)) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (let i = 0; i < n; i++) {
    if (size < k) {
      heap[size++] = i;
      siftUp(size - 1);
    } else if (worse(heap[0]!, i)) {
      heap[0] = i;
      siftDown(0);
    }
  }
  return heap.slice(0, size).sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0));
}
