// After the sale, in real Chromium against the real server and database (issue 15 §6, the buyer's half of the
// done-when): the administrator ships a printed directory's delivery group with a tracking number and refunds a
// dataset order through the workspace API; the buyer then logs in and sees, on their order pages, the carrier and
// tracking number of the parcel, and the refund, with the refunded dataset's download gone; axe-core (WCAG A/AA)
// finds nothing on either page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, describeViolations } from './axe.ts';
import { liveStore } from './browser.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../packages/server/src/seed/access.ts';
import { placeCardOrder, productIdOf } from '../packages/server/src/test-support/purchase.ts';

const live = liveStore();
const W = '/services/admin/webstores/0ZE000000000001AAA';

test('the buyer sees the tracking number of a shipped directory and the refund of a dataset order', async () => {
  const s = live.server;
  const [buyerApi, admin] = await Promise.all([s.login(DEMO_USERS.consumer.email), s.login(DEMO_USERS.admin.email)]);
  const printed = await placeCardOrder(buyerApi, await productIdOf(s, 'PD-00001'));
  const dataset = await placeCardOrder(buyerApi, await productIdOf(s, 'DS-00008'));

  const group = (await admin.get(`${W}/orders/${printed}`)).body.deliveryGroups[0].id;
  const shipped = await admin.post(`${W}/orders/${printed}/delivery-groups/${group}/actions/ship`, {
    carrier: 'FedEx',
    trackingNumber: '1234 5678 9012',
  });
  assert.equal(shipped.status, 200, shipped.text);
  const refunded = await admin.post(`${W}/orders/${dataset}/refunds`, { wholeOrder: true, reason: 'Duplicate order' });
  assert.equal(refunded.status, 201, refunded.text);

  // bypassCSP: axe is injected as a script of its own, which the store's Content-Security-Policy would refuse.
  const context = await live.browser.newContext({ viewport: { width: 1280, height: 1000 }, bypassCSP: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${s.url}/login`);
  await page.getByLabel('Email').fill(DEMO_USERS.consumer.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname !== '/login');

  await page.goto(`${s.url}/orders/${printed}`);
  const shipping = page.getByRole('region', { name: 'Shipping' });
  await shipping.getByText('FedEx').waitFor();
  assert.equal((await shipping.getByTestId('tracking-number').innerText()).trim(), '123456789012');
  assert.match(await shipping.innerText(), /Shipped [A-Z][a-z]+ \d{1,2}, \d{4}/);
  const shippedPage = await axeViolations(page, 'order page with a shipped parcel');
  assert.equal(shippedPage.length, 0, describeViolations(shippedPage));

  await page.goto(`${s.url}/orders/${dataset}`);
  const refunds = page.getByRole('region', { name: 'Refunds' });
  await refunds.getByText(/Refunded to your card/).waitFor();
  assert.match(await refunds.innerText(), /Duplicate order/);
  assert.match(
    await refunds.innerText(),
    new RegExp(`Refunded in all: \\$${refunded.body.totalRefundedAmount.replace('.', '\\.')}`),
  );
  assert.equal(
    await page.getByRole('region', { name: 'Downloads' }).count(),
    0,
    'the refunded dataset has no download',
  );
  assert.equal(await page.locator('a[download]').count(), 0);
  const refundedPage = await axeViolations(page, 'order page with a refund');
  assert.equal(refundedPage.length, 0, describeViolations(refundedPage));
  assert.deepEqual(errors, []);
  await context.close();
});
