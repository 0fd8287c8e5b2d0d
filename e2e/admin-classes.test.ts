// The product classes beyond Simple in the workspace, in real Chromium against the real server and database
// (issue 15 item 3): the administrator makes a variation parent with its Coverage values and two variations,
// and a bundle of two datasets (then reorders it), all through the product pages; a guest's product pages then
// show the picker with exactly those two values and the bundle's contents in the new order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { liveStore } from './browser.ts';
import { hydrated, logInTo } from './workspace-login.ts';
import { section } from './checkout-steps.ts';
import { axeViolations, describeViolations } from './axe.ts';
import { DEMO_USERS } from '../packages/server/src/seed/access.ts';

const live = liveStore();

async function open(browser: Browser) {
  // bypassCSP: axe is injected as a script of its own, which the store's CSP refuses.
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, bypassCSP: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

async function accessible(page: Page, state: string) {
  const found = await axeViolations(page, state);
  assert.equal(found.length, 0, describeViolations(found));
}

/** The category of the demo's variation parent: guests may browse it. */
async function guestCategory(): Promise<string> {
  const row = await live.server.db.db
    .selectFrom('product')
    .select('primary_category_id')
    .where('sku', '=', 'VP-00001')
    .executeTakeFirstOrThrow();
  return row.primary_category_id!;
}

async function nameOf(sku: string): Promise<string> {
  return (await live.server.db.db.selectFrom('product').select('name').where('sku', '=', sku).executeTakeFirstOrThrow())
    .name;
}

/** Fills "New product" and creates it; resolves to the new product's id (from the page it lands on). */
async function createProduct(
  page: Page,
  fields: { sku: string; name: string; productClass: string; categoryId: string },
) {
  await page.goto(`${live.server.url}/admin/products/new`);
  await hydrated(page);
  await page.getByLabel('SKU').fill(fields.sku);
  await page.getByLabel('Name').fill(fields.name);
  await page.getByLabel('Status', { exact: true }).selectOption('Live');
  await page.getByLabel('Category', { exact: true }).selectOption(fields.categoryId);
  await page.getByLabel('Product class').selectOption(fields.productClass);
}

const created = async (page: Page) => {
  await page.getByText('The product has been created.').waitFor();
  return new URL(page.url()).pathname.split('/').at(-1)!;
};

test('the administrator makes a variation parent with two variations and a bundle; a guest sees the picker and the contents', async () => {
  const categoryId = await guestCategory();
  const admin = await open(live.browser);
  const a = admin.page;
  await logInTo(a, live.server.url, DEMO_USERS.admin.email, '/admin/products/new');

  // The parent: its class, and the attribute with the values buyers will choose from.
  await createProduct(a, {
    sku: 'E2E-VP-1',
    name: 'Harbour Dentists – choose your coverage',
    productClass: 'VariationParent',
    categoryId,
  });
  // A parent without values is refused at the form, with core's message, before anything is sent.
  await a.getByLabel('Attribute name').fill('Coverage');
  await a.getByRole('button', { name: 'Create product' }).click();
  await a.getByText('The attribute Coverage needs at least one value.').waitFor();
  await a.getByLabel('Allowed values').fill('Email Only, Email + Phone, Full Contact');
  await a.getByRole('button', { name: 'Create product' }).click();
  const parentId = await created(a);
  const variations = section(a, 'Variations');
  await variations.getByText('Email Only, Email + Phone, Full Contact').waitFor();

  for (const [sku, coverage] of [
    ['E2E-VA-1', 'Email Only'],
    ['E2E-VA-3', 'Full Contact'],
  ]) {
    await variations.getByLabel('Variation SKU').fill(sku!);
    await variations.getByLabel('Variation name').fill(`Harbour Dentists – ${coverage}`);
    await variations.getByLabel('Coverage', { exact: true }).selectOption(coverage!);
    await variations.getByRole('button', { name: 'Add variation' }).click();
    await variations.getByText(`The variation ${sku} has been added.`).waitFor();
  }
  // The same combination again is the server's 409, shown at the form.
  await variations.getByLabel('Variation SKU').fill('E2E-VA-9');
  await variations.getByLabel('Variation name').fill('Harbour Dentists – again');
  await variations.getByLabel('Coverage', { exact: true }).selectOption('Full Contact');
  await variations.getByRole('button', { name: 'Add variation' }).click();
  await variations.getByText('The variation E2E-VA-3 already is Coverage: Full Contact.').waitFor();
  const table = variations.getByRole('table', { name: 'Variations of this product' });
  assert.deepEqual(await table.locator('tbody tr td:first-child').allInnerTexts(), ['E2E-VA-1', 'E2E-VA-3']);
  assert.match((await table.getByRole('link', { name: 'E2E-VA-1' }).getAttribute('href'))!, /^\/admin\/products\/01t/);
  await accessible(a, 'variation parent in the workspace');

  // The bundle: two datasets added by SKU, then the second moved up.
  await createProduct(a, { sku: 'E2E-BN-1', name: 'Harbour two-list bundle', productClass: 'Bundle', categoryId });
  await a.getByRole('button', { name: 'Create product' }).click();
  const bundleId = await created(a);
  const components = section(a, 'Components');
  for (const sku of ['DS-00001', 'DS-00002']) {
    await components.getByLabel('SKU to add').fill(sku);
    await components.getByRole('button', { name: 'Add component' }).click();
    await components.getByRole('link', { name: sku }).waitFor();
  }
  await components.getByLabel('SKU to add').fill('ST-00001');
  await components.getByRole('button', { name: 'Add component' }).click();
  await components.getByText(/ST-00001 is a Set product; a component must be a product sold on its own/).waitFor();
  await components.getByRole('button', { name: 'Move up DS-00002' }).click();
  await components.getByRole('button', { name: 'Move down DS-00002' }).waitFor();
  const order = components.getByRole('table').locator('tbody tr td:nth-child(2)');
  assert.deepEqual(await order.allInnerTexts(), ['DS-00002', 'DS-00001']);
  await accessible(a, 'bundle in the workspace');
  assert.deepEqual(admin.errors, []);
  await admin.context.close();

  // A guest: the parent's picker offers exactly the two values, and the bundle lists its datasets in order.
  const guest = await open(live.browser);
  const g = guest.page;
  await g.goto(`${live.server.url}/product/${parentId}`);
  await hydrated(g);
  const coverage = g.getByRole('group', { name: 'Coverage' });
  for (const name of ['Email Only', 'Full Contact']) await coverage.getByRole('radio', { name }).waitFor();
  assert.equal(await coverage.getByRole('radio').count(), 2);
  await coverage.getByRole('radio', { name: 'Full Contact' }).check();
  await g.getByText('SKU E2E-VA-3').waitFor();

  await g.goto(`${live.server.url}/product/${bundleId}`);
  await hydrated(g);
  const contents = section(g, "What's in this bundle");
  const links = contents.getByRole('link');
  assert.deepEqual(await links.allInnerTexts(), [await nameOf('DS-00002'), await nameOf('DS-00001')]);
  assert.deepEqual(guest.errors, []);
  await guest.context.close();
});
