// The Content-Security-Policy in real Chromium: every kind of page (home, category, search, product, a cart
// with lines, each checkout step, the order confirmation, account pages, login, register, the 404 page)
// loads, hydrates and works under the policy the server sends, with no violation reported: none as a
// `securitypolicyviolation` event (recorded by a script that runs before the page's own) and no console
// message about the Content Security Policy or the Permissions-Policy header. An inline script without
// the page's nonce is refused, which shows the policy is in force and that a violation would be seen.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { liveStore } from './browser.ts';
import { badge, hydrated, placeGuestOrder, section } from './checkout-steps.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../packages/server/src/seed/access.ts';
import { placeCardOrder } from '../packages/server/src/test-support/purchase.ts';

let productId: string;
let caseyOrderId: string;
const live = liveStore(async ({ server }) => {
  productId = (await server.api('/products?skus=DS-00001')).body.products[0].id;
  caseyOrderId = await placeCardOrder(await server.login(DEMO_USERS.consumer.email), productId);
});

interface Watched {
  context: BrowserContext;
  page: Page;
  /** Violations seen so far, each with the page it happened on. */
  violations: string[];
  visited: string[];
  /** Collects the current document's violation events; call before leaving it and at the end. */
  collect(): Promise<void>;
}

/** A fresh browser profile whose pages record CSP violations from before their first script runs. */
async function watched(): Promise<Watched> {
  const context = await live.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`),
    );
  });
  const page = await context.newPage();
  const violations: string[] = [];
  const visited: string[] = [];
  page.on('console', (m) => {
    if (/content.security.policy|permissions.policy/i.test(m.text())) violations.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => violations.push(`page error: ${e}`));
  const collect = async () => {
    const events = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
    const where = new URL(page.url()).pathname;
    violations.push(...events.map((v) => `${where}: ${v}`));
    await page.evaluate(() => {
      (window as unknown as { __cspViolations: string[] }).__cspViolations.length = 0;
    });
  };
  return { context, page, violations, visited, collect };
}

/** A document load of `path`: server-rendered under the policy, then hydrated (React attached). */
async function visit(w: Watched, path: string, heading: string | RegExp): Promise<void> {
  await w.collect().catch(() => undefined);
  const res = await w.page.goto(`${live.server.url}${path}`);
  assert.match(res!.headers()['content-security-policy'] ?? '', /script-src 'self' 'nonce-/, path);
  await w.page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await hydrated(w.page);
  w.visited.push(path);
  await w.collect();
}

let pages = 0;
let violations = 0;
after(() => console.log(`csp in the browser: ${pages} pages visited, ${violations} violations`));

describe('the Content-Security-Policy in the browser', () => {
  test('is in force, and a violation is seen: an inline script without the nonce does not run', async () => {
    const w = await watched();
    const { page } = w;
    await visit(w, '/', /./);
    const ran = await page.evaluate(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.__injectedRan = true';
      document.head.append(s);
      await new Promise((r) => setTimeout(r, 50));
      return (window as unknown as { __injectedRan?: boolean }).__injectedRan === true;
    });
    assert.equal(ran, false, 'blocked');
    await w.collect();
    assert.equal(
      w.violations.filter((v) => /^\/: script-src(-elem)? blocked inline/.test(v)).length,
      1,
      w.violations.join('\n'),
    );
    assert.equal(
      w.violations.filter((v) => /^console: .*Content Security Policy/.test(v)).length,
      1,
      w.violations.join('\n'),
    );
    assert.equal(w.violations.length, 2, w.violations.join('\n'));
    await w.context.close();
  });

  test('a guest: catalogue, search, site pages, product, cart, every checkout step, confirmation, login, register, 404', async () => {
    const w = await watched();
    const { page } = w;
    await visit(w, '/', /./);
    const category = await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link')
      .first()
      .getAttribute('href');
    assert.ok(category);
    await visit(w, category, /./);
    await visit(w, '/search?term=dentists', /dentists/i);
    // Site pages composed from stored layouts (routes/content): images, rich text, a section background.
    await visit(w, '/about', 'About Data Depot');
    await visit(w, '/data-quality', 'Data quality');

    // Product page: adding to cart works (the hydrated page calls the API under connect-src 'self').
    await visit(w, `/product/${productId}`, /US Dentists/);
    await page.getByRole('button', { name: /add to cart/i }).click();
    await badge(page).filter({ hasText: 'Cart (1)' }).waitFor();
    await visit(w, '/cart', 'Cart');
    await page.getByRole('link', { name: 'Checkout' }).waitFor();

    // Each checkout step, then the order, on one document.
    await visit(w, '/checkout', 'Checkout');
    await section(page, /Review your order/).waitFor();
    await placeGuestOrder(page, 'csp@example.com');
    const confirmation = new URL(page.url());
    await visit(w, confirmation.pathname + confirmation.search, 'Thank you for your order');

    await visit(w, '/login', 'Log in');
    await visit(w, '/register', /create|register/i);
    const missing = await page.goto(`${live.server.url}/no-such-page`);
    assert.equal(missing!.status(), 404);
    await hydrated(page);
    w.visited.push('/no-such-page');
    await w.collect();

    pages += w.visited.length;
    violations += w.violations.length;
    assert.deepEqual(w.violations, [], w.violations.join('\n'));
    await w.context.close();
  });

  test('a shopper: logs in through the form, then profile, orders, an order, subscriptions', async () => {
    const w = await watched();
    const { page } = w;
    await visit(w, '/login', 'Log in');
    await page.getByLabel('Email').fill(DEMO_USERS.consumer.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('banner').getByText('Hi, Casey').waitFor();

    await visit(w, '/profile', /profile/i);
    await visit(w, '/orders', /orders/i);
    await page
      .getByRole('link', { name: /DD-\d{8}/ })
      .first()
      .waitFor();
    await visit(w, `/orders/${caseyOrderId}`, /order/i);
    await visit(w, '/subscriptions', /subscriptions/i);

    pages += w.visited.length;
    violations += w.violations.length;
    assert.deepEqual(w.violations, [], w.violations.join('\n'));
    await w.context.close();
  });
});
