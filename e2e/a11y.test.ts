// Accessibility sweep in real Chromium: axe-core (WCAG 2.0/2.1/2.2, A and AA) over every page type in the
// states a shopper meets it in — home, the search suggestions, category, search with and without results, a dataset's product page,
// the add-to-cart toast, the empty and the filled cart, the checkout's sections before and after a failed
// submit and filled in, the order confirmation, the account pages, login and register with their errors,
// the 404 page, the header's account switcher and the session-timeout warning — on a phone (375 px) and a
// desktop (1280 px). Every state must show no violation; the file ends with one summary line.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { liveStore } from './browser.ts';
import { axeViolations, describeViolations, type A11yViolation } from './axe.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../packages/server/src/seed/access.ts';
import { hydrated } from './shopper-session.ts';

const live = liveStore();
const WIDTHS = [375, 1280] as const;
const scanned: string[] = [];
const found: A11yViolation[] = [];

after(() => {
  const states = new Set(scanned.map((s) => s.replace(/ @\d+px$/, ''))).size;
  console.log(
    `a11y: ${states} page states x ${WIDTHS.length} widths = ${scanned.length} scans, ${found.length} violations`,
  );
});

/**
 * A test's scanner: `scan(page, state)` records the page's violations as it is now, and `done()` fails the test
 * with all of them, one line each (so one run shows every state's problems, not only the first).
 */
function scanner(width: number) {
  const mine: A11yViolation[] = [];
  return {
    async scan(page: Page, state: string) {
      const label = `${state} @${width}px`;
      const violations = await axeViolations(page, label);
      scanned.push(label);
      found.push(...violations);
      mine.push(...violations);
    },
    done() {
      assert.equal(mine.length, 0, `axe violations:\n${describeViolations(mine)}`);
    },
  };
}

const section = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

async function openContext(width: number): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  // bypassCSP: axe is injected as a script of its own, which the store's Content-Security-Policy would refuse.
  const context = await live.browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

async function logIn(page: Page, email: string) {
  await page.goto(`${live.server.url}/login`);
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname !== '/login');
  await hydrated(page);
}

test('the scan sees a violation when there is one (an unnamed button, an image without text)', async () => {
  const { context, page } = await openContext(1280);
  await page.goto(`${live.server.url}/no/such/page`);
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<button></button><img src="/x.svg">'));
  const seen = await axeViolations(page, 'planted faults');
  assert.deepEqual(seen.map((v) => v.rule).sort(), ['button-name', 'image-alt']);
  await context.close();
});

for (const width of WIDTHS) {
  describe(`every page type at ${width}px`, () => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    let pick: { path: string; name: string };
    let orderPath: string;
    const go = async (path: string) => {
      await page.goto(`${live.server.url}${path}`);
      await hydrated(page);
    };

    test('catalogue: home, category, search with and without results, product page, a site page, 404', async () => {
      const a11y = scanner(width);
      ({ context, page, errors } = await openContext(width));
      await go('/');
      await a11y.scan(page, 'home');
      await page.getByRole('combobox', { name: 'Search datasets' }).fill('dent');
      await page.getByRole('listbox').first().waitFor();
      await a11y.scan(page, 'search suggestions open');

      const categoryHref = await page.locator('a[href^="/category/"]').first().getAttribute('href');
      assert.ok(categoryHref, 'the home page links to a category');
      await go(categoryHref);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await a11y.scan(page, 'category listing');

      await go('/search?term=dentists');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await a11y.scan(page, 'search results');
      const result = page.getByRole('main').getByRole('heading', { level: 3 }).getByRole('link').first();
      pick = { path: (await result.getAttribute('href')) ?? '', name: (await result.innerText()).trim() };
      await go('/search?term=zzqxjv');
      await a11y.scan(page, 'search, no results');

      await go(pick.path);
      await page.getByRole('heading', { level: 1, name: pick.name }).waitFor();
      await a11y.scan(page, 'product page (dataset)');

      // Site pages composed from stored layouts: a section background, rich text, a phone-only button.
      await go('/about');
      await page.getByRole('heading', { level: 1, name: 'About Data Depot' }).waitFor();
      await a11y.scan(page, 'site page (about)');

      await go('/no/such/page');
      await a11y.scan(page, '404 page');
      a11y.done();
    });

    test('cart: empty, the add-to-cart toast, filled', async () => {
      const a11y = scanner(width);
      await go('/cart');
      await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
      await a11y.scan(page, 'cart (empty)');

      await go(pick.path);
      await page.getByRole('button', { name: /add to cart/i }).click();
      await page.locator('.toast').first().waitFor();
      await a11y.scan(page, 'add-to-cart toast');

      await go('/cart');
      await page.getByRole('list', { name: 'Items in your cart' }).getByText(pick.name).first().waitFor();
      await a11y.scan(page, 'cart (filled)');
      a11y.done();
    });

    test('guest checkout: the sections, then their validation errors and the review\u2019s missing steps', async () => {
      const a11y = scanner(width);
      await go('/checkout');
      await section(page, /Review your order/).waitFor();
      await section(page, /Contact details/)
        .getByRole('button', { name: 'Save contact details' })
        .waitFor();
      await a11y.scan(page, 'checkout (guest, empty sections)');

      await section(page, /Contact details/)
        .getByRole('button', { name: 'Save contact details' })
        .click();
      await section(page, /Billing address|Delivery address/)
        .getByRole('button', { name: 'Use this address' })
        .click();
      await section(page, /Payment/)
        .getByRole('button', { name: 'Use this card' })
        .click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await a11y.scan(page, 'checkout (guest, validation errors)');
      // "Place order" too soon: the review says what is still missing.
      const review = section(page, /Review your order/);
      await review.getByRole('button', { name: 'Place order' }).click();
      await review.getByRole('alert').waitFor();
      await a11y.scan(page, 'checkout review (not ready)');
      a11y.done();
    });

    test('login and register with their errors', async () => {
      const a11y = scanner(width);
      await go('/login');
      await a11y.scan(page, 'login');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await a11y.scan(page, 'login (empty fields)');
      await page.getByLabel('Email').fill(DEMO_USERS.consumer.email);
      await page.getByLabel('Password').fill('not-the-password-1');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('alert').first().waitFor();
      await a11y.scan(page, 'login (wrong password)');

      await go('/register');
      await a11y.scan(page, 'register');
      await page.getByRole('button', { name: /create account|register/i }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await a11y.scan(page, 'register (errors)');
      a11y.done();
    });

    test('a logged-in purchase: checkout filled in, review, confirmation', async () => {
      const a11y = scanner(width);
      await logIn(page, DEMO_USERS.consumer.email);
      await go('/checkout');
      await section(page, /Review your order/).waitFor();
      await a11y.scan(page, 'checkout (logged in)');
      // The account's address is filled in; changing it offers the address book.
      const address = section(page, /Billing address|Delivery address/);
      await address.getByRole('button', { name: 'Change address' }).click();
      await address.getByRole('radio', { name: 'A new address' }).waitFor();
      await a11y.scan(page, 'checkout (address book choice)');
      await address.getByRole('button', { name: 'Cancel' }).click();
      await address.getByRole('button', { name: 'Change address' }).waitFor();
      const payment = section(page, /Payment/);
      await payment.getByLabel('Name on card').fill('Casey Shopper');
      await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
      await payment.getByLabel('Month (MM)').fill('12');
      await payment.getByLabel('Year (YY)').fill('30');
      await payment.getByLabel('Security code').fill('123');
      await payment.getByRole('button', { name: 'Use this card' }).click();
      await payment.getByText(/Visa ending in 4242/).waitFor();
      await a11y.scan(page, 'checkout (filled in, review)');

      await page.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL((u) => u.pathname.startsWith('/orders/') && u.searchParams.get('placed') === '1');
      await page.getByRole('heading', { level: 1, name: 'Thank you for your order' }).waitFor();
      orderPath = new URL(page.url()).pathname;
      await a11y.scan(page, 'order confirmation');
      a11y.done();
    });

    test('account pages: orders, order detail, subscriptions, lists, profile', async () => {
      const a11y = scanner(width);
      await go('/orders');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await a11y.scan(page, 'orders');
      await go(orderPath);
      await page.getByRole('heading', { level: 1, name: /^Order DD-\d+$/ }).waitFor();
      await a11y.scan(page, 'order detail');
      await go('/subscriptions');
      await a11y.scan(page, 'subscriptions');
      await go('/account/lists');
      await page.getByRole('heading', { level: 1, name: 'My lists' }).waitFor();
      await a11y.scan(page, 'lists');
      await go('/profile');
      await a11y.scan(page, 'profile');
      await page.getByLabel('First name').fill('');
      await page.getByRole('button', { name: /save/i }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await a11y.scan(page, 'profile (errors)');
      assert.deepEqual(errors, []);
      await context.close();
      a11y.done();
    });

    test('the account switcher and the session-timeout warning', async () => {
      const a11y = scanner(width);
      const other = await openContext(width);
      // The browser's clock is ours to move, to bring the warning up without waiting for it.
      await other.context.clock.install();
      await logIn(other.page, DEMO_USERS.buyer.email);
      await other.page.getByRole('banner').getByRole('combobox').first().waitFor();
      await a11y.scan(other.page, 'header with the account switcher');
      const idle = await other.page.request.get(
        `${live.server.url}/services/data/v65.0/commerce/webstores/0ZE000000000001AAA/session-context`,
      );
      const idleMs = (await idle.json()).idleTimeoutSeconds * 1000;
      await other.page.clock.fastForward(idleMs - 30_000 + 1_000);
      await other.page.getByRole('alertdialog', { name: 'Still there?' }).waitFor();
      await a11y.scan(other.page, 'session-timeout warning');
      assert.deepEqual(other.errors, []);
      await other.context.close();
      a11y.done();
    });
  });
}
