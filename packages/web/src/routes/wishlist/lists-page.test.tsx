import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { WishlistItem, WishlistSummary } from '@store/core';
import type { ListsPageData } from './lists-data.ts';
import { ListsPage } from './ListsPage.tsx';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

/** The page inside a data router, as the route renders it (its fetcher forms need one). */
function render(data: ListsPageData): string {
  const router = createMemoryRouter([{ path: '/', element: <ListsPage data={data} /> }], { initialEntries: ['/'] });
  return renderToString(<RouterProvider router={router} />).replace(/<!-- -->/g, '');
}

const summary = (id: string, name: string, count: number): WishlistSummary => ({
  id,
  name,
  createdDate: '2026-11-01T00:00:00Z',
  modifiedDate: '2026-11-02T00:00:00Z',
  wishlistProductCount: count,
});

const item = (over: Partial<WishlistItem> = {}): WishlistItem => ({
  wishlistItemId: '0wI000000000001AAA',
  productId: '01t000000000101AAA',
  productSummary: {
    productId: '01t000000000101AAA',
    name: 'US Dentists, Email and Phone',
    sku: 'DS-00001',
    productUrlName: 'us-dentists',
    productClass: 'Simple',
    fields: {},
    thumbnailImage: null,
    purchaseQuantityRule: { minimum: '2', maximum: '10', increment: '1' } as never,
  },
  listPrice: '120.00',
  salesPrice: '99.50',
  currencyIsoCode: 'USD',
  createdDate: '2026-11-01T00:00:00Z',
  error: null,
  ...over,
});

const page = (items: WishlistItem[], tokens: { next?: string; previous?: string } = {}) => ({
  currencyIsoCode: 'USD',
  items,
  hasErrors: items.some((i) => i.error),
  currentPageToken: '0',
  currentPageUrl: null,
  nextPageToken: tokens.next ?? null,
  nextPageUrl: null,
  previousPageToken: tokens.previous ?? null,
  previousPageUrl: null,
});

const base: ListsPageData = {
  accountName: 'Contoso Dental Group',
  summaries: [],
  shown: null,
  missingList: false,
  error: false,
};

describe('the lists page', () => {
  test('an account without lists: the empty state and the form to create one', () => {
    const html = render(base);
    const t = text(html);
    assert.ok(t.includes('My lists'));
    assert.ok(t.includes('Lists of Contoso Dental Group'));
    assert.ok(t.includes('You have no lists yet.'), t);
    assert.ok(html.includes('name="intent" value="create"'));
    assert.ok(t.includes('New list name'));
  });

  test('the lists to choose from (the shown one marked) and its products with current prices', () => {
    const lists = [summary('0wL000000000002AAA', 'Q3 reorder', 2), summary('0wL000000000001AAA', 'My List', 1)];
    const unavailable = item({
      wishlistItemId: '0wI000000000002AAA',
      productId: '01t000000000102AAA',
      productSummary: { ...item().productSummary, productId: '01t000000000102AAA', name: 'Gone dataset', sku: '' },
      listPrice: null,
      salesPrice: null,
      error: { errorCode: 'PRODUCT_UNAVAILABLE', message: 'This product is no longer available.' },
    });
    const html = render({
      ...base,
      summaries: lists,
      shown: { summary: lists[0]!, page: page([item(), unavailable], { next: '1' }) },
    });
    const t = text(html);
    assert.ok(html.includes('aria-current="page" href="/account/lists?list=0wL000000000002AAA"'), html);
    assert.ok(t.includes('Q3 reorder (2 products)') && t.includes('My List (1 product)'), t);
    assert.ok(html.includes('href="/product/01t000000000101AAA"'));
    // A product the account may no longer see keeps its line, without a link to a page it can't open.
    assert.ok(!html.includes('href="/product/01t000000000102AAA"'));
    assert.ok(t.includes('SKU: DS-00001'));
    assert.ok(t.includes('Original price $120.00') && t.includes('$99.50'), t);
    // Moved at the product's minimum quantity.
    assert.ok(html.includes('name="quantity" value="2"'));
    // An item that can't be bought can't be moved; it can still be removed.
    assert.ok(html.includes('disabled="" aria-label="Move to cart: Gone dataset"'), html);
    assert.ok(!html.includes('disabled="" aria-label="Move to cart: US Dentists'));
    assert.ok(t.includes('This product is no longer available.') && t.includes('Price Unavailable'));
    assert.ok(t.includes('Move all to cart') && t.includes('Rename') && t.includes('Delete list'));
    assert.ok(html.includes('href="/account/lists?list=0wL000000000002AAA&amp;page=1"') && t.includes('Next page'));
    assert.ok(!t.includes('Previous page'));
  });

  test('an empty list says so; a list of another account is explained', () => {
    const list = summary('0wL000000000001AAA', 'My List', 0);
    const t = text(render({ ...base, summaries: [list], shown: { summary: list, page: page([]) }, missingList: true }));
    assert.ok(t.includes('This list is empty.'), t);
    assert.ok(t.includes('That list is not one of this account’s lists.'), t);
  });

  test('lists that could not be read: an alert, nothing else', () => {
    const t = text(render({ ...base, error: true }));
    assert.ok(t.includes('We could not load your lists.'));
    assert.ok(!t.includes('New list name'));
  });
});
