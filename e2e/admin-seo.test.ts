// The seller's search engine settings in real Chromium (issue 16 item 8): the administrator gives a dataset a
// search engine title and "no index" on its workspace page, and the storefront's product page says so in its head;
// a category's title likewise; emptied again, the page is back to its own head and indexed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { liveStore } from './browser.ts';
import { hydrated, logInTo } from './workspace-login.ts';
import { DEMO_USERS } from '../packages/server/src/seed/access.ts';

const live = liveStore();

test('a product and a category get their search engine title and no index from the workspace', async () => {
  const db = live.server.db.db;
  const p = await db
    .selectFrom('product')
    .select(['id', 'name'])
    .where('sku', '=', 'DS-00001')
    .executeTakeFirstOrThrow();
  const c = await db
    .selectFrom('category')
    .select(['id', 'name', 'url_name'])
    .where('publish_status', '=', 'Live')
    .where('depth', '=', 0)
    .orderBy('sort_order')
    .executeTakeFirstOrThrow();
  const context = await live.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await logInTo(page, live.server.url, DEMO_USERS.admin.email, `/admin/products/${p.id}`);

  const section = page.getByRole('region', { name: 'Search engines' });
  await section.getByLabel('Search engine title').fill('Every US dentist, verified');
  await section.getByLabel('Search engine description').fill('Dentists with direct email and phone.');
  await section.getByLabel('Keep this page out of search engines (no index)').check();
  await section.getByRole('button', { name: 'Save search engine settings' }).click();
  await page.getByText('The search engine settings have been saved.').waitFor();

  // What a crawler (a guest, no cookie) is sent.
  const head = async (path: string) => {
    const html = await (await fetch(`${live.server.url}${path}`)).text();
    return html.slice(0, html.indexOf('</head>'));
  };
  let productHead = await head(`/product/${p.id}`);
  assert.match(productHead, /<title>Every US dentist, verified<\/title>/);
  assert.match(productHead, /<meta name="description" content="Dentists with direct email and phone.">/);
  assert.match(productHead, /<meta name="robots" content="noindex">/);
  assert.match(productHead, /<link rel="alternate" hreflang="en-US" href="[^"]*\/product\//);
  const sitemap = await (await fetch(`${live.server.url}/sitemap.xml`)).text();
  assert.match(sitemap, /<urlset[^>]*>[\s\S]*\/product\/01t/, 'the sitemap, with other products');
  assert.ok(!sitemap.includes(`/product/${p.id}<`), 'not the one kept out of search engines');

  // Emptied again: the product's own head, indexed.
  await page.reload();
  await hydrated(page);
  await section.getByLabel('Search engine title').fill('');
  await section.getByLabel('Search engine description').fill('');
  await section.getByLabel('Keep this page out of search engines (no index)').uncheck();
  await section.getByRole('button', { name: 'Save search engine settings' }).click();
  await page.getByText('The search engine settings have been saved.').waitFor();
  productHead = await head(`/product/${p.id}`);
  assert.match(productHead, new RegExp(`<title>${p.name}</title>`));
  assert.doesNotMatch(productHead, /name="robots"/);

  await page.goto(`${live.server.url}/admin/categories/${c.id}`);
  await hydrated(page);
  await section.getByLabel('Search engine title').fill('Lists for every business');
  await section.getByRole('button', { name: 'Save search engine settings' }).click();
  await page.getByText('The search engine settings have been saved.').waitFor();
  assert.match(await head(`/category/${c.url_name}`), /<title>Lists for every business \| [^<]+<\/title>/);

  assert.deepEqual(errors, []);
  await context.close();
});
