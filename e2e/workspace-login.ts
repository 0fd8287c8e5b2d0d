// Logging in to the workspace in the browser tests: the login page, with its return address, as a person would;
// a fresh page; and the product page's price form, filled the way the catalogue tests price a new dataset.
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../packages/server/src/seed/access.ts';
import { hydrated } from './shopper-session.ts';

export { hydrated };

/** Logs in on the login page of the store at `origin` and lands, hydrated, on the page asked for. */
export async function logInTo(page: Page, origin: string, email: string, path: string) {
  await page.goto(`${origin}/login?returnUrl=${encodeURIComponent(path)}`);
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname === path.split('?')[0]);
  await hydrated(page);
}

/**
 * On a product's workspace page: $249.00 in the Standard Price Book and $199.00 in the Store Price Book with
 * three volume tiers (1–9 at the price, 10–49 at 10% off, 50 or more at 20% off), saved.
 */
export async function saveTieredPrices(page: Page) {
  await page.getByLabel('Unit price (Standard Price Book)').fill('249.00');
  await page.getByLabel('Unit price (Store Price Book)').fill('199.00');
  const tier = (row: number, part: string) => page.getByLabel(`Store Price Book tier ${row} ${part}`, { exact: true });
  for (const [row, from, to, value] of [
    [1, '1', '9', '0'],
    [2, '10', '49', '10'],
    [3, '50', '', '20'],
  ] as const) {
    await tier(row, 'from').fill(from);
    await tier(row, 'to').fill(to);
    await tier(row, 'value').fill(value);
  }
  await page.getByRole('button', { name: 'Save prices' }).click();
  await page.getByText('The prices have been saved.').waitFor();
}

/**
 * A fresh browser context and page at desktop size, collecting the page's uncaught errors. `bypassCSP` for a page
 * axe is injected into (as a script of its own, which the store's Content-Security-Policy would refuse).
 */
export async function openPage(browser: Browser, options: { bypassCSP?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}
