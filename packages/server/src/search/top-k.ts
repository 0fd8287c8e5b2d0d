// The best k of n candidates by a numeric key (ascending; ties by the second key, ascending) without
// sorting all n: a bounded max-heap keeps the k best seen so far (its root the worst of them), then a heap sort
// puts them in order. O(n log k). The comparisons are written out rather than passed as a comparator: a deep
// page asks for thousands (k up to the 5,000-result window), and a closure call per comparison in
// TypedArray#sort cost 2–4 ms a query at k = 2,500–5,000 over 55,000 candidates.

/** Indices into key/tie of the k smallest, in order (best first). The second key must not repeat. */
export function topK(key: Float64Array, tie: Float64Array, n: number, k: number): Int32Array {
  if (k <= 0 || n === 0) return new Int32Array(0);
  const size = Math.min(k, n);
  const heap = new Int32Array(size);
  for (let i = 0; i < size; i++) heap[i] = i;
  for (let i = (size >> 1) - 1; i >= 0; i--) siftDown(heap, size, i, key, tie);
  for (let i = size; i < n; i++) {
    const root = heap[0]!;
    const kr = key[root]!;
    const ki = key[i]!;
    // Better than the worst kept: it takes the root's place.
    if (kr > ki || (kr === ki && tie[root]! > tie[i]!)) {
      heap[0] = i;
      siftDown(heap, size, 0, key, tie);
    }
  }
  // Heap sort: the worst of the heap goes to its end, so the array ends best first.
  for (let end = size - 1; end > 0; end--) {
    const worst = heap[0]!;
    heap[0] = heap[end]!;
    heap[end] = worst;
    siftDown(heap, end, 0, key, tie);
  }
  return heap;
}

/** Moves heap[i] down until no child is worse than it (a max-heap by key, then tie). */
function siftDown(heap: Int32Array, size: number, at: number, key: Float64Array, tie: Float64Array): void {
  const item = heap[at]!;
  const itemKey = key[item]!;
  const itemTie = tie[item]!;
  let i = at;
  for (;;) {
    const l = 2 * i + 1;
    if (l >= size) break;
    let m = heap[l]!;
    let mk = key[m]!;
    let c = l;
    const r = l + 1;
    if (r < size) {
      const rd = heap[r]!;
      const rk = key[rd]!;
      if (rk > mk || (rk === mk && tie[rd]! > tie[m]!)) {
        m = rd;
        mk = rk;
        c = r;
      }
    }
    if (!(mk > itemKey || (mk === itemKey && tie[m]! > itemTie))) break;
    heap[i] = m;
    i = c;
  }
  heap[i] = item;
}
