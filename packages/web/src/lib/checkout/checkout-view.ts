// Pure helpers for the checkout and order pages: our wording (the spec gives none), delivery estimates,
// addresses and names in each country's format (core address-format), payment summaries, order status
// labels, and whether an order can be placed yet.

import {
  formatAddressLines,
  formatPhone,
  type Checkout,
  type CheckoutAddress,
  type CheckoutPaymentSummary,
  type ContactInfo,
  type DeliveryMethod,
  type OrderSummary,
} from '@store/core';
import { money } from '../cart/cart-view.ts';

import { ORDERS_PATH } from './order-paths.ts';

export { CHECKOUT_PATH, ORDERS_PATH, SUBSCRIPTIONS_PATH } from './order-paths.ts';
export const orderHref = (orderSummaryId: string, placed = false) =>
  `${ORDERS_PATH}/${encodeURIComponent(orderSummaryId)}${placed ? '?placed=1' : ''}`;

export const CHECKOUT_TEXT = {
  title: 'Checkout',
  loading: 'Loading your checkout…',
  loadFailed: 'We could not load your checkout.',
  retry: 'Try again',
  empty: 'Your cart is empty.',
  browse: 'Browse datasets',
  loginRequired: 'Log in to check out.',
  loginPrompt: 'This store asks you to log in before you check out.',
  contact: 'Contact details',
  address: 'Delivery address',
  delivery: 'Delivery method',
  payment: 'Payment',
  review: 'Review your order',
  placeOrder: 'Place order',
  placing: 'Placing your order…',
  declinedFallback: 'Your card was declined.',
  paymentFailed: 'We could not take the payment. Try again or use another payment method.',
  payAgain: 'Your order changed after you paid. Pay again to place it.',
  notReady: 'Complete the steps above before placing your order.',
  thankYou: 'Thank you for your order',
} as const;

/** "Free", or the fee in the method's currency. */
export function feeText(method: Pick<DeliveryMethod, 'shippingFee' | 'currencyIsoCode'>): string {
  return Number(method.shippingFee) === 0 ? 'Free' : money(method.shippingFee, method.currencyIsoCode);
}

const unitWord = (unit: DeliveryMethod['transitTimeUnit'], n: number) => {
  const word = unit === 'Hours' ? 'hour' : unit === 'Weeks' ? 'week' : 'business day';
  return n === 1 ? word : `${word}s`;
};

/** What the shopper may expect: a download at once for datasets; the transit range for shipments. */
export function deliveryEstimate(method: DeliveryMethod): string {
  if (method.deliveryKind === 'Digital') return 'Download from your order page as soon as the order is placed';
  const { transitTimeMin: min, transitTimeMax: max, transitTimeUnit: unit } = method;
  if (min === null && max === null) return 'Delivery time on dispatch';
  const hi = max ?? min!;
  const range = min !== null && max !== null && min !== max ? `${min}–${max}` : String(hi);
  return `Arrives in ${range} ${unitWord(unit, hi)}`;
}

/** Display lines of an address in its country's order, with the phone in the country's format. */
export function addressLines(a: CheckoutAddress, storeCountry?: string): string[] {
  const lines = formatAddressLines(
    {
      name: a.name,
      firstName: a.firstName,
      lastName: a.lastName,
      companyName: a.companyName,
      street: a.street,
      city: a.city,
      region: a.region,
      postalCode: a.postalCode,
      country: a.country,
    },
    { omitCountry: storeCountry },
  );
  if (a.shipToPhoneNumber) lines.push(formatPhone(a.shipToPhoneNumber, a.country));
  return lines;
}

/** "Ada Lovelace, ada@example.com, (415) 555-0123" as lines; the phone in the store country's format. */
export function contactLines(c: ContactInfo | null, country: string): string[] {
  if (!c) return [];
  const name = [c.firstName, c.lastName].filter(Boolean).join(' ');
  return [name, c.email ?? '', c.phoneNumber ? formatPhone(c.phoneNumber, country) : ''].filter((l) => l.trim() !== '');
}

export function paymentText(
  p: Pick<CheckoutPaymentSummary, 'method' | 'cardBrand' | 'cardLast4' | 'purchaseOrderNumber'>,
): string {
  if (p.method === 'PurchaseOrder') return `Purchase order ${p.purchaseOrderNumber ?? ''}`.trim();
  return `${p.cardBrand ?? 'Card'} ending in ${p.cardLast4 ?? '••••'}`;
}

/** The order's status as the store names it (application context orderStatuses), else the server's label. */
export function statusLabel(
  order: Pick<OrderSummary, 'status' | 'statusLabel'>,
  orderStatuses: ReadonlyArray<{ apiName: string; displayValue: string }>,
): string {
  return orderStatuses.find((s) => s.apiName === order.status)?.displayValue || order.statusLabel || order.status;
}

/** The countries an address may be in (the store's shipping countries), the store's own first: most shoppers live there. */
export function addressCountries(
  app: { country?: string | null; shippingCountries?: readonly string[] | null } | null,
) {
  const storeCountry = app?.country || 'US';
  const countries = app?.shippingCountries?.length ? [...app.shippingCountries] : [storeCountry];
  countries.sort((a, b) => (a === storeCountry ? -1 : b === storeCountry ? 1 : 0));
  return { storeCountry, countries };
}

export function orderDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** What the checkout still needs before the order can be placed (our wording, in step order). */
export function missingSteps(c: Checkout): string[] {
  const out: string[] = [];
  if (!c.contactInfo?.email) out.push('Enter your contact details.');
  const groups = c.deliveryGroups.items.filter((g) => g.totalCartItemCount > 0);
  if (groups.some((g) => !g.deliveryAddress)) out.push('Enter a delivery address.');
  if (groups.some((g) => !g.selectedDeliveryMethod)) out.push('Choose a delivery method.');
  if (!c.payment) out.push('Add a payment method.');
  else if (!c.payment.coversCart) out.push(CHECKOUT_TEXT.payAgain);
  return out;
}

/** The address the checkout delivers to (the default group's, else the first set). */
export function checkoutAddress(c: Checkout): CheckoutAddress | null {
  const groups = c.deliveryGroups.items;
  return (
    (groups.find((g) => g.isDefault && g.deliveryAddress) ?? groups.find((g) => g.deliveryAddress))?.deliveryAddress ??
    null
  );
}

/** The payment's alert: the gateway's title, and its detail when it adds something. */
export function paymentProblem(errors: ReadonlyArray<{ title: string; detail: string }>, fallback: string): string {
  const first = errors[0];
  if (!first) return fallback;
  const title = first.title?.trim() || fallback;
  const detail = first.detail?.trim() ?? '';
  if (!detail || detail === title) return title;
  return detail.startsWith(title) ? detail : `${title} ${detail}`;
}
