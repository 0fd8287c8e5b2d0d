// Logging in to the workspace in the browser tests: the login page, with its return address, as a person would.
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../packages/server/src/seed/access.ts';

/** Resolves once the page has hydrated (the storefront marks <html> when it has). */
export const hydrated = (page: Page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

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
