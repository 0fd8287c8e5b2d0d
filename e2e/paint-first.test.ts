// The dataset page paints before its JavaScript is fetched (packages/web/src/server/paint-first.ts), and does
// not move when it hydrates: what a phone on a slow link sees first is what stays.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { liveStore } from './browser.ts';
import { dentistCounts } from './list-builder-steps.ts';

let product: any;
const live = liveStore(async ({ server }) => {
  ({ product } = await dentistCounts(server));
});

describe('the dataset page paints first', () => {
  test('no script is requested before the first contentful paint, and the page then hydrates', async () => {
    const context = await live.browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${live.server.url}/product/${product.id}`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((r) => new URL(r.name).pathname.endsWith('.js'))
        .map((r) => r.startTime),
    }));
    assert.ok(timing.fcp !== null, 'the page painted');
    assert.ok(timing.scripts.length > 1, 'the entry and its preloads were fetched');
    assert.ok(
      timing.scripts.every((start) => start >= timing.fcp!),
      `every script after the paint at ${timing.fcp} ms: ${timing.scripts.join(', ')}`,
    );
    await context.close();
  });

  test('the page does not move when it hydrates (a guest’s cart count appears), on a phone and on a desktop', async () => {
    for (const width of [375, 1280]) {
      const context = await live.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      // The entry is held until the server's page has been measured.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/assets/index-*.js', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${live.server.url}/product/${product.id}`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('heading', { name: 'Build your list' }).waitFor();
      const layout = () =>
        page.evaluate(() => ({
          main: Math.round(document.querySelector('main')!.getBoundingClientRect().top),
          builder: Math.round(document.querySelector('.list-builder__summary')!.getBoundingClientRect().top),
        }));
      assert.equal(await page.locator('html[data-hydrated]').count(), 0, 'measured before hydration');
      const before = await layout();
      release();
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.getByTestId('cart-badge').filter({ hasText: 'Cart (0)' }).first().waitFor();
      assert.deepEqual(await layout(), before, `at ${width} px`);
      await context.close();
    }
  });
});
