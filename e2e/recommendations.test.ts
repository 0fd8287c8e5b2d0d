// Recommendations in real Chromium against the real server and database (issue 18): a dataset whose seller has
// picked no related datasets shows Related Datasets from ai/recommendations (what was bought with it first, then
// similar datasets), rendered on the server; the cart shows a complete-the-cart strip. Both keyboard-usable and
// axe clean. With the shopper's statistics consent (given in the banner), both report viewReco once per answer
// shown and clickReco when a recommended dataset is opened: the recorded rows are read after flushing.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { liveStore } from './browser.ts';
import { axeViolations, describeViolations } from './axe.ts';
import { DEMO_USERS } from '../packages/server/src/seed/access.ts';
import { placeCardOrder, productIdOf } from '../packages/server/src/test-support/purchase.ts';
import { BASE } from '../packages/server/src/test-support/server.ts';
import { withStoreSettings } from '../packages/server/src/test-support/store-settings.ts';
import { ANALYTICS_COOKIE, DEFAULT_SHOPPER_SIGNALS } from '@store/core';
import type { Page } from 'playwright-core';
import { recordedActivities } from '../packages/server/src/test-support/activities.ts';
import { activityAnswered } from './shopper-session.ts';

const products: Record<string, { id: string; name: string }> = {};
const live = liveStore(async ({ server }) => {
  for (const sku of ['DS-00002', 'DS-00003', 'DS-00004']) {
    const id = await productIdOf(server, sku);
    const row = await server.db.db.selectFrom('product').select('name').where('id', '=', id).executeTakeFirstOrThrow();
    products[sku] = { id, name: row.name };
  }
  // The seller picked nothing for DS-00002: its tiles are all computed.
  await server.db.db.deleteFrom('product_relation').where('product_id', '=', products['DS-00002']!.id).execute();
  await server.catalogueChanged();
  // A shopper bought DS-00002 with DS-00003.
  const buyer = await server.login(DEMO_USERS.consumer.email);
  const added = await buyer.post(`${BASE}/carts/current/cart-items`, {
    productId: products['DS-00003']!.id,
    quantity: '1',
    type: 'Product',
  });
  assert.equal(added.status, 201, added.text);
  await placeCardOrder(buyer, products['DS-00002']!.id);
});

/** The product id a storefront link points at. */
const linkedId = (href: string | null) => /\/product\/([^/?#]+)/.exec(href ?? '')?.[1];
const idsOf = (links: ReturnType<Page['locator']>) =>
  links.evaluateAll((as) => as.map((a) => a.getAttribute('href'))).then((hrefs) => hrefs.map(linkedId));

/** The reco activities recorded for this browser's visitor (its analytics cookie), with their detail parsed. */
async function recoRows(page: Page) {
  const visitor = (await page.context().cookies(live.server.url)).find((c) => c.name === ANALYTICS_COOKIE);
  assert.ok(visitor, 'the analytics cookie was set');
  const rows = await recordedActivities(live.server, { visitor_id: visitor.value });
  return rows
    .filter((r) => r.activity === 'viewReco' || r.activity === 'clickReco')
    .map((r) => ({ ...r, detail: JSON.parse(r.detail_json ?? '{}') }));
}

describe('recommendations in the storefront', () => {
  test('Related Datasets: bought-with first, then similar, in the server-rendered page; a tile opens its dataset', async () => {
    const context = await live.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const res = await page.goto(`${live.server.url}/product/${products['DS-00002']!.id}`);
    assert.equal(res?.status(), 200);
    // Server-rendered: the tiles are in the HTML the server sent (nothing moves in after load).
    const html = (await res?.text()) ?? '';
    assert.ok(html.includes('Related Datasets'), 'the section is in the server render');
    assert.ok(html.includes(products['DS-00003']!.name), 'the bought-with dataset is in the server render');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const section = page.locator('section.related');
    const tiles = section.locator('a.tile');
    assert.equal(await tiles.count(), 3, 'three tiles');
    assert.equal(await tiles.first().innerText(), products['DS-00003']!.name);
    const names = await tiles.allInnerTexts();
    assert.ok(!names.includes(products['DS-00002']!.name), 'never the page’s own dataset');
    assert.equal(new Set(names).size, 3, 'each dataset once');
    const violations = await axeViolations(page, 'product with recommended related datasets');
    assert.equal(violations.length, 0, describeViolations(violations));
    // Keyboard: the first tile takes focus and Enter opens it.
    await tiles.first().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: products['DS-00003']!.name }).waitFor();
    assert.ok(page.url().endsWith(`/product/${products['DS-00003']!.id}`));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the cart: a complete-the-cart strip of what was bought with its lines, never a line itself', async () => {
    const context = await live.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${live.server.url}/product/${products['DS-00002']!.id}`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: /add to cart/i }).click();
    await page.getByRole('banner').getByTestId('cart-badge').filter({ hasText: 'Cart (1)' }).waitFor();
    const res = await page.goto(`${live.server.url}/cart`);
    const html = (await res?.text()) ?? '';
    assert.ok(html.includes('Complete your purchase'), 'the strip is in the server render');
    const strip = page.getByRole('region', { name: 'Complete your purchase' });
    await strip.waitFor();
    const cards = strip.locator('.card__title a');
    const names = await cards.allInnerTexts();
    assert.equal(names[0], products['DS-00003']!.name, 'bought with the cart’s dataset first');
    assert.ok(names.length > 1 && names.length <= 4, `one row of cards: ${names.length}`);
    assert.ok(!names.includes(products['DS-00002']!.name), 'not what the cart holds');
    assert.match(await strip.locator('.card__price').first().innerText(), /^\$[\d,]+\.\d{2}/, 'priced');
    const violations = await axeViolations(page, 'cart with a recommendation strip');
    assert.equal(violations.length, 0, describeViolations(violations));
    await cards.first().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: products['DS-00003']!.name }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('with statistics consent: viewReco once per answer shown, clickReco when a recommended dataset is opened', async () => {
    await withStoreSettings(
      live.server,
      (settings) => ({ ...settings, shopperConsentEnabled: true }),
      async () => {
        const context = await live.browser.newContext({ viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        const sent: string[] = [];
        page.on('request', (r) => {
          const path = new URL(r.url()).pathname;
          if (path.startsWith('/activities/')) sent.push(path.split('/').pop()!);
        });
        const open = async (path: string) => {
          await page.goto(`${live.server.url}${path}`);
          await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
          await page.waitForLoadState('networkidle');
        };
        await open('/');
        const banner = page.getByRole('region', { name: 'Cookies on this store' });
        await banner.getByRole('button', { name: 'Accept all' }).click();
        await banner.waitFor({ state: 'detached' });

        // Related Datasets: one viewReco per list that got a tile, its products those tiles, in their places.
        const anchor = products['DS-00002']!.id;
        await open(`/product/${anchor}`);
        const tiles = page.locator('section.related a.tile');
        const tileIds = await idsOf(tiles);
        assert.equal(tileIds.length, 3);
        const views = (await recoRows(page)).filter((r) => r.activity === 'viewReco');
        assert.ok(views.length >= 1 && views.length <= 2, `one row per list shown: ${views.length}`);
        assert.deepEqual(
          views.flatMap((v) => v.detail.products.map((p: { id: string }) => p.id)),
          tileIds,
          'the datasets each answer showed, in their places',
        );
        for (const v of views) assert.deepEqual(v.detail.anchorValues, [anchor]);
        assert.equal(new Set(views.map((v) => v.detail.recommendationId)).size, views.length, 'once per answer');
        assert.equal(views[0]!.detail.products[0].id, products['DS-00003']!.id, 'bought-with first');

        // A click on the third tile (a similar dataset): clickReco of that dataset, place 3, tied to its answer.
        const tileClicked = activityAnswered(page, 'clickReco');
        await tiles.nth(2).click();
        await page.waitForURL((u) => u.pathname === `/product/${tileIds[2]}`);
        await tileClicked;
        let rows = await recoRows(page);
        const clicks = rows.filter((r) => r.activity === 'clickReco');
        assert.equal(clicks.length, 1);
        const from = views.find((v) => v.detail.products.some((p: { id: string }) => p.id === tileIds[2]))!;
        assert.equal(clicks[0]!.product_id, tileIds[2]);
        assert.equal(clicks[0]!.position, 3);
        assert.equal(clicks[0]!.recommender, from.recommender);
        assert.equal(clicks[0]!.detail.recommendationId, from.detail.recommendationId);
        // The first page's answers were not reported again on the way out (the opened dataset reports answers
        // of its own only when computed tiles fill its section; in the demo its seller's picks do).
        const anchoredOn = (id: string) =>
          rows.filter((r) => r.activity === 'viewReco' && r.detail.anchorValues.includes(id));
        assert.equal(anchoredOn(anchor).length, views.length);

        // The cart's strip: one viewReco with the cards shown, clickReco when one is opened.
        await open(`/product/${anchor}`);
        await page.getByRole('button', { name: /add to cart/i }).click();
        await page.getByRole('banner').getByTestId('cart-badge').filter({ hasText: 'Cart (1)' }).waitFor();
        const before = (await recoRows(page)).length;
        await open('/cart');
        const cards = page.getByRole('region', { name: 'Complete your purchase' }).locator('.card__title a');
        const cardIds = await idsOf(cards);
        assert.ok(cardIds.length > 0);
        rows = (await recoRows(page)).slice(before);
        assert.equal(rows.length, 1, `one viewReco for the strip: ${rows.map((r) => r.activity).join(', ')}`);
        const strip = rows[0]!;
        assert.equal(strip.activity, 'viewReco');
        assert.deepEqual(
          strip.detail.products.map((p: { id: string }) => p.id),
          cardIds,
        );
        const cardClicked = activityAnswered(page, 'clickReco');
        await cards.first().click();
        await page.getByRole('heading', { level: 1, name: products['DS-00003']!.name }).waitFor();
        await cardClicked;
        const click = (await recoRows(page)).slice(before).find((r) => r.activity === 'clickReco');
        assert.equal(click?.product_id, cardIds[0]);
        assert.equal(click?.position, 1);
        assert.equal(click?.recommender, strip.recommender);
        assert.equal(click?.detail.recommendationId, strip.detail.recommendationId);

        // What the page sent is what was recorded: each reco request once.
        const recorded = await recoRows(page);
        for (const activity of ['viewReco', 'clickReco'])
          assert.equal(
            sent.filter((a) => a === activity).length,
            recorded.filter((r) => r.activity === activity).length,
            `${activity} requests`,
          );
        assert.deepEqual(errors, []);
        await context.close();
      },
    );
  });

  test('switched off by the seller, the dataset page shows no computed datasets', async () => {
    const off = { ...DEFAULT_SHOPPER_SIGNALS, recommendationsEnabled: false };
    await withStoreSettings(
      live.server,
      (settings) => ({ ...settings, shopperSignals: off }),
      async () => {
        const context = await live.browser.newContext();
        const page = await context.newPage();
        await page.goto(`${live.server.url}/product/${products['DS-00002']!.id}`);
        await page.getByRole('heading', { level: 1, name: products['DS-00002']!.name }).waitFor();
        assert.equal(await page.locator('section.related').count(), 0, 'no picks and no recommendations: no section');
        await context.close();
      },
    );
  });
});
