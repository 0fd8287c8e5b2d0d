// Variations in real Chromium against the real server and database (issue 14): a shopper searches
// "dentists coverage", sees the variation parent's tile priced "from" its cheapest coverage, opens it, picks
// coverages by keyboard and pointer and sees the price, SKU, record count and URL follow, reloads (the server
// renders the same choice), adds it, checks out as a guest and downloads that coverage's own file. A link to
// a coverage the family does not have shows code 105 and keeps Add to Cart off (and the picker passes axe).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { compareDecimal, formatCurrency } from '@store/core';
import { axeViolations, describeViolations } from './axe.ts';
import { liveStore } from './browser.ts';
import { badge, fillCard, fillGuestContact, fillUsAddress, hydrated, section } from './checkout-steps.ts';
import { parseCsv } from '../packages/server/src/test-support/csv.ts';
import { WEBSTORE_ID } from '../packages/server/src/test-support/server.ts';

const live = liveStore();

interface Variation {
  id: string;
  sku: string;
  name: string;
  /** The buyer's price, as tiles show it. */
  price: string;
  /** What the product page shows: the promotional price when a promotion applies. */
  pagePrice: string;
  recordCount: number;
  fields: string[];
}

/** The family VP-00001 as the API tells a guest: each coverage's id, SKU, price, record count and columns. */
async function family(): Promise<{ parentId: string; byCoverage: Record<string, Variation> }> {
  const parent = await live.server.db.db
    .selectFrom('product')
    .select('id')
    .where('sku', '=', 'VP-00001')
    .executeTakeFirstOrThrow();
  const kids = (await live.server.api(`/products/${parent.id}/children`)).body.products;
  const prices = (await live.server.api(`/pricing/products/${parent.id}?includeChildProductPrices=true`)).body;
  const promotions = (
    await live.server.get('/services/data/v65.0/commerce/promotions/actions/evaluate-products', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        webStoreId: WEBSTORE_ID,
        products: kids.map((k: { id: string }) => ({ productId: k.id })),
      }),
    })
  ).body.promotionProductEvaluationResults as Array<{ productId: string; promotionalPrice: string | null }>;
  const byCoverage: Record<string, Variation> = {};
  for (const k of kids) {
    const price = prices.childProductPrices.find((p: { productId: string }) => p.productId === k.id).unitPrice;
    byCoverage[k.variationAttributeSet.attributes.Coverage] = {
      id: k.id,
      sku: k.fields.StockKeepingUnit,
      name: k.fields.Name,
      price,
      pagePrice: promotions.find((p) => p.productId === k.id)?.promotionalPrice ?? price,
      recordCount: Number(k.fields.B2B_Record_Count__c),
      fields: k.fields.B2B_Included_Fields__c.split('; '),
    };
  }
  return { parentId: parent.id, byCoverage };
}

const usd = (amount: string) => formatCurrency(amount, 'USD', 'en-US');
const count = (n: number) => n.toLocaleString('en-US');
const mainPrice = async (page: Page) =>
  (await page.locator('.pdp .price__main').innerText()).replace('Current price', '').trim();
const recordCount = (page: Page) =>
  page.locator('.facts dt', { hasText: 'Record Count' }).locator('xpath=following-sibling::dd[1]');
const coverage = (page: Page) => page.getByRole('group', { name: 'Coverage' });
const addToCart = (page: Page) => page.getByRole('button', { name: /add to cart/i });

describe('variations', () => {
  test('search, pick a coverage, reload, buy it and download that coverage’s file', async () => {
    const { parentId, byCoverage } = await family();
    const emailOnly = byCoverage['Email Only']!;
    const full = byCoverage['Full Contact']!;
    const context = await live.browser.newContext({ viewport: { width: 1280, height: 1000 }, acceptDownloads: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));

    // Search from the header.
    await page.goto(`${live.server.url}/`);
    await hydrated(page);
    await page.getByRole('banner').getByRole('combobox', { name: 'Search datasets' }).fill('dentists coverage');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search');
    const tile = page.locator('.card', { has: page.getByRole('link', { name: 'US Dentists – choose your coverage' }) });
    // The parent's tile: "from" the cheapest coverage's price for this shopper.
    const cheapest = Object.values(byCoverage).reduce((a, b) => (compareDecimal(a.price, b.price) <= 0 ? a : b));
    assert.equal((await tile.locator('.card__price').innerText()).trim(), `from ${usd(cheapest.price)}`);

    await tile.getByRole('link', { name: 'US Dentists – choose your coverage' }).click();
    await page.waitForURL((u) => u.pathname === `/product/${parentId}`);
    await coverage(page).waitFor();
    // Nothing chosen: no price, Add to Cart off with its reason (code 103).
    assert.equal(await page.locator('.pdp .price__main').count(), 0);
    assert.equal(await addToCart(page).isDisabled(), true);
    await page.getByText('Choose an option to add this product.').waitFor();
    assert.deepEqual(
      await coverage(page)
        .getByRole('radio')
        .evaluateAll((rs) => rs.map((r) => (r as HTMLInputElement).value)),
      ['Email Only', 'Email + Phone', 'Full Contact'],
    );

    // Full Contact by pointer: its price, SKU, record count and columns, and the URL says so. The page holds
    // the whole family, so choosing asks the API nothing.
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/services/')) apiCalls.push(r.url());
    });
    await coverage(page).getByRole('radio', { name: 'Full Contact' }).check();
    await page.waitForURL((u) => u.searchParams.get('Coverage') === 'Full Contact');
    await page.getByTestId('variation-status').getByText(`SKU ${full.sku}`).waitFor();
    assert.equal(await mainPrice(page), usd(full.pagePrice));
    assert.equal((await recordCount(page).innerText()).trim(), count(full.recordCount));
    assert.equal((await page.getByRole('heading', { level: 1 }).innerText()).trim(), full.name);
    assert.equal(await addToCart(page).isEnabled(), true);

    // Email Only by keyboard (radios: the arrow keys move the choice), with its own price, count and columns.
    await coverage(page).getByRole('radio', { name: 'Full Contact' }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.waitForURL((u) => u.searchParams.get('Coverage') === 'Email Only');
    await page.getByTestId('variation-status').getByText(`SKU ${emailOnly.sku}`).waitFor();
    assert.equal(await mainPrice(page), usd(emailOnly.pagePrice));
    assert.notEqual(emailOnly.pagePrice, full.pagePrice);
    assert.equal((await recordCount(page).innerText()).trim(), count(emailOnly.recordCount));
    const columns = await page
      .locator('.facts__list li')
      .evaluateAll((lis) => lis.map((l) => (l.textContent ?? '').trim()));
    assert.deepEqual(columns, emailOnly.fields);
    assert.ok(!columns.includes('Phone'), 'Email Only has no phone column');
    // Still focused on the picker: the choice did not rebuild the page under the keyboard.
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value), 'Email Only');
    assert.deepEqual(apiCalls, [], 'no API call for a choice');

    // The server renders the same choice (the HTML before any script runs), and a reload keeps it.
    const html = await (await fetch(page.url())).text();
    // (`checked` or `checked=""`: the same attribute in HTML; Preact's server render writes the short form.)
    const emailOnlyInput = /<input[^>]*value="Email Only"[^>]*>/.exec(html)?.[0] ?? '';
    assert.match(emailOnlyInput, /\schecked(=""|[\s/>])/, `the Email Only choice is checked: ${emailOnlyInput}`);
    assert.ok(html.includes(`SKU ${emailOnly.sku}`), 'the server-rendered page names the chosen SKU');
    // Described as the variation it shows, its own page the canonical one (in the served head and after the choice).
    assert.match(html, new RegExp(`<link rel="canonical" href="[^"]*/product/${emailOnly.id}"`));
    assert.ok(html.includes(`<title>${emailOnly.name}`), 'the served title is the chosen variation’s');
    assert.ok((await page.title()).startsWith(emailOnly.name), await page.title());
    assert.equal(
      await page.locator('link[rel="canonical"]').getAttribute('href'),
      `${live.server.url}/product/${emailOnly.id}`,
    );
    await page.reload();
    await hydrated(page);
    assert.equal(await coverage(page).getByRole('radio', { name: 'Email Only' }).isChecked(), true);
    assert.equal(await mainPrice(page), usd(emailOnly.pagePrice));

    // Add it: the cart holds Email Only, not the parent.
    await addToCart(page).click();
    await badge(page).filter({ hasText: 'Cart (1)' }).waitFor();
    await badge(page).click();
    await page.waitForURL((u) => u.pathname === '/cart');
    await page.getByRole('list', { name: 'Items in your cart' }).getByText(emailOnly.name).waitFor();

    // Check out as a guest.
    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL((u) => u.pathname === '/checkout');
    await fillGuestContact(page, 'variations@example.com');
    await fillUsAddress(page);
    await fillCard(page, '4242 4242 4242 4242');
    await section(page, /Payment/)
      .getByText(/Visa ending in 4242/)
      .waitFor();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/orders/'));
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order' }).waitFor();

    // The download is Email Only's own file: its SKU, its columns (no phone), one row per record.
    const link = page.getByRole('region', { name: 'Downloads' }).getByRole('link', { name: /^Download / });
    assert.equal(await link.count(), 1);
    const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
    assert.match(file.suggestedFilename(), new RegExp(`^${emailOnly.sku}-.+\\.csv$`));
    const text = await readFile((await file.path())!, 'utf8');
    const lines = text.split('\r\n').filter((l) => l !== '');
    assert.deepEqual(parseCsv(`${lines[0]}\r\n`)[0], emailOnly.fields);
    assert.equal(lines.length - 1, emailOnly.recordCount, 'one row per record of Email Only');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a link to a coverage the family does not have: code 105, Add to Cart off with its reason', async () => {
    const { parentId } = await family();
    // bypassCSP: axe is injected as a script of its own, which the store's Content-Security-Policy would refuse.
    const context = await live.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${live.server.url}/product/${parentId}?Coverage=${encodeURIComponent('Fax Only')}`);
    await hydrated(page);
    await page.getByText('The selected option is not available.').waitFor();
    assert.equal(await addToCart(page).isDisabled(), true);
    const codes = (await page.locator('form.add-to-cart').getAttribute('data-action-errors'))!.split(',');
    assert.ok(codes.includes('105'), codes.join(','));
    assert.equal(await coverage(page).getByRole('radio', { checked: true }).count(), 0);
    await page.getByTestId('variation-status').getByText('Fax Only: this option is not available.').waitFor();
    const violations = await axeViolations(page, 'variation picker (not available)');
    // Picking a real coverage makes it buyable.
    await coverage(page).getByRole('radio', { name: 'Email + Phone' }).check();
    await page.waitForURL((u) => u.searchParams.get('Coverage') === 'Email + Phone');
    assert.equal(await addToCart(page).isEnabled(), true);
    violations.push(...(await axeViolations(page, 'variation picker (chosen)')));
    assert.equal(violations.length, 0, `axe violations:\n${describeViolations(violations)}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
