// Consent and shopper activities in real Chromium (issue 18, its first done-when line): without consent,
// browsing sends no activity (no request to /activities, no row); after "Accept all" a scripted browse of three
// datasets (one opened twice), two searches and one add-to-cart records exactly those activities, once each;
// withdrawing statistics in "Cookie settings" stops them and the server clears the analytics cookie. The
// banner is server-rendered from the request's cookie (no flash), and the banner and the dialog pass axe.
// The shopper then buys the dataset they added, and a seller sees that browse in the workspace's Insights
// (issue 18's last done-when line): the views, adds and order of the datasets touched, and the two searches.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { ANALYTICS_COOKIE, CONSENT_COOKIE, parseConsent } from '@store/core';
import { liveStore } from './browser.ts';
import { axeViolations, describeViolations } from './axe.ts';
import { goToCheckout, placeGuestOrder } from './checkout-steps.ts';
import { logInTo } from './workspace-login.ts';
import { INSIGHT_TABLES, insightRows } from './insight-tables.ts';
import { recordedActivities } from '../packages/server/src/test-support/activities.ts';
import { DEMO_USERS } from '../packages/server/src/seed/access.ts';
import { activityAnswered, hydrated } from './shopper-session.ts';

const SKUS = ['DS-00001', 'DS-00002', 'DS-00003', 'DS-00004'];
let ids: string[] = [];
/** The datasets' names and SKUs as the workspace's Insights shows them ("name SKU"). */
let labels: string[] = [];
const live = liveStore(
  async ({ server }) => {
    const rows = await server.db.db
      .selectFrom('product')
      .select(['id', 'sku', 'name'])
      .where('sku', 'in', SKUS)
      .execute();
    ids = SKUS.map((sku) => rows.find((r) => r.sku === sku)!.id);
    labels = SKUS.map((sku) => `${rows.find((r) => r.sku === sku)!.name} ${sku}`);
  },
  { consentBanner: true },
);

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on this store' });

interface Shopper {
  context: BrowserContext;
  page: Page;
  /** Every request the page made to /activities. */
  sent: Array<{ path: string; body: unknown }>;
  errors: string[];
}

async function shopper(): Promise<Shopper> {
  // bypassCSP: axe is injected as a script of its own.
  const context = await live.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  const sent: Shopper['sent'] = [];
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/activities/')) sent.push({ path, body: r.postDataJSON() });
  });

  return { context, page, sent, errors };
}

async function visit(s: Shopper, path: string) {
  await s.page.goto(`${live.server.url}${path}`);
  await hydrated(s.page);
  // Activities are fire and forget: let the page's own requests settle before looking.
  await s.page.waitForLoadState('networkidle');
}

const productPage = async (s: Shopper, i: number) => {
  await visit(s, `/product/${ids[i]}`);
  await s.page.getByRole('heading', { level: 1 }).waitFor();
};

/** A new shopper who opened the home page and chose "Accept all" in the banner. */
async function acceptingShopper(): Promise<Shopper> {
  const s = await shopper();
  await visit(s, '/');
  await banner(s.page).getByRole('button', { name: 'Accept all' }).click();
  await banner(s.page).waitFor({ state: 'detached' });
  return s;
}

const search = async (s: Shopper, term: string) => {
  await visit(s, `/search?term=${encodeURIComponent(term)}`);
  await s.page.getByRole('heading', { name: /Results for/ }).waitFor();
};

/** Adds the dataset on show from its page and waits for the toast (and, after a page load, its requests). */
async function addToCart(s: Shopper) {
  await s.page.getByRole('button', { name: /add to cart/i }).click();
  await s.page.getByText('Your cart has been updated.').first().waitFor();
  await s.page.waitForLoadState('networkidle');
}

async function cookie(s: Shopper, name: string) {
  return (await s.context.cookies(live.server.url)).find((c) => c.name === name);
}

async function rowsOf(s: Shopper) {
  const visitor = await cookie(s, ANALYTICS_COOKIE);
  return visitor ? recordedActivities(live.server, { visitor_id: visitor.value }) : [];
}

async function noViolations(page: Page, state: string) {
  const found = await axeViolations(page, state);
  assert.equal(found.length, 0, `axe violations:\n${describeViolations(found)}`);
}

describe('consent and shopper activities', () => {
  test('without consent: the banner (server-rendered, axe clean) and browsing sends nothing', async () => {
    const before = (await recordedActivities(live.server)).length;
    const html = await (await fetch(`${live.server.url}/`)).text();
    assert.match(html, /Cookies on this store/, 'the banner is in the server-rendered page');

    const s = await shopper();
    await visit(s, '/');
    await banner(s.page).waitFor();
    await noViolations(s.page, 'consent banner');
    await productPage(s, 0);
    await search(s, 'dentists');
    await productPage(s, 1);
    await addToCart(s);
    assert.deepEqual(s.sent, [], 'no request to /activities');
    assert.equal(await cookie(s, ANALYTICS_COOKIE), undefined, 'no analytics cookie');
    assert.equal((await recordedActivities(live.server)).length, before, 'no row');

    // "Reject all": essential only; the banner goes for good and still nothing is sent.
    await banner(s.page).getByRole('button', { name: 'Reject all' }).click();
    await banner(s.page).waitFor({ state: 'detached' });
    const chosen = await cookie(s, CONSENT_COOKIE);
    assert.deepEqual(parseConsent(chosen?.value)?.categories, ['essential']);
    assert.ok(Math.abs(chosen!.expires - (Date.now() / 1000 + 365 * 24 * 3600)) < 120, 'kept 365 days');
    assert.equal(chosen!.sameSite, 'Lax');
    assert.equal(chosen!.path, '/');
    await productPage(s, 2);
    assert.equal(await banner(s.page).count(), 0, 'not shown again (the server read the cookie)');
    assert.deepEqual(s.sent, []);
    assert.deepEqual(s.errors, []);
    await s.context.close();
  });

  test('after accepting: 3 datasets (one twice), 2 searches and 1 add-to-cart are recorded once each; withdrawing stops them', async () => {
    const s = await acceptingShopper();
    assert.deepEqual(parseConsent((await cookie(s, CONSENT_COOKIE))?.value)?.categories, [
      'essential',
      'preferences',
      'statistics',
      'marketing',
    ]);

    await productPage(s, 0);
    await productPage(s, 1);
    await productPage(s, 0); // the same dataset again: throttled
    await search(s, 'dentists');
    await search(s, 'Dental Laboratories');
    await productPage(s, 2);
    // The add is made on the page (no navigation): wait for its activity's answer, not for the network to idle.
    const added = activityAnswered(s.page, 'addToCart');
    await addToCart(s);
    await added;

    const rows = await rowsOf(s);
    const summary = rows.map((r) => `${r.activity} ${r.product_id ?? r.search_term}`);
    assert.deepEqual(
      summary.sort(),
      [
        `addToCart ${ids[2]}`,
        `viewProduct ${ids[0]}`,
        `viewProduct ${ids[1]}`,
        `viewProduct ${ids[2]}`,
        'viewSearch dental laboratories',
        'viewSearch dentists',
      ].sort(),
    );
    assert.equal(s.sent.length, 6, 'the repeat was never sent');
    const add = rows.find((r) => r.activity === 'addToCart')!;
    assert.equal(add.quantity, 1);
    assert.match(add.unit_price ?? '', /^\d+(\.\d+)?$/, 'the price the shopper saw');
    const visitor = await cookie(s, ANALYTICS_COOKIE);
    assert.equal(visitor?.httpOnly, true);
    assert.ok(Math.abs(visitor!.expires - (Date.now() / 1000 + 31536000)) < 120);

    // Withdraw statistics from the footer's "Cookie settings" (axe on the dialog).
    await s.page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Cookie settings' });
    await dialog.waitFor();
    await noViolations(s.page, 'cookie settings dialog');
    assert.equal(await dialog.getByRole('checkbox', { name: 'Essential' }).isDisabled(), true);
    assert.equal(await dialog.getByRole('checkbox', { name: 'Statistics' }).isChecked(), true);
    await dialog.getByRole('checkbox', { name: 'Statistics' }).uncheck();
    await dialog.getByRole('button', { name: 'Save choices' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual(parseConsent((await cookie(s, CONSENT_COOKIE))?.value)?.categories, [
      'essential',
      'preferences',
      'marketing',
    ]);
    // At once, on this page: a new search through the box (client-side) sends nothing.
    await s.page.getByRole('combobox', { name: 'Search datasets' }).fill('veterinarians');
    await s.page.keyboard.press('Enter');
    await s.page.getByRole('heading', { name: /Results for/ }).waitFor();
    await productPage(s, 3);
    await s.page.waitForLoadState('networkidle');
    assert.equal(s.sent.length, 6, 'no activity after withdrawing');
    assert.equal((await rowsOf(s)).length, 0, 'the next request cleared the analytics cookie');
    assert.equal(await cookie(s, ANALYTICS_COOKIE), undefined);
    const after = await recordedActivities(live.server, { product_id: ids[3] });
    assert.equal(after.length, 0, 'nothing recorded for the page seen after withdrawing');

    // A real purchase of the dataset added above (its order counts whatever the consent: orders come from the
    // order tables). The next test reads this browse and this order in the workspace.
    await goToCheckout(s.page);
    await placeGuestOrder(s.page, 'consenting.shopper@example.com');
    assert.deepEqual(s.errors, []);
    await s.context.close();
  });

  test('the workspace shows the funnel and the searches of the browse above', async () => {
    const context = await live.browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    await logInTo(page, live.server.url, DEMO_USERS.admin.email, '/admin/insights');
    await page.getByRole('heading', { level: 1, name: 'Insights' }).waitFor();

    // One view each (the repeat was throttled); the added dataset also one add and one order. Ordered by views,
    // then orders, then name; the dataset seen after withdrawing consent is not there.
    const [viewedFirst, viewedSecond] = [labels[0]!, labels[1]!].sort();
    assert.deepEqual(await insightRows(page, INSIGHT_TABLES.funnel), [
      [labels[2], '1', '1', '1', '100%', '100%', '0'],
      [viewedFirst, '1', '0', '0', '0%', '0%', '0'],
      [viewedSecond, '1', '0', '0', '0%', '0%', '0'],
    ]);
    // The two searches, once each, both found something; the one after withdrawing is not there.
    assert.deepEqual(await insightRows(page, INSIGHT_TABLES.topTerms), [
      ['dental laboratories', '1', '0'],
      ['dentists', '1', '0'],
    ]);
    await page.getByText('Every search in this period found something.').waitFor();
    await context.close();
  });

  test('with consent: category pages, result clicks and the search box’s suggestions report their activities', async () => {
    const s = await acceptingShopper();

    // A category page, then at once (the view may still be on its way: one visitor all the same) its first dataset.
    await s.page.getByRole('navigation', { name: 'Categories' }).getByRole('link').first().click();
    const grid = s.page.locator('.results .card__title a');
    await grid.first().waitFor();
    const categoryPick = await grid.first().innerText();
    const categoryView = activityAnswered(s.page, 'viewProduct');
    await grid.first().click();
    await s.page.getByRole('heading', { level: 1, name: categoryPick }).waitFor();
    await categoryView;

    // The search box: suggestions shown, one chosen (a term: its results page), then a result clicked.
    const box = s.page.getByRole('combobox', { name: 'Search datasets' });
    await box.fill('dent');
    await s.page.getByRole('option').first().waitFor();
    await s.page.waitForLoadState('networkidle');
    await box.press('ArrowDown');
    await box.press('Enter');
    await s.page.getByRole('heading', { name: /Results for/ }).waitFor();
    await grid.first().waitFor();
    await s.page.waitForLoadState('networkidle');
    const searchPick = await grid.nth(1).innerText();
    const searchView = activityAnswered(s.page, 'viewProduct');
    await grid.nth(1).click();
    await s.page.getByRole('heading', { level: 1, name: searchPick }).waitFor();
    await searchView;

    const rows = await rowsOf(s);
    const one = (activity: string) => {
      const found = rows.filter((r) => r.activity === activity);
      assert.equal(found.length, 1, `one ${activity}: ${rows.map((r) => r.activity).join(', ')}`);
      return found[0]!;
    };
    const category = one('viewCategory');
    assert.ok(category.category_id);
    assert.ok(JSON.parse(category.detail_json!).products.length > 0, 'the datasets the page listed');
    const categoryClick = one('clickCategory');
    assert.equal(categoryClick.category_id, category.category_id);
    assert.equal(categoryClick.position, 1);
    const suggested = one('viewSearchSuggestion');
    assert.equal(suggested.search_term, 'dent');
    const chosen = one('clickSearchSuggestion');
    assert.equal(chosen.search_term, 'dent');
    const term = JSON.parse(chosen.detail_json!).suggestedTerm as string;
    assert.ok(term, 'a suggested term was chosen');
    const search = one('viewSearch');
    assert.equal(search.search_term, term.toLowerCase());
    const click = one('clickSearch');
    assert.equal(click.search_term, search.search_term);
    assert.equal(click.position, 2);
    const views = rows.filter((r) => r.activity === 'viewProduct').map((r) => r.product_id);
    assert.deepEqual(views, [categoryClick.product_id, click.product_id], 'each dataset opened, viewed once');
    assert.deepEqual(s.errors, []);
    await s.context.close();
  });

  test('keyboard: the banner’s settings open the dialog, Escape closes it and focus returns', async () => {
    const s = await shopper();
    await visit(s, '/');
    const settings = banner(s.page).getByRole('button', { name: 'Cookie settings' });
    await settings.focus();
    await s.page.keyboard.press('Enter');
    const dialog = s.page.getByRole('dialog', { name: 'Cookie settings' });
    await dialog.waitFor();
    await s.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Closing without a choice brings the banner back, with focus on the page again.
    await banner(s.page).waitFor();
    await banner(s.page).getByRole('button', { name: 'Accept all' }).focus();
    await s.page.keyboard.press('Enter');
    await banner(s.page).waitFor({ state: 'detached' });
    assert.ok(parseConsent((await cookie(s, CONSENT_COOKIE))?.value)?.categories.includes('statistics'));
    await s.context.close();
  });
});
