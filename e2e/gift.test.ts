// Gift wrap in real Chromium against the real server and database (issue 14): a guest with a printed
// directory in the cart chooses gift wrap and writes a gift message on the cart page, sees the wrap among
// the totals, buys, and finds the wrap and the message on the order page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { liveStore } from './browser.ts';
import { addAndGoToCheckout, badge, fillCard, fillGuestContact, fillUsAddress, section } from './checkout-steps.ts';

const live = liveStore();

test('a guest gift-wraps a printed directory with a message, and the order shows both', async () => {
  const printed = await live.server.db.db
    .selectFrom('product')
    .select(['id', 'name'])
    .where('sku', '=', 'PD-00003')
    .executeTakeFirstOrThrow();
  const context = await live.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));

  await addAndGoToCheckout(page, live.server.url, printed.id, 1);
  // Back to the cart for the gift options.
  await page.goto(`${live.server.url}/cart`);
  const gift = section(page, 'Gift options');
  await gift.getByLabel(/Gift Wrap \(\$4\.95\)/).check();
  await gift.getByLabel('Gift message').fill('Happy 40th, from all of us');
  await gift.getByLabel('Gift card to').fill('Ada Lovelace');
  await gift.getByRole('button', { name: 'Save gift options' }).click();
  await gift.getByText('Gift options saved.').waitFor();
  await section(page, 'Summary').getByText('Gift wrap').waitFor();

  await page.getByRole('link', { name: 'Checkout' }).click();
  await page.waitForURL((u) => u.pathname === '/checkout');
  await fillGuestContact(page, 'gift@example.com');
  await fillUsAddress(page);
  await fillCard(page, '4242 4242 4242 4242');
  await section(page, /Payment/)
    .getByText(/Visa ending in 4242/)
    .waitFor();
  await section(page, /Review your order/)
    .getByText('Gift wrap')
    .waitFor();
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/orders/'));
  await page.getByRole('heading', { level: 1, name: 'Thank you for your order' }).waitFor();
  const giftSection = page.getByRole('region', { name: 'Gift' });
  await giftSection.getByText('Gift wrapped').waitFor();
  assert.equal((await page.getByTestId('gift-message').innerText()).trim(), 'Happy 40th, from all of us');
  assert.equal((await page.getByTestId('gift-to').innerText()).trim(), 'To: Ada Lovelace');
  await badge(page).filter({ hasText: 'Cart (0)' }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});
