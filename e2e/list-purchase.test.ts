// Issue 19's journey in real Chromium against the real server: a buyer narrows "US Dentists, Email and Phone" to
// Texas with an email, sees the count and the price change, adds that selection, buys it as a guest, and the file
// downloaded from the order page has exactly that many rows, every one in Texas with an email; the order page
// and the confirmation email name the selection.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { liveStore } from './browser.ts';
import { dentistCounts, money, records } from './list-builder-steps.ts';
import { badge, goToCheckout, hydrated, placeGuestOrder, section } from './checkout-steps.ts';
import { parseCsv } from '../packages/server/src/test-support/csv.ts';

let product: any;
let whole: any;
let texasWithEmail: any;
const live = liveStore(async ({ server }) => {
  ({ product, whole, texasWithEmail } = await dentistCounts(server));
});
const LABEL = 'State or region: TX · Has email';

describe('buying a selection of a dataset', () => {
  test('Texas with an email: counted, priced, bought, and delivered as exactly those rows', async () => {
    assert.ok(texasWithEmail.records > 0 && texasWithEmail.records < whole.records);
    const context = await live.browser.newContext({ viewport: { width: 1280, height: 1000 }, acceptDownloads: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${live.server.url}/product/${product.id}`);
    await hydrated(page);
    const summary = page.locator('.list-builder__summary');
    await summary.getByText(records(whole.records), { exact: true }).waitFor();
    await summary.getByText(money(whole.price.amount), { exact: true }).waitFor();

    await page.locator('[data-filter="region"]').getByRole('checkbox', { name: /^TX\b/ }).check();
    await page.getByRole('checkbox', { name: /^Has email\b/ }).check();
    await summary.getByText(records(texasWithEmail.records), { exact: true }).waitFor();
    await summary.getByText(money(texasWithEmail.price.amount), { exact: true }).waitFor();
    assert.notEqual(texasWithEmail.price.amount, whole.price.amount, 'the price changed with the selection');

    await page.getByRole('button', { name: `Add ${records(texasWithEmail.records)} to cart` }).click();
    await badge(page).filter({ hasText: 'Cart (1)' }).waitFor();
    await goToCheckout(page);
    await placeGuestOrder(page, 'texas-lists@example.com');

    // The order page names the selection and its size.
    const items = page.getByRole('list', { name: 'Items in this order' });
    await items.getByText(LABEL).waitFor();
    await items.getByText(records(texasWithEmail.records)).first().waitFor();

    // The download: the header, then exactly the selected records, every one in Texas with an email.
    const link = section(page, 'Downloads').getByRole('link', { name: /^Download / });
    assert.equal(await link.count(), 1);
    const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const [header, ...rows] = parseCsv(await readFile((await file.path())!, 'utf8'));
    assert.equal(rows.length, texasWithEmail.records, 'as many rows as the count the buyer was shown');
    const state = header!.indexOf('State');
    const email = header!.indexOf('Email');
    assert.ok(
      rows.every((r) => r[state] === 'TX'),
      'all in Texas',
    );
    assert.ok(
      rows.every((r) => r[email]!.trim() !== ''),
      'all with an email',
    );

    // The confirmation email names the selection too.
    const mail = await live.server.db.db
      .selectFrom('mail_outbox')
      .select(['text_body', 'html_body'])
      .where('to_address', '=', 'texas-lists@example.com')
      .where('kind', '=', 'order-confirmation')
      .executeTakeFirstOrThrow();
    assert.ok(mail.text_body.includes(`Selection: ${LABEL} (${records(texasWithEmail.records)})`), mail.text_body);
    assert.ok(mail.html_body.includes(`Selection: ${LABEL} (${records(texasWithEmail.records)})`), 'the HTML mail too');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
