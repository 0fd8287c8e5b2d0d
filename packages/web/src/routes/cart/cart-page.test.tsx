// The cart page and the header badge as the server renders them, against the in-process API stand-in:
// what a shopper sees on arrival, and which cart calls each page costs.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { renderPage } from '../../server/render.tsx';
import {
  CART_ID,
  cartCollection,
  cartItem,
  consumerSession,
  fakeApiFetch,
  LINE_ID,
  PRODUCT_ID,
  TEMPLATE,
  WEBSTORE_ID,
} from '../../test-support/fixtures.ts';

const CARTS = `/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}/carts`;

async function get(url: string, opts: Parameters<typeof fakeApiFetch>[0] = {}) {
  const fetch = fakeApiFetch(opts);
  const res = await renderPage(
    { url, headers: { host: 'shop.example.com' } },
    { fetch, template: TEMPLATE, webstoreId: WEBSTORE_ID },
  );
  return { ...res, body: res.body.replace(/ data-discover="true"/g, '').replace(/<!-- -->/g, ''), calls: fetch.calls };
}
const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
/** The badge link's attributes and text. */
function badgeOf(html: string): { attrs: Record<string, string>; text: string } {
  const m = html.match(/<a ([^>]*class="cart-badge"[^>]*)>([^<]*)<\/a>/);
  assert.ok(m, 'the badge is in the header');
  return { attrs: Object.fromEntries([...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])), text: m[2] };
}

describe('/cart', () => {
  test('a line that buys a selection of a dataset shows the selection and its record count', async () => {
    const selection = {
      selection: 'region=TX&email=1',
      label: 'State or region: TX · Has email',
      records: 1234,
      fileVersion: 1,
    };
    const res = await get('/cart', { cart: cartCollection({ items: [cartItem({ listSelection: selection })] }) });
    const main = mainOf(res.body);
    assert.match(text(main), /Selection: State or region: TX · Has email — 1,234 records/);
    assert.match(main, /data-list-selection="region=TX&amp;email=1"/);
    const whole = mainOf((await get('/cart', { cart: cartCollection() })).body);
    assert.doesNotMatch(text(whole), /Selection:/, 'a whole-dataset line shows none');
  });

  test('the lines: name linking to the product, SKU, unit price with the list price struck through, quantity, promotions, total, remove', async () => {
    const res = await get('/cart', { cart: cartCollection() });
    assert.equal(res.status, 200);
    assert.match(res.body, /<title>Cart \| Data Depot<\/title>/);
    assert.match(res.body, /<meta name="robots" content="noindex">/);
    const main = mainOf(res.body);
    assert.match(main, /<h1 id="cart-title">Cart<\/h1>/);
    assert.match(
      main,
      new RegExp(
        `<a id="line-${LINE_ID}-name" class="cart-line__name" href="/product/${PRODUCT_ID}">US Dentists, Email and Phone</a>`,
      ),
    );
    const line = text(main.slice(main.indexOf('class="cart-line"'), main.indexOf('class="cart__aside"')));
    assert.match(line, /SKU: DS-00001/);
    assert.match(line, /Original price \$499\.00 Unit price \$399\.00/);
    assert.match(line, /Quantity Update/);
    assert.match(line, /Spring sale: -\$39\.90/);
    assert.match(line, /Line total \$359\.10/);
    const qty = main.match(/<input id="line-[^"]+-qty"[^>]*>/)?.[0] ?? '';
    for (const attr of ['type="number"', 'name="quantity"', 'min="1"', 'max="1"', 'step="1"', 'value="1"'])
      assert.ok(qty.includes(attr), attr);
    assert.match(
      main,
      /<button type="submit" class="btn btn--secondary" disabled="">Update<\/button>/,
      'nothing to update yet',
    );
    assert.match(
      main,
      /<button type="submit" class="btn btn--link" aria-label="Remove US Dentists, Email and Phone">Remove<\/button>/,
    );
    // Line changes post to the page's action.
    assert.match(main, /<form class="cart-line__quantity" noValidate="" action="\/cart" method="post">/);
  });

  test('the totals: subtotal, promotions, estimated tax and total; cart-level promotions listed', async () => {
    const cart = cartCollection({
      cartPromotions: [
        {
          promotionId: '0c8000000000002AAA',
          displayName: 'Orders over $300',
          termsAndConditions: null,
          adjustmentAmount: '-20.00',
          couponCode: 'BIG20',
          targetType: 'Cart',
          currencyIsoCode: 'USD',
        },
      ],
    });
    const aside = text(mainOf((await get('/cart', { cart })).body).split('class="cart__aside"')[1]);
    assert.match(aside, /Orders over \$300 \(BIG20\) -\$20\.00/);
    assert.match(aside, /Subtotal \$399\.00 Promotions -\$39\.90 Estimated tax \$28\.73 Total \$387\.83/);
  });

  test('a Gross store says the tax is included', async () => {
    const aside = text(mainOf((await get('/cart', { cart: cartCollection({ summary: { taxType: 'Gross' } }) })).body));
    assert.match(aside, /Estimated tax \(included\) \$28\.73/);
  });

  test('the coupon form, and the applied coupons each with a remove button', async () => {
    const main = mainOf(
      (
        await get('/cart', {
          cart: cartCollection({ coupons: [{ cartCouponId: '0cC000000000001AAA', couponCode: 'SAVE10' }] }),
        })
      ).body,
    );
    assert.match(main, /<label for="coupon-couponCode" class="field__label">Coupon code/);
    assert.match(main, /<button type="submit" class="btn btn--secondary">Apply<\/button>/);
    assert.match(
      main,
      /<ul class="coupons__list" aria-label="Applied coupons"><li class="coupons__item"><span class="coupons__code">SAVE10<\/span>/,
    );
    assert.match(main, /aria-label="Remove coupon SAVE10">Remove<\/button>/);
  });

  test('a shopper without a cart sees the empty state after one cart call', async () => {
    const res = await get('/cart');
    const main = mainOf(res.body);
    assert.match(text(main), /Your cart is empty\. Browse datasets/);
    assert.match(main, /<a href="\/">Browse datasets<\/a>/);
    assert.deepEqual(
      res.calls.filter((c) => c.startsWith(CARTS)),
      [`${CARTS}/current`],
    );
  });

  test('lines are asked 25 at a time, newest first, with promotions and coupons', async () => {
    const res = await get('/cart', { cart: cartCollection() });
    assert.deepEqual(
      res.calls.filter((c) => c.startsWith(CARTS)),
      [
        `${CARTS}/current`,
        `${CARTS}/${CART_ID}/cart-items?pageSize=25&pageNumber=1&sort=CreatedDateDesc&includePromotions=true&includeCoupons=true`,
      ],
    );
  });

  test('a failed cart call shows the error state with a way to try again', async () => {
    const main = mainOf((await get('/cart', { cartStatus: 500 })).body);
    assert.match(
      main,
      /<div class="cart__error" role="alert"><p>We could not load your cart\.<\/p><p><a href="\/cart">Try again<\/a><\/p><\/div>/,
    );
  });

  test('a guest refused a cart (401) is asked to log in, coming back to the cart', async () => {
    const main = mainOf((await get('/cart', { cartStatus: 401 })).body);
    assert.match(text(main), /We could not load your cart\. Log in to use a cart\. Log in/);
    assert.match(main, /<a href="\/login\?returnUrl=\/cart">Log in<\/a>/);
  });

  test('while an asynchronous operation runs the page says so and is busy', async () => {
    const main = mainOf(
      (await get('/cart', { cart: cartCollection({ summary: { asyncOperationStatus: 'Processing' } }) })).body,
    );
    assert.match(main, /<section class="cart" aria-labelledby="cart-title" aria-busy="true">/);
    assert.match(main, /<p class="cart__processing" role="status">Your cart is being updated…<\/p>/);
  });

  test('a subscription line says so', async () => {
    const cart = cartCollection({ items: [cartItem({ sellingModelType: 'TermDefined', subscriptionTerm: 2 })] });
    assert.match(text(mainOf((await get('/cart', { cart })).body)), /Subscription: term-defined, 2 terms/);
  });
});

describe('header cart badge (server render)', () => {
  test("a guest's page costs no cart call: the badge links to the cart without a count", async () => {
    const res = await get(`/product/${PRODUCT_ID}`);
    assert.equal(res.status, 200);
    const badge = badgeOf(res.body);
    assert.equal(badge.text, 'Cart');
    assert.equal(badge.attrs.href, '/cart');
    assert.equal(badge.attrs['aria-label'], 'Cart');
    assert.deepEqual(
      res.calls.filter((c) => c.includes('/carts')),
      [],
    );
  });

  test("a logged-in shopper's count is rendered on the server", async () => {
    const cart = cartCollection({ summary: { totalProductCount: '3', uniqueProductCount: 3 } });
    const res = await get(`/product/${PRODUCT_ID}`, { session: consumerSession(), cart });
    const badge = badgeOf(res.body);
    assert.equal(badge.text, 'Cart (3)');
    assert.equal(badge.attrs.href, '/cart');
    assert.equal(badge.attrs['aria-label'], 'Cart, 3 items');
    assert.deepEqual(
      res.calls.filter((c) => c.includes('/carts')),
      [`${CARTS}/compact-summary`],
    );
  });

  test('the product page asks for the promotional price once, beside its other calls, and shows it', async () => {
    const promotions = {
      promotionProductEvaluationResults: [
        {
          productId: PRODUCT_ID,
          sku: 'DS-00001',
          salesPrice: '399.00',
          promotionalPrice: '359.10',
          currencyIsoCode: 'USD',
          isSuccess: true,
          errorMessage: null,
          promotionPriceAdjustmentList: [
            {
              promotionId: 'p1',
              displayName: 'Spring sale',
              termsAndConditions: null,
              adjustmentType: 'PercentageBasedAdjustment',
              adjustmentValue: '10',
              adjustmentAmount: '-39.90',
            },
          ],
        },
      ],
    };
    const res = await get(`/product/${PRODUCT_ID}`, { promotions });
    assert.equal(res.calls.filter((c) => c.includes('/promotions/')).length, 1);
    assert.ok(res.calls.includes('/services/data/v65.0/commerce/promotions/actions/evaluate-products'));
    const main = mainOf(res.body);
    assert.match(text(main), /Current price \$359\.10/);
    assert.match(main, /<li>Spring sale<\/li>/);
  });
});
