// A shopper opens a dataset page in real Chromium, against the real server and database.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { liveStore } from './browser.ts';
import { WEBSTORE_ID } from '../packages/server/src/test-support/server.ts';

let product: any;
let price: any;
const live = liveStore(async () => {
  product = (await live.server.api('/products?skus=DS-00001')).body.products[0];
  price = (await live.server.api(`/pricing/products/${product.id}`)).body;
});

const money = (v: string) =>
  `$${Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('dataset product page', () => {
  test('shows what a shopper needs, top to bottom, and navigates to a related dataset', async () => {
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const res = await page.goto(`${live.server.url}/product/${product.id}`);
    assert.equal(res?.status(), 200);
    const name = product.fields.Name;
    assert.ok((await page.title()).startsWith(name), 'the title is the product name');
    await page.getByRole('heading', { level: 1, name }).waitFor();

    // Breadcrumbs: the category trail, the product last and not a link, no home link.
    const crumbs = page.getByRole('navigation', { name: /breadcrumb/i });
    const path = product.primaryProductCategoryPath.path;
    for (const c of path.slice(-2)) assert.equal(await crumbs.getByRole('link', { name: c.name }).count(), 1, c.name);
    assert.equal(await crumbs.getByRole('link', { name: 'Home' }).count(), 0);
    assert.equal(await crumbs.getByRole('link', { name }).count(), 0);

    // Pricing: the negotiated price, and the list price struck through when higher.
    const body = await page.locator('main').innerText();
    assert.ok(body.includes(money(price.unitPrice)), `price ${money(price.unitPrice)} shown`);
    if (Number(price.listPrice) > Number(price.unitPrice))
      assert.ok(
        (await page
          .locator('s, del, .strikethrough')
          .filter({ hasText: money(price.listPrice) })
          .count()) > 0,
      );

    // What you get, and the sample.
    await page.getByRole('heading', { name: "Here's what you get:" }).waitFor();
    assert.ok(body.includes(Number(product.fields.B2B_Record_Count__c).toLocaleString('en-US')), 'record count');
    assert.ok(body.includes(product.fields.B2B_SIC_Code__c), 'SIC code');
    const sample = page.getByRole('link', { name: 'DOWNLOAD SAMPLE' });
    assert.equal(await sample.getAttribute('href'), product.fields.B2B_Download_Sample_URL__c);
    const csv = await page.request.get(`${live.server.url}${product.fields.B2B_Download_Sample_URL__c}`);
    assert.equal(csv.status(), 200);

    // A priced dataset can be added to the cart.
    assert.equal(await page.getByRole('button', { name: /add to cart/i }).isEnabled(), true);

    // The sixth related product link is in the page but hidden; the admin-only list is absent for a guest.
    const hidden = page.locator('a[href^="/store/product/"]');
    assert.equal(await hidden.count(), 1);
    assert.equal(await hidden.isVisible(), false);
    assert.ok(
      !body.includes(product.fields['B2B_Related_Product10__r.Name']) ||
        body.split(product.fields['B2B_Related_Product10__r.Name']).length < 3,
    );

    // Related datasets: three tiles; clicking one goes to that dataset (client-side, after hydration).
    await page.getByRole('heading', { name: 'Related Datasets' }).waitFor();
    const relatedName = product.fields['B2B_Related_Product1__r.Name'];
    await page.getByRole('link', { name: relatedName }).first().click();
    await page.getByRole('heading', { level: 1, name: relatedName }).waitFor();
    assert.ok(page.url().endsWith(`/product/${product.fields.B2B_Related_Product1__c}`));
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('on a phone the columns stack', async () => {
    const page = await live.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${live.server.url}/product/${product.id}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no horizontal scroll (${width}px)`);
    await page.close();
  });
});

describe('without JavaScript', () => {
  test('the server-rendered page carries title, description, canonical link and JSON-LD with the offer', async () => {
    const res = await fetch(`${live.server.url}/product/${product.id}`);
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(
      html,
      new RegExp(`<title>[^<]*${product.fields.Name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/&/g, '&amp;')}`),
    );
    assert.match(html, /<meta name="description" content="[^"]+"/);
    assert.match(html, new RegExp(`<link rel="canonical" href="http://[^"]+/product/${product.id}"`));
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]),
    );
    const graph = blocks.flatMap((b) => b['@graph'] ?? [b]);
    const ld = graph.find((b) => b['@type'] === 'Product');
    assert.equal(ld.sku, 'DS-00001');
    assert.equal(ld.offers.priceCurrency, 'USD');
    // The offer is the price the page shows: the promotional price when an automatic promotion applies.
    const promo = await fetch(`${live.server.url}/services/data/v65.0/commerce/promotions/actions/evaluate-products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ webStoreId: WEBSTORE_ID, products: [{ productId: product.id }] }),
    });
    const shown = (await promo.json()).promotionProductEvaluationResults[0].promotionalPrice ?? price.unitPrice;
    assert.equal(Number(ld.offers.price), Number(shown));
    assert.ok(graph.find((b) => b['@type'] === 'BreadcrumbList'));
  });

  test('an unknown product is a 404 page', async () => {
    const res = await fetch(`${live.server.url}/product/01t999999999999AAA`);
    assert.equal(res.status, 404);
  });
});
