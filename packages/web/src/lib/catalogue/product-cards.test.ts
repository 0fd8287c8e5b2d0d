import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { PricingLineItemResult } from '@store/core';
import type { ListedProduct, StoreApi } from '../api.ts';
import { appContext } from '../../test-support/fixtures.ts';
import { toCards } from './product-cards.ts';

const listed = (id: string, extra: Partial<ListedProduct> = {}): ListedProduct => ({
  id,
  name: id,
  sku: null,
  fields: {},
  imageUrl: null,
  imageAlt: null,
  productClass: 'Simple',
  variationIds: [],
  ...extra,
});

const line = (productId: string, listPrice: string | null, unitPrice: string | null): PricingLineItemResult => ({
  productId,
  listPrice,
  unitPrice,
  lowestUnitPrice: unitPrice,
  pricebookEntryId: unitPrice ? '01u' : null,
  success: unitPrice !== null,
  error: unitPrice ? null : { errorCode: 'ITEM_NOT_FOUND', message: 'No price.' },
});

/** An api whose pricing answers from a table, recording every call's ids. */
function apiWith(prices: PricingLineItemResult[]) {
  const calls: string[][] = [];
  const api = {
    client: {
      getApplicationContext: async () => appContext,
      getProductPrices: async (ids: readonly string[]) => {
        calls.push([...ids]);
        return {
          currencyIsoCode: 'USD',
          success: true,
          error: null,
          pricingLineItemResults: prices.filter((p) => ids.includes(p.productId)),
        };
      },
    },
  } as unknown as StoreApi;
  return { api, calls };
}

describe('tiles of variation parents', () => {
  test('"from" the lowest price of its variations, in the one pricing call the list makes', async () => {
    const { api, calls } = apiWith([
      line('plain', '120.00', '99.00'),
      // The parent's own price is not what a shopper can buy.
      line('parent', '10.00', '10.00'),
      line('v1', '1199.99', '1078.99'),
      line('v2', '949.99', '949.99'),
      line('v3', '999.00', '999.00'),
      line('v4', null, null),
    ]);
    const cards = await toCards(api, [
      listed('plain'),
      listed('parent', { productClass: 'VariationParent', variationIds: ['v1', 'v2', 'v3', 'v4'] }),
    ]);
    assert.deepEqual(calls, [['plain', 'parent', 'v1', 'v2', 'v3', 'v4']]);
    assert.deepEqual(
      cards.map((c) => [c.id, c.price, c.originalPrice]),
      [
        ['plain', '$99.00', '$120.00'],
        ['parent', 'from $949.99', null],
      ],
    );
  });

  test('compares as decimals, not as text', async () => {
    const { api } = apiWith([line('a', '9.50', '9.50'), line('b', '10.00', '10.00')]);
    const [card] = await toCards(api, [listed('p', { productClass: 'VariationParent', variationIds: ['b', 'a'] })]);
    assert.equal(card!.price, 'from $9.50');
  });

  test('no priced variation: Price Unavailable (no price), whatever the parent costs', async () => {
    const { api } = apiWith([line('parent', '10.00', '10.00'), line('v1', null, null)]);
    const [card] = await toCards(api, [listed('parent', { productClass: 'VariationParent', variationIds: ['v1'] })]);
    assert.equal(card!.price, null);
  });
});
