// The cart page's gift options (issue 14) as the server renders them, against the in-process API stand-in:
// offered only for a cart with printed directories while the store's giftingConfig is on; the wrap with
// its price, the message box, the wrap in the totals; a failed gift-wrap call says so, with its status.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { GiftWrapProduct } from '@store/core';
import { renderPage } from '../../server/render.tsx';
import { cartCollection, fakeApiFetch, TEMPLATE, WEBSTORE_ID } from '../../test-support/fixtures.ts';

const ON = { isGiftingEnabled: true, isGiftMessageEnabled: true, isGiftWrapEnabled: true };
const WRAP: GiftWrapProduct = {
  id: '01t000000000099AAA',
  sku: 'GIFT-WRAP',
  name: 'Gift Wrap',
  productClass: 'Simple',
  fields: { Name: 'Gift Wrap' },
  prices: { currencyIsoCode: 'USD', listPrice: '4.95', unitPrice: '4.95' },
};
const printedCart = (giftWrap = false) =>
  cartCollection({
    summary: {
      giftOptions: { giftWrap, giftMessage: giftWrap ? 'Happy 40th' : null, giftToName: null, canGiftWrap: true },
      totalGiftWrapAmount: giftWrap ? '4.95' : '0.00',
    },
  });

async function cartPage(opts: Parameters<typeof fakeApiFetch>[0]) {
  const fetch = fakeApiFetch(opts);
  const res = await renderPage(
    { url: '/cart', headers: { host: 'shop.example.com' } },
    {
      fetch,
      template: TEMPLATE,
      webstoreId: WEBSTORE_ID,
    },
  );
  const main = res.body.slice(res.body.indexOf('<main'), res.body.indexOf('</main>')).replace(/<!-- -->/g, '');
  return { main, calls: fetch.calls };
}

describe('/cart gift options', () => {
  test('a cart with printed directories: the wrap with its price and the message box', async () => {
    const { main } = await cartPage({ cart: printedCart(), giftingConfig: ON, giftWrap: WRAP });
    assert.match(main, /<h2 id="gift-options-title"[^>]*>Gift options<\/h2>/);
    assert.match(main, /<label for="gift-wrap">Gift Wrap \(\$4\.95\)<\/label>/);
    assert.match(main, /<textarea id="gift-message" name="giftMessage"[^>]*maxLength="200"/);
    assert.doesNotMatch(main, /checked=""/);
  });

  test('chosen: the box ticked, the message kept, the wrap among the totals', async () => {
    const { main } = await cartPage({ cart: printedCart(true), giftingConfig: ON, giftWrap: WRAP });
    assert.match(main, /<input type="checkbox" id="gift-wrap" name="giftWrap" checked=""/);
    assert.match(main, />Happy 40th<\/textarea>/);
    assert.match(main, /<dt>Gift wrap<\/dt><dd>\$4\.95<\/dd>/);
  });

  test('messages off: no message box', async () => {
    const { main } = await cartPage({
      cart: printedCart(),
      giftingConfig: { ...ON, isGiftMessageEnabled: false },
      giftWrap: WRAP,
    });
    assert.match(main, /id="gift-wrap"/);
    assert.doesNotMatch(main, /gift-message/);
  });

  test('the gift-wrap call fails: the page says fetching the details failed, with the status', async () => {
    const { main } = await cartPage({ cart: printedCart(), giftingConfig: ON, giftWrap: 503 });
    assert.match(main, /Fetching the gift wrap details failed: 503 Service Unavailable/);
    assert.doesNotMatch(main, /id="gift-wrap"/);
  });

  test('no offer, and no extra calls: gifting off, or a cart of datasets only', async () => {
    const off = await cartPage({ cart: printedCart(), giftingConfig: { ...ON, isGiftingEnabled: false } });
    assert.doesNotMatch(off.main, /Gift options/);
    const datasets = await cartPage({ cart: cartCollection(), giftingConfig: ON, giftWrap: WRAP });
    assert.doesNotMatch(datasets.main, /Gift options/);
    assert.ok(!datasets.calls.some((c) => c.includes('gift-wrap')));
  });
});
