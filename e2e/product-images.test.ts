// Product images in real Chromium against the real server (issue 14): the product page and a search
// results page show img tags with a srcset of 640w, 960w and 1920w renditions, a sizes attribute and
// alternative text; the browser picks a rendition for its screen, fetches it as WebP from the image
// route, and decodes it at the width the srcset promised.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { parseSrcSet } from '@store/core';
import { liveStore } from './browser.ts';
import { hydrated } from './checkout-steps.ts';

const live = liveStore();

interface Shown {
  srcset: string;
  sizes: string;
  alt: string;
  currentSrc: string;
  /** As the element reports it: the rendition's width over its density, so the laid-out width. */
  naturalWidth: number;
  /** The rendition's own pixel width, decoded by the browser outside the srcset. */
  decodedWidth: number;
}

/** The image once the browser has loaded it: what it was given and what it chose. */
async function shown(img: Locator): Promise<Shown> {
  await img.scrollIntoViewIfNeeded();
  await img.evaluate((el: HTMLImageElement) =>
    el.complete && el.naturalWidth > 0
      ? undefined
      : new Promise((resolve, reject) => {
          el.addEventListener('load', resolve, { once: true });
          el.addEventListener('error', () => reject(new Error(`image failed: ${el.currentSrc}`)), { once: true });
        }),
  );
  return img.evaluate(async (el: HTMLImageElement) => {
    const alone = new Image();
    alone.src = el.currentSrc;
    await alone.decode();
    return {
      srcset: el.getAttribute('srcset') ?? '',
      sizes: el.getAttribute('sizes') ?? '',
      alt: el.getAttribute('alt') ?? '',
      currentSrc: el.currentSrc,
      naturalWidth: el.naturalWidth,
      decodedWidth: alone.naturalWidth,
    };
  });
}

/** A valid srcset offering the spec's widths, and the rendition the browser took decoded at its width. */
function assertResponsive(img: Shown, what: string) {
  const candidates = parseSrcSet(img.srcset);
  assert.ok(candidates, `${what}: a valid srcset (${img.srcset})`);
  const widths = candidates.map((c) => c.width);
  for (const w of [640, 960, 1920]) assert.ok(widths.includes(w), `${what}: ${w}w in ${img.srcset}`);
  assert.ok(img.sizes.trim(), `${what}: sizes`);
  const taken = candidates.find((c) => new URL(c.url, img.currentSrc).href === img.currentSrc);
  assert.ok(taken, `${what}: the browser loaded one of the candidates (${img.currentSrc})`);
  assert.match(new URL(img.currentSrc).pathname, /^\/media\/products\/[A-Z]{2}-\d{5}\/\d+\.webp$/);
  assert.ok(img.naturalWidth > 0, `${what}: loaded`);
  assert.equal(img.decodedWidth, taken.width, `${what}: decoded at the width the srcset names`);
}

/** Script errors and console errors (a hydration mismatch is reported on the console, not thrown). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

/** Image answers the page received: URL → content type. */
function imageAnswers(page: Page): Map<string, string> {
  const seen = new Map<string, string>();
  page.on('response', (r) => {
    if (r.request().resourceType() === 'image') seen.set(r.url(), `${r.status()} ${r.headers()['content-type']}`);
  });
  return seen;
}

test('the product page shows its image with srcset, sizes and alt text, and loads the rendition its screen needs', async () => {
  const p = await live.server.db.db
    .selectFrom('product')
    .select(['id', 'name'])
    .where('sku', '=', 'DS-00001')
    .executeTakeFirstOrThrow();
  for (const device of [
    { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 },
    { viewport: { width: 375, height: 800 }, deviceScaleFactor: 3 },
  ]) {
    const context = await live.browser.newContext(device);
    const page = await context.newPage();
    const errors = pageErrors(page);
    const answers = imageAnswers(page);
    await page.goto(`${live.server.url}/product/${p.id}`);
    await hydrated(page);
    const img = page.locator('.pdp-media img').first();
    const what = `product page at ${device.viewport.width} px ×${device.deviceScaleFactor}`;
    const seen = await shown(img);
    assert.equal(seen.alt, p.name, `${what}: the alternative text`);
    assertResponsive(seen, what);
    // 30rem (480 px) at density 1 takes 640w; a 375 px phone at density 3 needs 1125 px and takes 1920w.
    assert.equal(seen.decodedWidth, device.deviceScaleFactor === 1 ? 640 : 1920, what);
    assert.equal(answers.get(seen.currentSrc), '200 image/webp', `${what}: served as WebP`);
    assert.deepEqual(errors, [], what);
    await context.close();
  }
});

test('search results show every product image with srcset, sizes and alt text; the browser loads them', async () => {
  const context = await live.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = pageErrors(page);
  const answers = imageAnswers(page);
  await page.goto(`${live.server.url}/search?term=dentists`);
  await hydrated(page);
  const cards = page.locator('article.card');
  await cards.first().waitFor();
  const count = await cards.count();
  assert.ok(count >= 3, `several results (${count})`);
  for (let i = 0; i < Math.min(count, 6); i++) {
    const card = cards.nth(i);
    const name = (await card.locator('.card__title').innerText()).trim();
    const seen = await shown(card.locator('img'));
    assert.equal(seen.alt, name, `result ${i + 1}: the alternative text is the dataset's name`);
    assertResponsive(seen, `result ${i + 1}`);
    assert.equal(answers.get(seen.currentSrc), '200 image/webp', `result ${i + 1}: served as WebP`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});
