// What a shopper does before the page's script has run (lib/early-input.ts), in real Chromium against the real
// server. The page's JavaScript is held back at the network until the shopper has typed and submitted, as on a
// slow phone: the login is made once the page is hydrated (not posted to /login, which refuses it), a search
// typed into a dataset's state list filters it, and the header's search goes to its results.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { liveStore } from './browser.ts';
import { fillLogin, hydrated } from './shopper-session.ts';
import { DEMO_USERS } from '../packages/server/src/seed/access.ts';

const live = liveStore();

/** A page whose scripts are held back until `release` is called; the errors it logs. */
async function pageWithScriptsHeld(): Promise<{
  context: BrowserContext;
  page: Page;
  release: () => void;
  errors: string[];
}> {
  const context = await live.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { context, page, release, errors };
}

test('a login submitted before the page is hydrated is made once it is', async () => {
  const { context, page, release, errors } = await pageWithScriptsHeld();
  await page.goto(`${live.server.url}/login`, { waitUntil: 'commit' });
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/login') posts.push(r.url());
  });
  await fillLogin(page, DEMO_USERS.consumer.email);
  // Nothing was posted meanwhile, and the form is still there as typed.
  await page.waitForTimeout(300);
  assert.equal(new URL(page.url()).pathname, '/login');
  assert.equal(await page.getByLabel('Email').inputValue(), DEMO_USERS.consumer.email);

  release();
  await page.waitForURL((u) => u.pathname !== '/login');
  await page.getByRole('banner').getByText(`Hi, ${DEMO_USERS.consumer.firstName}`).waitFor();
  assert.deepEqual(posts, [], 'the form was never posted to the page itself');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a state typed into the list builder before hydration filters its list once hydrated', async () => {
  const product = (await live.server.api('/products?skus=DS-00001')).body.products[0];
  const { context, page, release, errors } = await pageWithScriptsHeld();
  await page.goto(`${live.server.url}/product/${product.id}`, { waitUntil: 'commit' });
  const region = page.locator('[data-filter="region"]');
  await region.getByRole('searchbox').fill('TX');
  assert.ok((await region.getByRole('checkbox').count()) > 1, 'before the scripts every state is listed');

  release();
  await hydrated(page);
  await page.waitForFunction(
    () => document.querySelectorAll('[data-filter="region"] input[type="checkbox"]').length === 1,
  );
  assert.equal(await region.getByRole('checkbox', { name: /^TX\b/ }).count(), 1, 'only Texas is listed');
  assert.equal(await region.getByRole('searchbox').inputValue(), 'TX');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a search typed into the header and sent before hydration shows its results', async () => {
  const { context, page, release, errors } = await pageWithScriptsHeld();
  await page.goto(`${live.server.url}/`, { waitUntil: 'commit' });
  const box = page.getByRole('banner').getByRole('combobox');
  await box.fill('dentists');
  await box.press('Enter');
  release();
  await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('term') === 'dentists');
  await page
    .getByRole('heading', { level: 1 })
    .filter({ hasText: /dentists/i })
    .waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});
