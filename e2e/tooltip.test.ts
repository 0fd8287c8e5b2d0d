// The help tooltip on a product page's volume price table, in real Chromium under the store's
// Content-Security-Policy (spec 03 §4 "Tooltip"): the mouse shows and hides it, Tab shows it and
// Escape hides it with the focus left where it was, it sits below the button, and axe finds nothing
// wrong with it open.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { liveStore } from './browser.ts';
import { axeViolations, describeViolations } from './axe.ts';

let productPath = '';
const live = liveStore(async () => {
  // A dataset sold once with volume tiers (most multi-user and seat licences have them).
  const skus = Array.from({ length: 20 }, (_, i) => `DS-${String(i + 1).padStart(5, '0')}`).join(',');
  const products = (await live.server.api(`/products?skus=${skus}`)).body.products as { id: string }[];
  for (const p of products) {
    const price = (await live.server.api(`/pricing/products/${p.id}`)).body;
    if ((price.priceAdjustment?.priceAdjustmentTiers?.length ?? 0) >= 2) {
      productPath = `/product/${p.id}`;
      break;
    }
  }
  assert.ok(productPath, 'a seeded dataset with volume tiers');
});

const HELP = 'Help: Unit price';

async function openProduct(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${live.server.url}${productPath}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('table', { name: 'Volume prices' }).waitFor();
  return errors;
}

describe('the volume price tooltip', () => {
  test('hover shows it below its button, leaving hides it; Tab shows it, Escape hides it and keeps the focus', async () => {
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = await openProduct(page);
    const button = page.getByRole('button', { name: HELP });
    const tip = page.getByRole('tooltip');
    assert.equal(await tip.isVisible(), false, 'hidden at first');

    await button.hover();
    await tip.waitFor({ state: 'visible' });
    assert.match(await tip.innerText(), /applies to every unit/);
    const b = (await button.boundingBox())!;
    const t = (await tip.boundingBox())!;
    assert.ok(t.y >= b.y + b.height, 'below the button');
    assert.ok(Math.abs(t.x - b.x) < 2, 'left edges aligned');

    await page.mouse.move(0, 0);
    await tip.waitFor({ state: 'hidden' });

    // The keyboard: focus the control before the button, then Tab onto it.
    await button.focus();
    await page.keyboard.press('Shift+Tab');
    await tip.waitFor({ state: 'hidden' });
    await page.keyboard.press('Tab');
    await tip.waitFor({ state: 'visible' });
    assert.equal(await button.evaluate((el) => el === document.activeElement), true);
    assert.equal(
      await button.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent),
      await tip.innerText(),
      'the button is described by the tooltip',
    );
    await page.keyboard.press('Escape');
    await tip.waitFor({ state: 'hidden' });
    assert.equal(await button.evaluate((el) => el === document.activeElement), true, 'Escape leaves the focus');

    // Tab moves on: nothing holds the focus.
    await button.focus();
    await page.keyboard.press('Tab');
    assert.equal(await button.evaluate((el) => el === document.activeElement), false);
    await tip.waitFor({ state: 'hidden' });

    // A click elsewhere hides it.
    await button.hover();
    await tip.waitFor({ state: 'visible' });
    await page.getByRole('heading', { level: 1 }).click();
    await tip.waitFor({ state: 'hidden' });
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('on a 375 px phone the open tooltip stays on screen: no sideways scrolling', async () => {
    const page = await live.browser.newPage({ viewport: { width: 375, height: 800 } });
    await openProduct(page);
    await page.getByRole('button', { name: HELP }).focus();
    const tip = page.getByRole('tooltip');
    await tip.waitFor({ state: 'visible' });
    const box = (await tip.boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= 375, `inside the window: ${JSON.stringify(box)}`);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 375);
    await page.close();
  });

  test('axe finds no WCAG A/AA violation with the tooltip open', async () => {
    // bypassCSP: axe is injected as a script of its own, which the store's policy would refuse.
    const context = await live.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await openProduct(page);
    await page.getByRole('button', { name: HELP }).focus();
    await page.getByRole('tooltip').waitFor({ state: 'visible' });
    const violations = await axeViolations(page, 'product page, unit price tooltip open');
    assert.equal(violations.length, 0, describeViolations(violations));
    await context.close();
  });
});
