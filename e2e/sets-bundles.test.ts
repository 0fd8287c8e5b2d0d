// Sets and bundles in real Chromium against the real server and database (issue 14): a shopper opens a
// set, sees its products with their prices, and adds them all with one click (the set itself stays
// unbuyable); a shopper buys a bundle, whose page lists the datasets in it, and the order page has a
// download per dataset, each delivering that dataset's own file.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { DATASET_FIELDS, formatCurrency } from '@store/core';
import { axeViolations, describeViolations } from './axe.ts';
import { liveStore } from './browser.ts';
import { badge, hydrated, placeGuestOrder, section } from './checkout-steps.ts';
import { parseCsv } from '../packages/server/src/test-support/csv.ts';
import { componentsOf as seeded } from '../packages/server/src/test-support/product-components.ts';

const live = liveStore();

const componentsOf = (sku: string) => seeded(live.server.db, sku);

async function open() {
  // bypassCSP: axe (the accessibility check) is injected as a script of its own, which the store's CSP refuses.
  const context = await live.browser.newContext({
    viewport: { width: 1280, height: 1000 },
    acceptDownloads: true,
    bypassCSP: true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

const toast = (page: Page) => page.locator('.toast');

/** No WCAG A/AA violation on the page as it is now (axe-core, as the accessibility suite runs it). */
async function accessible(page: Page, state: string) {
  const found = await axeViolations(page, state);
  assert.equal(found.length, 0, describeViolations(found));
}

describe('sets and bundles', () => {
  test('a shopper adds every product of a set with one click; the set itself cannot be added', async () => {
    const parts = await componentsOf('ST-00001');
    assert.equal(parts.length, 3);
    const { context, page, errors } = await open();
    await page.goto(`${live.server.url}/product/${parts[0]!.parentId}`);
    await hydrated(page);

    // The set's own button stays off, with the reason (code 104).
    const own = page.locator('form.add-to-cart');
    assert.equal(await own.getByRole('button', { name: 'Add to Cart' }).isDisabled(), true);
    await own.getByText('This set cannot be added as a whole.').waitFor();

    // Its products, each linked, with this shopper's price.
    const contents = section(page, 'In this set');
    const items = contents.getByRole('listitem');
    assert.equal(await items.count(), 3);
    for (const [i, part] of parts.entries()) {
      const item = items.nth(i);
      assert.equal(await item.getByRole('link', { name: part.name }).getAttribute('href'), `/product/${part.id}`);
      const price = (await live.server.api(`/pricing/products/${part.id}`)).body;
      await item.getByText(formatCurrency(price.unitPrice, price.currencyIsoCode, 'en-US')).waitFor();
    }

    await contents.getByRole('button', { name: 'Add all to cart' }).click();
    await toast(page).filter({ hasText: 'Added to your cart' }).waitFor();
    for (const part of parts) await toast(page).filter({ hasText: part.name }).first().waitFor();
    await badge(page).filter({ hasText: 'Cart (3)' }).waitFor();
    assert.equal(await contents.getByText('Added to your cart', { exact: true }).count(), 3);
    await accessible(page, 'set page, all added');

    // Once more: each dataset is already in the cart, and each line says so; the cart keeps three.
    await contents.getByRole('button', { name: 'Add all to cart' }).click();
    await toast(page).filter({ hasText: 'Nothing was added' }).waitFor();
    assert.equal(
      await contents.getByText('Not added: The item you selected is already in your cart.', { exact: true }).count(),
      3,
    );

    await badge(page).click();
    await page.waitForURL((u) => u.pathname === '/cart');
    const lines = page.getByRole('list', { name: 'Items in your cart' });
    for (const part of parts) await lines.getByRole('link', { name: part.name }).first().waitFor();
    assert.equal(await lines.locator('.cart-line').count(), 3);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a shopper buys a bundle, and the order page has a download per dataset in it, each that dataset's file", async () => {
    const parts = await componentsOf('BN-00002');
    assert.equal(parts.length, 3);
    const bundleName = parts[0]!.parentName;
    const { context, page, errors } = await open();
    await page.goto(`${live.server.url}/product/${parts[0]!.parentId}`);
    await hydrated(page);

    // What it contains: each dataset linked to its page, with its record count.
    const contents = section(page, "What's in this bundle");
    for (const part of parts) {
      assert.equal(await contents.getByRole('link', { name: part.name }).getAttribute('href'), `/product/${part.id}`);
      const count = new Intl.NumberFormat('en-US').format(part.record_count!);
      await contents.getByText(`${count} records`).first().waitFor();
    }
    const shown = (await live.server.api(`/products/${parts[0]!.parentId}/children`)).body.products;
    assert.deepEqual(
      shown.map((p: { fields: Record<string, string> }) => p.fields[DATASET_FIELDS.recordCount]),
      parts.map((p) => String(p.record_count)),
    );

    await accessible(page, 'bundle page');

    // The bundle is bought as one product.
    await page.locator('form.add-to-cart').getByRole('button', { name: 'Add to Cart' }).click();
    await badge(page).filter({ hasText: 'Cart (1)' }).waitFor();
    await badge(page).click();
    await page.waitForURL((u) => u.pathname === '/cart');
    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL((u) => u.pathname === '/checkout');
    await section(page, /Review your order/).waitFor();
    await placeGuestOrder(page, 'bundle@example.com');
    await page.getByRole('list', { name: 'Items in this order' }).getByText(bundleName).waitFor();

    const downloads = section(page, 'Downloads');
    assert.equal(await downloads.getByRole('link').count(), 3, 'a download per dataset in the bundle');
    for (const part of parts) {
      const link = downloads.getByRole('link', { name: `Download ${part.name} (from ${bundleName})` });
      const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
      assert.match(file.suggestedFilename(), new RegExp(`^${part.sku}-.+\\.csv$`));
      const text = await readFile((await file.path())!, 'utf8');
      const lines = text.split('\r\n').filter((l) => l !== '');
      assert.deepEqual(parseCsv(`${lines[0]}\r\n`)[0], JSON.parse(part.included_fields_json));
      assert.equal(lines.length - 1, part.record_count, `${part.sku}: every record of that dataset`);
      const sample = await live.server.get(`/samples/${part.sku}.csv`);
      assert.ok(text.startsWith(sample.text.replace(/^\uFEFF/, '')), `${part.sku}: its own records`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});
