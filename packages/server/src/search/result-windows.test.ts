// A kept result window is shared by the pages of one search only: two queries share a window exactly when they
// differ in nothing but their page. A window shared with another audience's query would show it datasets it is not
// entitled to, or prices of another price book.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { EngineQuery } from './engine.ts';
import { windowAnswers, windowKey, windowSizeFor } from './result-windows.ts';

const mask = (...on: number[]) => {
  const m = new Uint8Array(8);
  for (const i of on) m[i] = 1;
  return m;
};

const query = (change: Partial<EngineQuery> = {}): EngineQuery => ({
  term: 'dentists',
  scope: null,
  granted: mask(0, 1),
  selections: [{ key: 'countries', ords: new Set([2, 1]) }],
  priceBooks: ['01sRETAIL', '01sWHOLESALE'],
  sort: 'relevance',
  grouping: 'VariationParent',
  offset: 0,
  limit: 20,
  facets: true,
  categoryGroups: [mask(0), mask(1)],
  ...change,
});

describe('result windows', () => {
  test('the pages of one search share a window', () => {
    assert.equal(windowKey(query({ offset: 40, limit: 20 })), windowKey(query()));
    assert.equal(windowKey(query({ offset: 0, limit: 7 })), windowKey(query()));
    // The order a refinement's values were chosen in does not make another search.
    const reordered = query({ selections: [{ key: 'countries', ords: new Set([1, 2]) }] });
    assert.equal(windowKey(reordered), windowKey(query()));
  });

  test('anything else that decides the results makes another window', () => {
    const others: Array<[string, Partial<EngineQuery>]> = [
      ['term', { term: 'dentist' }],
      ['no term', { term: null }],
      ['prefix', { prefix: true }],
      ['entitlement', { granted: mask(0) }],
      ['everything granted', { granted: null }],
      ['category scope', { scope: mask(1) }],
      ['refinement values', { selections: [{ key: 'countries', ords: new Set([1]) }] }],
      ['refinement facet', { selections: [{ key: 'status', ords: new Set([1, 2]) }] }],
      ['range', { selections: [{ key: 'price', ranges: [{ min: 100, max: 249 }] }] }],
      ['category refinement', { selections: [{ key: 'category', mask: mask(3) }] }],
      ['price books', { priceBooks: ['01sRETAIL'] }],
      ['price book priority', { priceBooks: ['01sWHOLESALE', '01sRETAIL'] }],
      ['sort', { sort: 'priceAsc' }],
      ['grouping', { grouping: 'NoGrouping' }],
      ['category groups', { categoryGroups: [mask(0, 1)] }],
    ];
    const base = windowKey(query());
    const keys = new Set([base]);
    for (const [what, change] of others) {
      const key = windowKey(query(change));
      assert.notEqual(key, base, what);
      keys.add(key);
    }
    assert.equal(keys.size, others.length + 1, 'each a window of its own');
  });

  test('a window holds whole sizes, and answers a page it holds or a search it holds entirely', () => {
    assert.equal(windowSizeFor(20), 1000);
    assert.equal(windowSizeFor(1000), 1000);
    assert.equal(windowSizeFor(1020), 2000);
    const window = (held: number, total: number) => ({
      total,
      productIds: Array.from({ length: held }, (_, i) => `p${i}`),
      scores: new Float64Array(held),
      facets: null,
      categoryCounts: null,
    });
    assert.equal(windowAnswers(window(1000, 5000), 1000), true);
    assert.equal(windowAnswers(window(1000, 5000), 1020), false, 'past the window: computed again, wider');
    assert.equal(windowAnswers(window(300, 300), 4000), true, 'every result is held: a page past them is empty');
  });
});
