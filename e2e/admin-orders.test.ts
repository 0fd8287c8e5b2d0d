// The seller's orders in real Chromium against the real server and database (issue 15 §6, the order half of the
// done-when journey): the administrator finds a buyer's printed-directory order in the orders table, ships its
// delivery group with a carrier and tracking number through the order page (the tracking rule speaks as they
// type; a group shipped meanwhile from elsewhere is the server's refusal, shown at the form), and the buyer, in a
// browser of their own, sees the carrier and tracking number on their order page; the administrator refunds a
// dataset order after a confirmation showing the amount, and the buyer's download is gone from their page and
// its link refused; the audit log shows both. A catalogue manager has no orders (no menu entry, the 403 page, no
// refund button). axe-core (WCAG 2.x A/AA) finds nothing on the new pages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { liveStore } from './browser.ts';
import { hydrated, logInTo as logIn } from './workspace-login.ts';
import { axeViolations, describeViolations, type A11yViolation } from './axe.ts';
import { DEMO_USERS } from '../packages/server/src/seed/access.ts';
import { CATALOGUE_MANAGER } from '../packages/server/src/seed/workspace-users.ts';
import { BASE } from '../packages/server/src/test-support/server.ts';
import { orderNumberOf, placeCardOrder, productIdOf } from '../packages/server/src/test-support/purchase.ts';

const live = liveStore();
const W = '/services/admin/webstores/0ZE000000000001AAA';

async function open(browser: Browser, width = 1280) {
  // bypassCSP: axe is injected as a script of its own, which the store's Content-Security-Policy would refuse.
  const context = await browser.newContext({ viewport: { width, height: 1000 }, bypassCSP: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

const logInTo = (page: Page, email: string, path: string) => logIn(page, live.server.url, email, path);

test('the administrator ships a printed directory and refunds a dataset order through the pages; the buyer sees both', async () => {
  const s = live.server;
  const buyerApi = await s.login(DEMO_USERS.consumer.email);
  const adminApi = await s.login(DEMO_USERS.admin.email);
  const printed = await placeCardOrder(buyerApi, await productIdOf(s, 'PD-00001'));
  const other = await placeCardOrder(buyerApi, await productIdOf(s, 'PD-00001'));
  const dataset = await placeCardOrder(buyerApi, await productIdOf(s, 'DS-00008'));
  const [printedNo, otherNo, datasetNo] = await Promise.all(
    [printed, other, dataset].map((id) => orderNumberOf(s, id)),
  );
  const links = await buyerApi.get(`${BASE}/order-summaries/${dataset}/downloads`);
  assert.equal(links.status, 200, links.text);
  const downloadUrl = links.body.items[0].url as string;
  assert.equal((await buyerApi.get(downloadUrl)).status, 200, 'the download works before the refund');

  const found: A11yViolation[] = [];
  const admin = await open(live.browser);
  const a = admin.page;
  const scan = async (state: string) => found.push(...(await axeViolations(a, state)));
  await logInTo(a, DEMO_USERS.admin.email, '/admin');
  await a.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Orders' }).click();
  await a.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  await scan('orders table');

  // The table, filtered to orders with printed goods and searched by the buyer's address: both printed orders, no dataset one.
  await a.getByLabel('Printed goods').selectOption('yes');
  await a.getByLabel('Order number or email').fill(DEMO_USERS.consumer.email);
  await a.getByRole('button', { name: 'Filter' }).click();
  await a.waitForURL((u) => u.searchParams.get('printed') === 'yes' && u.searchParams.has('q'));
  // The address changes before React draws the filtered rows (the router's update is a transition), so the
  // unfiltered table can still be on screen: the dataset order's row going is the sign the filter has landed.
  const table = a.getByRole('table');
  await table
    .getByRole('link', { name: datasetNo })
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => assert.fail('a dataset-only order is filtered out'));
  await table.getByRole('link', { name: printedNo }).waitFor();
  await table.getByRole('link', { name: otherNo }).waitFor();
  assert.equal(await table.getByRole('link', { name: datasetNo }).count(), 0, 'a dataset-only order is filtered out');
  await scan('orders table, filtered');

  // The other printed order, open on the page while the group ships from elsewhere: the server's refusal shows.
  await table.getByRole('link', { name: otherNo }).click();
  await a.getByRole('heading', { level: 1, name: `Order ${otherNo}` }).waitFor();
  const otherGroup = (await adminApi.get(`${W}/orders/${other}`)).body.deliveryGroups[0].id;
  const elsewhere = await adminApi.post(`${W}/orders/${other}/delivery-groups/${otherGroup}/actions/ship`, {
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
  });
  assert.equal(elsewhere.status, 200, elsewhere.text);
  await a.getByLabel('Carrier', { exact: true }).selectOption('UPS');
  await a.getByLabel('Tracking number').fill('1Z 999 AA1 0123 4567 84');
  await a.getByRole('button', { name: 'Mark shipped' }).click();
  await a.getByRole('alert').filter({ hasText: 'This group shipped on' }).waitFor();
  // The page reads the order again: the group as it now stands, and no form to ship it twice.
  await a.getByText(/Shipped · UPS 1Z999AA10123456784/).waitFor();
  assert.equal(await a.getByRole('button', { name: 'Mark shipped' }).count(), 0);

  // The buyer's printed order: found by its number, shipped with FedEx through the form.
  await a.goBack();
  await a.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  await a.getByLabel('Order number or email').fill(printedNo);
  await a.getByRole('button', { name: 'Filter' }).click();
  await a.waitForURL((u) => u.searchParams.get('q') === printedNo);
  await a.getByRole('table').getByRole('link', { name: printedNo }).click();
  await a.getByRole('heading', { level: 1, name: `Order ${printedNo}` }).waitFor();
  await a.getByLabel('Carrier', { exact: true }).selectOption('FedEx');
  const tracking = a.getByLabel('Tracking number');
  // The tracking rule as the seller types: a number too short for FedEx is named when they leave the field…
  await tracking.fill('12345');
  await tracking.blur();
  await a.getByText('A FedEx tracking number is 12, 15, 20 or 22 digits.', { exact: true }).last().waitFor();
  await scan('order page, ship form with a refused tracking number');
  // …and goes as soon as the number is right.
  await tracking.fill('1234 5678 9012');
  // The page re-renders after the input event; under load that can come a moment after fill() returns.
  await a.locator('.field__error').first().waitFor({ state: 'detached' });
  assert.equal(await a.locator('.field__error').count(), 0);
  await a.getByRole('button', { name: 'Mark shipped' }).click();
  await a.getByText('Shipped with FedEx, tracking number 123456789012. The buyer has been emailed.').waitFor();
  // The form goes with the answer, before the page has read the order again (so it can't ship the group twice).
  assert.equal(await a.getByRole('button', { name: 'Mark shipped' }).count(), 0);
  await a.getByTestId('order-status').getByText('Fulfilled').waitFor();
  await a.getByRole('cell', { name: 'order-shipped' }).waitFor();

  // The buyer, in a browser of their own, sees the carrier and tracking number.
  const buyer = await open(live.browser);
  const b = buyer.page;
  await logInTo(b, DEMO_USERS.consumer.email, `/orders/${printed}`);
  const shipping = b.getByRole('region', { name: 'Shipping' });
  await shipping.getByText('FedEx').waitFor();
  assert.equal((await shipping.getByTestId('tracking-number').innerText()).trim(), '123456789012');

  // The dataset order: a line refunded after a confirmation that says how much.
  await a.goto(`${live.server.url}/admin/orders?q=${encodeURIComponent(datasetNo)}`);
  await hydrated(a);
  await a.getByRole('table').getByRole('link', { name: datasetNo }).click();
  await a.getByRole('heading', { level: 1, name: `Order ${datasetNo}` }).waitFor();
  await a.getByRole('button', { name: 'Review refund' }).click();
  await a.getByText('You must select at least one choice from this set').waitFor();
  const line = a.getByRole('group', { name: 'What to refund' }).getByRole('checkbox').first();
  await line.check();
  await a.getByLabel('Reason (the buyer sees it)').fill('Wrong list ordered');
  await a.getByRole('button', { name: 'Review refund' }).click();
  const question = a.getByTestId('refund-question');
  await question.waitFor();
  const asked = /^Refund \$([\d,]+\.\d{2}) to the buyer’s card\?$/.exec((await question.innerText()).trim());
  assert.ok(asked, await question.innerText());
  await scan('order page, refund confirmation');
  await a.getByRole('button', { name: 'Confirm refund' }).click();
  await a.getByText(`Refunded. $${asked[1]} goes back to the card.`).waitFor();
  await a.getByTestId('order-status').getByText('Refunded').waitFor();
  const after = (await adminApi.get(`${W}/orders/${dataset}`)).body;
  assert.equal(after.refunds.length, 1, 'one refund, not two');
  assert.equal(Number(after.refunds[0].amount).toFixed(2), asked[1]!.replace(/,/g, ''), 'the amount confirmed');
  await a
    .getByTestId('admin-refund')
    .getByText(/Wrong list ordered/)
    .waitFor();

  // The buyer's download is gone from their page, and the link they had is refused.
  await b.goto(`${live.server.url}/orders/${dataset}`);
  await b
    .getByRole('region', { name: 'Refunds' })
    .getByText(/Wrong list ordered/)
    .waitFor();
  assert.equal(await b.getByRole('region', { name: 'Downloads' }).count(), 0);
  assert.equal((await buyerApi.get(downloadUrl)).status, 410);

  // The audit log: the shipment and the refund, with who made them (the refusal changed nothing, so is not there).
  await a.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Audit log' }).click();
  await a.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
  await a.getByLabel('Record type').selectOption('Order');
  await a.getByRole('button', { name: 'Filter' }).click();
  await a.waitForURL((u) => u.searchParams.get('recordType') === 'Order');
  const row = (no: string) => a.getByRole('row').filter({ hasText: no });
  await row(datasetNo).waitFor();
  assert.match((await row(datasetNo).innerText()).replace(/\s+/g, ' '), /admin@datadepot\.example Refunded/);
  assert.match((await row(printedNo).innerText()).replace(/\s+/g, ' '), /admin@datadepot\.example Shipped/);
  await scan('audit log of orders');

  for (const x of [admin, buyer]) {
    assert.deepEqual(x.errors, []);
    await x.context.close();
  }
  console.log(`workspace orders a11y: ${found.length} violations`);
  assert.equal(found.length, 0, `axe violations:\n${describeViolations(found)}`);
});

test('the administrator re-sends a dataset order’s download links and cancels an order that has not shipped', async () => {
  const s = live.server;
  const buyerApi = await s.login(DEMO_USERS.consumer.email);
  const dataset = await placeCardOrder(buyerApi, await productIdOf(s, 'DS-00008'));
  const printed = await placeCardOrder(buyerApi, await productIdOf(s, 'PD-00001'));
  const admin = await open(live.browser);
  const a = admin.page;
  await logInTo(a, DEMO_USERS.admin.email, `/admin/orders/${dataset}`);
  await a.getByText('Download emails sent: 1').waitFor();
  await a.getByRole('button', { name: 'Re-send download links' }).click();
  await a.getByText(`Fresh download links were emailed to ${DEMO_USERS.consumer.email}.`).waitFor();
  await a.getByText('Download emails sent: 2').waitFor();
  assert.equal(await a.getByRole('cell', { name: 'downloads-ready', exact: true }).count(), 2);

  await a.goto(`${s.url}/admin/orders/${printed}`);
  await hydrated(a);
  const cancel = a.getByRole('region', { name: 'Cancel the order' });
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await cancel.getByText('Complete this field').waitFor();
  await cancel.getByLabel('Reason for cancelling').fill('The buyer ordered it twice');
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await a.getByText("Order cancelled. The card's authorisation of").waitFor();
  await a.getByTestId('order-status').getByText('Cancelled').waitFor();
  // A cancelled order takes nothing more: no shipping, refund or cancel forms.
  for (const name of ['Mark shipped', 'Review refund', 'Cancel order'])
    assert.equal(await a.getByRole('button', { name }).count(), 0, name);
  const order = (await s.login(DEMO_USERS.admin.email)).get(`${W}/orders/${printed}`);
  const body = (await order).body;
  assert.equal(body.status, 'Cancelled');
  assert.equal(body.refunds[0].kind, 'Void');
  assert.equal(body.refunds[0].reason, 'The buyer ordered it twice');
  assert.deepEqual(admin.errors, []);
  await admin.context.close();
});

test('a catalogue manager has no orders: no menu entry, the workspace’s 403 page, no refund button', async () => {
  const buyerApi = await live.server.login(DEMO_USERS.consumer.email);
  const order = await placeCardOrder(buyerApi, await productIdOf(live.server, 'PD-00001'));
  const manager = await open(live.browser);
  const m = manager.page;
  await logInTo(m, CATALOGUE_MANAGER.email, '/admin');
  await m.getByText('Catalogue manager').first().waitFor();
  assert.equal(await m.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Orders' }).count(), 0);
  for (const path of ['/admin/orders', `/admin/orders/${order}`]) {
    const res = await m.goto(`${live.server.url}${path}`);
    assert.equal(res?.status(), 403, path);
    await m.getByRole('heading', { level: 1, name: 'You don’t have access to the workspace' }).waitFor();
    assert.equal(await m.getByRole('button', { name: /refund/i }).count(), 0);
    assert.equal(await m.getByRole('table').count(), 0);
  }
  assert.deepEqual(manager.errors, []);
  await manager.context.close();
});

test('the order pages have no axe violations at 375 px either', async () => {
  const s = live.server;
  const buyerApi = await s.login(DEMO_USERS.consumer.email);
  const order = await placeCardOrder(buyerApi, await productIdOf(s, 'PD-00001'));
  const narrow = await open(live.browser, 375);
  const found: A11yViolation[] = [];
  await logInTo(narrow.page, DEMO_USERS.admin.email, '/admin/orders');
  await narrow.page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  found.push(...(await axeViolations(narrow.page, 'orders table @375px')));
  await narrow.page.goto(`${s.url}/admin/orders/${order}`);
  await hydrated(narrow.page);
  await narrow.page.getByRole('button', { name: 'Mark shipped' }).waitFor();
  found.push(...(await axeViolations(narrow.page, 'order page @375px')));
  assert.equal(found.length, 0, `axe violations:\n${describeViolations(found)}`);
  assert.deepEqual(narrow.errors, []);
  await narrow.context.close();
});
