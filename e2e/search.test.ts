// Product search in real Chromium against the real server and database: a shopper types a misspelt
// term in the header, picks the corrected suggestion with the keyboard, filters the results by a
// facet and goes back to the unfiltered results; the same search also works without JavaScript.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { liveStore } from './browser.ts';
import type { Locator, Page } from 'playwright-core';

const live = liveStore();

/** The number in "1,234 datasets". */
async function shownCount(page: Page): Promise<number> {
  const text = (await page.locator('.results__count').innerText()).trim();
  const m = /^([\d,]+) datasets?$/.exec(text);
  assert.ok(m, `a dataset count, not "${text}"`);
  return Number(m[1].replace(/,/g, ''));
}

async function waitForCount(page: Page, not: number): Promise<number> {
  await page.waitForFunction((n) => {
    const t = document.querySelector('.results__count')?.textContent?.replace(/[^\d]/g, '');
    return t !== undefined && t !== '' && Number(t) !== n;
  }, not);
  return shownCount(page);
}

/** Product ids of the cards on show. */
async function cardIds(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('.grid__list .card__title a')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((h) => h.replace(/^\/product\//, ''));
}

describe('searching from the header', () => {
  test('a misspelt term, the corrected suggestion by keyboard, a facet, then back', async () => {
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${live.server.url}/`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

    const box = page.getByRole('combobox', { name: 'Search datasets' });
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    await box.click();
    // On a loaded machine a pause between keys sends a call for part of the word, whose options may show first
    // and be replaced: the options looked at below are the whole word's.
    const whole = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname.endsWith('/search/suggestions') &&
        new URL(r.url()).searchParams.get('searchTerm') === 'dentsts',
    );
    await page.keyboard.type('dentsts', { delay: 80 });
    await whole;
    await listbox.waitFor({ state: 'visible' });
    assert.equal(await box.getAttribute('aria-expanded'), 'true');
    const dentists: Locator = listbox
      .getByRole('group', { name: 'Search Results' })
      .getByRole('option', { name: /^dentists\b/ })
      .first();
    await dentists.waitFor();

    // Escape closes the list and keeps the text; an arrow key opens it again.
    await page.keyboard.press('Escape');
    await listbox.waitFor({ state: 'hidden' });
    assert.equal(await box.getAttribute('aria-expanded'), 'false');
    assert.equal(await box.inputValue(), 'dentsts');

    // Down until the corrected term is the active option, then Enter. Options are told by their place in the list,
    // so the option's id is read as the list is now (the arrow has opened it again: role queries see it).
    let reached = false;
    for (let i = 0; i < 12 && !reached; i++) {
      await page.keyboard.press('ArrowDown');
      const active = await box.getAttribute('aria-activedescendant');
      reached = active !== null && active === (await dentists.getAttribute('id'));
    }
    assert.ok(reached, 'the arrows reach the "dentists" option');
    assert.equal(await dentists.getAttribute('aria-selected'), 'true');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('term') === 'dentists');
    await page.getByRole('heading', { level: 1, name: 'Results for \u201cdentists\u201d' }).waitFor();
    await page.waitForFunction(() => document.title === 'Search: dentists | Data Depot');
    const total = await shownCount(page);
    assert.ok(total > 0, 'dentists are found');
    assert.equal(
      total,
      (await live.server.api('/search/products?searchTerm=dentists&pageSize=1')).body.productsPage.total,
      'the count is the API\u2019s',
    );
    assert.ok((await cardIds(page)).length > 0);

    // Filter: List Status "Verified". The facet's count says how many will remain.
    const status = page.getByRole('group', { name: 'List Status' });
    const verified = status.getByRole('checkbox', { name: /^Verified\b/ });
    const label = await status.locator('label', { hasText: /^Verified\b/ }).innerText();
    const expected = Number(/\(([\d,]+)\)/.exec(label)![1].replace(/,/g, ''));
    assert.ok(expected > 0 && expected < total, `Verified narrows the ${total} results (${expected})`);
    assert.equal(await verified.isChecked(), false);
    await verified.check();
    await page.waitForURL(
      (u) => u.pathname === '/search' && u.searchParams.has('refinements') && u.searchParams.get('term') === 'dentists',
    );
    const filtered = await waitForCount(page, total);
    assert.equal(filtered, expected);
    assert.equal(await verified.isChecked(), true);
    // Every card on show is a verified list, on the card and in the catalogue.
    const ids = await cardIds(page);
    assert.ok(ids.length > 0);
    for (const text of await page.locator('.grid__list .card').allInnerTexts())
      assert.match(text, /List status: Verified/);
    const products = (await live.server.api(`/products?ids=${ids.join(',')}`)).body.products;
    assert.deepEqual(
      products.map((p: any) => p.fields.ListStatus__c),
      ids.map(() => 'Verified'),
    );

    // Back: the unfiltered results again, the box unticked.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/search' && !u.searchParams.has('refinements'));
    assert.equal(await waitForCount(page, filtered), total);
    assert.equal(await verified.isChecked(), false);
    assert.equal(await box.inputValue(), 'dentists');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('without JavaScript', () => {
  test('the header form searches and the results page is server-rendered', async () => {
    const context = await live.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${live.server.url}/`);
    await page
      .getByRole('searchbox')
      .or(page.getByRole('combobox', { name: 'Search datasets' }))
      .fill('dentists');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('term') === 'dentists');
    await page.getByRole('heading', { level: 1, name: 'Results for \u201cdentists\u201d' }).waitFor();
    assert.ok((await shownCount(page)) > 0);
    assert.ok((await cardIds(page)).length > 0);
    await context.close();
  });
});
