// A dataset's file on the workspace's product page in real Chromium against the real server and database (issue
// 19): the administrator chooses a CSV and uploads it; the page shows the bytes sent, then the version ready and
// live in the versions table; the storefront's product page shows the file's record count. Keyboard-usable
// (the file input and button are reached with Tab) and axe-clean.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { liveStore } from './browser.ts';
import { axeViolations, describeViolations } from './axe.ts';
import { hydrated, logInTo } from './workspace-login.ts';
import { DEMO_USERS } from '../packages/server/src/seed/access.ts';
import { listCsv } from '../packages/server/src/test-support/dataset-file-upload.ts';
import { productIdOf } from '../packages/server/src/test-support/purchase.ts';

const live = liveStore();
const SKU = 'DS-00009';

test('the administrator uploads a CSV: progress, then ready and live; the storefront shows its record count', async () => {
  const context = await live.browser.newContext({ viewport: { width: 1280, height: 1000 }, bypassCSP: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const productId = await productIdOf(live.server, SKU);
  await logInTo(page, live.server.url, DEMO_USERS.admin.email, `/admin/products/${productId}`);
  const section = page.getByRole('region', { name: 'Dataset file' });
  await section.getByRole('table', { name: 'File versions, newest first' }).waitFor();
  assert.match(await section.getByRole('row').nth(1).innerText(), /^1 \(live\)/);

  // Every text the status region shows is kept, so a progress line that passes quickly is still seen.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { statusSeen: string[] }).statusSeen = seen;
    const status = document.querySelector('.dataset-file__status')!;
    new MutationObserver(() => seen.push(status.textContent ?? '')).observe(status, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  const csv = listCsv(5000, 'W');
  await section
    .getByLabel('CSV file')
    .setInputFiles({ name: 'w-list.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  // Keyboard: from the file input, Tab reaches the upload button and Enter starts it.
  await section.getByLabel('CSV file').focus();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Upload file');
  await page.keyboard.press('Enter');

  await section
    .getByRole('status')
    .filter({ hasText: 'Version 2 is ready: 5,000 records' })
    .waitFor({ timeout: 60_000 });
  const seen = await page.evaluate(() => (window as unknown as { statusSeen: string[] }).statusSeen);
  assert.ok(
    seen.some((t) => /Sent .* of .*KB/.test(t)),
    `the bytes sent were shown: ${JSON.stringify(seen)}`,
  );
  const rows = section.getByRole('row');
  assert.match(await rows.nth(1).innerText(), /^2 \(live\)\s+w-list\.csv\s+[\d.]+ KB\s+5,000\s+ready/);
  assert.doesNotMatch(await rows.nth(2).innerText(), /live/);
  const found = await axeViolations(page, 'product page, dataset file');
  assert.equal(found.length, 0, `axe violations:\n${describeViolations(found)}`);

  const shopper = await context.newPage();
  await shopper.goto(`${live.server.url}/product/${productId}`);
  await hydrated(shopper);
  const facts = await shopper.locator('dl.facts').allInnerTexts();
  assert.match(facts.join('\n'), /Record Count\s+5,000/);
  assert.deepEqual(errors, []);
  await context.close();
});
