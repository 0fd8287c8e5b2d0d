// The workspace's promotions, settings and customers pages in real Chromium against the real server and
// database (issue 15): the administrator creates a coupon promotion in the editor, tries it on a sample cart,
// a shopper uses the code on the cart page and buys, and the promotions table counts the use; the
// administrator turns gift messages off and the shopper's cart stops offering one on its next load; the
// catalogue manager has promotions but gets the workspace's 403 for settings and customers; axe finds
// nothing on the new pages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { liveStore } from './browser.ts';
import { axeViolations, describeViolations, type A11yViolation } from './axe.ts';
import { addAndGoToCheckout, badge, hydrated, placeGuestOrder } from './checkout-steps.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../packages/server/src/seed/access.ts';
import { CATALOGUE_MANAGER } from '../packages/server/src/seed/workspace-users.ts';

const live = liveStore();
const SKU = 'DS-00001';
const PROMOTION = 'Spring data sale: 10% off';
const DENIED = 'You don’t have access to the workspace';

async function open(browser: Browser, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 1000 }, bypassCSP: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

async function logInTo(page: Page, email: string, path: string) {
  await page.goto(`${live.server.url}/login?returnUrl=${encodeURIComponent(path)}`);
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname === path.split('?')[0]);
  await hydrated(page);
}

/** "$1,234.50" or "-$12.30" in cents, without floats. */
const cents = (text: string) => {
  const m = /(-?)\$([\d,]+)\.(\d\d)/.exec(text);
  assert.ok(m, `an amount in "${text}"`);
  return (m[1] ? -1 : 1) * (Number(m[2]!.replaceAll(',', '')) * 100 + Number(m[3]));
};
const dollars = (c: number) => `$${Math.floor(c / 100).toLocaleString('en-US')}.${String(c % 100).padStart(2, '0')}`;
/** 10 % of an amount in cents, rounded half up (as the engine rounds). */
const tenPercent = (c: number) => Math.floor((c + 5) / 10);

test('the administrator makes a coupon promotion in the editor and tries it; a shopper uses the code; the table counts it', async () => {
  const product = await live.server.db.db
    .selectFrom('product')
    .select(['id', 'name'])
    .where('sku', '=', SKU)
    .executeTakeFirstOrThrow();
  const admin = await open(live.browser);
  const a = admin.page;
  await logInTo(a, DEMO_USERS.admin.email, '/admin');
  await a.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Promotions' }).click();
  await a.getByRole('heading', { level: 1, name: 'Promotions' }).waitFor();
  await a.getByRole('link', { name: 'New promotion' }).click();
  await a.getByRole('heading', { level: 1, name: 'New promotion' }).waitFor();

  // Core's promotion rules answer as the administrator types.
  await a.getByLabel('Name').fill(PROMOTION);
  await a.getByLabel('Percent off', { exact: true }).fill('150');
  await a.getByText('The percent off must be a percentage greater than 0 and at most 100.').waitFor();
  await a.getByLabel('Percent off', { exact: true }).fill('10');
  await a.getByLabel('Coupon 1 code').fill('SPRING-DATA');
  await a.getByLabel('Coupon 1 usage limit').fill('0');
  await a.getByText('The usage limit of SPRING-DATA must be a whole number from 1, or none.').waitFor();
  await a.getByLabel('Coupon 1 usage limit').fill('5');
  await a.getByLabel('Products', { exact: true }).fill('NO-SUCH-SKU');
  await a.getByRole('button', { name: 'Create promotion' }).click();
  await a.getByText(/No product has the SKU NO-SUCH-SKU/).waitFor();
  await a.getByLabel('Products', { exact: true }).fill(SKU);
  await a.getByRole('button', { name: 'Create promotion' }).click();
  await a.waitForURL((u) => /^\/admin\/promotions\/0c8\w{15}$/.test(u.pathname));
  await a.getByText('The promotion has been created.').waitFor();
  await a.getByRole('heading', { level: 1, name: PROMOTION }).waitFor();
  assert.equal(await a.getByLabel('Products', { exact: true }).inputValue(), SKU);

  // Try it: two of the dataset for a guest, with the code; the trial shows the adjusted totals.
  await a.getByLabel('Sample line 1 product').fill(SKU);
  await a.getByLabel('Sample line 1 quantity').fill('2');
  await a.getByRole('button', { name: 'Try it' }).click();
  const trial = a.getByRole('region', { name: 'Trial result' });
  const applies = trial.getByText(/This promotion applies: it takes \$[\d,.]+ off\./);
  await applies.waitFor();
  await trial.getByRole('list', { name: 'Codes tried' }).getByText('accepted').waitFor();
  const row = trial.getByRole('row').filter({ hasText: SKU });
  let cells = await row.getByRole('cell').allInnerTexts();
  const unit = cents(cells[3]!);
  // With the store's automatic promotions too (those first by priority, so this one takes 10% of what they
  // left): the line's total is its price less all of them.
  assert.ok(cents(await applies.innerText()) <= tenPercent(2 * unit));
  assert.equal(cents(cells[5]!), 2 * unit + cents(cells[4]!));
  // Alone, the line shows this promotion's 10% only.
  await a.getByLabel('Try it alone').check();
  await a.getByRole('button', { name: 'Try it' }).click();
  await trial.getByRole('cell', { name: `-${dollars(tenPercent(2 * unit))}` }).waitFor();
  assert.equal(cents(await applies.innerText()), tenPercent(2 * unit), 'alone, it takes 10% of two off');
  cells = await row.getByRole('cell').allInnerTexts();
  assert.equal(cents(cells[5]!), 2 * unit - tenPercent(2 * unit), cells.join(' | '));
  assert.equal(cents(await trial.locator('dd').last().innerText()), 2 * unit - tenPercent(2 * unit), 'total');
  // An account that doesn't exist is the server's refusal, shown in the panel.
  await a.getByLabel('Buyer account id').fill('001999999999999AAA');
  await a.getByRole('button', { name: 'Try it' }).click();
  await a.getByRole('alert').getByText("The account 001999999999999AAA doesn't exist.").waitFor();
  await a.getByLabel('Buyer account id').fill('');

  // A guest applies the code on the cart page, sees the discount, and buys.
  const shopper = await open(live.browser);
  const s = shopper.page;
  await addAndGoToCheckout(s, live.server.url, product.id, 1);
  await s.goto(`${live.server.url}/cart`);
  await hydrated(s);
  const totals = s.locator('.cart-totals');
  await totals.getByText('Total').first().waitFor();
  await s.getByLabel('Coupon code').fill('spring-data');
  await s.getByRole('button', { name: 'Apply' }).click();
  await s.getByRole('list', { name: 'Applied coupons' }).getByText('SPRING-DATA').waitFor();
  await s.getByRole('list', { name: 'Promotions' }).getByText(PROMOTION).first().waitFor();
  const promotions = /Promotions\s*(-\$[\d,]+\.\d\d)/.exec(await totals.innerText());
  assert.ok(promotions, await totals.innerText());
  assert.ok(cents(promotions[1]!) <= -tenPercent(unit), 'the code takes at least 10% of the price off');
  await s.getByRole('link', { name: 'Checkout' }).click();
  await s.waitForURL((u) => u.pathname === '/checkout');
  await placeGuestOrder(s, 'spring@example.com');
  await badge(s).filter({ hasText: 'Cart (0)' }).waitFor();

  // The table: one order used the promotion, one of the code's five uses.
  await a.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Promotions' }).click();
  await a.waitForURL((u) => u.pathname === '/admin/promotions');
  const line = a.getByRole('row').filter({ hasText: PROMOTION });
  await line.waitFor();
  await line.getByText('1 of 5 used').waitFor();
  const texts = await line.getByRole('cell').allInnerTexts();
  assert.equal(texts.at(-1), '1', `uses: ${texts.join(' | ')}`);
  assert.equal(texts[3], 'On');

  for (const x of [admin, shopper]) {
    assert.deepEqual(x.errors, []);
    await x.context.close();
  }
});

test('the administrator turns gift messages off and the shopper’s cart offers none on its next load', async () => {
  const product = await live.server.db.db
    .selectFrom('product')
    .select('id')
    .where('sku', '=', 'PD-00003')
    .executeTakeFirstOrThrow();
  const shopper = await open(live.browser);
  const s = shopper.page;
  await addAndGoToCheckout(s, live.server.url, product.id, 1);
  await s.goto(`${live.server.url}/cart`);
  await hydrated(s);
  await s.getByLabel('Gift message').waitFor();

  const admin = await open(live.browser);
  const a = admin.page;
  await logInTo(a, DEMO_USERS.admin.email, '/admin/settings');
  await a.getByRole('heading', { level: 1, name: 'Store settings' }).waitFor();
  // A sound set of settings only: guest carts need guest browsing (core's rule, as the administrator clicks).
  await a.getByLabel('Guests may browse the store').uncheck();
  await a.getByText('Guest carts need guest browsing to be on.').waitFor();
  await a.getByRole('button', { name: 'Save settings' }).click();
  await a.getByRole('alert').getByText('Guest carts need guest browsing to be on.').waitFor();
  await a.getByLabel('Guests may browse the store').check();
  // The server's own refusal is shown at the form: a currency without a price book.
  await a.getByLabel('Currencies', { exact: true }).fill('USD, EUR');
  await a.getByRole('button', { name: 'Save settings' }).click();
  await a.getByText('The currency EUR has no active price book, so nothing could be sold in it.').waitFor();
  await a.getByLabel('Currencies', { exact: true }).fill('USD');
  await a.getByLabel('Gift messages').uncheck();
  await a.getByRole('button', { name: 'Save settings' }).click();
  await a.getByText(/The settings have been saved\. They are in effect now/).waitFor();

  await s.reload();
  await hydrated(s);
  await s.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
  await s.getByRole('heading', { name: 'Gift options' }).waitFor();
  assert.equal(await s.getByLabel('Gift message').count(), 0, 'no gift message offered');
  await a.reload();
  await hydrated(a);
  assert.equal(await a.getByLabel('Gift messages').isChecked(), false, 'the saved setting reads back');

  for (const x of [admin, shopper]) {
    assert.deepEqual(x.errors, []);
    await x.context.close();
  }
});

test('the catalogue manager has promotions, and the workspace’s 403 for settings and customers', async () => {
  const manager = await open(live.browser);
  const m = manager.page;
  await logInTo(m, CATALOGUE_MANAGER.email, '/admin/promotions');
  await m.getByRole('heading', { level: 1, name: 'Promotions' }).waitFor();
  const nav = m.getByRole('navigation', { name: 'Workspace' });
  await nav.getByRole('link', { name: 'Promotions' }).waitFor();
  for (const name of ['Settings', 'Accounts', 'Buyers', 'Buyer groups', 'Entitlement policies'])
    assert.equal(await nav.getByRole('link', { name, exact: true }).count(), 0, `no ${name} in a manager’s menu`);
  // The editor asks for buyer groups by id: the manager may not read customers.
  await m.getByRole('link', { name: 'New promotion' }).click();
  await m.getByLabel('Buyer group ids').waitFor();
  for (const path of ['/admin/settings', '/admin/accounts', '/admin/buyers', '/admin/buyer-groups']) {
    const res = await m.goto(`${live.server.url}${path}`);
    assert.equal(res?.status(), 403, path);
    await m.getByRole('heading', { level: 1, name: DENIED }).waitFor();
    assert.equal(await m.getByRole('table').count(), 0, `${path} shows no data`);
  }
  assert.deepEqual(manager.errors, []);
  await manager.context.close();
});

test('the promotions, settings and customers pages have no axe violations, at 375 and 1280 px', async () => {
  const found: A11yViolation[] = [];
  let scans = 0;
  for (const width of [375, 1280]) {
    const { context, page } = await open(live.browser, width);
    const scan = async (state: string) => {
      found.push(...(await axeViolations(page, `${state} @${width}px`)));
      scans++;
    };
    const visit = async (path: string, heading: string) => {
      await page.goto(`${live.server.url}${path}`);
      await hydrated(page);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    };
    await logInTo(page, DEMO_USERS.admin.email, '/admin/promotions');
    await page.getByRole('heading', { level: 1, name: 'Promotions' }).waitFor();
    await scan('promotions table');
    await visit('/admin/promotions/new', 'New promotion');
    await page.getByLabel('Discount type').selectOption('TieredPercentOff');
    await page.getByRole('button', { name: 'Create promotion' }).click();
    await page.getByText('Complete this field').first().waitFor();
    await scan('new promotion, refused');
    await page.getByLabel('Name').fill('Volume break');
    await page.getByLabel('Tier 1 from quantity').fill('5');
    await page.getByLabel('Tier 1 percent off').fill('5');
    await page.getByLabel('Sample line 1 product').fill(SKU);
    await page.getByLabel('Sample line 1 quantity').fill('5');
    await page.getByRole('button', { name: 'Try it' }).click();
    await page.getByRole('region', { name: 'Trial result' }).waitFor();
    await scan('new promotion, tried');
    await visit('/admin/settings', 'Store settings');
    await scan('settings');
    await visit('/admin/accounts', 'Accounts');
    await scan('accounts');
    await page.getByRole('link', { name: 'Northwind Traders' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Northwind Traders' }).waitFor();
    await scan('account');
    await visit('/admin/buyers', 'Buyers');
    await scan('buyers');
    await page.getByRole('link', { name: DEMO_USERS.buyer.email }).click();
    await page.getByRole('heading', { level: 1, name: DEMO_USERS.buyer.email }).waitFor();
    await scan('buyer');
    await visit('/admin/buyer-groups', 'Buyer groups');
    await scan('buyer groups');
    await page.getByRole('link', { name: 'Wholesale Partners' }).click();
    await page.getByRole('heading', { level: 1, name: 'Wholesale Partners' }).waitFor();
    await scan('buyer group');
    await context.close();
  }
  console.log(`workspace merchandising a11y: ${scans} scans, ${found.length} violations`);
  assert.equal(found.length, 0, `axe violations:\n${describeViolations(found)}`);
});

test('the administrator sends a buyer a reset link, makes a buyer group with members, and changes who acts for whom', async () => {
  const db = live.server.db.db;
  const accountId = async (name: string) =>
    (await db.selectFrom('account').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const contoso = await accountId('Contoso Dental Group');
  const fabrikam = await accountId('Fabrikam Research');
  const admin = await open(live.browser);
  const a = admin.page;
  await logInTo(a, DEMO_USERS.admin.email, '/admin/buyers');
  await a.getByRole('heading', { level: 1, name: 'Buyers' }).waitFor();
  await a.getByLabel('Search buyers').fill('northwind');
  await a.getByRole('button', { name: 'Filter' }).click();
  await a.waitForURL((u) => u.search.includes('q=northwind'));
  await a.getByRole('link', { name: DEMO_USERS.buyer.email }).click();
  await a.getByRole('heading', { level: 1, name: DEMO_USERS.buyer.email }).waitFor();

  // The reset link goes out by mail (the outbox), and the page says until when it works.
  await a.getByRole('button', { name: 'Send password reset link' }).click();
  await a
    .getByText(new RegExp(`A reset link has been sent to ${DEMO_USERS.buyer.email}\\. It works until .+ UTC\\.`))
    .waitFor();
  const mail = await db
    .selectFrom('mail_outbox')
    .select(['text_body'])
    .where('to_address', '=', DEMO_USERS.buyer.email)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  assert.match(mail?.text_body ?? '', /\/password-reset\?token=/);

  // Morgan stops acting for Fabrikam: untick it and save; the page (and the server) no longer list it.
  await a.getByLabel('Fabrikam Research').uncheck();
  await a.getByRole('button', { name: 'Save managed accounts' }).click();
  await a.getByText('The managed accounts have been saved.').waitFor();
  await a.getByLabel('Contoso Dental Group').waitFor();
  // The saved message is the action's answer, shown while the page reads the list again: wait for that read.
  await a.getByLabel('Fabrikam Research').waitFor({ state: 'detached' });
  const managed = await db
    .selectFrom('user_managed_account')
    .innerJoin('app_user', 'app_user.id', 'user_managed_account.user_id')
    .select('user_managed_account.account_id')
    .where('app_user.email', '=', DEMO_USERS.buyer.email)
    .execute();
  assert.deepEqual(
    managed.map((m) => m.account_id),
    [contoso],
  );

  // A new buyer group: a blank name is refused with the shared message, then it is made, with two members.
  await a.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Buyer groups' }).click();
  await a.getByRole('heading', { level: 1, name: 'Buyer groups' }).waitFor();
  await a.getByRole('button', { name: 'Create buyer group' }).click();
  await a.getByText('Complete this field').waitFor();
  await a.getByLabel('Name').fill('Universities');
  await a.getByRole('button', { name: 'Create buyer group' }).click();
  await a.getByRole('heading', { level: 1, name: 'Universities' }).waitFor();
  await a.getByLabel('Add accounts (ids, separated by commas)').fill(`${contoso}, ${fabrikam}`);
  await a.getByRole('button', { name: 'Save buyer group' }).click();
  await a.getByText('The buyer group has been saved.').waitFor();
  await a.getByText('2 member accounts').waitFor();
  // An unknown account is the server's refusal, shown at the form; nothing changes.
  await a.getByLabel('Add accounts (ids, separated by commas)').fill('001999999999999AAA');
  await a.getByRole('button', { name: 'Save buyer group' }).click();
  await a.getByText("The account 001999999999999AAA doesn't exist.").waitFor();
  const row = a.getByRole('row').filter({ hasText: 'Universities' });
  /** The Universities group's member count, read from the buyer groups table once it has loaded. */
  const members = async () => {
    await a.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Buyer groups' }).click();
    await a.waitForURL((u) => u.pathname === '/admin/buyer-groups');
    await a.getByRole('heading', { level: 1, name: 'Buyer groups' }).waitFor();
    await row.waitFor();
    return (await row.getByRole('cell').allInnerTexts())[1];
  };
  assert.equal(await members(), '2');

  // On Fabrikam's account page the group is ticked; untick it there and the group has one member left.
  await a.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Accounts' }).click();
  await a.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
  await a.getByRole('link', { name: 'Fabrikam Research' }).click();
  await a.getByRole('heading', { level: 1, name: 'Fabrikam Research' }).waitFor();
  assert.equal(await a.getByLabel('Universities').isChecked(), true);
  await a.getByLabel('Universities').uncheck();
  await a.getByRole('button', { name: 'Save account' }).click();
  await a.getByText('The account has been saved.').waitFor();
  assert.equal(await members(), '1');

  assert.deepEqual(admin.errors, []);
  await admin.context.close();
});
