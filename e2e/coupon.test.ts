// A coupon the administrator created, used by a shopper in real Chromium (issue 15's done-when): the
// administrator makes the promotion and its code through the workspace API, a guest applies the code on the
// cart page and sees the discount, buys, and the workspace then counts the order as the code's one use.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { liveStore } from './browser.ts';
import { addAndGoToCheckout, badge, placeGuestOrder } from './checkout-steps.ts';
import { DEMO_USERS } from '../packages/server/src/seed/access.ts';
import { WEBSTORE_ID } from '../packages/server/src/seed/store.ts';

const live = liveStore();
const WS = `/services/admin/webstores/${WEBSTORE_ID}`;

test('a guest uses the coupon the administrator just created, and the order counts as its use', async () => {
  const product = await live.server.db.db
    .selectFrom('product')
    .select(['id', 'name'])
    .where('sku', '=', 'DS-00001')
    .executeTakeFirstOrThrow();
  const admin = await live.server.login(DEMO_USERS.admin.email);
  const made = await admin.post(`${WS}/promotions`, {
    name: 'Launch offer: $11 off',
    discount: { type: 'AmountOff', amount: '11.00' },
    productIds: [product.id],
    coupons: [{ code: 'LAUNCH11', maxUses: 1 }],
  });
  assert.equal(made.status, 201, made.text);

  const context = await live.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await addAndGoToCheckout(page, live.server.url, product.id, 1);
  await page.goto(`${live.server.url}/cart`);
  const totals = page.locator('.cart-totals');
  // Promotions in the totals, in cents (0 when none): the store's automatic ones may apply already.
  const promotionsCents = async () => {
    const m = /Promotions\s*-\$([\d,]+)\.(\d\d)/.exec(await totals.innerText());
    return m ? Number(m[1]!.replaceAll(',', '')) * 100 + Number(m[2]) : 0;
  };
  await totals.getByText('Total').first().waitFor();
  const before = await promotionsCents();
  await page.getByLabel('Coupon code').fill('launch11');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('list', { name: 'Applied coupons' }).getByText('LAUNCH11').waitFor();
  await page.getByRole('list', { name: 'Promotions' }).getByText('Launch offer: $11 off').first().waitFor();
  await totals.getByText('Promotions').waitFor();
  assert.equal((await promotionsCents()) - before, 1100, 'the code takes $11.00 more off');

  await page.getByRole('link', { name: 'Checkout' }).click();
  await page.waitForURL((u) => u.pathname === '/checkout');
  await placeGuestOrder(page, 'launch@example.com');
  await badge(page).filter({ hasText: 'Cart (0)' }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();

  const used = await admin.get(`${WS}/promotions/${made.body.id}`);
  assert.equal(used.body.usage.orderCount, 1);
  assert.deepEqual(used.body.usage.discountTotals, [{ currencyIsoCode: 'USD', amount: '-11.00' }]);
  assert.equal(used.body.coupons[0].timesUsed, 1);
});
