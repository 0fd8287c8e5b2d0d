// A shopper sees a printed directory's stock on its page before clicking anything, and the product page
// of a Net store makes no tax call (spec 02 §5, §8 codes 100 and 101), in real Chromium against the real
// server. Stock is set in the test database first. Prices seen in a page load are kept (client data store).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page, Request } from 'playwright-core';
import { liveStore } from './browser.ts';
import { WEBSTORE_ID } from '../packages/server/src/test-support/server.ts';

let soldOut: any; // US Hospitals Directory, stock set to 0
let lowStock: any; // Illinois Manufacturers Register, stock set to 3
let dataset: any;

const live = liveStore(async ({ server }) => {
  const products = (await server.api('/products?skus=PD-00003,PD-00006,DS-00001')).body.products;
  [soldOut, lowStock, dataset] = ['PD-00003', 'PD-00006', 'DS-00001'].map((sku) =>
    products.find((p: any) => p.fields.StockKeepingUnit === sku),
  );
  await setStock(soldOut.id, [0, 0]);
  await setStock(lowStock.id, [3, 0]);
});

/** Puts `units` on hand, nothing reserved, at each of the product's warehouses in turn. */
async function setStock(productId: string, units: number[]) {
  const rows = await live.server.db.db
    .selectFrom('inventory_level')
    .select('location_id')
    .where('product_id', '=', productId)
    .orderBy('location_id')
    .execute();
  assert.equal(rows.length, units.length, 'the seed stocks printed directories in two warehouses');
  for (const [i, r] of rows.entries())
    await live.server.db.db
      .updateTable('inventory_level')
      .set({ on_hand: units[i], reserved: 0 })
      .where('product_id', '=', productId)
      .where('location_id', '=', r.location_id)
      .execute();
}

async function openProduct(id: string): Promise<Page> {
  const page = await live.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const res = await page.goto(`${live.server.url}/product/${id}`);
  assert.equal(res?.status(), 200);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return page;
}

const addButton = (page: Page) => page.getByRole('button', { name: /add to cart/i });

/** The text the button's aria-describedby points at: the reason a screen reader hears with it. */
async function buttonDescription(page: Page): Promise<string> {
  const ids = (await addButton(page).getAttribute('aria-describedby')) ?? '';
  const parts = await Promise.all(
    ids
      .split(' ')
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).innerText()),
  );
  return parts.join(' ');
}

describe('stock on the product page', () => {
  test('a sold-out printed directory shows "Out of stock" and a disabled button with its reason, before any click', async () => {
    const page = await openProduct(soldOut.id);
    await page.getByText('Out of stock', { exact: true }).waitFor();
    assert.equal(await addButton(page).isDisabled(), true);
    assert.equal(await buttonDescription(page), 'Out of stock.');
    // Raising the quantity cannot bring it back.
    await page.getByLabel('Quantity').fill('2');
    assert.equal(await addButton(page).isDisabled(), true);
    await page.close();
  });

  test('a low-stock printed directory shows "Only 3 left" and refuses a larger quantity as it is typed', async () => {
    const page = await openProduct(lowStock.id);
    await page.getByText('Only 3 left', { exact: true }).waitFor();
    assert.equal(await addButton(page).isEnabled(), true, 'one of three can be bought');

    const quantity = page.getByLabel('Quantity');
    await quantity.fill('');
    await quantity.pressSequentially('4');
    assert.equal(await addButton(page).isDisabled(), true, 'four of three is refused');
    assert.equal(await buttonDescription(page), 'Not enough in stock for this quantity.');

    await quantity.fill('3');
    assert.equal(await addButton(page).isEnabled(), true, 'all three can be bought');
    assert.equal(await page.getByText('Not enough in stock for this quantity.').count(), 0);
    await page.close();
  });

  test('a dataset says nothing about stock and can be bought', async () => {
    const page = await openProduct(dataset.id);
    assert.equal(await page.locator('[data-stock-state]').count(), 0);
    assert.equal(await addButton(page).isEnabled(), true);
    await page.close();
  });
});

/** Calls the browser makes while it moves, client-side, from one product page to a related one. */
async function callsOnProductNavigation(): Promise<string[]> {
  const page = await openProduct(dataset.id);
  const calls: string[] = [];
  page.on('request', (r: Request) => calls.push(new URL(r.url()).pathname));
  const relatedId = dataset.fields.B2B_Related_Product1__c;
  await page.getByRole('link', { name: dataset.fields['B2B_Related_Product1__r.Name'] }).first().click();
  await page.getByRole('heading', { level: 1, name: dataset.fields['B2B_Related_Product1__r.Name'] }).waitFor();
  await page.close();
  // The loader ran in the browser: its pricing call is in the log, so a tax call would be too.
  assert.ok(
    calls.some((p) => p.endsWith(`/pricing/products/${relatedId}`)),
    `the page's calls were seen: ${calls.join(', ')}`,
  );
  return calls.filter((p) => p.includes(`/webstores/${WEBSTORE_ID}/taxes/`));
}

describe("the product page's calls", () => {
  test('a Net store (the demo store) makes no tax call', async () => {
    assert.deepEqual(await callsOnProductNavigation(), []);
  });

  test('a product price seen in this page load is not asked for again', async () => {
    const page = await openProduct(dataset.id);
    const related = {
      id: dataset.fields.B2B_Related_Product1__c,
      name: dataset.fields['B2B_Related_Product1__r.Name'],
    };
    const calls: string[] = [];
    page.on('request', (r: Request) => calls.push(new URL(r.url()).pathname));
    const priceCalls = (id: string) => calls.filter((p) => p.endsWith(`/pricing/products/${id}`)).length;
    await page.getByRole('link', { name: related.name }).first().click();
    await page.getByRole('heading', { level: 1, name: related.name }).waitFor();
    assert.equal(priceCalls(related.id), 1, 'the first visit asks for the price');
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: dataset.fields.Name }).waitFor();
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: related.name }).waitFor();
    // The second visit ran the page's loader (the product was read again) but took the price it had.
    assert.equal(
      calls.filter((p) => p.endsWith(`/webstores/${WEBSTORE_ID}/products/${related.id}`)).length,
      2,
      calls.join(', '),
    );
    assert.equal(priceCalls(related.id), 1, 'the second visit uses the kept price');
    await page.close();
  });

  test('a Gross store still asks for the product tax', async () => {
    const row = await live.server.db.db
      .selectFrom('webstore')
      .select('settings_json')
      .where('id', '=', WEBSTORE_ID)
      .executeTakeFirstOrThrow();
    await live.server.db.db
      .updateTable('webstore')
      .set({ settings_json: JSON.stringify({ ...JSON.parse(row.settings_json), taxType: 'Gross' }) })
      .where('id', '=', WEBSTORE_ID)
      .execute();
    await live.server.catalogueChanged();
    const taxCalls = await callsOnProductNavigation();
    assert.equal(taxCalls.length, 1, `one tax call: ${taxCalls.join(', ')}`);
  });
});
