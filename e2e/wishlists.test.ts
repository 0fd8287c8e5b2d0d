// Wishlists in real Chromium against the real server and database (issue 17, done-when): a buyer acting for
// Contoso keeps two lists (adds from a product page and from a result tile, makes the second list from the
// control), moves one whole list to the cart, where a variation parent can't go in and is reported with its
// reason while the others are in the cart, then switches to Northwind and finds Contoso's lists gone from
// the lists page and the header count changed. A guest's add-to-list survives the login it asks for.
// axe runs over the open control and the lists page.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { axeViolations, describeViolations } from './axe.ts';
import { liveStore } from './browser.ts';
import { badge, hydrated } from './checkout-steps.ts';
import { fillLogin, openShopper, sessionApi } from './shopper-session.ts';

const BUYER = 'morgan@northwind.example';
const SHOPPER = 'casey@example.com';

const live = liveStore();

// bypassCSP: axe is injected as a script of its own, which the store's CSP refuses.
const open = () => openShopper(live.browser, { viewport: { width: 1280, height: 1000 }, bypassCSP: true });

async function accessible(page: Page, state: string) {
  const found = await axeViolations(page, state);
  assert.equal(found.length, 0, describeViolations(found));
}

/** The API as this browser's session sees it (page.request shares the context's cookies). */
const api = (page: Page, path: string): Promise<any> => sessionApi(page, live.server.url, path);
const logIn = (page: Page, email: string) => fillLogin(page, email);

async function productIdOf(sku: string): Promise<string> {
  const row = await live.server.db.db
    .selectFrom('product')
    .select('id')
    .where('sku', '=', sku)
    .executeTakeFirstOrThrow();
  return row.id;
}

const toast = (page: Page) => page.locator('.toast');
const listsBadge = (page: Page) => page.getByRole('banner').getByTestId('lists-badge');
const control = (page: Page) => page.locator('main .add-to-list').first();

/** Switches the header's account switcher, which reloads the page for that account. */
async function actFor(page: Page, accountName: string) {
  await hydrated(page);
  const select = page.getByRole('banner').getByLabel('Account', { exact: true });
  if ((await select.locator('option:checked').innerText()) === accountName) return;
  await Promise.all([page.waitForEvent('load'), select.selectOption({ label: accountName })]);
  await hydrated(page);
}

describe('wishlists in the storefront', () => {
  test('a buyer for Contoso keeps two lists, moves one to the cart (a line that cannot go is reported), and Northwind sees none of it', async () => {
    const { context, page, errors } = await open();
    const simpleId = await productIdOf('DS-00001');
    const parentId = await productIdOf('VP-00001');
    await page.goto(`${live.server.url}/login`);
    await logIn(page, BUYER);
    await page.waitForURL(`${live.server.url}/`);
    await actFor(page, 'Contoso Dental Group');
    await listsBadge(page).filter({ hasText: 'Lists (0)' }).waitFor();

    // 1. The first add from a product page: Contoso has no list, so "My List" is made with it.
    await page.goto(`${live.server.url}/product/${simpleId}`);
    await hydrated(page);
    await control(page).getByRole('button', { name: 'Add to list' }).click();
    await toast(page).filter({ hasText: 'Added to My List' }).waitFor();
    await control(page).getByText('On My List').waitFor();
    await listsBadge(page).filter({ hasText: 'Lists (1)' }).waitFor();

    // 2. From a result tile: the control asks which list; a new one is made from it.
    const tileId = await productIdOf('DS-00003');
    const tileName = (await api(page, `/products/${tileId}`)).fields.Name as string;
    await page.goto(`${live.server.url}/search?term=${encodeURIComponent(tileName)}`);
    await hydrated(page);
    const tile = page.locator('main .card').filter({ has: page.locator(`a[href="/product/${tileId}"]`) });
    await tile.getByRole('button', { name: `Add to list: ${tileName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to a list' });
    await dialog.waitFor();
    await dialog.getByText('My List').waitFor();
    await accessible(page, 'add-to-list control, open');
    await dialog.getByLabel('New list name').fill('Q3 reorder');
    await dialog.getByRole('button', { name: 'Create list and add' }).click();
    await toast(page).filter({ hasText: 'Added to Q3 reorder' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await tile.getByText('On Q3 reorder').waitFor();
    await listsBadge(page).filter({ hasText: 'Lists (2)' }).waitFor();

    // 3. A variation parent (sold as one of its coverages) onto the same list, from its product page.
    await page.goto(`${live.server.url}/product/${parentId}`);
    await hydrated(page);
    await control(page).getByRole('button', { name: 'Add to list' }).click();
    await dialog.getByRole('button', { name: /Q3 reorder/ }).click();
    await toast(page).filter({ hasText: 'Added to Q3 reorder' }).waitFor();
    await listsBadge(page).filter({ hasText: 'Lists (3)' }).waitFor();
    // And the first product onto it too: now on two lists.
    await page.goto(`${live.server.url}/product/${simpleId}`);
    await hydrated(page);
    await control(page).getByText('On My List').waitFor();
    await control(page).getByRole('button', { name: 'Add to list' }).click();
    await dialog.getByText('Already on this list').waitFor();
    await dialog.getByRole('button', { name: /Q3 reorder/ }).click();
    await control(page).getByText('Saved to 2 lists').waitFor();
    await listsBadge(page).filter({ hasText: 'Lists (4)' }).waitFor();

    // 4. The lists page: both lists, the newest change first; move Q3 reorder to the cart.
    await listsBadge(page).click();
    await page.waitForURL((u) => u.pathname === '/account/lists');
    await page.getByRole('heading', { level: 1, name: 'My lists' }).waitFor();
    const lists = page.getByRole('navigation', { name: 'Your lists' });
    assert.deepEqual(await lists.getByRole('link').allInnerTexts(), ['Q3 reorder (3 products)', 'My List (1 product)']);
    await page.getByRole('heading', { level: 2, name: 'Q3 reorder' }).waitFor();
    // Choosing a list puts it in the address (a link to share with a colleague of the same account).
    await lists.getByRole('link', { name: /Q3 reorder/ }).click();
    await page.waitForURL((u) => u.searchParams.has('list'));
    assert.equal(await lists.getByRole('link', { name: /Q3 reorder/ }).getAttribute('aria-current'), 'page');
    const items = page.getByRole('list', { name: 'Products on Q3 reorder' });
    assert.equal(await items.getByRole('listitem').count(), 3);
    await accessible(page, 'lists page');

    await page.getByRole('button', { name: 'Move all to cart' }).click();
    const report = page.locator('.move-list__report');
    await report.getByText('1 product could not be added to your cart').waitFor();
    const parentName = (await api(page, `/products/${parentId}`)).fields.Name;
    await report
      .getByText(
        `${parentName}: Choose an option on the product page first: this product is sold as one of its variations.`,
      )
      .waitFor();
    await toast(page).filter({ hasText: 'Some products were not added' }).waitFor();
    // The two that went in are in the cart and off the list; the parent stays.
    await badge(page).filter({ hasText: 'Cart (2)' }).waitFor();
    await items.getByRole('listitem').nth(1).waitFor({ state: 'detached' });
    assert.deepEqual(await items.getByRole('link').allInnerTexts(), [parentName]);
    const cart = await api(page, '/carts/current/cart-items');
    assert.deepEqual(
      cart.cartItems.map((i: { cartItem: { productId: string } }) => i.cartItem.productId).sort(),
      [simpleId, tileId].sort(),
    );
    await listsBadge(page).filter({ hasText: 'Lists (2)' }).waitFor();
    await accessible(page, 'lists page after the move');

    // 5. Northwind: none of Contoso's lists, and its own count in the header.
    const qList = page.url();
    await actFor(page, 'Northwind Traders');
    assert.equal(page.url(), qList, 'the switch reloads the same address');
    await page.getByText('That list is not one of this account’s lists.').waitFor();
    await page.getByText('You have no lists yet.').waitFor();
    assert.equal(await page.getByRole('link', { name: /Q3 reorder|My List/ }).count(), 0);
    await listsBadge(page).filter({ hasText: 'Lists (0)' }).waitFor();
    assert.equal((await api(page, '/wishlists')).wishlistCount, 0);

    // Back to Contoso: its lists are there as they were left.
    await actFor(page, 'Contoso Dental Group');
    await listsBadge(page).filter({ hasText: 'Lists (2)' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Q3 reorder' }).waitFor();

    // 6. The page's own tools: rename, remove the line left, delete a list (after the question), make a new one.
    await page.getByLabel('List name', { exact: true }).fill('Q4 reorder');
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('heading', { level: 2, name: 'Q4 reorder' }).waitFor();
    await page.getByRole('button', { name: `Remove: ${parentName}` }).click();
    await page.getByText('This list is empty.').waitFor();
    await listsBadge(page).filter({ hasText: 'Lists (1)' }).waitFor();
    await lists.getByRole('link', { name: /My List/ }).click();
    await page.getByRole('heading', { level: 2, name: 'My List' }).waitFor();
    await page.getByRole('button', { name: 'Delete list' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete My List?' });
    await confirm.getByText('The list and the 1 product on it are deleted.').waitFor();
    await accessible(page, 'delete a list: the question');
    await confirm.getByRole('button', { name: 'Delete list' }).click();
    await page.waitForURL((u) => u.pathname === '/account/lists' && !u.searchParams.has('list'));
    await page.getByRole('heading', { level: 2, name: 'Q4 reorder' }).waitFor();
    assert.deepEqual(await lists.getByRole('link').allInnerTexts(), ['Q4 reorder (0 products)']);
    await listsBadge(page).filter({ hasText: 'Lists (0)' }).waitFor();
    await page.getByLabel('New list name').fill('   ');
    await page.getByRole('button', { name: 'Create list' }).click();
    await page.getByText('Enter a name for the list.').waitFor();
    await page.getByLabel('New list name').fill('Budget 2027');
    await page.getByRole('button', { name: 'Create list' }).click();
    await page.getByRole('heading', { level: 2, name: 'Budget 2027' }).waitFor();
    assert.deepEqual((await api(page, '/wishlists')).summaries.map((l: { name: string }) => l.name).sort(), [
      'Budget 2027',
      'Q4 reorder',
    ]);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a guest’s add-to-list asks for a login and is made once the login lands back on the page', async () => {
    const { context, page, errors } = await open();
    const productId = await productIdOf('DS-00002');
    const productPath = `/product/${productId}`;
    await page.goto(`${live.server.url}${productPath}`);
    await hydrated(page);
    assert.equal(await listsBadge(page).count(), 0, 'no Lists entry for guests');
    await control(page).getByRole('button', { name: 'Add to list' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('returnUrl'), productPath);
    // Nothing in the link asks for the add (only where to come back to): it waits in this tab's session storage.
    assert.deepEqual([...new URL(page.url()).searchParams.keys()], ['returnUrl']);
    assert.equal(
      await page.evaluate(() => JSON.parse(sessionStorage.getItem('commerce.pendingWishlistAdd') ?? 'null')?.productId),
      productId,
    );

    await logIn(page, SHOPPER);
    await page.waitForURL(`${live.server.url}${productPath}`);
    await toast(page).filter({ hasText: 'Added to My List' }).waitFor();
    await control(page).getByText('On My List').waitFor();
    await listsBadge(page).filter({ hasText: 'Lists (1)' }).waitFor();
    const mine = await api(page, '/wishlists?includeDisplayedList=true');
    assert.deepEqual(
      mine.summaries.map((s: { name: string }) => s.name),
      ['My List'],
    );
    assert.deepEqual(
      mine.displayedList.page.items.map((i: { productId: string }) => i.productId),
      [productId],
    );
    // Once only: a reload adds nothing more.
    assert.equal(await page.evaluate(() => sessionStorage.getItem('commerce.pendingWishlistAdd')), null);
    await page.reload();
    await hydrated(page);
    await control(page).getByText('On My List').waitFor();
    assert.equal((await api(page, '/wishlists')).summaries[0].wishlistProductCount, 1);

    // From the lists page, one item into the cart (at its minimum quantity): it leaves the list.
    await listsBadge(page).click();
    await page.waitForURL((u) => u.pathname === '/account/lists');
    const name = (await api(page, `/products/${productId}`)).fields.Name;
    await page.getByRole('button', { name: `Move to cart: ${name}` }).click();
    await page.getByText('This list is empty.').waitFor();
    await badge(page).filter({ hasText: 'Cart (1)' }).waitFor();
    await listsBadge(page).filter({ hasText: 'Lists (0)' }).waitFor();
    const cart = await api(page, '/carts/current/cart-items');
    assert.deepEqual(
      cart.cartItems.map((i: { cartItem: { productId: string } }) => i.cartItem.productId),
      [productId],
    );
    assert.deepEqual(errors, []);
    await context.close();
  });
});
