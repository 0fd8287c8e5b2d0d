// The checkout's steps as a shopper takes them in the browser (add to cart, contact details, a US address,
// a card), shared by the browser tests that go through checkout.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { hydrated } from './shopper-session.ts';

export { hydrated };
export const badge = (page: Page) => page.getByRole('banner').getByTestId('cart-badge');
export const section = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

/** From a product page: add it (in `quantity`), then the cart page's "Checkout" link to the checkout, loaded. */
export async function addAndGoToCheckout(
  page: Page,
  storeUrl: string,
  productId: string,
  expectedCount: number,
  quantity?: number,
) {
  await page.goto(`${storeUrl}/product/${productId}`);
  await hydrated(page);
  if (quantity !== undefined) await page.getByLabel('Quantity', { exact: true }).fill(String(quantity));
  await page.getByRole('button', { name: /add to cart/i }).click();
  await badge(page)
    .filter({ hasText: `Cart (${expectedCount})` })
    .waitFor();
  await goToCheckout(page);
}

/** From any storefront page with a cart: the header's cart badge, then the cart page's "Checkout" link, loaded. */
export async function goToCheckout(page: Page) {
  await badge(page).click();
  await page.waitForURL((u) => u.pathname === '/cart');
  await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
  await page.getByRole('link', { name: 'Checkout' }).click();
  await page.waitForURL((u) => u.pathname === '/checkout');
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  await section(page, /Review your order/).waitFor();
}

export async function fillGuestContact(page: Page, email: string) {
  const contact = section(page, /Contact details/);
  await contact.getByLabel('First name').fill('Ada');
  await contact.getByLabel('Last name').fill('Lovelace');
  await contact.getByLabel('Email').fill(email);
  await contact.getByLabel('Phone (optional)').fill('415 555 0123');
  await contact.getByRole('button', { name: 'Save contact details' }).click();
  // Saved: the details are shown, the phone in the North American format.
  await contact.getByText('(415) 555-0123').waitFor();
  await contact.getByText(email).waitFor();
}

export async function fillUsAddress(page: Page) {
  const address = section(page, /Billing address|Delivery address/);
  assert.equal(await address.getByLabel('Country').inputValue(), 'US');
  await address.getByLabel('First name').fill('Ada');
  await address.getByLabel('Last name').fill('Lovelace');
  await address.getByLabel('Street address').fill('415 Mission St');
  await address.getByLabel('City').fill('San Francisco');
  await address.getByLabel('State').fill('CA');
  await address.getByLabel('ZIP code').fill('94105');
  await address.getByRole('button', { name: 'Use this address' }).click();
  await address.getByText('San Francisco, CA 94105').waitFor();
}

export async function fillCard(page: Page, number: string) {
  const payment = section(page, /Payment/);
  await payment.getByLabel('Name on card').fill('Ada Lovelace');
  await payment.getByLabel('Card number').fill(number);
  await payment.getByLabel('Month (MM)').fill('12');
  await payment.getByLabel('Year (YY)').fill('30');
  await payment.getByLabel('Security code').fill('123');
  await payment.getByRole('button', { name: 'Use this card' }).click();
}

/** On the checkout page: a guest's contact details, a US address and the accepted card, then the order; ends on its page. */
export async function placeGuestOrder(page: Page, email: string) {
  await fillGuestContact(page, email);
  await fillUsAddress(page);
  await payByCardAndPlace(page);
}

/** On the checkout page with the details given: the accepted card, then the order; ends on its page. */
export async function payByCardAndPlace(page: Page) {
  await fillCard(page, '4242 4242 4242 4242');
  await section(page, /Payment/)
    .getByText(/Visa ending in 4242/)
    .waitFor();
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/orders/'));
  await page.getByRole('heading', { level: 1, name: 'Thank you for your order' }).waitFor();
}
