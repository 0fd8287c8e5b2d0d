// Looking the other words up in their postings (clause-lookup.ts) answers exactly as walking them: on the demo
// catalogue's index, searches of several words give the same total, the same products in the same order with
// the same scores, and the same facet counts, whichever way the engine matches them.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../test-support/server.ts';
import { engineQuery, freshSearchers } from '../test-support/engine-queries.ts';
import { clauseScore, indexOf } from './clause-lookup.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s.close();
});

describe('clause lookup', () => {
  test('indexOf and clauseScore: a document found in every list of an alternative, at its best alternative', () => {
    const docs = Int32Array.from([2, 5, 9, 14]);
    assert.deepEqual(
      [2, 5, 9, 14, 0, 6, 15].map((d) => indexOf(docs, d)),
      [0, 1, 2, 3, -1, -1, -1],
    );
    assert.equal(indexOf(new Int32Array(0), 3), -1);
    const word = { docs, weights: Float32Array.from([1, 2, 3, 4]), w: 0.5 };
    const other = { docs: Int32Array.from([5, 14]), weights: Float32Array.from([4, 8]), w: 1 };
    // One word: 9 → 3 × 0.5. A phrase of both words: only 5 and 14 hold it, 2 × 0.5 + 4 and 4 × 0.5 + 8.
    assert.equal(clauseScore([[word]], 9), 1.5);
    assert.equal(clauseScore([[word, other]], 9), -1);
    assert.equal(clauseScore([[word, other]], 14), 10);
    assert.equal(clauseScore([[word], [word, other]], 5), 5, 'the best alternative');
    assert.equal(clauseScore([[word], [other]], 3), -1);
  });

  test('searches of several words answer the same looked up as walked', async () => {
    const fresh = await freshSearchers(s);
    const [walked, looked] = [fresh(Number.POSITIVE_INFINITY), fresh(0)];
    const terms = [
      'restaurants in texas with email',
      'dentists california',
      'hotels florida phone',
      'lawyers uk',
      'email list',
      'united states dentists',
      'dentsts texas',
      'plumbers with phone and email',
      'veterinarians ohio direct dial',
      'zzzz dentists',
    ];
    let found = 0;
    for (const term of terms)
      for (const change of [{}, { sort: 'priceAsc' as const }, { grouping: 'NoGrouping' as const }]) {
        const a = walked.search(engineQuery(term, change));
        const b = looked.search(engineQuery(term, change));
        assert.equal(b.total, a.total, term);
        assert.deepEqual(b.hits, a.hits, term);
        assert.deepEqual(b.facets, a.facets, term);
        found += a.total;
      }
    assert.ok(found > 0, 'some of the searches find datasets');
  });
});
