import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { renderPage, requestOrigin } from './render.tsx';
import { datasetProduct, fakeApiFetch, PRODUCT_ID, TEMPLATE, WEBSTORE_ID } from '../test-support/fixtures.ts';

const headers = (extra: Record<string, string> = {}) => ({ host: 'shop.example.com', accept: 'text/html', ...extra });

async function get(
  url: string,
  opts: Parameters<typeof fakeApiFetch>[0] = {},
  extra: Record<string, string> = {},
  given: { origin?: string; nonce?: string } = {},
) {
  const fetch = fakeApiFetch(opts);
  const res = await renderPage(
    { url, headers: headers(extra) },
    { fetch, template: TEMPLATE, webstoreId: WEBSTORE_ID, ...given },
    'body{margin:0}',
  );
  // What a shopper's browser sees, minus React's text-node separators and the router's discovery flag.
  const body = res.body.replace(/ data-discover="true"/g, '').replace(/<!-- -->/g, '');
  return { ...res, body, calls: fetch.calls };
}

const bootData = (body: string) =>
  JSON.parse(body.match(/<script type="application\/json" id="__store_data">([\s\S]*?)<\/script>/)![1]);

describe('server render', () => {
  test('product page: 200, server-rendered content, head tags from the record, inline CSS and boot data', async () => {
    const res = await get(`/product/${PRODUCT_ID}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    assert.match(head, /<title>US Dentists, Email and Phone<\/title>/);
    assert.match(
      head,
      /<meta name="description" content="Every practising dentist in the United States with a verified email address and direct phone number.">/,
    );
    assert.match(head, /<link rel="canonical" href="http:\/\/shop.example.com\/product\/01t000000000001AAA">/);
    assert.match(head, /<meta property="og:title" content="US Dentists, Email and Phone">/);
    assert.match(head, /<meta property="og:description" content="Every practising dentist/);
    assert.match(head, /<style>body\{margin:0\}<\/style>/);
    // React preloads the images that load at once (here the product's main image) ahead of the page.
    assert.match(res.body, /<div id="root">(?:<link rel="preload" as="image" [^>]*\/>)*<a class="skip-link"/);
    assert.match(
      res.body,
      /<img src="\/media\/products\/DS-00001.svg" srcSet="[^"]* 640w, [^"]* 960w, [^"]* 1920w" sizes="[^"]+" alt="US Dentists, Email and Phone"/,
    );
    assert.match(res.body, /<h1 id="product-title" class="text-block">US Dentists, Email and Phone<\/h1>/);
    assert.match(res.body, /\$399\.00/);
    assert.match(res.body, /<nav aria-label="Categories">.*Healthcare/);
    const boot = bootData(res.body);
    assert.equal(boot.webstoreId, WEBSTORE_ID);
    assert.equal(boot.hydration.loaderData.root.session.isGuest, true);
    assert.ok(
      boot.hydration.loaderData['0-2'] ??
        Object.values(boot.hydration.loaderData).some((d) => (d as { product?: unknown })?.product),
    );
    // The API was reached through the given fetch, on the internal origin.
    assert.ok(res.calls.includes(`/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}/products/${PRODUCT_ID}`));
  });

  test('canonical URL follows the origin the server gives, else the Host header; forwarded headers are not read', async () => {
    const given = await get(
      `/product/${PRODUCT_ID}`,
      {},
      { host: 'data.example.org:8443', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
      { origin: 'https://shop.example.com' },
    );
    assert.match(given.body, /<link rel="canonical" href="https:\/\/shop.example.com\/product\/01t000000000001AAA">/);
    const byHost = await get(
      `/product/${PRODUCT_ID}`,
      {},
      { host: 'data.example.org:8443', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    );
    assert.match(
      byHost.body,
      /<link rel="canonical" href="http:\/\/data.example.org:8443\/product\/01t000000000001AAA">/,
    );
    assert.doesNotMatch(byHost.body, /evil\.example/);
    assert.equal(requestOrigin({ host: 'evil"><script>' }), 'http://localhost');
    assert.equal(requestOrigin({}, 'https://evil"><script>'), 'http://localhost');
    assert.equal(requestOrigin({}, 'javascript://shop.example.com'), 'http://localhost');
    const odd = await get(`//evil.example/product/${PRODUCT_ID}`);
    assert.equal(odd.status, 404, 'a path, not another origin');
    assert.doesNotMatch(odd.body, /https?:\/\/evil/);
  });

  test('the nonce the server gives is on every <script> and <style> the page carries', async () => {
    const res = await get(`/product/${PRODUCT_ID}`, {}, {}, { nonce: 'n0nce+/=' });
    const tags = res.body.match(/<(script|style)\b[^>]*>/g) ?? [];
    assert.ok(tags.length >= 3, tags.join(' '));
    const untagged = tags.filter((t) => !t.includes('nonce="n0nce+/="') && !t.includes('application/ld+json'));
    assert.deepEqual(untagged, [], 'only the JSON-LD data block (never run) may go without it');
  });

  test("a product without a price shows 'Price Unavailable'", async () => {
    const res = await get(`/product/${PRODUCT_ID}`, { price: null });
    assert.equal(res.status, 200);
    assert.match(res.body, />Price Unavailable</);
  });

  test('the admin list follows the session: userId 1 only', async () => {
    assert.match((await get(`/product/${PRODUCT_ID}`, { userId: '1' })).body, /Related product names/);
    assert.doesNotMatch((await get(`/product/${PRODUCT_ID}`, { userId: null })).body, /Related product names/);
  });

  test('unknown product, malformed id and unknown route answer 404 with the not-found page', async () => {
    for (const url of [
      '/product/01t999999999999AAA',
      '/product/not-an-id',
      '/no/such/page',
      '/category/no-such-category',
    ]) {
      const res = await get(url);
      assert.equal(res.status, 404, url);
      assert.match(res.body, /<title>Page not found<\/title>/, url);
      assert.match(res.body, /<h1 id="error-title">Page not found<\/h1>/, url);
      assert.match(res.body, /<nav aria-label="Categories">/, `${url} keeps the site frame`);
      const boot = bootData(res.body);
      const errors = Object.values(boot.hydration.errors ?? {}) as Array<{ status: number; __type: string }>;
      assert.equal(errors[0]?.status, 404);
      assert.equal(errors[0]?.__type, 'RouteErrorResponse');
    }
  });

  test('category page by url name: breadcrumbs with home, child categories and products', async () => {
    const res = await get('/category/healthcare');
    assert.equal(res.status, 200);
    assert.match(res.body, /<title>Healthcare datasets \| Data Depot<\/title>/);
    assert.match(res.body, /<link rel="canonical" href="http:\/\/shop.example.com\/category\/healthcare">/);
    assert.match(res.body, /<h1>Healthcare<\/h1>/);
    assert.match(res.body, /<a href="\/category\/dental">Dental<\/a>/);
    assert.match(res.body, /<a href="\/product\/01t000000000001AAA">US Dentists, Email and Phone<\/a>/);
    assert.match(
      res.body,
      /<img src="\/media\/products\/DS-00001.svg" srcSet="[^"]* 640w, [^"]* 960w, [^"]* 1920w" sizes="[^"]+" alt="US Dentists, Email and Phone" width="400" height="300"/,
    );
  });

  test('home page: hero, menu and featured datasets', async () => {
    const res = await get('/');
    assert.equal(res.status, 200);
    assert.match(res.body, /<h1 id="hero-title">/);
    assert.match(res.body, /Featured datasets/);
    assert.match(
      res.body,
      /<s class="price__original"><span class="sr-only">Original price <\/span>\$499\.00<\/s> \$399\.00/,
    );
    // The seller's list (ordered in the workspace), not a list fixed in the storefront.
    assert.ok(res.calls.some((c) => c.endsWith(`/webstores/${WEBSTORE_ID}/featured-datasets`)));
  });

  test('the template placeholders are filled verbatim, even with $ patterns in the data', async () => {
    const product = datasetProduct({ Name: "Price $& $' $` list" });
    const res = await get(`/product/${PRODUCT_ID}`, { product });
    assert.match(res.body, /<title>Price \$&amp; \$&#39; \$` list<\/title>/);
    assert.doesNotMatch(res.body, /<!--app-(head|html)-->/);
  });
});
