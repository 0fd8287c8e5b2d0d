// Checkout in real Chromium against the real server and database: a guest buys a dataset by card and
// downloads the file from the confirmation page; a B2B buyer acting for Contoso buys a volume-tier
// quantity with a coupon, pays by purchase order and finds the order in Contoso's history; a guest's
// declined card says so, places nothing and leaves the shopper on the checkout with the form as typed.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { liveStore } from './browser.ts';
import {
  addAndGoToCheckout,
  badge,
  fillCard,
  fillGuestContact,
  fillUsAddress,
  hydrated,
  section,
} from './checkout-steps.ts';
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { CHECKOUT_SESSION_KEY } from '@store/core';
import { DEMO_PASSWORD, DEMO_USERS } from '../packages/server/src/seed/access.ts';
import { PRICE_BOOK_IDS } from '../packages/server/src/seed/store.ts';
import { parseCsv } from '../packages/server/src/test-support/csv.ts';

const live = liveStore();

interface Dataset {
  id: string;
  name: string;
  sku: string;
  included_fields_json: string;
  record_count: number | null;
}

/** Once-only datasets with a store price and a modest record count (the whole file is read in the test). */
async function datasets(n: number, offset: number): Promise<Dataset[]> {
  const rows = await live.server.db.db
    .selectFrom('product')
    .innerJoin('price_book_entry', 'price_book_entry.product_id', 'product.id')
    .select(['product.id', 'product.name', 'product.sku', 'product.included_fields_json', 'product.record_count'])
    .where('price_book_entry.price_book_id', '=', PRICE_BOOK_IDS.store)
    .where('price_book_entry.selling_model_id', 'is', null)
    .where('product.sku', 'like', 'DS-%')
    .where('product.qty_max', '=', '1')
    .where('product.is_active', '=', 1)
    .where('product.record_count', '>', 100)
    .where('product.record_count', '<', 20000)
    .orderBy('product.sku')
    .execute();
  const out = rows.slice(offset, offset + n);
  assert.equal(out.length, n, 'enough small datasets in the demo catalogue');
  return out;
}

async function open(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await live.browser.newContext({ viewport: { width: 1280, height: 1000 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

describe('checkout', () => {
  test('a guest buys a dataset by card and downloads the full file from the confirmation', async () => {
    const [pick] = await datasets(1, 0);
    const { context, page, errors } = await open();
    await addAndGoToCheckout(page, live.server.url, pick!.id, 1);

    // Datasets go by download, chosen for the shopper, free.
    const delivery = section(page, /Delivery method/);
    const download = delivery.getByRole('radio', { name: /Secure download/ });
    assert.equal(await download.isChecked(), true);
    await delivery.getByText('Free').waitFor();

    await fillGuestContact(page, 'ada@example.com');
    await fillUsAddress(page);
    await fillCard(page, '4242 4242 4242 4242');
    await section(page, /Payment/)
      .getByText(/Visa ending in 4242/)
      .waitFor();
    const checkoutId = await page.evaluate((key) => sessionStorage.getItem(key), CHECKOUT_SESSION_KEY);
    assert.match(checkoutId ?? '', /^2z9/, 'the active checkout id is kept in session storage');

    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/orders/') && u.searchParams.get('placed') === '1');
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order' }).waitFor();
    const orderNumber = (await page.getByTestId('order-number').innerText()).trim();
    assert.match(orderNumber, /^DD-\d{8}$/);
    await badge(page).filter({ hasText: 'Cart (0)' }).waitFor();
    assert.equal(
      await page.evaluate((key) => sessionStorage.getItem(key), CHECKOUT_SESSION_KEY),
      null,
      'cleared once placed',
    );
    const order = await live.server.db.db
      .selectFrom('sales_order')
      .select(['order_number', 'email', 'checkout_id'])
      .where('order_number', '=', orderNumber)
      .executeTakeFirstOrThrow();
    assert.equal(order.email, 'ada@example.com');
    assert.equal(order.checkout_id, checkoutId);
    await page.getByRole('list', { name: 'Items in this order' }).getByText(pick!.name).waitFor();
    await page.getByRole('region', { name: 'Delivery address' }).getByText('415 Mission St').waitFor();

    // The download: the full file, the product's included fields as header, more rows than the 25 of the sample.
    const downloads = page.getByRole('region', { name: 'Downloads' });
    const link = downloads.getByRole('link', {
      name: new RegExp(`Download ${pick!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    });
    assert.equal(await link.count(), 1, 'one link per dataset');
    assert.ok(await link.getAttribute('download'), 'a download link');
    const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
    assert.match(file.suggestedFilename(), new RegExp(`^${pick!.sku}-.+\\.csv$`));
    const text = await readFile((await file.path())!, 'utf8');
    const lines = text.split('\r\n').filter((l) => l !== '');
    assert.deepEqual(parseCsv(`${lines[0]}\r\n`)[0], JSON.parse(pick!.included_fields_json));
    assert.ok(lines.length > 25, `more than the sample's rows: ${lines.length}`);

    // The same page rendered by the server (a reload): the order and a freshly signed link.
    await page.reload();
    await hydrated(page);
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order' }).waitFor();
    assert.equal((await page.getByTestId('order-number').innerText()).trim(), orderNumber);
    assert.equal(await page.getByRole('region', { name: 'Downloads' }).getByRole('link').count(), 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a buyer for Contoso: volume-tier quantity, coupon WELCOME10, purchase order, the order in Contoso\u2019s history', async () => {
    const accounts = await live.server.db.db.selectFrom('account').select(['id', 'name']).execute();
    const contoso = accounts.find((a) => a.name === 'Contoso Dental Group')!.id;
    const tiered = await live.server.db.db
      .selectFrom('price_adjustment_tier')
      .innerJoin('price_book_entry', 'price_book_entry.id', 'price_adjustment_tier.price_book_entry_id')
      .innerJoin('product', 'product.id', 'price_book_entry.product_id')
      .select(['product.id', 'product.name', 'price_adjustment_tier.lower_bound', 'price_book_entry.unit_price_minor'])
      .where('price_book_entry.price_book_id', '=', PRICE_BOOK_IDS.store)
      .where('price_book_entry.selling_model_id', 'is', null)
      .where('product.qty_max', '!=', '1')
      .where('product.fulfilment', '=', 'Dataset')
      .where('product.is_active', '=', 1)
      .where('price_adjustment_tier.lower_bound', '>', 1)
      .orderBy('product.sku')
      .orderBy('price_adjustment_tier.lower_bound')
      .limit(1)
      .executeTakeFirstOrThrow();

    const { context, page, errors } = await open();
    await page.goto(`${live.server.url}/login`);
    await hydrated(page);
    await page.getByLabel('Email').fill(DEMO_USERS.buyer.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname !== '/login');
    const header = page.getByRole('banner');
    await header.getByText('Hi, Morgan').waitFor();
    await hydrated(page);
    const select = header.getByLabel('Account', { exact: true });
    await Promise.all([page.waitForEvent('load'), select.selectOption({ label: 'Contoso Dental Group' })]);
    await hydrated(page);
    assert.equal(await header.getByLabel('Account', { exact: true }).inputValue(), contoso);

    await addAndGoToCheckout(page, live.server.url, tiered.id, tiered.lower_bound, tiered.lower_bound);
    // Logged in: contact details and the account's default address come filled in.
    await section(page, /Contact details/)
      .getByText(DEMO_USERS.buyer.email)
      .waitFor();
    await section(page, /Billing address|Delivery address/)
      .getByText('48 Congress Ave')
      .waitFor();
    const review = section(page, /Review your order/);
    await review.getByRole('list', { name: 'Items in your order' }).getByText(tiered.name).waitFor();
    await review.getByText(`Qty ${tiered.lower_bound}`).waitFor();

    // The coupon, within the checkout: the discount shows in the totals.
    const totalBefore = await review.getByTestId('order-total').innerText();
    await review.getByLabel('Coupon code').fill('WELCOME10');
    await review.getByRole('button', { name: 'Apply' }).click();
    await review.getByRole('list', { name: 'Applied coupons' }).getByText('WELCOME10').waitFor();
    await review.getByText('Discounts').waitFor();
    const totalAfter = await review.getByTestId('order-total').innerText();
    const amount = (t: string) => Number(t.replace(/[^0-9.]/g, ''));
    assert.ok(amount(totalAfter) < amount(totalBefore), `the coupon lowers the total: ${totalBefore} → ${totalAfter}`);

    // Purchase order.
    const payment = section(page, /Payment/);
    await payment.getByRole('radio', { name: 'Purchase order' }).check();
    await payment.getByRole('textbox', { name: 'Purchase order number' }).fill('PO-7731');
    await payment.getByRole('button', { name: 'Use this purchase order' }).click();
    await payment.getByText(/Purchase order PO-7731/).waitFor();

    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order' }).waitFor();
    const orderNumber = (await page.getByTestId('order-number').innerText()).trim();
    assert.match(orderNumber, /^DD-\d{8}$/);
    await page.getByText('Purchase order PO-7731').first().waitFor();
    assert.equal(
      await page.getByTestId('order-total').innerText(),
      totalAfter,
      'the order total is what the review showed',
    );

    // The history, from the header: the order is there for Contoso.
    await header.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByText('Orders of Contoso Dental Group').waitFor();
    await page.getByRole('table').getByRole('link', { name: orderNumber }).waitFor();
    const row = await live.server.db.db
      .selectFrom('sales_order')
      .select(['account_id', 'po_number'])
      .where('order_number', '=', orderNumber)
      .executeTakeFirstOrThrow();
    assert.equal(row.account_id, contoso, 'the order belongs to Contoso');
    assert.equal(row.po_number, 'PO-7731');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a guest\u2019s declined card: "Your card was declined.", no order, still on the checkout with the form as typed', async () => {
    const [pick] = await datasets(1, 1);
    const { context, page, errors } = await open();
    await addAndGoToCheckout(page, live.server.url, pick!.id, 1);
    await fillGuestContact(page, 'grace@example.com');
    await fillUsAddress(page);
    await fillCard(page, '4000 0000 0000 0002');

    const alert = section(page, /Payment/).getByRole('alert');
    await alert.filter({ hasText: 'Your card was declined.' }).waitFor();
    // Focus moves to the message (after it renders), so a screen reader reads it out.
    await page.waitForFunction(
      () =>
        document.activeElement?.getAttribute('role') === 'alert' &&
        /declined/.test(document.activeElement.textContent ?? ''),
      undefined,
      { timeout: 5000 },
    );
    assert.equal(new URL(page.url()).pathname, '/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    assert.equal(
      await section(page, /Payment/)
        .getByLabel('Card number')
        .inputValue(),
      '4000 0000 0000 0002',
      'the form keeps what was typed',
    );

    // Placing now is refused in the page, and nothing exists in the database for this checkout or cart.
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('alert').filter({ hasText: 'Add a payment method.' }).waitFor();
    const checkoutId = await page.evaluate((key) => sessionStorage.getItem(key), CHECKOUT_SESSION_KEY);
    assert.ok(checkoutId);
    const checkout = await live.server.db.db
      .selectFrom('checkout')
      .select(['id', 'cart_id'])
      .where('id', '=', checkoutId)
      .executeTakeFirstOrThrow();
    const orders = await live.server.db.db
      .selectFrom('sales_order')
      .select('id')
      .where((eb) => eb.or([eb('checkout_id', '=', checkout.id), eb('cart_id', '=', checkout.cart_id)]))
      .execute();
    assert.deepEqual(orders, [], 'no order');
    const held = await live.server.db.db
      .selectFrom('payment')
      .select('status')
      .where('checkout_id', '=', checkout.id)
      .where('status', '=', 'Authorized')
      .execute();
    assert.deepEqual(held, [], 'no authorised payment');
    assert.equal(await badge(page).innerText(), 'Cart (1)', 'the cart is still there');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
