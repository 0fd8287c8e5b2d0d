// Pages composed from stored layouts in real Chromium against the real server and the demo content
// (seed/content.ts): the home page's three-column section changes direction per screen size (row on
// desktop, column on tablet, column-reverse on mobile — spec 03 §2.3 breakpoints), a responsive wrapper shows
// only at its sizes and tells the page with `responsivechange`, the site pages render from their layouts, and
// the Draft page /press is "not found" for a guest but shows to an administrator who turns preview on.
// Screenshots of the home page at each size go to e2e/screenshots/ (not committed) for a person to look at.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { liveStore } from './browser.ts';
import { DEMO_CONTENT } from '../packages/server/src/seed/content.ts';
import { insertContentItem } from '../packages/server/src/test-support/content.ts';

const PASSWORD = 'Datasets2026!';
const ADMIN = 'admin@datadepot.example';
const SHOTS = path.join(import.meta.dirname, 'screenshots');
const live = liveStore();

const SIZES = [
  { name: 'mobile', width: 375, direction: 'column-reverse', size: 'small' },
  { name: 'tablet', width: 800, direction: 'column', size: 'medium' },
  { name: 'desktop', width: 1280, direction: 'row', size: 'large' },
] as const;

async function open(width = 1280): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await live.browser.newContext({ viewport: { width, height: 900 } });
  // Every responsivechange the page fires, recorded from before the page's own scripts run.
  await context.addInitScript(() => {
    const seen: unknown[] = [];
    (window as unknown as { __responsive: unknown[] }).__responsive = seen;
    document.addEventListener('responsivechange', (e) => seen.push((e as CustomEvent).detail));
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

/** The flex direction of each section whose row holds three columns. */
const threeColumnDirections = (page: Page) =>
  page.$$eval('main .section__inner', (rows) =>
    rows
      .filter((r) => r.querySelectorAll(':scope > .column').length === 3)
      .map((r) => getComputedStyle(r).flexDirection),
  );

describe('the home page from its stored layout', () => {
  test('the three-column section is a row on desktop, a column on tablet and reversed on mobile', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { context, page, errors } = await open();
    for (const s of SIZES) {
      await page.setViewportSize({ width: s.width, height: 900 });
      await page.goto(`${live.server.url}/`);
      await page.waitForSelector('html[data-hydrated]');
      await page.locator('main .content-layout').waitFor();
      assert.deepEqual(await threeColumnDirections(page), [s.direction], `${s.name} at ${s.width}px`);
      await page.screenshot({ path: path.join(SHOTS, `home-${s.width}.png`), fullPage: true });
    }
    // The featured collection shows the guest's products as cards.
    assert.ok((await page.locator('main .product-collection .card').count()) > 0, 'featured datasets shown');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a responsive wrapper shows only at its sizes and fires responsivechange when the size changes', async () => {
    const { context, page, errors } = await open(375);
    await page.goto(`${live.server.url}/about`);
    await page.waitForSelector('html[data-hydrated]');
    const wrappers = await page.$$eval('main .rw', (els) => els.map((e) => (e as HTMLElement).dataset.sizes ?? ''));
    assert.ok(wrappers.length > 0, 'the page has a responsive wrapper');
    const sizes = (wrappers[0] as string).split(',');
    const wrapper = page.locator('main .rw').first();
    const events = () => page.evaluate(() => (window as unknown as { __responsive: unknown[] }).__responsive);
    for (const s of [SIZES[0], SIZES[2], SIZES[1], SIZES[0]]) {
      const before = (await events()).length;
      await page.setViewportSize({ width: s.width, height: 900 });
      const shown = sizes.includes(s.size);
      await page
        .waitForFunction(
          ([n]) => (window as unknown as { __responsive: unknown[] }).__responsive.length > (n as number),
          [before],
        )
        .catch(() => undefined);
      assert.equal(await wrapper.isVisible(), shown, `${s.name}: shown=${shown}`);
      const last = (await events()).at(-1) as { action: string; size: string; media: string };
      assert.equal(last.size, s.size, s.name);
      assert.equal(last.action, shown ? 'show' : 'hide', s.name);
      assert.match(last.media, /width/);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('site pages', () => {
  test('About, Data quality and Licence terms render from their layouts, reached from the footer', async () => {
    const { context, page, errors } = await open();
    await page.goto(`${live.server.url}/`);
    await page.waitForSelector('html[data-hydrated]');
    for (const [label, title] of [
      ['About', 'About Data Depot'],
      ['Data quality', 'Data quality'],
      ['Licence terms', 'Licence terms'],
    ]) {
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: label as string, exact: true })
        .click();
      await page.waitForFunction((t) => document.title.startsWith(t as string), title);
      const main = page.locator('main');
      await main.locator('.content-layout').waitFor();
      assert.equal((await main.getByRole('heading', { level: 1 }).filter({ visible: true }).count()) > 0, true, label);
      assert.ok((await main.locator('.rich-text').count()) > 0, `${label}: its rich text`);
    }
    mkdirSync(SHOTS, { recursive: true });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${live.server.url}/about`);
      await page.locator('main .content-layout').waitFor();
      await page.screenshot({ path: path.join(SHOTS, `about-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    // Loaded directly (server render), with its title and description in the head.
    const res = await page.goto(`${live.server.url}/data-quality`);
    assert.equal(res?.status(), 200);
    assert.match(await page.title(), /^Data quality/);
    assert.ok((await page.locator('meta[name="description"]').getAttribute('content'))?.length);
    assert.equal((await page.goto(`${live.server.url}/no-such-page`))?.status(), 404);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the Draft page is not found for a guest and shows to an administrator in preview', async () => {
    const guest = await open();
    assert.equal((await guest.page.goto(`${live.server.url}/press`))?.status(), 404);
    await guest.page.getByRole('heading', { name: /not found/i }).waitFor();
    await guest.context.close();

    const { context, page, errors } = await open();
    await page.goto(`${live.server.url}/login?returnUrl=${encodeURIComponent('/')}`);
    await page.getByLabel('Email').fill(ADMIN);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${live.server.url}/`);
    assert.equal((await page.goto(`${live.server.url}/press`))?.status(), 404, 'not without preview');
    await page.goto(`${live.server.url}/`);
    await page.waitForSelector('html[data-hydrated]');
    const toggle = page.getByRole('banner').getByLabel('Preview drafts');
    await Promise.all([page.waitForEvent('load'), toggle.check()]);
    const res = await page.goto(`${live.server.url}/press`);
    assert.equal(res?.status(), 200);
    assert.equal(res?.headers()['cache-control'], 'private, no-store', 'a preview page is kept by no cache');
    await page.getByRole('status').filter({ hasText: 'Draft' }).waitFor();
    assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('without a stored home page', () => {
  test('the built-in home page shows (its featured datasets), and the stored one is back once it is delivered again', async () => {
    const window = (end: string | null) =>
      live.server.db.db
        .updateTable('managed_content')
        .set({ publish_end_at: end })
        .where('content_key', '=', DEMO_CONTENT.homePage)
        .execute();
    const { context, page, errors } = await open();
    try {
      // The home layout's publication window has closed: the delivery API no longer has a home page.
      await window('2000-01-01T00:00:00.000Z');
      await page.goto(`${live.server.url}/`);
      await page.waitForSelector('html[data-hydrated]');
      const main = page.locator('main');
      await main.getByRole('heading', { level: 2, name: 'Featured datasets' }).waitFor();
      assert.equal(await main.locator('.content-layout').count(), 0);
      assert.ok((await main.locator('.card').count()) > 0);
    } finally {
      await window(null);
    }
    await page.goto(`${live.server.url}/`);
    await page.locator('main .content-layout').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('a page a seller composed', () => {
  test('collections by product ids and by category, links by page reference, frames and scripts sanitised', async () => {
    const db = live.server.db.db;
    const product = (await live.server.api('/products?skus=DS-00001')).body.products[0];
    const root = (await live.server.api('/product-categories/children')).body.productCategories[0];
    const byIds = await insertContentItem(db, {
      type: 'dd__productCollection',
      status: 'Live',
      body: { heading: 'Picked for you', source: { kind: 'products', productIds: [product.id] } },
    });
    const byCategory = await insertContentItem(db, {
      type: 'dd__productCollection',
      status: 'Live',
      body: { heading: `From ${root.fields.Name}`, source: { kind: 'category', categoryId: root.id }, limit: 3 },
    });
    const rich = await insertContentItem(db, {
      type: 'dd__richText',
      status: 'Live',
      body: {
        html: '<h2>Watch</h2><iframe src="https://www.youtube-nocookie.com/embed/abc" title="Tour"></iframe><iframe src="https://evil.example/x"></iframe><p><a href="{!contentAsset.price_list.2}">Price list</a></p>',
      },
    });
    const block = (type: string, id: string, extra: Record<string, unknown>) => ({ type, id, ...extra });
    await insertContentItem(db, {
      type: 'dd__pageLayout',
      status: 'Live',
      title: 'Seller page',
      urlName: 'seller-page',
      body: {
        description: 'A page the seller composed.',
        sections: [
          {
            id: 's',
            columns: [
              {
                id: 'c',
                components: [
                  block('richText', 'r', { contentKey: rich.contentKey }),
                  block('productCollection', 'p1', { contentKey: byIds.contentKey }),
                  block('productCollection', 'p2', { contentKey: byCategory.contentKey }),
                  block('button', 'b1', {
                    text: 'Licence',
                    link: {
                      type: 'standard__managedContentPage',
                      attributes: { contentTypeName: 'dd__pageLayout', contentKey: DEMO_CONTENT.licencePage },
                    },
                  }),
                  block('button', 'b2', {
                    text: 'Sneaky',
                    link: { type: 'standard__webPage', attributes: { url: 'java%0ascript:alert(1)' } },
                  }),
                  block('button', 'b3', {
                    text: 'Elsewhere',
                    link: { type: 'standard__webPage', attributes: { url: '//evil.example/' } },
                  }),
                  block('carousel', 'x', {}),
                ],
              },
            ],
          },
        ],
      },
    });
    const { context, page, errors } = await open();
    // Frames load in the background; the page itself is what is checked.
    await page.goto(`${live.server.url}/seller-page`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('html[data-hydrated]');
    const main = page.locator('main');
    assert.equal(await main.getByRole('heading', { level: 1 }).innerText(), 'Seller page');
    const picked = main.getByRole('region', { name: 'Picked for you' });
    assert.equal(await picked.locator('.card').count(), 1);
    await picked.getByRole('link', { name: product.fields.Name }).waitFor();
    const fromCategory = main.getByRole('region', { name: `From ${root.fields.Name}` });
    const n = await fromCategory.locator('.card').count();
    assert.ok(n >= 1 && n <= 3, `${n} cards from the category`);
    assert.deepEqual(await main.locator('iframe').evaluateAll((fs) => fs.map((f) => f.getAttribute('src'))), [
      'https://www.youtube-nocookie.com/embed/abc',
    ]);
    assert.equal(
      await main.getByRole('link', { name: 'Price list' }).getAttribute('href'),
      '/sfsites/c/file-asset/price_list?v=2',
    );
    assert.equal(await main.getByRole('link', { name: 'Licence' }).getAttribute('href'), '/licence-terms');
    assert.equal(await main.getByRole('link', { name: 'Sneaky' }).getAttribute('href'), '#');
    assert.equal(await main.getByRole('link', { name: 'Elsewhere' }).count(), 0, 'another site: text, not a link');
    await main.getByText('Elsewhere').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
