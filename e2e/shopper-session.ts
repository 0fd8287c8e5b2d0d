// A shopper's browser session for the storefront's browser tests: a fresh profile (its own cookies and
// storage) whose page records script errors, the login form filled in, and the API read with that
// session's cookies (page.request shares the context's).
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../packages/server/src/seed/access.ts';
import { BASE } from '../packages/server/src/test-support/server.ts';

/** Resolves once the page has hydrated (the storefront marks <html> when every part of it has). */
export const hydrated = (page: Page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

/**
 * The server's answer to the next shopper activity of that name the page sends (POST /activities/{site}/{name}).
 * Set it up before the click that causes it: after a client-side navigation, waitForLoadState('networkidle')
 * returns at once (the page's load state is not reset), before a fire-and-forget activity has gone out.
 */
export const activityAnswered = (page: Page, activity: string) =>
  page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(`/${activity}`));

/** Every demo user's password (README "Demo logins"). */
export { DEMO_PASSWORD };

export interface ShopperPage {
  context: BrowserContext;
  page: Page;
  /** Script errors the page raised. */
  errors: string[];
}

/** bypassCSP for tests that inject axe (a script of its own, which the store's CSP refuses). */
export async function openShopper(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; bypassCSP?: boolean } = {},
): Promise<ShopperPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    bypassCSP: options.bypassCSP,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

/** The login page's form, filled and sent. */
export async function fillLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  // Within the login form: until the login page has rendered, the page being left may still be on screen, and a
  // dataset page has "Has email" (the list builder) and a product named "…Email…".
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/** A GET of the commerce API as this page's session sees it; must answer 200. */
export async function sessionApi(page: Page, storeUrl: string, path: string): Promise<any> {
  const res = await page.request.get(`${storeUrl}${BASE}${path}`);
  assert.equal(res.status(), 200, `${path}: ${await res.text()}`);
  return res.json();
}
