// The cart in real Chromium against the real server and database: a guest adds a dataset (success
// toast, badge), tries again (the once-only message, inline and as a toast), applies a coupon in the
// cart and sees the discount, then logs in and finds the guest cart merged into the shopper's own.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { liveStore } from './browser.ts';
import type { Page } from 'playwright-core';
import { WEBSTORE_ID } from '../packages/server/src/test-support/server.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../packages/server/src/seed/access.ts';
import { PRICE_BOOK_IDS } from '../packages/server/src/seed/store.ts';

const live = liveStore();

/** Once-only datasets priced for guests, outside any automatic promotion's category (plain prices). */
async function datasets(n: number): Promise<Array<{ id: string; name: string }>> {
  const rows = await live.server.db.db
    .selectFrom('product')
    .innerJoin('price_book_entry', 'price_book_entry.product_id', 'product.id')
    .select(['product.id', 'product.name'])
    .where('price_book_entry.price_book_id', '=', PRICE_BOOK_IDS.store)
    .where('price_book_entry.selling_model_id', 'is', null)
    .where('product.sku', 'like', 'DS-%')
    .where('product.qty_max', '=', '1')
    .where('product.is_active', '=', 1)
    .orderBy('product.sku')
    .limit(60)
    .execute();
  const evaluated = await live.server
    .agent()
    .post('/services/data/v65.0/commerce/promotions/actions/evaluate-products', {
      webStoreId: WEBSTORE_ID,
      products: rows.map((r) => ({ productId: r.id })),
    });
  const plain = new Set(
    evaluated.body.promotionProductEvaluationResults
      .filter((r: { promotionPriceAdjustmentList: unknown[] }) => r.promotionPriceAdjustmentList.length === 0)
      .map((r: { productId: string }) => r.productId),
  );
  const out = rows.filter((r) => plain.has(r.id)).slice(0, n);
  assert.equal(out.length, n);
  return out;
}

const badge = (page: Page) => page.getByRole('banner').getByTestId('cart-badge');
const toast = (page: Page, label: string) =>
  page
    .getByLabel('Notifications')
    .locator('.toast')
    .filter({ has: page.locator('.toast__label', { hasText: label }) });

describe('a guest\u2019s cart', () => {
  test('add, the once-only message, a coupon in the cart, then login merges it', async () => {
    const [guestPick, shopperPick] = await datasets(2);
    // The shopper already has another dataset in their cart (from another device).
    const shopper = await live.server.login(DEMO_USERS.consumer.email);
    assert.equal(
      (
        await shopper.post(`/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}/carts/current/cart-items`, {
          productId: shopperPick!.id,
          quantity: '1',
        })
      ).status,
      201,
    );

    const context = await live.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${live.server.url}/product/${guestPick!.id}`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await badge(page).filter({ hasText: 'Cart (0)' }).waitFor();

    // Add: a spinner while it works, then the success toast and the badge.
    const button = page.getByRole('button', { name: /add to cart/i });
    await button.click();
    const success = toast(page, 'Success');
    await success.waitFor();
    assert.match(await success.innerText(), /Your cart has been updated\./);
    // Focus on the toast's close button holds it open past its 4.8 s; focus elsewhere lets it go.
    await success.getByRole('button', { name: 'Close' }).focus();
    await page.waitForTimeout(6_000);
    assert.equal(await success.isVisible(), true, 'a toast holding the focus stays');
    await page
      .getByRole('heading', { level: 1 })
      .first()
      .evaluate((h: HTMLElement) => {
        h.tabIndex = -1;
        h.focus();
      });
    await success.waitFor({ state: 'detached', timeout: 10_000 });
    await badge(page).filter({ hasText: 'Cart (1)' }).waitFor();
    assert.equal(await badge(page).getAttribute('aria-label'), 'Cart, 1 item');

    // Again: a once-only dataset is already there.
    await button.click();
    const inline = page.locator('.add-to-cart__error');
    await inline.filter({ hasText: 'The item you selected is already in your cart.' }).waitFor();
    const failed = toast(page, 'Error');
    await failed.waitFor();
    assert.match(await failed.innerText(), /The item you selected is already in your cart\./);
    assert.equal(await badge(page).innerText(), 'Cart (1)');

    // The cart page: the line, then a coupon and its discount.
    await badge(page).click();
    await page.waitForURL((u) => u.pathname === '/cart');
    await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
    await page.getByRole('list', { name: 'Items in your cart' }).getByText(guestPick!.name).first().waitFor();
    await page.getByLabel('Coupon code').fill('NOTACODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page
      .getByText(/isn't valid/)
      .first()
      .waitFor();
    await page.getByLabel('Coupon code').fill('welcome10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('list', { name: 'Applied coupons' }).getByText('WELCOME10').waitFor();
    await page
      .getByRole('list', { name: 'Promotions' })
      .getByText(/Welcome: 10% off/)
      .first()
      .waitFor();
    const totals = page.locator('.cart-totals');
    await totals.getByText('Promotions').waitFor();
    const totalsText = await totals.innerText();
    assert.match(totalsText, /Promotions\s*-\$[\d,]+\.\d\d/, `a discount in the totals: ${totalsText}`);

    // Log in: the guest cart joins the shopper'live.server.
    await page.goto(`${live.server.url}/login`);
    await page.getByLabel('Email').fill(DEMO_USERS.consumer.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname !== '/login');
    await badge(page).filter({ hasText: 'Cart (2)' }).waitFor();
    await page.goto(`${live.server.url}/cart`);
    const list = page.getByRole('list', { name: 'Items in your cart' });
    await list.getByText(guestPick!.name).first().waitFor();
    await list.getByText(shopperPick!.name).first().waitFor();
    await page.getByRole('list', { name: 'Applied coupons' }).getByText('WELCOME10').waitFor();
    // The shopper's other session sees the same merged cart.
    assert.equal((await shopper.api('/carts/compact-summary')).body.uniqueProductCount, 2);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
