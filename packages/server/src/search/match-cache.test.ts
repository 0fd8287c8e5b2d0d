// The engine keeps recent queries' matches (engine.ts, SEARCH_MATCH_BYTES): a search of words seen before, with
// other refinements, another sort or another page size, answers exactly as a searcher that never saw them, also
// when other searches ran in between (the kept matches are copies, not the scratch arrays every search reuses).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { RECORD_COUNT_BUCKETS } from '@store/core';
import { startTestServer, type TestServer } from '../test-support/server.ts';
import { engineQuery, freshSearchers } from '../test-support/engine-queries.ts';
import { RECORD_RANGES, type EngineQuery } from './engine.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s.close();
});

test('a search of words seen before answers as a searcher that never saw them, with other searches between', async () => {
  const fresh = await freshSearchers(s);
  const keeping = fresh();
  const terms = [
    'dentists',
    'dentists california',
    'restaurants in texas with email',
    'email list',
    'dentsts',
    'hotels',
  ];
  const changes: Array<Partial<EngineQuery>> = [
    {},
    { sort: 'priceAsc' },
    { sort: 'nameAsc', limit: 7 },
    { selections: [{ key: 'recordCount', ranges: [RECORD_RANGES[RECORD_COUNT_BUCKETS.length - 2]!] }] },
    { grouping: 'NoGrouping', offset: 3 },
  ];
  let found = 0;
  // Every change of every term, the terms interleaved: each search's matches overwrite the scratch of the last.
  for (const change of changes)
    for (const term of terms) {
      const kept = keeping.search(engineQuery(term, { limit: 50, ...change }));
      const never = fresh().search(engineQuery(term, { limit: 50, ...change }));
      assert.equal(kept.total, never.total, `${term} ${JSON.stringify(change)}`);
      assert.deepEqual(kept.hits, never.hits, `${term} ${JSON.stringify(change)}`);
      assert.deepEqual(kept.facets, never.facets, `${term} ${JSON.stringify(change)}`);
      found += kept.total;
    }
  assert.ok(found > 0, 'the searches find datasets');
  assert.ok(keeping.keptMatches >= terms.length, `the words' matches are kept (${keeping.keptMatches})`);
});
