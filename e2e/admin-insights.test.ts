// Seller insights in real Chromium against the real server and database (issue 18 item 4 and its done-when line):
// the administrator opens Insights from the workspace menu and sees, for the datasets this test's setup touched —
// one only viewed, one viewed and added to a cart, one viewed, added and ordered by a real checkout — the funnel
// with its rates, and the search that found nothing; a preset changes the period in the address and a period
// without those rows shows none. axe-core (WCAG 2.x A/AA) finds nothing on the page.
//
// The activities are written as the activities route stores them (test-support/insight-rows.ts), the orders are
// placed through the API: this test is about what the seller sees, the consent browse has its own test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addDays } from '@store/core';
import { liveStore } from './browser.ts';
import { hydrated, logInTo } from './workspace-login.ts';
import { insightRows } from './insight-tables.ts';
import { axeViolations, describeViolations, type A11yViolation } from './axe.ts';
import { DEMO_USERS } from '../packages/server/src/seed/access.ts';
import { CATALOGUE_MANAGER } from '../packages/server/src/seed/workspace-users.ts';
import { placeCardOrder, productIdOf } from '../packages/server/src/test-support/purchase.ts';
import { insertActivityRows, times } from '../packages/server/src/test-support/insight-rows.ts';

const SKUS = { viewed: 'DS-00021', added: 'DS-00022', ordered: 'DS-00023' };
const today = new Date().toISOString().slice(0, 10);
const names: Record<keyof typeof SKUS, string> = { viewed: '', added: '', ordered: '' };

const live = liveStore(async ({ server: s }) => {
  const ids = Object.fromEntries(
    await Promise.all(Object.entries(SKUS).map(async ([k, sku]) => [k, await productIdOf(s, sku)] as const)),
  ) as Record<keyof typeof SKUS, string>;
  for (const k of Object.keys(SKUS) as Array<keyof typeof SKUS>)
    names[k] = (
      await s.db.db.selectFrom('product').select('name').where('id', '=', ids[k]).executeTakeFirstOrThrow()
    ).name;
  await insertActivityRows(s, [
    ...times(6, { activity: 'viewProduct', productId: ids.viewed }),
    ...times(4, { activity: 'viewProduct', productId: ids.added }),
    { activity: 'addToCart', productId: ids.added },
    ...times(2, { activity: 'viewProduct', productId: ids.ordered }),
    { activity: 'addToCart', productId: ids.ordered },
    { activity: 'clickReco', productId: ids.ordered },
    ...times(3, { activity: 'viewSearch', searchTerm: 'Dentists', resultCount: 40 }),
    ...times(2, { activity: 'viewSearch', searchTerm: 'Unicorn Farriers', resultCount: 0 }),
  ]);
  await placeCardOrder(await s.login(DEMO_USERS.consumer.email), ids.ordered);
});

test('the seller opens Insights and sees the funnel of the datasets touched and the search that found nothing', async () => {
  const context = await live.browser.newContext({ viewport: { width: 1280, height: 1000 }, bypassCSP: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const found: A11yViolation[] = [];

  await logInTo(page, live.server.url, DEMO_USERS.admin.email, '/admin');
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Insights' }).click();
  await page.getByRole('heading', { level: 1, name: 'Insights' }).waitFor();
  // No period asked: the last 30 days, which the form shows.
  assert.equal(await page.getByLabel('From').inputValue(), addDays(today, -29));
  assert.equal(await page.getByLabel('To (inclusive)').inputValue(), today);

  assert.deepEqual(await insightRows(page, 'Datasets by views, then orders'), [
    [`${names.viewed} ${SKUS.viewed}`, '6', '0', '0', '0%', '0%', '0'],
    [`${names.added} ${SKUS.added}`, '4', '1', '0', '25%', '0%', '0'],
    [`${names.ordered} ${SKUS.ordered}`, '2', '1', '1', '50%', '50%', '1'],
  ]);
  assert.deepEqual(await insightRows(page, 'Search terms that found nothing, most often first'), [
    ['unicorn farriers', '2', '2'],
  ]);
  assert.deepEqual(await insightRows(page, 'Search terms, most searched first'), [
    ['dentists', '3', '0'],
    ['unicorn farriers', '2', '2'],
  ]);
  found.push(...(await axeViolations(page, 'insights, last 30 days')));

  // The product link goes to the dataset's workspace page.
  const link = page.getByRole('link', { name: names.ordered });
  assert.match((await link.getAttribute('href')) ?? '', /^\/admin\/products\/01t/);

  // A preset puts its period in the address.
  await page.getByRole('link', { name: 'Last 7 days' }).click();
  await page.waitForURL((u) => u.searchParams.get('from') === addDays(today, -6) && u.searchParams.get('to') === today);
  await hydrated(page);
  assert.equal(await page.getByRole('link', { name: 'Last 7 days' }).getAttribute('aria-current'), 'page');
  assert.equal((await insightRows(page, 'Datasets by views, then orders')).length, 3);

  // A period before the rows: nothing to show, said in words.
  await page.getByLabel('From').fill('2025-01-01');
  await page.getByLabel('To (inclusive)').fill('2025-01-31');
  await page.getByRole('button', { name: 'Show' }).click();
  await page.waitForURL((u) => u.searchParams.get('from') === '2025-01-01');
  await page.getByText('No dataset was viewed, added to a cart or ordered in this period.').waitFor();
  await page.getByText('Every search in this period found something.').waitFor();
  found.push(...(await axeViolations(page, 'insights, an empty period')));

  // A period the server would refuse: the reason, and the default period instead.
  await page.goto(`${live.server.url}/admin/insights?from=${today}&to=${addDays(today, -1)}`);
  await hydrated(page);
  await page.getByRole('alert').filter({ hasText: 'from must not be after to' }).waitFor();
  assert.equal((await insightRows(page, 'Datasets by views, then orders')).length, 3);

  assert.equal(found.length, 0, `axe violations:\n${describeViolations(found)}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the insights page has no axe violations at 375 px, and the catalogue manager has it in the menu', async () => {
  const context = await live.browser.newContext({ viewport: { width: 375, height: 800 }, bypassCSP: true });
  const page = await context.newPage();
  await logInTo(page, live.server.url, CATALOGUE_MANAGER.email, '/admin/insights');
  await page.getByRole('heading', { level: 1, name: 'Insights' }).waitFor();
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Insights' }).waitFor();
  assert.equal((await insightRows(page, 'Datasets by views, then orders')).length, 3);
  const found = await axeViolations(page, 'insights @375px (catalogue manager)');
  assert.equal(found.length, 0, `axe violations:\n${describeViolations(found)}`);
  await context.close();
});
