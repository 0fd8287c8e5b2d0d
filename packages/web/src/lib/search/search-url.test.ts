import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeRefinementsJson, encodeRefinements, type SearchRefinement } from '@store/core';
import {
  lastReachablePage,
  parseRefinements,
  readResultsParams,
  resultsHref,
  searchHref,
  selectedValues,
  toggleRefinement,
} from './search-url.ts';

const STATUS = { nameOrId: 'ListStatus__c', attributeType: 'Custom' as const };
const PRICE = { nameOrId: 'UnitPrice', attributeType: 'PricebookEntry' as const };
const SORT = '0lbNAMEASC00000AAA';
const params = (s: string) => new URLSearchParams(s);

describe('reading a results URL', () => {
  test('refinements, sort and page come back as they were written', () => {
    const refinements: SearchRefinement[] = [
      { type: 'DistinctValue', attributeType: 'Custom', nameOrId: 'ListStatus__c', values: ['Verified'] },
    ];
    const href = resultsHref(
      { path: '/search', params: { term: 'dentists' } },
      { refinements, sortRuleId: SORT, page: 3 },
    );
    const url = new URL(href, 'http://x');
    assert.equal(url.pathname, '/search');
    assert.equal(url.searchParams.get('term'), 'dentists');
    assert.deepEqual(readResultsParams(url.searchParams, 12), {
      refinements,
      refinementsIgnored: false,
      sortRuleId: SORT,
      page: 3,
    });
  });

  test('nothing given: no refinements, the default sort, page 1', () => {
    assert.deepEqual(readResultsParams(params(''), 12), {
      refinements: [],
      refinementsIgnored: false,
      sortRuleId: null,
      page: 1,
    });
  });

  test('a hand-edited URL is read forgivingly: bad refinements ignored (and said so), odd pages clamped, odd sorts dropped', () => {
    for (const bad of [
      'not base64!',
      encodeRefinements([{ nameOrId: 'x' } as unknown as SearchRefinement]),
      btoa('{"a":1}'),
    ]) {
      const r = readResultsParams(params(`refinements=${encodeURIComponent(bad)}`), 12);
      assert.deepEqual(r.refinements, [], bad);
      assert.equal(r.refinementsIgnored, true, bad);
    }
    assert.equal(readResultsParams(params('page=0'), 12).page, 1);
    assert.equal(readResultsParams(params('page=-4'), 12).page, 1);
    assert.equal(readResultsParams(params('page=two'), 12).page, 1);
    assert.equal(readResultsParams(params('page=999999'), 12).page, 416, '5,000 results / 12 a page');
    assert.equal(readResultsParams(params('sort=<script>'), 12).sortRuleId, null);
  });

  test('refinements written bare ({nameOrId, values}) and range refinements are accepted', () => {
    const bare = [
      { nameOrId: 'ListStatus__c', values: ['New'] },
      { type: 'Range', nameOrId: 'UnitPrice', min: 100, max: null },
    ];
    assert.deepEqual(parseRefinements(encodeRefinements(bare as SearchRefinement[])), bare);
  });

  test('the API window limits the last page', () => {
    assert.equal(lastReachablePage(20), 250);
    assert.equal(lastReachablePage(200), 25);
  });
});

describe('writing a results URL', () => {
  test('defaults are left out, so the plain page has the plain URL', () => {
    assert.equal(
      resultsHref({ path: '/category/dental' }, { refinements: [], sortRuleId: null, page: 1 }),
      '/category/dental',
    );
    assert.equal(
      resultsHref({ path: '/category/dental' }, { refinements: [], sortRuleId: null, page: 2 }),
      '/category/dental?page=2',
    );
    assert.equal(searchHref('  US dentists '), '/search?term=US+dentists');
  });

  test('refinements travel as the API\u2019s base64 text, which decodes to the same list', () => {
    const refinements = toggleRefinement([], STATUS, 'Verified', true);
    const href = resultsHref({ path: '/category/dental' }, { refinements, sortRuleId: null, page: 1 });
    const encoded = new URL(href, 'http://x').searchParams.get('refinements')!;
    assert.deepEqual(decodeRefinementsJson(encoded), [
      { type: 'DistinctValue', attributeType: 'Custom', nameOrId: 'ListStatus__c', values: ['Verified'] },
    ]);
  });
});

describe('toggling a facet value', () => {
  test('one refinement per facet, values added and removed, dropped when empty', () => {
    let r = toggleRefinement([], STATUS, 'Verified', true);
    r = toggleRefinement(r, STATUS, 'New', true);
    r = toggleRefinement(r, PRICE, '100-249', true);
    assert.deepEqual(r, [
      { type: 'DistinctValue', attributeType: 'Custom', nameOrId: 'ListStatus__c', values: ['New', 'Verified'] },
      { type: 'DistinctValue', attributeType: 'PricebookEntry', nameOrId: 'UnitPrice', values: ['100-249'] },
    ]);
    assert.deepEqual(selectedValues(r, STATUS), ['New', 'Verified']);
    r = toggleRefinement(r, STATUS, 'New', false);
    r = toggleRefinement(r, STATUS, 'Verified', false);
    assert.deepEqual(r, [
      { type: 'DistinctValue', attributeType: 'PricebookEntry', nameOrId: 'UnitPrice', values: ['100-249'] },
    ]);
    assert.deepEqual(selectedValues(r, STATUS), []);
  });

  test('the same choices in another order make the same URL', () => {
    const a = toggleRefinement(toggleRefinement([], PRICE, '0-99', true), STATUS, 'New', true);
    const b = toggleRefinement(toggleRefinement([], STATUS, 'New', true), PRICE, '0-99', true);
    const href = (refinements: SearchRefinement[]) =>
      resultsHref({ path: '/search', params: { term: 'x' } }, { refinements, sortRuleId: null, page: 1 });
    assert.equal(href(a), href(b));
  });

  test('checking twice keeps one value', () => {
    const r = toggleRefinement(toggleRefinement([], STATUS, 'New', true), STATUS, 'New', true);
    assert.deepEqual(selectedValues(r, STATUS), ['New']);
  });
});
