// The workspace's import page in real Chromium against the real server and database (issue 15): the administrator
// picks a small CSV and starts it; the page shows the job's progress bar and "N of M rows" while the server imports
// it in the background, then the summary, and the product is on the storefront; a file with bad rows shows each in
// a table and changes nothing, and "Apply the good rows" imports the others. The server pauses after each progress
// step and writes a row per batch, so a three-row file's progress can be seen (it would otherwise be done at once).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { liveStore } from './browser.ts';
import { axeViolations, describeViolations } from './axe.ts';
import { logInTo } from './workspace-login.ts';
import { DEMO_USERS } from '../packages/server/src/seed/access.ts';

const live = liveStore(undefined, { importRunner: { batchSize: 1, pauseMs: 700 } });

async function open(browser: Browser) {
  // CSP bypassed for axe's injected script only (the CSP suite checks the pages' own policy).
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, bypassCSP: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

const onStorefront = async (sku: string) => {
  const res = await live.server.api(`/products?skus=${sku}`);
  const p = res.body.products[0];
  return !!p && p.success !== false;
};

test('the administrator uploads a CSV and watches it import: progress, then the summary; the products are in the store', async () => {
  const { context, page, errors } = await open(live.browser);
  await logInTo(page, live.server.url, DEMO_USERS.admin.email, '/admin');
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Import' }).click();
  await page.getByRole('heading', { level: 1, name: 'Import' }).waitFor();

  const file = [
    'sku,name,recordCount,categories',
    'E2E-IMP-1,Browser Import Dentists,100,dentists',
    'E2E-IMP-2,Browser Import Vets,200,dentists',
    'E2E-IMP-3,Browser Import Clinics,300,dentists',
  ].join('\n');
  await page.getByLabel('Catalogue file (CSV or JSON)').setInputFiles({
    name: 'browser.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(file),
  });
  await page.getByRole('button', { name: 'Start import' }).click();
  await page.waitForURL((u) => u.searchParams.has('job'));

  const bar = page.getByRole('progressbar', { name: 'Import progress' });
  await bar.waitFor();
  await page.getByText(/Writing: \d of 3 rows/).waitFor();
  const now = Number(await bar.getAttribute('aria-valuenow'));
  assert.ok(now >= 0 && now <= 100, `aria-valuenow ${now}`);

  const summary = page.getByRole('status').filter({ hasText: 'Imported 3 rows of products' });
  await summary.waitFor({ timeout: 60_000 });
  assert.match(await summary.innerText(), /3 created, 0 updated, 0 unchanged, 0 refused/);
  assert.equal(await bar.count(), 0, 'the bar goes when the import is done');
  const past = page.getByRole('table', { name: 'Past imports' });
  assert.match(await past.innerText(), /browser\.csv\s+products\s+done/);
  for (const sku of ['E2E-IMP-1', 'E2E-IMP-2', 'E2E-IMP-3'])
    assert.ok(await onStorefront(sku), `${sku} is in the store`);
  const exportLink = page.getByRole('link', { name: 'CSV', exact: true }).first();
  assert.match((await exportLink.getAttribute('href')) ?? '', /\/export\?kind=products&format=csv$/);
  const found = await axeViolations(page, 'import page, done');
  assert.equal(found.length, 0, `axe violations:\n${describeViolations(found)}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a file with bad rows shows every one and imports nothing; then the good rows are applied', async () => {
  const { context, page, errors } = await open(live.browser);
  await logInTo(page, live.server.url, DEMO_USERS.admin.email, '/admin/import');
  const file = [
    'sku,name,recordCount,lastUpdated,categories',
    'E2E-BAD-1,Good Row One,10,2026-01-02,dentists',
    'E2E-BAD-2,Bad Count,about ten,2026-01-02,dentists',
    'E2E-BAD-3,Bad Date,30,2026-13-45,dentists',
    'E2E-BAD-4,Good Row Two,40,,dentists',
  ].join('\n');
  await page.getByLabel('Catalogue file (CSV or JSON)').setInputFiles({
    name: 'mixed.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(file),
  });
  await page.getByRole('button', { name: 'Start import' }).click();
  const refused = page.getByRole('status').filter({ hasText: 'Nothing was imported' });
  await refused.waitFor({ timeout: 60_000 });
  assert.match(await refused.innerText(), /2 rows of 4 refused/);
  const rows = page.getByRole('table', { name: 'Refused rows' }).getByRole('row');
  const cells = await rows.evaluateAll((trs) =>
    trs.slice(1).map((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent)),
  );
  assert.deepEqual(cells, [
    ['3', 'recordCount'],
    ['4', 'lastUpdated'],
  ]);
  assert.equal(await onStorefront('E2E-BAD-1'), false, 'nothing was imported');
  const found = await axeViolations(page, 'import page, refused rows');
  assert.equal(found.length, 0, `axe violations:\n${describeViolations(found)}`);

  await page.getByRole('button', { name: 'Apply the good rows' }).click();
  const applied = page.getByRole('status').filter({ hasText: 'Imported 4 rows of products' });
  await applied.waitFor({ timeout: 60_000 });
  assert.match(await applied.innerText(), /2 created, 0 updated, 0 unchanged, 2 refused/);
  assert.ok(await onStorefront('E2E-BAD-1'));
  assert.ok(await onStorefront('E2E-BAD-4'));
  assert.equal(await onStorefront('E2E-BAD-2'), false);
  assert.deepEqual(errors, []);
  await context.close();
});
