// The list builder on a dataset page (issue 19), in real Chromium against the real server: a buyer narrows
// "US Dentists, Email and Phone" to Texas with an email, sees the count and price the counts API gives for that
// selection (without a page load, without the count and price moving), the selection in the URL, the same page
// from the server on reload, the whole list again after Clear, and the selection sent with the cart line.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { liveStore } from './browser.ts';
import { hydrated } from './shopper-session.ts';
import { dentistCounts, money, records } from './list-builder-steps.ts';
import { axeViolations, describeViolations } from './axe.ts';

let product: any;
let whole: any;
let texasWithEmail: any;
const live = liveStore(async ({ server }) => {
  ({ product, whole, texasWithEmail } = await dentistCounts(server));
});

const summary = (page: Page) => page.locator('.list-builder__summary');

/** Waits until the summary shows `counts` (and no request is pending). */
async function shows(page: Page, counts: { records: number; price: { amount: string } }) {
  await page.waitForFunction(
    ([recordsText, priceText]) => {
      const s = document.querySelector('.list-builder__summary');
      return (
        s &&
        !s.hasAttribute('data-pending') &&
        s.querySelector('.list-builder__records')?.textContent === recordsText &&
        s.querySelector('.list-builder__price')?.textContent === priceText
      );
    },
    [records(counts.records), money(counts.price.amount)],
  );
}

const box = async (page: Page) => {
  const b = await summary(page).boundingBox();
  assert.ok(b, 'the count and price are on the page');
  return b;
};

describe('the list builder', () => {
  test('Texas with an email: live count and price, in the URL, server-rendered on reload, cleared, added with the selection', async () => {
    assert.ok(texasWithEmail.records > 0 && texasWithEmail.records < whole.records, 'the selection narrows the list');
    assert.notEqual(texasWithEmail.price.amount, whole.price.amount, 'and changes the price');
    const context = await live.browser.newContext({ viewport: { width: 1280, height: 1000 }, bypassCSP: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${live.server.url}/product/${product.id}`);
    await page.getByRole('heading', { name: 'Build your list' }).waitFor();
    await shows(page, whole);
    // The whole list adds as it always has.
    await page.getByRole('button', { name: 'Add to Cart' }).waitFor();
    // Measured on the hydrated page (the scripts load after the first paint): what the filters may not move.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const before = await box(page);
    // No page load: a mark set on the window now is still there after the filters change.
    await page.evaluate(() => {
      (window as unknown as { listBuilderMark: number }).listBuilderMark = 1;
    });

    await page.locator('[data-filter="region"]').getByRole('checkbox', { name: /^TX\b/ }).check();
    await page.getByRole('checkbox', { name: /^Has email\b/ }).check();
    await shows(page, texasWithEmail);
    assert.equal(new URL(page.url()).search, '?region=TX&email=1');
    assert.equal(await page.evaluate(() => (window as unknown as { listBuilderMark?: number }).listBuilderMark), 1);
    assert.deepEqual(await box(page), before, 'the count and price area did not move or change size');
    // Each value's count is the one the API gives for it alongside the other filters.
    const region = texasWithEmail.facets.find((f: any) => f.key === 'region');
    const ca = region.values.find((v: any) => v.value === 'CA');
    assert.equal(
      await page
        .locator('[data-filter="region"]')
        .getByRole('checkbox', { name: `CA ${ca.count} records` })
        .count(),
      1,
    );
    const found = await axeViolations(page, 'list builder, Texas with an email');
    assert.equal(found.length, 0, describeViolations(found));

    // Add to cart sends the selection with the line and says what it adds.
    const add = page.getByRole('button', { name: `Add ${records(texasWithEmail.records)} to cart` });
    const sent = page.waitForRequest((r) => r.method() === 'POST' && /\/cart-items$/.test(new URL(r.url()).pathname));
    await add.click();
    const body = (await sent).postDataJSON();
    assert.equal(body.productId, product.id);
    assert.equal(body.listSelection, 'region=TX&email=1');

    // A reload (or a shared link) shows the same selection, rendered by the server.
    const reload = await page.reload();
    const html = (await reload?.text()) ?? '';
    assert.match(html, new RegExp(`data-records="${texasWithEmail.records}"`), 'the server rendered the count');
    assert.ok(html.includes(money(texasWithEmail.price.amount)), 'and the price');
    await shows(page, texasWithEmail);
    assert.equal(
      await page.locator('[data-filter="region"]').getByRole('checkbox', { name: /^TX\b/ }).isChecked(),
      true,
    );
    assert.equal(await page.getByRole('checkbox', { name: /^Has email\b/ }).isChecked(), true);

    // Clear returns to the whole dataset.
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await shows(page, whole);
    assert.equal(new URL(page.url()).search, '');
    assert.equal(await page.getByRole('checkbox', { name: /^Has email\b/ }).isChecked(), false);
    await page.getByRole('button', { name: 'Add to Cart' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the filters work from the keyboard, and a long list can be searched', async () => {
    const context = await live.browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    await page.goto(`${live.server.url}/product/${product.id}`);
    await shows(page, whole);
    // Typed before hydration the list filters only once hydrated (e2e/early-input.test.ts); here, at once.
    await hydrated(page);
    const region = page.locator('[data-filter="region"]');
    await region.getByRole('searchbox').fill('TX');
    assert.equal(await region.getByRole('checkbox').count(), 1, 'only Texas is listed');
    await region.getByRole('checkbox', { name: /^TX\b/ }).focus();
    await page.keyboard.press('Space');
    const texas = (await live.server.api(`/datasets/${product.id}/counts?region=TX`)).body;
    await shows(page, texas);
    assert.equal(new URL(page.url()).search, '?region=TX');
    await context.close();
  });
});
