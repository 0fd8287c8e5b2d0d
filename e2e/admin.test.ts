// The seller's workspace in real Chromium against the real server and database (issue 15): the administrator
// creates a dataset, prices it with volume tiers and publishes it in a category; a shopper finds it through the
// category menu, in search and on its product page; the catalogue manager edits its price and the product page
// shows the new one; the audit log shows every change with who made it. A shopper never downloads the
// workspace's code and is shown the workspace's 403.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { liveStore } from './browser.ts';
import { hydrated, logInTo as logIn, openPage as open, saveTieredPrices } from './workspace-login.ts';
import { axeViolations, describeViolations, type A11yViolation } from './axe.ts';
import { DEMO_USERS } from '../packages/server/src/seed/access.ts';
import { CATALOGUE_MANAGER } from '../packages/server/src/seed/workspace-users.ts';
import { BASE } from '../packages/server/src/test-support/server.ts';

const live = liveStore();
const NAME = 'Great Lakes Marina Operators';
const SKU = 'GL-MARINA-01';

const logInTo = (page: Page, email: string, path: string) => logIn(page, live.server.url, email, path);

/** A Live category two levels under a root (reached from the menu in two clicks), the one with the fewest datasets. */
async function quietLeaf() {
  const db = live.server.db.db;
  const rows = await db
    .selectFrom('category as leaf')
    .innerJoin('category as mid', 'mid.id', 'leaf.parent_id')
    .innerJoin('category as root', 'root.id', 'mid.parent_id')
    .leftJoin('product_category', 'product_category.category_id', 'leaf.id')
    .select(['leaf.id', 'leaf.name', 'mid.name as mid', 'root.name as root'])
    .select((eb) => eb.fn.count<number>('product_category.product_id').as('n'))
    .where('leaf.publish_status', '=', 'Live')
    .where('mid.publish_status', '=', 'Live')
    .where('root.publish_status', '=', 'Live')
    .where('root.parent_id', 'is', null)
    .groupBy(['leaf.id', 'leaf.name', 'mid.name', 'root.name'])
    .orderBy('n')
    .orderBy('leaf.id')
    .execute();
  return rows.find((r) => Number(r.n) > 0)!;
}

test('the administrator publishes a priced dataset, the catalogue manager reprices it, the audit log has both', async () => {
  const leaf = await quietLeaf();
  // The store has been searched before (the index of this process is built), as a running store's has.
  await fetch(`${live.server.url}${BASE}/search/products?searchTerm=dentists`);
  const admin = await open(live.browser);
  await logInTo(admin.page, DEMO_USERS.admin.email, '/admin/products/new');
  const a = admin.page;
  await a.getByRole('heading', { level: 1, name: 'New product' }).waitFor();

  // A bad entry first: the shared form messages, before anything is sent.
  await a.getByLabel('SKU').fill('bad sku!');
  await a.getByRole('button', { name: 'Create product' }).click();
  await a.getByText('Invalid Format').waitFor();
  await a.getByText('Complete this field').waitFor();

  // A taken SKU passes the form's rules; the server's refusal is shown at the form.
  await a.getByLabel('SKU').fill('DS-00001');
  await a.getByLabel('Name').fill(NAME);
  await a.getByRole('button', { name: 'Create product' }).click();
  await a.getByText(/The sku DS-00001 is already used/).waitFor();

  await a.getByLabel('SKU').fill(SKU);
  await a.getByLabel('Status', { exact: true }).selectOption('Live');
  await a.getByLabel('Category', { exact: true }).selectOption({ label: `${leaf.root} › ${leaf.mid} › ${leaf.name}` });
  await a
    .getByLabel('Description', { exact: true })
    .fill('Marinas and boatyards around the Great Lakes, with owner contacts.');
  await a.getByLabel('Record count', { exact: true }).fill('2750');
  await a.getByLabel('Countries', { exact: true }).fill('United States, Canada');
  await a.getByRole('button', { name: 'Create product' }).click();
  await a.waitForURL((u) => /^\/admin\/products\/01t\w{15}$/.test(u.pathname));
  await a.getByText('The product has been created.').waitFor();
  const productId = new URL(a.url()).pathname.split('/').pop()!;

  // Prices: list price in the standard book, the store's price with three volume tiers.
  await saveTieredPrices(a);
  const savedAt = Date.now();

  // Within a second of the save, the storefront's own answers have it (search reads the catalogue version).
  const found = await fetch(`${live.server.url}${BASE}/search/products?searchTerm=${encodeURIComponent(NAME)}`);
  const foundIn = Date.now() - savedAt;
  const hits = (await found.json()).productsPage.products.map((p: { id: string }) => p.id);
  assert.ok(hits.includes(productId), 'search finds the new dataset');
  assert.ok(foundIn < 1000, `found in ${foundIn} ms`);

  // A shopper: the category menu leads to it, search finds it, its page shows the price and the tiers.
  const shopper = await open(live.browser);
  const requested: string[] = [];
  shopper.page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  const s = shopper.page;
  await s.goto(live.server.url);
  await hydrated(s);
  await s.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: leaf.root }).click();
  await s.getByRole('link', { name: leaf.mid, exact: true }).first().click();
  await s.getByRole('heading', { level: 1, name: new RegExp(leaf.mid) }).waitFor();
  await s.getByRole('link', { name: leaf.name, exact: true }).first().click();
  await s.getByRole('heading', { level: 1, name: new RegExp(leaf.name) }).waitFor();
  // The newest first: the dataset added a moment ago heads the list.
  await s.getByRole('combobox', { name: 'Sort by' }).click();
  await s.getByRole('option', { name: /Date Added/ }).click();
  await s.waitForURL((u) => u.search.includes('sort'));
  await s.getByRole('link', { name: NAME }).first().waitFor();

  await s.getByRole('combobox', { name: /search/i }).fill('great lakes marina');
  await s.keyboard.press('Enter');
  await s.waitForURL((u) => u.pathname === '/search');
  await s.getByRole('link', { name: NAME }).first().click();
  await s.waitForURL((u) => u.pathname === `/product/${productId}`);
  await s.getByRole('heading', { level: 1, name: NAME }).waitFor();
  await s.getByText('$199.00').first().waitFor();
  const volume = s.getByRole('table', { name: 'Volume prices' });
  await volume.getByText('$179.10').waitFor();
  await volume.getByText('$159.20').waitFor();

  // The shopper downloaded none of the workspace's chunks on the way.
  const manifest = JSON.parse(readFileSync('packages/web/dist/client/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string; src?: string }
  >;
  const workspaceFiles = Object.values(manifest)
    .filter((c) => c.src?.includes('routes/admin/'))
    .map((c) => `/${c.file}`);
  assert.ok(workspaceFiles.length >= 4, 'the workspace’s chunks are found (positive control)');
  assert.deepEqual(
    requested.filter((p) => workspaceFiles.includes(p)),
    [],
  );

  // The catalogue manager edits the store price; the shopper's product page shows it.
  const manager = await open(live.browser);
  await logInTo(manager.page, CATALOGUE_MANAGER.email, `/admin/products/${productId}`);
  const m = manager.page;
  await m.getByText('Catalogue manager').first().waitFor();
  assert.equal(await m.getByRole('link', { name: 'Audit log' }).count(), 0, 'no audit log in a manager’s menu');
  await m.getByLabel('Unit price (Store Price Book)').fill('189.50');
  await m.getByRole('button', { name: 'Save prices' }).click();
  await m.getByText('The prices have been saved.').waitFor();
  await s.reload();
  await s.getByRole('heading', { level: 1, name: NAME }).waitFor();
  await s.getByText('$189.50').first().waitFor();

  // The audit log: the manager's price change, the administrator's prices and creation, newest first.
  await a.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Audit log' }).click();
  await a.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
  const rows = a.getByRole('row').filter({ hasText: SKU });
  await rows.first().waitFor();
  const texts = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
  assert.equal(texts.length, 3, texts.join('\n'));
  assert.match(texts[0]!, new RegExp(`${CATALOGUE_MANAGER.email}.*Changed prices`));
  assert.match(texts[1]!, new RegExp(`${DEMO_USERS.admin.email}.*Changed prices`));
  assert.match(texts[2]!, new RegExp(`${DEMO_USERS.admin.email}.*Created`));
  await rows.first().getByText('Show').click();
  await rows
    .first()
    .getByText(/"unitPrice": "189\.50"/)
    .waitFor();

  for (const x of [admin, shopper, manager]) {
    assert.deepEqual(x.errors, []);
    await x.context.close();
  }
});

test('a logged-in shopper is shown the workspace’s 403 and no workspace data', async () => {
  const shopper = await open(live.browser);
  await logInTo(shopper.page, DEMO_USERS.consumer.email, '/');
  const res = await shopper.page.goto(`${live.server.url}/admin`);
  assert.equal(res?.status(), 403);
  await shopper.page.getByRole('heading', { level: 1, name: 'You don’t have access to the workspace' }).waitFor();
  assert.equal(await shopper.page.getByRole('table').count(), 0);
  assert.deepEqual(shopper.errors, []);
  await shopper.context.close();
});

test('the workspace’s pages have no axe violations (WCAG 2.x A and AA), at 375 and 1280 px', async () => {
  const productId = (
    await live.server.db.db.selectFrom('product').select('id').where('sku', '=', 'DS-00001').executeTakeFirstOrThrow()
  ).id;
  const found: A11yViolation[] = [];
  let scans = 0;
  for (const width of [375, 1280]) {
    // bypassCSP: axe is injected as a script of its own, which the store's Content-Security-Policy would refuse.
    const context = await live.browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const scan = async (state: string) => {
      found.push(...(await axeViolations(page, `${state} @${width}px`)));
      scans++;
    };
    await logInTo(page, DEMO_USERS.admin.email, '/admin');
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await scan('products table');
    await page.goto(`${live.server.url}/admin/products/new`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByText('Complete this field').first().waitFor();
    await scan('new product, refused');
    await page.goto(`${live.server.url}/admin/products/${productId}`);
    await hydrated(page);
    await page.getByRole('heading', { level: 2, name: 'Prices' }).waitFor();
    await scan('product and prices');
    await page.goto(`${live.server.url}/admin/audit`);
    await hydrated(page);
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await scan('audit log');
    await context.close();
  }
  console.log(`workspace a11y: ${scans} scans, ${found.length} violations`);
  assert.equal(found.length, 0, `axe violations:\n${describeViolations(found)}`);
});
