// The checkout and order pages as the server renders them, against the in-process API stand-in: the
// checkout's loading shell (it starts in the browser), the login prompt where guests may not check out,
// the user nav's order links, and the order page with its download links.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { renderPage } from '../../server/render.tsx';
import { buyerSession, fakeApiFetch, MANAGED_ACCOUNTS, TEMPLATE, WEBSTORE_ID } from '../../test-support/fixtures.ts';

const ORDER_ID = '801000000000001AAA';
const ORDERS = `/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}/order-summaries`;

const order = {
  orderSummaryId: ORDER_ID,
  orderNumber: 'DD-00001001',
  status: 'Activated',
  statusLabel: 'Activated',
  orderedDate: '2026-03-01T10:00:00.000Z',
  accountId: null,
  accountName: null,
  currencyIsoCode: 'USD',
  taxType: 'Net',
  totalListAmount: '10.00',
  totalProductAmount: '10.00',
  totalAdjustmentAmount: '0.00',
  totalChargeAmount: '0.00',
  totalTaxAmount: '0.00',
  grandTotalAmount: '10.00',
  totalProductCount: '1',
  paymentMethod: 'Card',
  purchaseOrderNumber: null,
  contactInfo: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phoneNumber: null },
  billingAddress: null,
  lines: [],
  deliveryGroups: [],
  cartAdjustments: [],
  hasDownloads: true,
};
const link = {
  orderItemId: 'i',
  productId: 'p',
  productName: 'US Dentists',
  fileName: 'DS-00001-us-dentists.csv',
  url: `/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}/downloads/signed.token`,
  expiresAt: '2026-03-01T11:00:00.000Z',
};

async function get(url: string, opts: Parameters<typeof fakeApiFetch>[0] = {}) {
  const base = fakeApiFetch(opts);
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const path = new URL(typeof input === 'string' || input instanceof URL ? input.toString() : input.url).pathname;
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (path === `${ORDERS}/${ORDER_ID}`) return json(order);
    if (path === `${ORDERS}/${ORDER_ID}/downloads`) return json({ items: [link] });
    if (path === ORDERS) return json({ count: 1, orderSummaries: [order], pageSize: 50, nextPageToken: null });
    return base(input, init);
  }) as typeof globalThis.fetch;
  const res = await renderPage(
    { url, headers: { host: 'shop.example.com' } },
    { fetch, template: TEMPLATE, webstoreId: WEBSTORE_ID },
  );
  return { ...res, body: res.body.replace(/ data-discover="true"/g, '').replace(/<!-- -->/g, '') };
}
const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

describe('/checkout on the server', () => {
  test('a loading shell: the checkout starts in the browser, nothing is started by the render', async () => {
    const res = await get('/checkout');
    assert.equal(res.status, 200);
    assert.match(res.body, /<title>Checkout \| Data Depot<\/title>/);
    assert.match(res.body, /<meta name="robots" content="noindex">/);
    assert.match(text(mainOf(res.body)), /Checkout Back to cart Loading your checkout…/);
    assert.doesNotMatch(
      mainOf(res.body),
      /<form|<input/,
      'no form before the browser has the checkout (a card field must never post natively)',
    );
  });

  test('guest checkout off: a guest is asked to log in, coming back to the checkout', async () => {
    const res = await get('/checkout', { guestCheckoutEnabled: false });
    const main = mainOf(res.body);
    assert.match(text(main), /This store asks you to log in before you check out\./);
    assert.match(main, /href="\/login\?returnUrl=\/checkout"/);
  });
});

describe('orders on the server', () => {
  test('the order page with one download link per dataset, as an attachment of the signed url', async () => {
    const res = await get(`/orders/${ORDER_ID}?placed=1`);
    assert.equal(res.status, 200);
    const main = mainOf(res.body);
    assert.match(main, /<h1 id="order-title">Thank you for your order<\/h1>/);
    assert.match(
      main,
      /<a href="\/services\/data\/v65\.0\/commerce\/webstores\/[^"]+\/downloads\/signed\.token" download="DS-00001-us-dentists\.csv"/,
    );
  });

  test('an order line that bought a selection shows its label and record count', async () => {
    const line = {
      orderItemId: '802000000000001AAA',
      productId: 'p',
      sku: 'DS-00001',
      name: 'US Dentists',
      fulfilment: 'Dataset',
      quantity: '1',
      productSellingModelId: null,
      sellingModelType: 'OneTime',
      subscriptionTerm: null,
      listPrice: '10.00',
      salesPrice: '10.00',
      totalAdjustmentAmount: '0.00',
      totalTax: '0.00',
      totalPrice: '10.00',
      adjustments: [],
      status: 'Active',
      refundedAmount: '0.00',
      listSelection: {
        selection: 'region=TX&email=1',
        label: 'State or region: TX · Has email',
        records: 12,
        fileVersion: 2,
      },
    };
    (order as { lines: unknown[] }).lines = [line];
    try {
      const main = mainOf((await get(`/orders/${ORDER_ID}`)).body);
      assert.match(text(main), /US Dentists DS-00001 Selection: State or region: TX · Has email — 12 records/);
    } finally {
      (order as { lines: unknown[] }).lines = [];
    }
  });

  test('the history links each order; a logged-in buyer gets "Orders" and "Subscriptions" in the header', async () => {
    const res = await get('/orders', { session: buyerSession(), managedAccounts: MANAGED_ACCOUNTS });
    assert.match(mainOf(res.body), new RegExp(`<a href="/orders/${ORDER_ID}">DD-00001001</a>`));
    assert.match(res.body, /<a href="\/orders">Orders<\/a>/);
    assert.match(res.body, /<a href="\/subscriptions">Subscriptions<\/a>/);
  });

  test('subscriptions are for logged-in shoppers: a guest goes to log in', async () => {
    const res = await get('/subscriptions');
    assert.equal(res.status, 302);
  });
});
