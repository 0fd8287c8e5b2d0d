// The account area in real Chromium against the real server and database (issue 17, item 3). Morgan, who acts
// for Northwind, Contoso and Fabrikam, has bought a dataset and an auto-renew subscription for Contoso (through
// the API, as an earlier visit would have). In the browser Morgan opens the hub from the header, switches to
// Contoso there, and walks the account navigation; keeps Contoso's address book (a US address, then one in
// Germany in Germany's format, made the default, the US one edited and then deleted after a confirmation);
// finds the dataset on My downloads and downloads it (the file's header line checked); switches the
// subscription's auto-renew off after a confirmation that names the end date. axe-core (WCAG A/AA) finds
// nothing on each new page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { addDays, nextRenewalAfter } from '@store/core';
import { parseCsv } from '../packages/server/src/test-support/csv.ts';
import { axeViolations, describeViolations } from './axe.ts';
import { liveStore } from './browser.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../packages/server/src/seed/access.ts';
import { PRICE_BOOK_IDS, SELLING_MODEL_IDS } from '../packages/server/src/seed/store.ts';
import { BASE } from '../packages/server/src/test-support/server.ts';
import { payAndPlace, productIdOf, startCheckout } from '../packages/server/src/test-support/purchase.ts';

const live = liveStore();

async function noViolations(page: Page, state: string) {
  const found = await axeViolations(page, state);
  assert.equal(found.length, 0, describeViolations(found));
}

/** The page's main heading, once the page is there. */
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();

test('a buyer keeps the account: hub, navigation, address book, downloads and the auto-renew switch', async () => {
  const s = live.server;
  const db = s.db.db;
  const contosoId = (
    await db.selectFrom('account').select('id').where('name', '=', 'Contoso Dental Group').executeTakeFirstOrThrow()
  ).id;
  const dataset = await db
    .selectFrom('product')
    .select(['id', 'name', 'included_fields_json'])
    .where('sku', '=', 'DS-00001')
    .executeTakeFirstOrThrow();
  const evergreen = await db
    .selectFrom('product')
    .innerJoin('price_book_entry', 'price_book_entry.product_id', 'product.id')
    .select(['product.id', 'product.name'])
    .where('price_book_entry.price_book_id', '=', PRICE_BOOK_IDS.store)
    .where('price_book_entry.selling_model_id', '=', SELLING_MODEL_IDS.monthlyRefresh)
    .where('product.sku', 'like', 'DS-%')
    .where('product.id', '!=', dataset.id)
    .orderBy('product.sku')
    .executeTakeFirstOrThrow();
  // Contoso's order: the dataset and a monthly auto-renew subscription.
  const api = await s.login(DEMO_USERS.buyer.email);
  assert.equal((await api.patch(`${BASE}/session-context`, { effectiveAccountId: contosoId })).status, 200);
  const added = await api.post(`${BASE}/carts/current/cart-items`, {
    productId: evergreen.id,
    quantity: '1',
    productSellingModelId: SELLING_MODEL_IDS.monthlyRefresh,
  });
  assert.equal(added.status, 201, added.text);
  await payAndPlace(api, await startCheckout(api, await productIdOf(s, 'DS-00001'), { contact: false }));
  // The checkout kept its address in Contoso's book: start the book empty, so the page's own steps are what shows.
  await db.deleteFrom('address').where('account_id', '=', contosoId).execute();

  const context = await live.browser.newContext({ viewport: { width: 1280, height: 1000 }, bypassCSP: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${s.url}/login`);
  await page.getByLabel('Email').fill(DEMO_USERS.buyer.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname !== '/login');

  // The hub, from the header's user menu; the switcher there moves Morgan to Contoso.
  await page.getByRole('banner').getByRole('link', { name: 'My account' }).click();
  await heading(page, 'My account');
  const you = page.getByRole('region', { name: 'You', exact: true });
  assert.match(await you.innerText(), /morgan@northwind\.example[\s\S]*Acting for\s+Northwind Traders/);
  await noViolations(page, 'account hub');
  await Promise.all([
    page.waitForEvent('load'),
    you.getByRole('combobox', { name: 'Account' }).selectOption({ label: 'Contoso Dental Group' }),
  ]);
  await heading(page, 'My account');
  await you.getByRole('definition').filter({ hasText: 'Contoso Dental Group' }).waitFor();

  // The navigation reaches every page of the area (lists and password are other pages' routes: linked).
  const nav = page.getByRole('navigation', { name: 'My account' });
  for (const [label, title] of [
    ['Profile', 'My profile'],
    ['Orders', 'Orders'],
    ['Subscriptions', 'My subscriptions'],
    ['Downloads', 'My downloads'],
    ['Addresses', 'Address book'],
    ['Overview', 'My account'],
  ] as const) {
    await nav.getByRole('link', { name: label }).click();
    await heading(page, title);
    assert.equal(await nav.getByRole('link', { name: label }).getAttribute('aria-current'), 'page', label);
  }
  assert.equal(await nav.getByRole('link', { name: 'Lists' }).getAttribute('href'), '/account/lists');
  assert.equal(await nav.getByRole('link', { name: 'Password' }).getAttribute('href'), '/account/password');

  // The address book: Contoso's, empty. A US address first (the first becomes the default)...
  await nav.getByRole('link', { name: 'Addresses' }).click();
  await heading(page, 'Address book');
  await page.getByText('Addresses of Contoso Dental Group').waitFor();
  await page.getByRole('button', { name: 'Add an address' }).click();
  let form = page.getByRole('form', { name: 'New address' });
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Street address').fill('415 Mission St');
  await form.getByLabel('City').fill('San Francisco');
  await form.getByLabel('State').fill('CA');
  await form.getByLabel('ZIP code').fill('94105');
  await form.getByRole('button', { name: 'Add address' }).click();
  await page.getByRole('status').getByText('The address was added.').waitFor();
  const book = page.getByRole('list').filter({ has: page.getByText('415 Mission St', { exact: true }) });
  await book.getByText('Default', { exact: true }).waitFor();
  await noViolations(page, 'address book');

  // ...then one in Germany, in Germany's format: postal code before the city, no state; a wrong code is refused.
  await page.getByRole('button', { name: 'Add an address' }).click();
  form = page.getByRole('form', { name: 'New address' });
  await form.getByLabel('Country').selectOption({ label: 'Germany' });
  assert.equal(await form.getByLabel('State').count(), 0, 'Germany has no state');
  const fields = await form.locator('input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).name));
  assert.ok(fields.indexOf('postalCode') < fields.indexOf('city'), `postal code before the city: ${fields}`);
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Street address').fill('Unter den Linden 1');
  await form.getByLabel('Postal code').fill('1011');
  await form.getByLabel('City').fill('Berlin');
  await form.getByRole('button', { name: 'Add address' }).click();
  assert.match((await form.getByLabel('Postal code').getAttribute('aria-invalid')) ?? '', /true/);
  await noViolations(page, 'address book: a German address with a wrong postal code');
  await form.getByLabel('Postal code').fill('10117');
  await form.getByRole('button', { name: 'Add address' }).click();
  await page.getByRole('status').getByText('The address was added.').waitFor();
  await page.getByText('10117 Berlin', { exact: true }).waitFor();

  // The German one becomes the default, and is listed first.
  await page.getByRole('button', { name: /^Make default: .*Unter den Linden 1/ }).click();
  await page.getByRole('status').getByText('The default address was changed.').waitFor();
  const items = page.locator('.address-book__item');
  await items.first().getByText('Unter den Linden 1', { exact: true }).waitFor();
  assert.match(await items.first().innerText(), /Default/);
  assert.doesNotMatch(await items.nth(1).innerText(), /Default/);

  // Edit the US one (another city), then delete it after the confirmation.
  await page.getByRole('button', { name: /^Edit .*415 Mission St/ }).click();
  const edit = page.getByRole('form', { name: /^Edit .*415 Mission St/ });
  await edit.getByLabel('City').fill('Oakland');
  await edit.getByLabel('ZIP code').fill('94607');
  await edit.getByRole('button', { name: 'Save address' }).click();
  await page.getByRole('status').getByText('The address was saved.').waitFor();
  await page.getByText('Oakland, CA 94607', { exact: true }).waitFor();
  await page.getByRole('button', { name: /^Delete .*Oakland/ }).click();
  await page.getByText('Delete this address?').waitFor();
  await noViolations(page, 'address book: confirming a deletion');
  await page.getByRole('button', { name: 'Yes, delete it' }).click();
  await page.getByRole('status').getByText('The address was deleted.').waitFor();
  await page
    .getByText(/Oakland/)
    .first()
    .waitFor({ state: 'detached' });
  const stored = await db.selectFrom('address').selectAll().where('account_id', '=', contosoId).execute();
  assert.deepEqual(
    stored.map((a) => [a.country, a.postal_code, a.city, a.is_default]),
    [['DE', '10117', 'Berlin', 1]],
  );

  // My downloads: the dataset with its order, format and link; the file's first line is its fields.
  await nav.getByRole('link', { name: 'Downloads' }).click();
  await heading(page, 'My downloads');
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: dataset.name }) });
  assert.match(await row.innerText(), /DD-\d{8}[\s\S]*CSV/);
  await page
    .getByRole('row')
    .filter({ hasText: evergreen.name })
    .getByText(/latest delivery/)
    .waitFor();
  await noViolations(page, 'my downloads');
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: new RegExp(`^Download ${dataset.name}`) }).click(),
  ]);
  assert.match(file.suggestedFilename(), /^DS-00001-.+\.csv$/);
  const firstLine = (await readFile((await file.path())!, 'utf8')).split('\r\n')[0]!;
  assert.deepEqual(parseCsv(`${firstLine}\r\n`)[0], JSON.parse(dataset.included_fields_json));

  // Subscriptions: auto-renew off, after a confirmation that says when it ends; the page then shows that date.
  await nav.getByRole('link', { name: 'Subscriptions' }).click();
  await heading(page, 'My subscriptions');
  const today = new Date().toISOString().slice(0, 10);
  const end = addDays(nextRenewalAfter(today, 1, 'Months', today), -1);
  const endText = new Date(`${end}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  await page.getByRole('button', { name: `Turn off auto-renew for ${evergreen.name}` }).click();
  await page.getByText(`${evergreen.name} will end on ${endText}, at the end of the current term.`).waitFor();
  await noViolations(page, 'subscriptions: confirming auto-renew off');
  await page.getByRole('button', { name: 'Turn off auto-renew', exact: true }).click();
  await page.getByRole('status').getByText(`Auto-renew is off: ${evergreen.name} ends on ${endText}.`).waitFor();
  const subRow = page.getByRole('row').filter({ hasText: evergreen.name });
  await subRow.getByText(`Ends ${endText}`).waitFor();
  await subRow.getByRole('button', { name: `Turn auto-renew back on for ${evergreen.name}` }).waitFor();
  const sub = await db
    .selectFrom('subscription')
    .selectAll()
    .where('product_id', '=', evergreen.id)
    .executeTakeFirstOrThrow();
  assert.equal(sub.end_date, end);
  assert.equal(sub.next_renewal_date, null);
  await noViolations(page, 'subscriptions with auto-renew off');
  assert.deepEqual(errors, []);
  await context.close();
});
