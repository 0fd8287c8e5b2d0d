// The head of product and category pages from the SEO properties call (issue 16 item 8): title, description,
// canonical, hreflang alternates and noindex from the record; on a failed call the page's own head, with no tag
// from the record (spec 03 §8); and the category page's JSON-LD, escaped so a name cannot end its script.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { renderPage } from './render.tsx';
import { datasetProduct, fakeApiFetch, PRODUCT_ID, TEMPLATE, WEBSTORE_ID } from '../test-support/fixtures.ts';

const CATEGORY_ID = '0ZG000000000001AAA';

async function get(url: string, opts: Parameters<typeof fakeApiFetch>[0] = {}, origin?: string) {
  const fetch = fakeApiFetch(opts);
  const res = await renderPage(
    { url, headers: { host: 'shop.example.com', accept: 'text/html' } },
    { fetch, template: TEMPLATE, webstoreId: WEBSTORE_ID, origin },
  );
  const head = res.body.slice(0, res.body.indexOf('</head>'));
  return { ...res, head, calls: fetch.calls };
}

const seoAnswer = (path: string, extra: Record<string, unknown> = {}) => ({
  recordName: 'Record',
  objectName: 'Product2',
  fields: { title: 'Dentists <script>alert(1)</script> list', description: 'The seller\'s own "words".' },
  complexFields: {},
  // The API was reached in-process: its origin is not the page's; only the path counts.
  hrefLangUrls: [
    { language: 'en-US', url: `http://localhost${path}` },
    { language: 'x-default', url: `http://localhost${path}` },
  ],
  canonicalUrl: `http://localhost${path}`,
  isSeoIndexed: true,
  ...extra,
});

const jsonLdOf = (body: string) =>
  [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));

describe('head tags from the SEO properties', () => {
  test('product page: title, description, canonical and hreflang from the record, asked for this store', async () => {
    const res = await get(`/product/${PRODUCT_ID}`, { seo: (id) => seoAnswer(`/product/${id}`) });
    assert.equal(res.status, 200);
    assert.ok(
      res.calls.includes(`/services/data/v65.0/connect/communities/0DB000000000001AAA/seo/properties/${PRODUCT_ID}`),
      res.calls.join('\n'),
    );
    assert.match(res.head, /<title>Dentists &lt;script&gt;alert\(1\)&lt;\/script&gt; list<\/title>/);
    assert.match(res.head, /<meta name="description" content="The seller&#39;s own &quot;words&quot;.">/);
    assert.match(res.head, /<link rel="canonical" href="http:\/\/shop.example.com\/product\/01t000000000001AAA">/);
    assert.match(
      res.head,
      /<link rel="alternate" hreflang="en-US" href="http:\/\/shop.example.com\/product\/01t000000000001AAA">/,
    );
    assert.match(
      res.head,
      /<link rel="alternate" hreflang="x-default" href="http:\/\/shop.example.com\/product\/01t000000000001AAA">/,
    );
    assert.doesNotMatch(res.head, /name="robots"/, 'indexed: no robots tag');
    assert.doesNotMatch(res.head, /<script>alert/);
  });

  test('not indexed: noindex; the public origin the server gives makes the URLs absolute', async () => {
    const res = await get(
      `/product/${PRODUCT_ID}`,
      { seo: (id) => seoAnswer(`/product/${id}`, { isSeoIndexed: false }) },
      'https://data.example.org',
    );
    assert.match(res.head, /<meta name="robots" content="noindex">/);
    assert.match(res.head, /<link rel="canonical" href="https:\/\/data.example.org\/product\/01t000000000001AAA">/);
    assert.match(res.head, /hreflang="en-US" href="https:\/\/data.example.org\/product\/01t000000000001AAA"/);
  });

  test('on error no head tags from the record: the page keeps its own head', async () => {
    for (const seo of [() => 500, () => 404, undefined]) {
      const res = await get(`/product/${PRODUCT_ID}`, { seo });
      assert.equal(res.status, 200, 'the page itself is shown');
      assert.match(res.head, /<title>US Dentists, Email and Phone<\/title>/);
      assert.match(res.head, /<meta name="description" content="Every practising dentist/);
      assert.match(res.head, /<link rel="canonical" href="http:\/\/shop.example.com\/product\/01t000000000001AAA">/);
      assert.doesNotMatch(res.head, /hreflang|name="robots"/);
    }
  });

  test('empty fields fall back to the page own title and description', async () => {
    const res = await get(`/product/${PRODUCT_ID}`, {
      seo: (id) => seoAnswer(`/product/${id}`, { fields: { title: '', description: '' } }),
    });
    assert.match(res.head, /<title>US Dentists, Email and Phone<\/title>/);
    assert.match(res.head, /<meta name="description" content="Every practising dentist/);
    assert.match(res.head, /hreflang="en-US"/);
  });

  test('category page: "<title> | store", its canonical by url name, noindex when not indexed', async () => {
    const res = await get(`/category/${CATEGORY_ID}`, {
      seo: () =>
        seoAnswer('/category/healthcare', {
          objectName: 'ProductCategory',
          fields: { title: 'Healthcare datasets', description: 'Doctors and dentists.' },
          isSeoIndexed: false,
        }),
    });
    assert.equal(res.status, 200);
    assert.match(res.head, /<title>Healthcare datasets \| Data Depot<\/title>/);
    assert.match(res.head, /<meta name="description" content="Doctors and dentists.">/);
    assert.match(res.head, /<link rel="canonical" href="http:\/\/shop.example.com\/category\/healthcare">/);
    assert.match(res.head, /<meta name="robots" content="noindex">/);
  });
});

describe('category JSON-LD', () => {
  test('CollectionPage, BreadcrumbList and the ItemList of the listed datasets', async () => {
    const res = await get('/category/healthcare');
    const [ld] = jsonLdOf(res.body);
    assert.equal(ld['@context'], 'https://schema.org');
    const [page, crumbs, list] = ld['@graph'];
    assert.equal(page['@type'], 'CollectionPage');
    assert.equal(page.url, 'http://shop.example.com/category/healthcare');
    assert.equal(page.name, 'Healthcare');
    assert.equal(crumbs['@type'], 'BreadcrumbList');
    assert.deepEqual(
      crumbs.itemListElement.map((c: { name: string; item: string; position: number }) => [c.position, c.name, c.item]),
      [
        [1, 'Home', 'http://shop.example.com/'],
        [2, 'Healthcare', 'http://shop.example.com/category/healthcare'],
      ],
    );
    assert.equal(list['@type'], 'ItemList');
    assert.equal(list.numberOfItems, 1);
    assert.deepEqual(list.itemListElement, [
      {
        '@type': 'ListItem',
        position: 1,
        url: `http://shop.example.com/product/${PRODUCT_ID}`,
        name: 'US Dentists, Email and Phone',
      },
    ]);
  });

  test('a product name holding </script> stays inside the JSON-LD block', async () => {
    const product = datasetProduct({ Name: 'Evil </script><script>alert(1)</script> <!-- list' });
    const res = await get('/category/healthcare', { product });
    assert.doesNotMatch(res.body, /<script>alert\(1\)/);
    const [ld] = jsonLdOf(res.body);
    assert.equal(ld['@graph'][2].itemListElement[0].name, 'Evil </script><script>alert(1)</script> <!-- list');
  });
});
