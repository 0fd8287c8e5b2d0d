// Passwords in real Chromium against the real server (issue 17). Forgot password: a shopper asks on
// /forgot-password (reached from the login page), the link is read from the outbox folder (.eml files, as a mail
// client would get them), the link's page sets a new password once, the old password stops working and the new one
// logs in, and a second use of the link is refused with its message. Change password: with a second browser logged
// in as the same shopper, changing it on /account/password logs that browser out and keeps this one in. axe-core
// checks each new page.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PASSWORD_CHANGED_MESSAGE } from '@store/core';
import { liveStore } from './browser.ts';
import { axeViolations, describeViolations } from './axe.ts';
import { decodeWords, readEml } from '../packages/server/src/test-support/eml.ts';
import { INVALID_RESET_LINK } from '../packages/server/src/services/password-reset.ts';

const OLD_PASSWORD = 'Datasets2026!';
const NEW_PASSWORD = 'Brand-new-pass-77';
const FORGETFUL = 'fran.forgetful@example.com';
const CHANGER = 'chris.changer@example.com';

const live = liveStore(async ({ server }) => {
  for (const [firstName, email] of [
    ['Fran', FORGETFUL],
    ['Chris', CHANGER],
  ] as const)
    await server.register({ firstName, lastName: 'Tester', email, password: OLD_PASSWORD });
});

/** A fresh browser profile; bypassCSP lets axe be injected (the store's CSP refuses scripts of its own). */
async function open(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  return context.newPage();
}

async function assertAccessible(page: Page, state: string) {
  const found = await axeViolations(page, state);
  assert.deepEqual(found, [], describeViolations(found));
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${live.server.url}/login`);
  await page.waitForSelector('html[data-hydrated]');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The reset link mailed to an address, read from the outbox folder (the newest such mail). */
async function mailedResetPath(email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    await live.server.services.mail.tick();
    const mails = readdirSync(live.server.outbox)
      .sort()
      .map((f) => readEml(readFileSync(path.join(live.server.outbox, f), 'utf8')))
      .filter(
        (m) =>
          (m.headers.get('to') ?? '').includes(email) &&
          /choose a new password/.test(decodeWords(m.headers.get('subject') ?? '')),
      );
    const link = /https?:\/\/\S+\/password-reset\?token=[A-Za-z0-9_-]+/.exec(mails.at(-1)?.text ?? '')?.[0];
    if (link) {
      const url = new URL(link);
      return url.pathname + url.search;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no reset link mailed to ${email}`);
}

describe('forgot password', () => {
  test('the mailed link resets the password once; the old one stops working, the new one logs in', async () => {
    const page = await open(live.browser);
    await page.goto(`${live.server.url}/login`);
    await page.waitForSelector('html[data-hydrated]');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((u) => u.pathname === '/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await assertAccessible(page, 'forgot password');

    await page.getByLabel('Email').fill(FORGETFUL);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `If an account exists for ${FORGETFUL}` })
      .waitFor();
    await assertAccessible(page, 'forgot password (sent)');

    const resetPath = await mailedResetPath(FORGETFUL);
    const res = await page.goto(live.server.url + resetPath);
    assert.equal(res?.headers()['referrer-policy'], 'no-referrer', 'the link’s page sends no Referer anywhere');
    assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex');
    assert.equal(
      await page.locator('link[rel="canonical"]').getAttribute('href'),
      `${live.server.url}/password-reset`,
      'the canonical address carries no token',
    );
    await page.waitForSelector('html[data-hydrated]');
    await assertAccessible(page, 'choose a new password');
    // Links out of the page never carry the token.
    const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    const token = new URLSearchParams(resetPath.split('?')[1]).get('token')!;
    assert.deepEqual(
      hrefs.filter((h) => h.includes(token)),
      [],
    );

    // The confirmation must match, checked in the page before anything is sent.
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Save my new password' }).click();
    await page.getByText('The passwords do not match.').waitFor();
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save my new password' }).click();
    await page.getByRole('heading', { name: 'Your password has been changed' }).waitFor();
    await assertAccessible(page, 'password changed');

    // The old password stops working; the new one logs in.
    const login = await open(live.browser);
    await logIn(login, FORGETFUL, OLD_PASSWORD);
    await login.getByRole('alert').filter({ hasText: 'Your login attempt has failed' }).waitFor();
    await login.getByLabel('Password').fill(NEW_PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();
    await login.getByRole('banner').getByText('Hi, Fran').waitFor();

    // The same link a second time: refused with its message, and a way to ask for a new one.
    const again = await open(live.browser);
    await again.goto(live.server.url + resetPath);
    await again.waitForSelector('html[data-hydrated]');
    await again.getByLabel(/^New password/).fill('Yet-another-pass-88');
    await again.getByLabel('Confirm new password').fill('Yet-another-pass-88');
    await again.getByRole('button', { name: 'Save my new password' }).click();
    await again.getByRole('alert').filter({ hasText: INVALID_RESET_LINK }).waitFor();
    await again.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    await assertAccessible(again, 'used link');
    for (const p of [page, login, again]) await p.context().close();
  });
});

describe('change password', () => {
  test('the other browser logged in as the same shopper is logged out; this one stays in', async () => {
    const here = await open(live.browser);
    const there = await open(live.browser);
    for (const p of [here, there]) {
      await logIn(p, CHANGER, OLD_PASSWORD);
      await p.getByRole('banner').getByText('Hi, Chris').waitFor();
    }

    await here.goto(`${live.server.url}/account/password`);
    await here.waitForSelector('html[data-hydrated]');
    await here.getByRole('heading', { name: 'Change password' }).waitFor();
    await assertAccessible(here, 'change password');
    // A wrong current password: its message under the field, nothing changed.
    await here.getByLabel('Current password').fill('not-my-password-1');
    await here.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await here.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await here.getByRole('button', { name: 'Change password' }).click();
    await here.getByText('Your current password is not correct.').waitFor();

    await here.getByLabel('Current password').fill(OLD_PASSWORD);
    await here.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await here.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await here.getByRole('button', { name: 'Change password' }).click();
    await here.getByRole('status').filter({ hasText: PASSWORD_CHANGED_MESSAGE }).waitFor();
    await assertAccessible(here, 'change password (done)');

    // This browser is still logged in, page after page.
    await here.goto(`${live.server.url}/account/password`);
    assert.equal(new URL(here.url()).pathname, '/account/password');
    await here.getByRole('banner').getByText('Hi, Chris').waitFor();

    // The other one is logged out: the header offers to log in, and the account page sends it there.
    await there.goto(`${live.server.url}/`);
    await there.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
    await there.goto(`${live.server.url}/account/password`);
    assert.equal(new URL(there.url()).pathname, '/login');

    // And the new password is the one that logs in.
    await logIn(there, CHANGER, NEW_PASSWORD);
    await there.getByRole('banner').getByText('Hi, Chris').waitFor();
    for (const p of [here, there]) await p.context().close();
  });
});
