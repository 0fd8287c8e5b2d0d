// The workspace's categories and inventory in real Chromium against the real server and database (issue 15
// item 3): the administrator creates a category (Draft), publishes it from the tree, moves a dataset into it
// with the product form, and a guest finds it through the category menu with the dataset listed; the
// administrator sets a printed directory's stock to 0 on its inventory page, and the product page shows it
// out of stock with Add to Cart disabled and the reason read with it. axe finds nothing on the new pages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { liveStore } from './browser.ts';
import { axeViolations, describeViolations } from './axe.ts';
import { hydrated, logInTo as logIn } from './workspace-login.ts';
import { DEMO_USERS } from '../packages/server/src/seed/access.ts';

const live = liveStore();
const CATEGORY = 'Harbour Pilots';

async function open(browser: Browser) {
  // bypassCSP: axe is injected as a script of its own (e2e/axe.ts).
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, bypassCSP: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

const logInTo = (page: Page, path: string) => logIn(page, live.server.url, DEMO_USERS.admin.email, path);

async function noAxeViolations(page: Page, what: string) {
  const violations = await axeViolations(page, what);
  assert.deepEqual(violations, [], `${what}: ${describeViolations(violations)}`);
}

test('the administrator creates and publishes a category and moves a dataset into it; a guest finds it in the menu', async () => {
  const db = live.server.db.db;
  const root = await db
    .selectFrom('category')
    .select(['id', 'name'])
    .where('parent_id', 'is', null)
    .where('publish_status', '=', 'Live')
    .orderBy('sort_order')
    .executeTakeFirstOrThrow();
  const product = await db
    .selectFrom('product')
    .select(['id', 'name'])
    .where('sku', '=', 'DS-00011')
    .executeTakeFirstOrThrow();

  const admin = await open(live.browser);
  const a = admin.page;
  await logInTo(a, '/admin');
  await a.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Categories' }).click();
  await a.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();

  // The url name is checked as it is typed, with the server's rule.
  const form = a.getByRole('form', { name: 'New category' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(CATEGORY);
  await form.getByLabel('Url name').fill('Harbour Pilots');
  await form.getByLabel('Url name').blur();
  await a.getByText(/Use lowercase letters and digits, with single hyphens/).waitFor();
  await form.getByLabel('Url name').fill('');
  await form.getByLabel('Parent category').selectOption({ label: root.name });
  await form.getByLabel('Description').fill('Pilots who bring ships into port.');
  await form.getByRole('button', { name: 'Create category' }).click();
  await a.getByText(`${root.name} › ${CATEGORY} has been created (Draft).`).waitFor();
  const row = a.getByRole('row').filter({ has: a.getByRole('link', { name: `Edit ${root.name} › ${CATEGORY}` }) });
  await row.getByRole('cell', { name: 'Draft', exact: true }).waitFor();
  await noAxeViolations(a, 'the categories page');

  // A Draft category is not the guest's yet.
  const created = await db
    .selectFrom('category')
    .select(['id', 'url_name'])
    .where('name', '=', CATEGORY)
    .executeTakeFirstOrThrow();
  assert.equal(created.url_name, 'harbour-pilots');
  const draftPage = await fetch(`${live.server.url}/category/${created.url_name}`);
  assert.equal(draftPage.status, 404, 'a Draft category page is not found for a guest');

  await row.getByRole('button', { name: `Publish: ${CATEGORY}` }).click();
  await a.getByText(`${CATEGORY} is live: shoppers see it in the menu now.`).waitFor();
  // The tree is read again after the action: the row's status follows.
  await row.getByRole('cell', { name: 'Live', exact: true }).waitFor();

  // The product form moves the dataset into it.
  await a.goto(`${live.server.url}/admin/products/${product.id}`);
  await hydrated(a);
  await a.getByLabel('Category', { exact: true }).selectOption({ label: `${root.name} › ${CATEGORY}` });
  await a.getByRole('button', { name: 'Save product' }).click();
  await a.getByText('The product has been saved.').waitFor();

  // A guest: the menu leads to the root, the root's page to the new category, which lists the dataset.
  const guest = await open(live.browser);
  const g = guest.page;
  await g.goto(live.server.url);
  await hydrated(g);
  await g.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: root.name }).click();
  await g.getByRole('heading', { level: 1, name: new RegExp(root.name) }).waitFor();
  await g.getByRole('link', { name: CATEGORY, exact: true }).first().click();
  await g.getByRole('heading', { level: 1, name: new RegExp(CATEGORY) }).waitFor();
  await g.getByRole('link', { name: product.name }).first().waitFor();
  assert.deepEqual([...admin.errors, ...guest.errors], []);
  await admin.context.close();
  await guest.context.close();
});

test('the administrator sets a printed directory’s stock to 0; its product page says out of stock and disables Add to Cart', async () => {
  const product = await live.server.db.db
    .selectFrom('product')
    .select(['id', 'name'])
    .where('sku', '=', 'PD-00005')
    .executeTakeFirstOrThrow();
  const admin = await open(live.browser);
  const a = admin.page;
  await logInTo(a, `/admin/products/${product.id}`);
  await a.getByRole('link', { name: 'Inventory per location' }).click();
  await a.getByRole('heading', { level: 1, name: `Inventory: ${product.name}` }).waitFor();
  const onHand = a.getByLabel(/^On hand at /);
  const count = await onHand.count();
  assert.ok(count >= 2, 'the printed directories are stocked in two warehouses');
  await onHand.first().fill('-3');
  await a.getByRole('button', { name: 'Save stock' }).click();
  await a.getByText('The number is too low').first().waitFor();
  for (let i = 0; i < count; i++) await onHand.nth(i).fill('0');
  await a.getByRole('button', { name: 'Save stock' }).click();
  await a.getByText('The stock has been saved. The product page shows it now.').waitFor();
  await noAxeViolations(a, 'the inventory page');

  const shopper = await open(live.browser);
  const s = shopper.page;
  await s.goto(`${live.server.url}/product/${product.id}`);
  await hydrated(s);
  await s.getByText('Out of stock', { exact: true }).waitFor();
  const add = s.getByRole('button', { name: /add to cart/i });
  assert.equal(await add.isDisabled(), true);
  const described = (await add.getAttribute('aria-describedby')) ?? '';
  const reasons = await Promise.all(
    described
      .split(' ')
      .filter(Boolean)
      .map((id) => s.locator(`[id="${id}"]`).innerText()),
  );
  assert.equal(reasons.join(' '), 'Out of stock.');
  assert.deepEqual([...admin.errors, ...shopper.errors], []);
  await admin.context.close();
  await shopper.context.close();
});
