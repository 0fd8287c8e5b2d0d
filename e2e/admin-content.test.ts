// Content authoring in the workspace, in real Chromium against the real server and database (issue 16 item 7):
// the administrator changes the home banner's heading and publishes it, and a guest's fresh home page shows it
// at once; a new page composed in the workspace and saved as a Draft is a 404 for a guest while the
// administrator's preview frames (375, 800 and 1280 px) show it; after Publish the guest sees it. Axe finds
// nothing on the composer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { CONTENT_TYPES } from '@store/core';
import { liveStore } from './browser.ts';
import { hydrated, logInTo as logIn } from './workspace-login.ts';
import { axeViolations, describeViolations } from './axe.ts';
import { DEMO_USERS } from '../packages/server/src/seed/access.ts';

const live = liveStore();
const HEADING = 'Verified business data, refreshed monthly';
const PAGE_TEXT = 'Partner programme for data resellers';

/** bypassCSP for the workspace only: axe is injected as a script of its own, which the store's CSP refuses. */
async function open(browser: Browser, bypassCSP = false) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, bypassCSP });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

const logInTo = (page: Page, path: string) => logIn(page, live.server.url, DEMO_USERS.admin.email, path);

/** The seeded home page's banner: the banner item the home layout places. */
async function homeBannerId(): Promise<string> {
  const db = live.server.db.db;
  const home = await db
    .selectFrom('managed_content')
    .select('body_json')
    .where('type_fqn', '=', CONTENT_TYPES.pageLayout)
    .where('url_name', '=', 'home')
    .executeTakeFirstOrThrow();
  const banners = await db
    .selectFrom('managed_content')
    .select(['id', 'content_key'])
    .where('type_fqn', '=', CONTENT_TYPES.banner)
    .execute();
  const placed = banners.find((b) => home.body_json.includes(`"${b.content_key}"`));
  assert.ok(placed, 'the seeded home page places a banner');
  return placed.id;
}

test('the administrator changes the home banner and publishes; a guest’s home page shows it at once', async () => {
  const admin = await open(live.browser);
  const a = admin.page;
  await logInTo(a, `/admin/content/${await homeBannerId()}`);
  await a.getByLabel('Heading').fill(HEADING);
  await a.getByRole('button', { name: 'Publish', exact: true }).click();
  await a.getByText('Published: shoppers see it now.').waitFor();
  await a.getByText('Live', { exact: true }).waitFor();
  assert.deepEqual(admin.errors, []);
  await admin.context.close();

  const guest = await open(live.browser);
  await guest.page.goto(`${live.server.url}/`);
  await guest.page.getByRole('heading', { name: HEADING }).waitFor();
  await guest.context.close();
});

test('a new page saved as Draft is 404 for a guest and shows in the preview; published, the guest sees it', async () => {
  const admin = await open(live.browser, true);
  const a = admin.page;
  await logInTo(a, '/admin/content');
  await a.getByRole('heading', { level: 1, name: 'Content' }).waitFor();
  const create = a.getByRole('form', { name: 'New content item' });
  await create.getByLabel('Type').selectOption('dd__pageLayout');
  await create.getByLabel('Title').fill('Partner programme');
  await create.getByLabel('Url name').fill('checkout');
  await create.getByRole('button', { name: 'Create item' }).click();
  await create.getByText(/is a storefront route/).waitFor();
  await create.getByLabel('Url name').fill('partner-programme');
  await create.getByRole('button', { name: 'Create item' }).click();
  await a.getByRole('heading', { level: 1, name: 'Partner programme' }).waitFor();
  await hydrated(a);

  // Compose: a heading in the first column, a second column with a button, then the columns swapped back.
  await a.getByLabel('Block to add').first().selectOption('textBlock');
  await a.getByRole('button', { name: 'Add block' }).first().click();
  await a.getByLabel('Text', { exact: true }).fill(PAGE_TEXT);
  await a.getByLabel('Heading level or paragraph').selectOption('h1');
  await a.getByRole('button', { name: 'Add column to section' }).click();
  await a.getByRole('button', { name: 'Move column 2 up' }).click();
  await a.getByRole('button', { name: 'Move column 2 up' }).waitFor();
  assert.equal(await a.getByRole('button', { name: 'Move column 1 up' }).isDisabled(), true);
  await a.getByRole('button', { name: 'Move column 1 down' }).click();
  await a.getByRole('button', { name: 'Save draft' }).click();
  await a.getByText('Saved as a draft.', { exact: false }).waitFor();

  // A guest: not found.
  const guest = await open(live.browser);
  const res = await guest.page.goto(`${live.server.url}/partner-programme`);
  assert.equal(res?.status(), 404);

  // The administrator's preview: the Draft page at the three widths.
  for (const width of [375, 800, 1280]) {
    const frame = a.frameLocator(`iframe[data-preview-width="${width}"]`);
    await frame.getByRole('heading', { level: 1, name: PAGE_TEXT }).waitFor();
    const inner = await a
      .locator(`iframe[data-preview-width="${width}"]`)
      .evaluate((f) => (f as HTMLIFrameElement).contentWindow!.innerWidth);
    assert.equal(inner, width);
  }

  const violations = await axeViolations(a, 'page composer with preview');
  assert.deepEqual(violations, [], describeViolations(violations));

  await a.getByRole('button', { name: 'Publish', exact: true }).click();
  await a.getByText('Published: shoppers see it now.').waitFor();
  const after = await guest.page.goto(`${live.server.url}/partner-programme`);
  assert.equal(after?.status(), 200);
  await guest.page.getByRole('heading', { level: 1, name: PAGE_TEXT }).waitFor();
  assert.deepEqual(admin.errors, []);
  await guest.context.close();
  await admin.context.close();
});
