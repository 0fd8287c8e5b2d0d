// The checkout's parts and the order page: the address form in each country's format, the card form
// (tokenised in the page; a decline shown as an alert with the form kept as typed), the order view with
// its download links, and the pure wording helpers.
import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Checkout, DeliveryMethod, OrderDetail, PaymentRequest } from '@store/core';
import { installDom, typeInto } from '../../test-support/dom.ts';
import type { OrderPageData } from '../../routes/types.ts';

installDom();
const { act, createElement } = await import('react');
const { renderToString } = await import('react-dom/server');
const { createRoot } = await import('react-dom/client');
const { AddressForm } = await import('./AddressForm.tsx');
const { CardPaymentForm } = await import('./CardPaymentForm.tsx');
const { OrderDetailView } = await import('../../routes/account/OrderPage.tsx');
const { deliveryEstimate, missingSteps, paymentProblem, statusLabel } = await import(
  '../../lib/checkout/checkout-view.ts'
);

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
const labels = (html: string) =>
  [...html.matchAll(/<label for="[^"]+" class="field__label">([^<]+)/g)].map((m) => m[1]!.trim());
const none = async () => ({ ok: true });

describe('AddressForm follows the country format', () => {
  test('US: names, company, street, city, State, ZIP code; the required ones marked', () => {
    const html = renderToString(
      createElement(AddressForm, {
        form: 'a',
        countries: ['US', 'JP'],
        submitLabel: 'Use this address',
        onSubmit: none,
      }),
    );
    assert.deepEqual(labels(html), [
      'Country',
      'First name',
      'Last name',
      'Company (optional)',
      'Street address',
      'City',
      'State',
      'ZIP code',
      'Phone (optional)',
    ]);
    const input = (name: string) =>
      [...html.matchAll(/<input [^>]*>/g)].map((m) => m[0]).find((i) => i.includes(`name="${name}"`)) ?? '';
    for (const name of ['firstName', 'lastName', 'street', 'city', 'region', 'postalCode'])
      assert.match(input(name), /required=""/, name);
    assert.doesNotMatch(input('companyName'), /required/);
    assert.doesNotMatch(input('phone'), /required/);
  });

  test('JP: family name first, Prefecture and the postal code label', () => {
    const html = renderToString(
      createElement(AddressForm, { form: 'a', countries: ['JP'], submitLabel: 'Use this address', onSubmit: none }),
    );
    const l = labels(html);
    assert.ok(l.indexOf('Last name') < l.indexOf('First name'), l.join(', '));
    assert.ok(l.includes('Prefecture'), l.join(', '));
    assert.ok(l.includes('Postal code'), l.join(', '));
  });
});

describe('CardPaymentForm', () => {
  let container: HTMLElement;
  let root: ReturnType<typeof createRoot>;
  before(() => undefined);
  afterEach(() => act(() => root.unmount()));
  after(() => undefined);

  async function mount(onPay: (r: PaymentRequest) => Promise<{ ok: boolean; message?: string }>) {
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
    const billing = {
      id: null,
      name: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: null,
      street: '415 Mission St',
      city: 'San Francisco',
      region: 'CA',
      postalCode: '94105',
      country: 'US',
      isDefault: false,
      shipToPhoneNumber: null,
    };
    await act(async () => root.render(createElement(CardPaymentForm, { billingAddress: billing, onPay })));
    const field = (name: string) => container.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
    const fill = (number: string) => {
      typeInto(field('cardHolder'), 'Ada Lovelace');
      typeInto(field('cardNumber'), number);
      typeInto(field('expiryMonth'), '12');
      typeInto(field('expiryYear'), '30');
      typeInto(field('securityCode'), '123');
    };
    const submit = () =>
      act(async () =>
        container.querySelector('form')!.dispatchEvent(new window.Event('submit', { bubbles: true, cancelable: true })),
      );
    return { field, fill, submit };
  }

  test('only a token leaves the page, with the delivery address as billing address', async () => {
    const sent: PaymentRequest[] = [];
    const { fill, submit } = await mount(async (r) => (sent.push(r), { ok: true }));
    await act(async () => fill('4242 4242 4242 4242'));
    await submit();
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.requestType, 'Auth');
    assert.equal(sent[0]!.paymentToken, 'tok_test_success_visa_4242');
    assert.deepEqual(sent[0]!.billingAddress, {
      name: 'Ada Lovelace',
      street: '415 Mission St',
      country: 'US',
      city: 'San Francisco',
      region: 'CA',
      postalCode: '94105',
    });
    assert.doesNotMatch(JSON.stringify(sent), /4242 ?4242 ?4242/, 'no card number in the request');
  });

  test('a mistyped number is caught in the page; nothing is sent', async () => {
    const sent: PaymentRequest[] = [];
    const { fill, submit } = await mount(async (r) => (sent.push(r), { ok: true }));
    await act(async () => fill('4242 4242 4242 4241'));
    await submit();
    assert.equal(sent.length, 0);
    assert.match(container.textContent ?? '', /Enter a valid card number\./);
  });

  test('a decline: the message as an alert, the fields as typed', async () => {
    const { fill, submit, field } = await mount(async () => ({
      ok: false,
      message: 'Your card was declined. Use another card or payment method.',
    }));
    await act(async () => fill('4000 0000 0000 0002'));
    await submit();
    const alert = container.querySelector('[role="alert"]');
    assert.equal(alert?.textContent, 'Your card was declined. Use another card or payment method.');
    assert.equal(field('cardNumber').value, '4000 0000 0000 0002');
    assert.equal(field('cardHolder').value, 'Ada Lovelace');
  });
});

describe('the order view', () => {
  const order = {
    orderSummaryId: '801000000000001AAA',
    orderNumber: 'DD-00001001',
    status: 'Activated',
    statusLabel: 'Activated',
    orderedDate: '2026-03-01T10:00:00.000Z',
    accountId: null,
    accountName: null,
    currencyIsoCode: 'USD',
    taxType: 'Net',
    totalListAmount: '499.00',
    totalProductAmount: '499.00',
    totalAdjustmentAmount: '-49.90',
    totalChargeAmount: '0.00',
    totalGiftWrapAmount: '0.00',
    totalTaxAmount: '0.00',
    grandTotalAmount: '449.10',
    totalProductCount: '1',
    paymentMethod: 'Card',
    purchaseOrderNumber: null,
    giftOptions: { giftWrap: false, giftMessage: null, giftToName: null },
    contactInfo: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phoneNumber: '4155550123' },
    billingAddress: null,
    lines: [
      {
        orderItemId: '802000000000001AAA',
        productId: '01t000000000101AAA',
        sku: 'DS-00001',
        name: 'US Dentists, Email and Phone',
        fulfilment: 'Dataset',
        quantity: '1',
        productSellingModelId: null,
        sellingModelType: 'OneTime',
        subscriptionTerm: null,
        listPrice: '499.00',
        salesPrice: '499.00',
        totalAdjustmentAmount: '-49.90',
        totalTax: '0.00',
        totalPrice: '449.10',
        adjustments: [],
        status: 'Active',
        refundedAmount: '0.00',
      },
    ],
    deliveryGroups: [
      {
        id: 'g',
        name: 'Default',
        deliveryAddress: {
          id: null,
          name: 'Ada Lovelace',
          firstName: 'Ada',
          lastName: 'Lovelace',
          companyName: null,
          street: '415 Mission St',
          city: 'San Francisco',
          region: 'CA',
          postalCode: '94105',
          country: 'US',
          isDefault: false,
          shipToPhoneNumber: null,
        },
        deliveryMethodName: 'Secure download',
        deliveryKind: 'Digital',
        shippingFee: '0.00',
        status: 'Delivered',
        carrier: null,
        trackingNumber: null,
        shippedAt: null,
      },
    ],
    cartAdjustments: [],
    hasDownloads: true,
    refunds: [],
    totalRefundedAmount: '0.00',
  } as OrderDetail;
  const link = {
    orderItemId: '802000000000001AAA',
    productId: '01t000000000101AAA',
    productName: 'US Dentists, Email and Phone',
    fileName: 'DS-00001-us-dentists-email-and-phone.csv',
    url: '/services/data/v65.0/commerce/webstores/0ZE000000000001AAA/downloads/abc.def',
    expiresAt: '2026-03-01T11:00:00.000Z',
  };
  const data = (placed: boolean): OrderPageData => ({
    order,
    downloads: [link],
    statusLabel: 'Order placed',
    placed,
    storeCountry: 'US',
  });

  test('the confirmation: thanks, the number, totals, address, phone in the US format, one download link per dataset', () => {
    const html = renderToString(createElement(OrderDetailView, { data: data(true) }));
    const t = text(html);
    assert.match(html, /<h1 id="order-title">Thank you for your order<\/h1>/);
    assert.match(t, /Your order number is DD-00001001 ?\. We sent a confirmation to ada@example\.com\./);
    assert.match(t, /Status Order placed/);
    assert.match(t, /Subtotal \$499\.00 Discounts -\$49\.90 Delivery Free Tax \$0\.00 Total \$449\.10/);
    assert.match(t, /415 Mission St San Francisco, CA 94105/);
    assert.match(t, /\(415\) 555-0123/);
    const anchors = [...html.matchAll(/<a ([^>]*download="[^"]*"[^>]*)>/g)];
    assert.equal(anchors.length, 1);
    assert.match(
      anchors[0]![1]!,
      /href="\/services\/data\/v65\.0\/commerce\/webstores\/0ZE000000000001AAA\/downloads\/abc\.def"/,
    );
    assert.match(anchors[0]![1]!, /download="DS-00001-us-dentists-email-and-phone\.csv"/);
  });

  test('from the history: the order number as the heading, no thanks', () => {
    const html = renderToString(createElement(OrderDetailView, { data: data(false) }));
    assert.match(html, /<h1 id="order-title">Order DD-00001001<\/h1>/);
    assert.doesNotMatch(html, /Thank you/);
    assert.doesNotMatch(html, /Gift/);
  });

  test('a gift-wrapped order: the wrap among the totals, and the message as written (escaped)', () => {
    const gift: OrderDetail = {
      ...order,
      totalGiftWrapAmount: '4.95',
      grandTotalAmount: '454.05',
      giftOptions: { giftWrap: true, giftMessage: 'Happy 40th, <Ada>!', giftToName: 'Ada L.' },
    };
    const html = renderToString(createElement(OrderDetailView, { data: { ...data(false), order: gift } }));
    const t = text(html);
    assert.match(t, /Delivery Free Gift wrap \$4\.95 Tax \$0\.00 Total \$454\.05/);
    assert.match(t, /Gift Gift wrapped To: Ada L\. Happy 40th, &lt;Ada&gt;!/);
    assert.doesNotMatch(html, /<Ada>/);
  });

  describe('the order after the seller acted (issue 15)', () => {
    const parcel = (over: Partial<OrderDetail['deliveryGroups'][number]>) => ({
      ...order.deliveryGroups[0]!,
      id: 'p',
      name: 'Printed directories',
      deliveryKind: 'Shipped' as const,
      deliveryMethodName: 'Standard Ground',
      status: 'Pending' as const,
      ...over,
    });
    const view = (o: OrderDetail) =>
      text(
        renderToString(
          createElement(OrderDetailView, {
            data: { order: o, downloads: [], statusLabel: o.statusLabel, placed: false, storeCountry: 'US' },
          }),
        ),
      );

    test('a shipped parcel shows its carrier, tracking number and day; one not yet shipped says so', () => {
      const t = view({
        ...order,
        deliveryGroups: [
          parcel({
            status: 'Shipped',
            carrier: 'UPS',
            trackingNumber: '1Z999AA10123456784',
            shippedAt: '2026-11-23T10:00:00.000Z',
          }),
          parcel({ id: 'q', name: 'Second office' }),
        ],
      });
      assert.match(
        t,
        /Shipping Printed directories Status Shipped November 23, 2026 Carrier UPS Tracking number 1Z999AA10123456784/,
      );
      assert.match(t, /Second office Not shipped yet\./);
    });

    test('refunds: each with its day, amount and where the money went, the refunded line marked', () => {
      const t = view({
        ...order,
        lines: [{ ...order.lines[0]!, status: 'Refunded', refundedAmount: '449.10' }],
        refunds: [
          {
            refundId: 'r',
            kind: 'Refund',
            amount: '449.10',
            createdDate: '2026-11-24T09:00:00.000Z',
            orderItemIds: ['802000000000001AAA'],
            reason: 'Wrong list',
          },
        ],
        totalRefundedAmount: '449.10',
      });
      assert.match(t, /\$449\.10 · Refunded/);
      assert.match(
        t,
        /Refunds November 24, 2026: \$449\.10\. Refunded to your card\. Wrong list Refunded in all: \$449\.10/,
      );
      assert.doesNotMatch(view(order), /Refunds|Shipping/);
    });
  });
});

describe('the address step of a datasets-only checkout', () => {
  test('says in an info notice that nothing ships and what the address is for', async () => {
    const { DeliveryAddressSection } = await import('./DeliveryAddressSection.tsx');
    const props = { step: 2, address: null, isGuest: true, countries: ['US'], storeCountry: 'US', onUse: none };
    const digital = renderToString(createElement(DeliveryAddressSection, { ...props, allDigital: true }));
    assert.match(digital, /<div role="status" class="notice notice--info">/);
    assert.match(
      text(digital),
      /Billing address .*Information: Datasets are delivered by download; the address is for your invoice and tax\./,
    );
    const shipped = renderToString(createElement(DeliveryAddressSection, { ...props, allDigital: false }));
    assert.doesNotMatch(shipped, /notice/);
  });
});

describe('checkout wording', () => {
  const method = (m: Partial<DeliveryMethod>): DeliveryMethod => ({
    id: 'm',
    name: 'Ground',
    carrier: null,
    classOfService: null,
    currencyIsoCode: 'USD',
    shippingFee: '9.95',
    deliveryKind: 'Shipped',
    processTime: 1,
    processTimeUnit: 'Days',
    transitTimeMin: 3,
    transitTimeMax: 5,
    transitTimeUnit: 'Days',
    ...m,
  });
  test('delivery estimates', () => {
    assert.equal(deliveryEstimate(method({})), 'Arrives in 3–5 business days');
    assert.equal(deliveryEstimate(method({ transitTimeMin: 1, transitTimeMax: 1 })), 'Arrives in 1 business day');
    assert.match(deliveryEstimate(method({ deliveryKind: 'Digital' })), /^Download/);
  });
  test('the payment alert says the title once', () => {
    assert.equal(
      paymentProblem(
        [{ title: 'Your card was declined.', detail: 'Your card was declined. Use another card or payment method.' }],
        'x',
      ),
      'Your card was declined. Use another card or payment method.',
    );
    assert.equal(paymentProblem([{ title: 'Your card was declined.', detail: '' }], 'x'), 'Your card was declined.');
    assert.equal(paymentProblem([], 'fallback'), 'fallback');
  });
  test('status labels come from the store’s order statuses', () => {
    assert.equal(
      statusLabel({ status: 'Activated', statusLabel: 'Activated' }, [
        { apiName: 'Activated', displayValue: 'Order placed' },
      ]),
      'Order placed',
    );
    assert.equal(statusLabel({ status: 'Draft', statusLabel: 'Draft' }, []), 'Draft');
  });
  test('what is still missing before placing', () => {
    const c = {
      contactInfo: null,
      payment: null,
      deliveryGroups: {
        count: 1,
        items: [{ totalCartItemCount: 1, deliveryAddress: null, selectedDeliveryMethod: { id: 'm' } }],
      },
    } as unknown as Checkout;
    assert.deepEqual(missingSteps(c), [
      'Enter your contact details.',
      'Enter a delivery address.',
      'Add a payment method.',
    ]);
  });
});
