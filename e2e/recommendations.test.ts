// Recommendations in real Chromium against the real server and database (issue 18): a dataset whose seller has
// picked no related datasets shows Related Datasets from ai/recommendations (what was bought with it first, then
// similar datasets), rendered on the server; the cart shows a complete-the-cart strip. Both keyboard-usable and
// axe clean. (The activity sender that posts viewReco/clickReco arrives with the consent work; until then the
// page's default sender sends nothing, and the helpers' payloads are covered by the web unit tests.)
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { liveStore } from './browser.ts';
import { axeViolations, describeViolations } from './axe.ts';
import { DEMO_USERS } from '../packages/server/src/seed/access.ts';
import { placeCardOrder, productIdOf } from '../packages/server/src/test-support/purchase.ts';
import { BASE } from '../packages/server/src/test-support/server.ts';
import { withStoreSettings } from '../packages/server/src/test-support/store-settings.ts';
import { DEFAULT_SHOPPER_SIGNALS } from '@store/core';

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
