// Accounts in real Chromium against the real server: a B2B buyer logs in through the login page,
// switches the account they act for in the header and sees that account's negotiated price, then logs
// out; a new shopper registers and lands logged in; an idle session warns, then ends with a toast.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { liveStore } from './browser.ts';
import type { Page } from 'playwright-core';
import { BASE } from '../packages/server/src/test-support/server.ts';
import { DEMO_PASSWORD as PASSWORD, fillLogin, openShopper, sessionApi, type ShopperPage } from './shopper-session.ts';
import { LAST_ACTIVITY_KEY } from '../packages/web/src/lib/account/session-timeout.ts';
const BUYER = 'morgan@northwind.example';

let product: any;
const live = liveStore(async () => {
  product = (await live.server.api('/products?skus=DS-00001')).body.products[0];
});

const money = (v: string) =>
  `$${Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A fresh browser profile (its own cookies and storage) with one page that records script errors. */
const open = (viewport = { width: 1280, height: 900 }): Promise<ShopperPage> => openShopper(live.browser, { viewport });

/** The API as this browser's session sees it (page.request shares the context's cookies). */
const api = (page: Page, path: string): Promise<any> => sessionApi(page, live.server.url, path);

const logIn = (page: Page, email: string) => fillLogin(page, email, PASSWORD);

describe('a buyer with several accounts', () => {
  test('logs in, switches account in the header, sees that account\u2019s price, logs out', async () => {
    const { context, page, errors } = await open();
    const productPath = `/product/${product.id}`;
    await page.goto(`${live.server.url}${productPath}`);
    const header = page.getByRole('banner');

    // A guest: "Log in" leads to the login page and comes back to this dataset.
    await header.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('returnUrl'), productPath);
    // A client-side navigation: the title follows right after the new page renders.
    await page.waitForFunction(() => document.title === 'Log in | Data Depot');

    // A wrong password: the server's message, in the page.
    await page.getByLabel('Email').fill(BUYER);
    await page.getByLabel('Password').fill('not-the-password1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Your login attempt has failed. Make sure the username and password are correct.' })
      .waitFor();

    await logIn(page, BUYER);
    await page.waitForURL(`${live.server.url}${productPath}`);
    await header.getByText('Hi, Morgan').waitFor();
    assert.equal(await header.getByRole('link', { name: 'Log in' }).count(), 0);

    // The accounts and each one's negotiated price, through the API with this browser's cookies.
    const accounts: Array<{ accountId: string; accountName: string; isMyAccount: boolean }> = (
      await api(page, '/external-managed-accounts?includeMyAccount=true')
    ).externalManagedAccounts;
    assert.deepEqual(accounts.map((a) => a.accountName).sort(), [
      'Contoso Dental Group',
      'Fabrikam Research',
      'Northwind Traders',
    ]);
    const price = new Map<string, string>();
    for (const a of accounts)
      price.set(
        a.accountId,
        (await api(page, `/pricing/products/${product.id}?effectiveAccountId=${a.accountId}`)).unitPrice,
      );
    const own = accounts.find((a) => a.isMyAccount)!;
    const other = accounts.find((a) => !a.isMyAccount && price.get(a.accountId) !== price.get(own.accountId));
    assert.ok(
      other,
      `some managed account has a price other than ${own.accountName}'s (${[...price.values()].join(', ')})`,
    );

    // The switcher: a labelled select of the account names, the current (own) account selected.
    const select = header.getByLabel('Account', { exact: true });
    assert.deepEqual(
      (await select.locator('option').allTextContents()).sort(),
      accounts.map((a) => a.accountName).sort(),
    );
    assert.equal(await select.inputValue(), own.accountId);
    const main = page.locator('main');
    assert.ok(
      (await main.innerText()).includes(money(price.get(own.accountId)!)),
      `${own.accountName}'s price ${money(price.get(own.accountId)!)} shown`,
    );

    // Switching reloads the page with the other account's price.
    await page.waitForSelector('html[data-hydrated]');
    await Promise.all([page.waitForEvent('load'), select.selectOption({ label: other.accountName })]);
    await header.getByText('Hi, Morgan').waitFor();
    assert.equal(await header.getByLabel('Account', { exact: true }).inputValue(), other.accountId);
    const expected = money(price.get(other.accountId)!);
    await main.getByText(expected).first().waitFor();
    assert.equal((await api(page, '/session-context')).effectiveAccountId, other.accountId, 'the session acts for it');
    assert.equal(
      await page.evaluate(() => JSON.parse(sessionStorage.getItem('commerce.effectiveAccount') ?? 'null')?.name),
      other.accountName,
      'session storage holds the effective account',
    );

    // My profile lists the accounts with the current one marked.
    await header.getByRole('link', { name: 'My profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'My profile' }).waitFor();
    assert.equal(
      await page
        .locator('main [aria-current="true"]')
        .innerText()
        .then((t) => t.includes(other.accountName)),
      true,
    );

    // Logging out: the home page, a guest again.
    await header.getByRole('link', { name: 'Log out' }).click();
    await page.waitForURL(`${live.server.url}/`);
    await header.getByRole('link', { name: 'Log in' }).waitFor();
    assert.equal(await header.getByLabel('Account', { exact: true }).count(), 0);
    assert.equal((await api(page, '/session-context')).isLoggedIn, false);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('on a phone the header with the switcher does not scroll sideways', async () => {
    const { context, page } = await open({ width: 375, height: 812 });
    await page.goto(`${live.server.url}/login`);
    await logIn(page, BUYER);
    await page.waitForURL(`${live.server.url}/`);
    await page.getByRole('banner').getByLabel('Account', { exact: true }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 375, `no horizontal scroll (${width}px)`);
    await context.close();
  });
});

/** The newest mail the store queued for an address. */
const latestMailTo = (to: string) =>
  live.server.db.db
    .selectFrom('mail_outbox')
    .select(['kind', 'text_body'])
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();

/** The confirmation link mailed to an address, pointed at the test store. */
async function confirmLinkFor(email: string): Promise<string> {
  const mail = await latestMailTo(email);
  const token = /\/register\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1];
  assert.ok(token, `a confirmation link was mailed to ${email}`);
  return `${live.server.url}/register/confirm?token=${token}`;
}

describe('a new shopper', () => {
  test('registers through the form, confirms the mailed link and lands logged in', async () => {
    const { context, page, errors } = await open();
    await page.goto(`${live.server.url}/register`);
    assert.equal(await page.title(), 'Create an account | Data Depot');

    // Sent empty: the spec's messages under the fields, nothing sent.
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.locator('#register-firstName-error').filter({ hasText: 'Complete this field' }).waitFor();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page
      .locator('#register-email-error')
      .filter({ hasText: 'Enter a valid email address, such as you@example.com' })
      .waitFor();

    const email = `ada.${Date.now()}@example.com`;
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    // A password on the common-passwords list: the server's message under the password field.
    await page.getByLabel('Password').fill('Password1!');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.locator('#register-password-error').filter({ hasText: 'This password is too common' }).waitFor();
    await page.getByLabel('Password').fill('Engines1843');
    await page.getByRole('button', { name: 'Create account' }).click();
    // The form answers the same for any address: a link is on its way.
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    assert.equal((await api(page, '/session-context')).isLoggedIn, false, 'not logged in before confirming');

    // The mailed link opens a page whose button finishes the registration and logs the shopper in.
    await page.goto(await confirmLinkFor(email));
    await page.getByRole('button', { name: 'Finish creating my account' }).click();
    await page.waitForURL(`${live.server.url}/`);
    await page.getByRole('banner').getByText('Hi, Ada').waitFor();
    const session = await api(page, '/session-context');
    assert.equal(session.isLoggedIn, true);
    assert.equal(session.profile.email, email);

    // The same email again gets the same answer (the page never says an address has an account);
    // its owner is told by email instead.
    const second = await open();
    await second.page.goto(`${live.server.url}/register`);
    await second.page.getByLabel('First name').fill('Ada');
    await second.page.getByLabel('Last name').fill('Again');
    await second.page.getByLabel('Email').fill(email);
    await second.page.getByLabel('Password').fill('Engines1843');
    await second.page.getByRole('button', { name: 'Create account' }).click();
    await second.page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    assert.equal((await latestMailTo(email))?.kind, 'registration-attempt');
    await second.context.close();

    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('an idle session', () => {
  test('warns 30 seconds before the timeout, keeps going on "Continue Working", then logs out with a toast', async () => {
    const { context, page, errors } = await open();
    // The browser's clock is ours to move; the server's is real, so its session stays alive meanwhile.
    await context.clock.install();
    await page.goto(`${live.server.url}/login`);
    await logIn(page, 'casey@example.com');
    await page.waitForURL(`${live.server.url}/`);
    await page.getByRole('banner').getByText('Hi, Casey').waitFor();
    // The idle clock is loaded after the page's start (lib/loaded-on-need.ts) and counts from when it starts,
    // which it marks by sharing the activity time with other tabs: the browser's clock is moved only after that.
    // The login page's clock may have marked a time too (it starts as the login answers, before the new page): this
    // page is hydrated and its idle clock's code has come (nothing left to load) before the mark is read.
    await page.waitForSelector('html[data-hydrated]');
    await page.waitForLoadState('networkidle');
    await page.waitForFunction((key) => localStorage.getItem(key) !== null, LAST_ACTIVITY_KEY);
    const idleMs = (await api(page, '/session-context')).idleTimeoutSeconds * 1000;
    assert.ok(idleMs > 30_000, `an idle timeout is announced (${idleMs} ms)`);

    await page.clock.fastForward(idleMs - 30_000 + 1_000);
    const dialog = page.getByRole('alertdialog', { name: 'Still there?' });
    await dialog.waitFor();
    // What the page loads from here on (each answer counts as activity) and where it goes, for a failure below.
    const trail: string[] = [];
    page.on('response', (r) => trail.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`));
    page.on('framenavigated', (f) => f === page.mainFrame() && trail.push(`navigated to ${f.url()}`));
    assert.ok(
      (await dialog.innerText()).includes(
        "For security, we suspend your session if you're inactive too long. If you don't click Continue Working within approximately 30 seconds, we log you out.",
      ),
    );
    assert.equal(
      await page.evaluate(() => document.activeElement?.textContent),
      'Continue Working',
      'focus moves into the dialog',
    );
    await dialog.getByRole('button', { name: 'Continue Working' }).click();
    await dialog.waitFor({ state: 'detached' });

    // "Close" only hides the warning: the clock keeps running to the logout.
    await page.clock.fastForward(idleMs - 30_000 + 1_000);
    await dialog.waitFor().catch(async (error: Error) => {
      // The project's CI missed this second warning on both databases, and no local run has: say what the page did.
      const seen = await page.evaluate(
        (key) => ({ at: Date.now(), shared: localStorage.getItem(key) }),
        LAST_ACTIVITY_KEY,
      );
      throw new Error(`${error.message}\nsince the first warning: ${trail.join(' | ')}\npage: ${JSON.stringify(seen)}`);
    });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await Promise.all([page.waitForURL(`${live.server.url}/`, { waitUntil: 'load' }), page.clock.fastForward(31_000)]);
    await page.getByRole('status').getByText('Your session has timed out. Try again.').waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
    assert.equal((await api(page, '/session-context')).isLoggedIn, false);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('a store closed to guests', () => {
  test('a guest asking for a dataset gets the login page, and after logging in the dataset', async () => {
    const row = await live.server.db.db.selectFrom('webstore').selectAll().executeTakeFirstOrThrow();
    await live.server.db.db
      .updateTable('webstore')
      .set({ settings_json: JSON.stringify({ ...JSON.parse(row.settings_json), guestBrowsingEnabled: false }) })
      .execute();
    live.server.services.webstores.invalidate();
    const { context, page, errors } = await open();
    try {
      const productPath = `/product/${product.id}`;
      await page.goto(`${live.server.url}${productPath}`);
      await page.waitForURL((u) => u.pathname === '/login');
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      assert.equal(
        await page.getByRole('heading', { level: 1, name: product.fields.Name }).count(),
        0,
        'no catalogue for a guest',
      );
      const refused = await page.request.get(`${live.server.url}${BASE}/products/${product.id}`);
      assert.equal(refused.status(), 401, 'the catalogue API refuses the guest too');

      await logIn(page, 'casey@example.com');
      await page.waitForURL(`${live.server.url}${productPath}`);
      await page.getByRole('heading', { level: 1, name: product.fields.Name }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await live.server.db.db.updateTable('webstore').set({ settings_json: row.settings_json }).execute();
      live.server.services.webstores.invalidate();
    }
  });
});

describe('the store administrator', () => {
  test('sees the related-names list, and with preview on the Draft categories', async () => {
    const { context, page, errors } = await open();
    await page.goto(`${live.server.url}/login?returnUrl=${encodeURIComponent(`/product/${product.id}`)}`);
    await logIn(page, 'admin@datadepot.example');
    await page.waitForURL(`${live.server.url}/product/${product.id}`);
    // Spec 03 §2.2: only the user whose userId is '1' sees the related product names 1 to 10.
    await page.getByRole('region', { name: 'Related product names' }).waitFor();

    await page.goto(`${live.server.url}/category/printed-directories`);
    const main = page.locator('main');
    await main.getByRole('heading', { level: 1 }).waitFor();
    assert.equal(await main.getByText('2027 Print Editions').count(), 0, 'Draft is hidden outside preview');
    const toggle = page.getByRole('banner').getByLabel('Preview drafts');
    assert.equal(await toggle.isChecked(), false);
    await page.waitForSelector('html[data-hydrated]');
    await Promise.all([page.waitForEvent('load'), toggle.check()]);
    assert.equal(await page.getByRole('banner').getByLabel('Preview drafts').isChecked(), true);
    await main.getByText('2027 Print Editions').first().waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('nobody else gets the preview switch or the list', async () => {
    const { context, page } = await open();
    await page.goto(`${live.server.url}/login?returnUrl=${encodeURIComponent(`/product/${product.id}`)}`);
    await logIn(page, BUYER);
    await page.waitForURL(`${live.server.url}/product/${product.id}`);
    await page.getByRole('banner').getByText('Hi, Morgan').waitFor();
    assert.equal(await page.getByRole('banner').getByLabel('Preview drafts').count(), 0);
    assert.equal(await page.getByRole('region', { name: 'Related product names' }).count(), 0);
    await context.close();
  });
});
