// The list builder's value lists (state, city, postal area…) on a phone (issue 20, Lighthouse mobile): hydrated
// only when the buyer reaches for them, not at start, and each way of reaching them works on the first try: a tap
// or a click, the keyboard, and a click sent by assistive technology (no pointer, no focus). The server's nodes
// are kept when a list hydrates, so what the buyer pointed at or focused is still the element that takes the event.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { liveStore } from './browser.ts';
import { dentistCounts } from './list-builder-steps.ts';

let product: any;
const live = liveStore(async ({ server }) => {
  ({ product } = await dentistCounts(server));
});

const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };

/**
 * Whether each value list is hydrated: Preact keeps an element's event handlers in its `__e` (hydration attaches
 * them, so before this change every checkbox had one as soon as the page was hydrated).
 */
const hydratedLists = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-filter] > ul.list-filter__values')].map((ul) => ({
      filter: ul.closest('[data-filter]')?.getAttribute('data-filter'),
      hydrated: [...ul.querySelectorAll('input')].some((input) => '__e' in input),
    })),
  );

/** Marks the server's checkbox nodes, to see afterwards that hydration kept them. */
const markNodes = (page: Page) =>
  page.evaluate(() => {
    for (const input of document.querySelectorAll<HTMLInputElement>('.list-filter__values input'))
      (input as unknown as { serverNode: boolean }).serverNode = true;
  });

async function openOnPhone(query = '') {
  const context = await live.browser.newContext(PHONE);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${live.server.url}/product/${product.id}${query}`, { waitUntil: 'load' });
  await page.getByRole('heading', { name: 'Build your list' }).waitFor();
  // The page itself is hydrated (the root layout marks <html> once it is).
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return { context, page, errors };
}

describe('the list builder on a phone', () => {
  test('the value lists are not hydrated at start; a tap on a value chooses it on the first try', async () => {
    const { context, page, errors } = await openOnPhone();
    const lists = await hydratedLists(page);
    assert.ok(lists.length >= 3, `the dataset has value filters: ${JSON.stringify(lists)}`);
    assert.deepEqual(
      lists.filter((l) => l.hydrated),
      [],
      'no value list is hydrated at start',
    );
    await markNodes(page);
    const city = page.locator('[data-filter="city"] input[type="checkbox"]').first();
    const value = await city.getAttribute('value');
    await city.tap();
    await page.waitForURL((url) => url.searchParams.get('city') === value);
    assert.equal(await city.isChecked(), true, 'the tapped value is chosen');
    assert.equal(
      await city.evaluate((el) => (el as unknown as { serverNode?: boolean }).serverNode === true),
      true,
      "the server's checkbox is the one hydrated, not a new one",
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('from the keyboard: focus moves into a list and Space chooses the focused value', async () => {
    const { context, page } = await openOnPhone();
    const region = page.locator('[data-filter="region"]');
    // Tab from the list's search field to its first value, as a keyboard user would.
    await region.getByRole('searchbox').focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => ({
      name: (document.activeElement as HTMLInputElement | null)?.name,
      value: (document.activeElement as HTMLInputElement | null)?.value,
    }));
    assert.equal(focused.name, 'region', 'focus is on the first region value');
    await page.keyboard.press('Space');
    await page.waitForURL((url) => url.searchParams.get('region') === focused.value);
    assert.equal(
      await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.checked),
      true,
      'the focused value is chosen and keeps the focus',
    );
    await context.close();
  });

  test('a click with no pointer or focus before it (assistive technology) chooses the value', async () => {
    const { context, page } = await openOnPhone();
    const postal = page.locator('[data-filter="postal"] input[type="checkbox"]').first();
    const value = await postal.getAttribute('value');
    await postal.evaluate((el) => (el as HTMLInputElement).click());
    await page.waitForURL((url) => url.searchParams.get('postal') === value);
    assert.equal(await postal.isChecked(), true);
    await context.close();
  });

  test('a selection from the URL is server-rendered and stays right when another list changes it', async () => {
    const { context, page } = await openOnPhone('?region=TX');
    const texas = page.locator('[data-filter="region"] input[value="TX"]');
    assert.equal(await texas.isChecked(), true, 'Texas is chosen from the URL');
    // Choosing a city asks for new counts: every list shows them, the ones never touched included.
    const city = page.locator('[data-filter="city"] input[type="checkbox"]').first();
    await city.click();
    await page.waitForFunction(() => !document.querySelector('.list-builder__summary[data-pending]'));
    await page.waitForFunction(() => new URL(location.href).searchParams.has('city'));
    assert.equal(await texas.isChecked(), true, 'Texas is still chosen');
    const lists = await hydratedLists(page);
    assert.ok(
      lists.some((l) => l.filter === 'postal' && l.hydrated),
      'the postal list, never touched, was woken to show the new counts',
    );
    await context.close();
  });
});
