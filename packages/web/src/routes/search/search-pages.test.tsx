// The search and category result pages as the server renders them for a shopper: what is shown for
// a URL (term, filters, sort, page), and what the page asked the API for.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  decodeRefinementsJson,
  encodeRefinements,
  SORT_RULES,
  type SearchFacet,
  type SearchRefinement,
} from '@store/core';
import { renderPage } from '../../server/render.tsx';
import { datasetProduct, fakeApiFetch, TEMPLATE, WEBSTORE_ID } from '../../test-support/fixtures.ts';

const SEARCH_API = `/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}/search/products`;

const facet = (
  nameOrId: string,
  displayName: string,
  values: Array<[string, string, number]>,
  attributeType: SearchFacet['attributeType'] = 'Custom',
): SearchFacet => ({
  nameOrId,
  attributeType,
  facetType: 'DistinctValue',
  displayType: 'MultiSelect',
  displayName,
  displayRank: nameOrId === 'UnitPrice' ? 6 : 4,
  values: values.map(([id, name, productCount]) => ({
    nameOrId: id,
    displayName: name,
    productCount,
    type: 'DistinctValue',
  })),
});

const FACETS = [
  facet(
    'UnitPrice',
    'Price',
    [
      ['0-99', '$0–$99', 1],
      ['100-249', '$100–$249', 3],
    ],
    'PricebookEntry',
  ),
  facet('ListStatus__c', 'List Status', [
    ['New', 'New', 2],
    ['Verified', 'Verified', 1234],
  ]),
];

/** A search answer with `total` matches, the fixture product as the page's only card. */
function answer(total: number, extra: Record<string, unknown> = {}) {
  const p = datasetProduct();
  const fields = Object.fromEntries(Object.entries(p.fields).map(([k, v]) => [k, { value: v }]));
  const products = total
    ? [{ id: p.id, name: p.fields.Name, urlName: p.urlName, fields, defaultImage: p.defaultImage }]
    : [];
  return {
    locale: 'en_US',
    correlationId: 'c',
    productsPage: { pageSize: 12, total, products },
    categories: null,
    facets: total ? FACETS : [],
    ...extra,
  };
}

async function get(url: string, search?: (q: URLSearchParams) => unknown) {
  const fetch = fakeApiFetch({ search });
  const res = await renderPage(
    { url, headers: { host: 'shop.example.com', accept: 'text/html' } },
    { fetch, template: TEMPLATE, webstoreId: WEBSTORE_ID },
  );
  const body = res.body.replace(/ data-discover="true"/g, '').replace(/<!-- -->/g, '');
  const searches = fetch.calls.filter((c) => c.startsWith(SEARCH_API)).map((c) => new URL(c, 'http://x').searchParams);
  return { ...res, body, searches };
}

/** The text of the page, without tags. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
/** name → checked, for every facet checkbox. */
const checkboxes = (html: string) =>
  Object.fromEntries(
    [
      ...html.matchAll(
        /<input type="checkbox" id="([^"]+)"( checked="")?\/><label for="\1">([^<]+?) <span class="facet__count">\(([^)]+)\)<\/span>/g,
      ),
    ].map((m) => [`${m[3]} (${m[4]})`, Boolean(m[2])]),
  );

const VERIFIED: SearchRefinement[] = [
  { type: 'DistinctValue', attributeType: 'Custom', nameOrId: 'ListStatus__c', values: ['Verified'] },
];

describe('search page', () => {
  test('a term: heading, count, filters with counts, sort order, the cards, and a noindex head', async () => {
    const res = await get('/search?term=dentists', () => answer(1234));
    assert.equal(res.status, 200);
    assert.match(res.body, /<title>Search: dentists \| Data Depot<\/title>/);
    assert.match(res.body, /<meta name="robots" content="noindex, follow">/);
    assert.match(res.body, /<h1>Results for \u201cdentists\u201d<\/h1>/);
    assert.match(text(res.body), / 1,234 datasets /);
    // Facets in display rank, each a fieldset with its name as the legend.
    const legends = [...res.body.matchAll(/<legend class="facet__legend">([^<]+)<\/legend>/g)].map((m) => m[1]);
    assert.deepEqual(legends, ['List Status', 'Price']);
    assert.deepEqual(checkboxes(res.body), {
      'New (2)': false,
      'Verified (1,234)': false,
      '$0–$99 (1)': false,
      '$100–$249 (3)': false,
    });
    assert.doesNotMatch(res.body, /Clear all filters/);
    // The sort order: a select-only combobox showing the default rule, its list closed.
    assert.match(res.body, /<span id="sort-label" class="sort-picker__label">Sort by<\/span>/);
    assert.match(
      res.body,
      /role="combobox" tabindex="0" aria-labelledby="sort-label" aria-haspopup="listbox" aria-expanded="false" aria-controls="sort-listbox">Best Match<\/div>/,
    );
    const sortOptions = [
      ...res.body.matchAll(/role="option" aria-selected="false" class="combobox__option[^"]*">([^<]+)</g),
    ].map((m) => m[1]);
    assert.deepEqual(sortOptions, [
      'Best Match',
      'Price: Low to High',
      'Price: High to Low',
      'Name: A to Z',
      'Date Added: Newest First',
    ]);
    assert.match(res.body, /<a href="\/product\/01t000000000001AAA">US Dentists, Email and Phone<\/a>/);
    // 1,234 results, 12 a page.
    assert.match(text(res.body), /Page 1 of 103 /);
    assert.match(res.body, /<a rel="next" href="\/search\?term=dentists&amp;page=2">Next page<\/a>/);
    // The header's search box says what was searched.
    assert.match(
      res.body,
      /<input id="site-search" type="search"[^>]* role="combobox"[^>]* name="term" value="dentists"\/>/,
    );
    // One search call: the term, the first page (0-based), the card fields, no sort (relevance), no refinements.
    assert.equal(res.searches.length, 1);
    const q = res.searches[0];
    assert.equal(q.get('searchTerm'), 'dentists');
    assert.equal(q.get('page'), '0');
    assert.equal(q.get('pageSize'), '12');
    assert.equal(q.get('sortRuleId'), null);
    assert.equal(q.get('refinements'), null);
    assert.deepEqual(q.get('fields')?.split(','), [
      'Name',
      'StockKeepingUnit',
      'B2B_Record_Count__c',
      'Countries_Display__c',
      'ListStatus__c',
    ]);
  });

  test('filters, sort and page come from the URL: sent to the API, shown checked, kept by the paging links', async () => {
    const sort = SORT_RULES[3].sortRuleId;
    const url = `/search?term=dentists&refinements=${encodeRefinements(VERIFIED)}&sort=${sort}&page=2`;
    const res = await get(url, () => answer(30));
    const q = res.searches[0];
    assert.deepEqual(decodeRefinementsJson(q.get('refinements')!), VERIFIED);
    assert.equal(q.get('sortRuleId'), sort);
    assert.equal(q.get('page'), '1');
    assert.equal(checkboxes(res.body)['Verified (1,234)'], true);
    assert.equal(checkboxes(res.body)['New (2)'], false);
    assert.match(res.body, /aria-controls="sort-listbox">Name: A to Z<\/div>/);
    assert.match(res.body, /<a href="\/search\?term=dentists&amp;sort=0lbNAMEASC00000AAA">Clear all filters<\/a>/);
    const prev = res.body.match(/<a rel="prev" href="([^"]+)">Previous page<\/a>/)![1].replace(/&amp;/g, '&');
    assert.equal(prev, `/search?term=dentists&refinements=${encodeRefinements(VERIFIED)}&sort=${sort}`);
    assert.match(text(res.body), /Page 2 of 3 /);
  });

  test('nothing matches: says so and suggests another term', async () => {
    const res = await get('/search?term=zzzz', () => answer(0));
    assert.match(text(res.body), /0 datasets/);
    assert.match(text(res.body), /No datasets match \u201czzzz\u201d\. Check the spelling, or try a broader term/);
  });

  test('nothing matches the filters: suggests removing them, with a link that clears them', async () => {
    const res = await get(`/search?term=dentists&refinements=${encodeRefinements(VERIFIED)}`, () => answer(0));
    assert.match(text(res.body), /No datasets match these filters\. Remove some of them, or clear all filters ?\./);
    assert.match(res.body, /<a href="\/search\?term=dentists">clear all filters<\/a>/);
  });

  test('the search fails: the error state, still inside the page', async () => {
    const res = await get('/search?term=dentists', () => new Response('[]', { status: 500 }));
    assert.equal(res.status, 200);
    assert.match(
      res.body,
      /<div class="grid" role="alert"><p class="grid__message">The datasets could not be loaded\. Please try again later\./,
    );
    assert.doesNotMatch(res.body, /Sort by/);
  });

  test('unreadable filters in a link are ignored, and the page says so', async () => {
    const res = await get('/search?term=dentists&refinements=%%%', () => answer(3));
    assert.equal(res.searches[0].get('refinements'), null);
    assert.match(text(res.body), /The filters in this link could not be read, so all datasets are shown\./);
  });

  test('no term: asks for one and does not search', async () => {
    for (const url of ['/search', '/search?term=%20%20']) {
      const res = await get(url, () => answer(3));
      assert.equal(res.status, 200);
      assert.match(res.body, /<h1>Search datasets<\/h1>/);
      assert.equal(res.searches.length, 0, url);
    }
  });

  test('subcategories with matches narrow the search; a narrowed search names its category and links back', async () => {
    const dental = { id: '0ZG000000000002AAA', name: 'Dental', description: null, urlName: 'dental' };
    const categories = {
      category: null,
      productCount: 9,
      children: [{ category: dental, productCount: 7, children: [] }],
    };
    const res = await get('/search?term=dentists', () => answer(9, { categories }));
    assert.match(
      res.body,
      /<nav aria-label="Narrow to a category"><ul class="chips"><li><a href="\/search\?term=dentists&amp;category=0ZG000000000002AAA">Dental <span class="chips__count">\(7\)<\/span><\/a>/,
    );

    const narrowed = await get('/search?term=dentists&category=0ZG000000000002AAA', () =>
      answer(7, { categories: { category: dental, productCount: 7, children: [] } }),
    );
    assert.equal(narrowed.searches[0].get('categoryId'), dental.id);
    assert.match(narrowed.body, /<h1>Results for \u201cdentists\u201d in Dental<\/h1>/);
    assert.match(
      narrowed.body,
      /<a href="\/search\?term=dentists">Search all categories for \u201cdentists\u201d<\/a>/,
    );
  });
});

describe('category page with the shared results', () => {
  test('filters, sort and page in the URL reach the category search; links keep them on the category path', async () => {
    const sort = SORT_RULES[1].sortRuleId;
    const res = await get(`/category/healthcare?refinements=${encodeRefinements(VERIFIED)}&sort=${sort}&page=2`, () =>
      answer(40),
    );
    assert.equal(res.status, 200);
    const q = res.searches[0];
    assert.equal(q.get('categoryId'), '0ZG000000000001AAA');
    assert.equal(q.get('searchTerm'), null);
    assert.equal(q.get('page'), '1');
    assert.equal(q.get('sortRuleId'), sort);
    assert.deepEqual(decodeRefinementsJson(q.get('refinements')!), VERIFIED);
    assert.equal(checkboxes(res.body)['Verified (1,234)'], true);
    assert.match(res.body, /aria-controls="sort-listbox">Price: Low to High<\/div>/);
    assert.match(
      res.body,
      /<a rel="next" href="\/category\/healthcare\?refinements=[A-Za-z0-9_-]+&amp;sort=0lbPRICEASC0000AAA&amp;page=3">Next page<\/a>/,
    );
    // A filtered view points search engines at the category itself.
    assert.match(res.body, /<link rel="canonical" href="http:\/\/shop.example.com\/category\/healthcare">/);
  });

  test('a plain second page is its own canonical page; a re-sorted one points at the category', async () => {
    const plain = await get('/category/healthcare?page=2', () => answer(40));
    assert.match(plain.body, /<link rel="canonical" href="http:\/\/shop.example.com\/category\/healthcare\?page=2">/);
    const sorted = await get(`/category/healthcare?page=2&sort=${SORT_RULES[3].sortRuleId}`, () => answer(40));
    assert.match(sorted.body, /<link rel="canonical" href="http:\/\/shop.example.com\/category\/healthcare">/);
  });

  test('a sort id the store does not have falls back to the default order', async () => {
    const res = await get('/category/healthcare?sort=0lbUNKNOWN00000AAA', () => answer(3));
    assert.equal(res.searches[0].get('sortRuleId'), null);
    assert.match(res.body, /aria-controls="sort-listbox">Best Match<\/div>/);
  });

  test('an empty category keeps its own message', async () => {
    const res = await get('/category/healthcare', () => answer(0));
    assert.match(text(res.body), /There are no datasets in this category yet\./);
  });
});
