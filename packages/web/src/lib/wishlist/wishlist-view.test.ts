import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  addToListButtonText,
  itemPrices,
  listsBadgeLabels,
  listsProductCount,
  onListsLabel,
  productCountText,
} from './wishlist-view.ts';

describe('"on a list" wording', () => {
  test('none, one list by name, several by count', () => {
    assert.equal(onListsLabel([]), null);
    assert.equal(onListsLabel(['My List']), 'On My List');
    assert.equal(onListsLabel(['My List', 'Q3 reorder']), 'Saved to 2 lists');
    assert.equal(addToListButtonText([]), 'Add to list');
    assert.equal(addToListButtonText(['Q3 reorder']), 'On Q3 reorder');
  });
});

describe('the header entry', () => {
  test('counts every product on every list of the account', () => {
    const s = (n: number) => ({ wishlistProductCount: n });
    assert.equal(listsProductCount([]), 0);
    assert.equal(listsProductCount([s(2), s(3)]), 5);
    assert.equal(listsProductCount([s(2), s(Number.NaN)]), 2);
  });

  test('reads "Lists (n)", and "Lists" while not known', () => {
    assert.deepEqual(listsBadgeLabels(null), { text: 'Lists', ariaLabel: 'Lists' });
    assert.deepEqual(listsBadgeLabels(1), { text: 'Lists (1)', ariaLabel: 'Lists, 1 product' });
    assert.deepEqual(listsBadgeLabels(0), { text: 'Lists (0)', ariaLabel: 'Lists, 0 products' });
    assert.equal(productCountText(3), '3 products');
  });
});

describe('an item’s price for the effective account', () => {
  test('the sales price, the list price struck through only when higher', () => {
    assert.deepEqual(itemPrices({ listPrice: '120.00', salesPrice: '99.50', currencyIsoCode: 'USD' }), {
      price: '$99.50',
      original: '$120.00',
    });
    assert.deepEqual(itemPrices({ listPrice: '99.50', salesPrice: '99.50', currencyIsoCode: 'USD' }), {
      price: '$99.50',
      original: null,
    });
  });

  test('no price now: none shown', () => {
    assert.deepEqual(itemPrices({ listPrice: null, salesPrice: null, currencyIsoCode: 'USD' }), {
      price: null,
      original: null,
    });
  });
});
