import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CartItemResult, ProductClass } from '@store/core';
import { moveFailureReason, moveListOutcome, moveListToast } from './move-outcome.ts';

const item = (wishlistItemId: string, productId: string, productClass: ProductClass = 'Simple') => ({
  wishlistItemId,
  productId,
  productSummary: { productClass } as never,
});
const inCart = (productId: string) =>
  ({ cartItem: { productId }, message: null, status: 'Success' }) as unknown as CartItemResult;

describe('moving a whole list to the cart', () => {
  test('items that went in are removed; each line that did not stays with its reason', () => {
    const items = [item('0w1', 'p1'), item('0w2', 'p2', 'VariationParent'), item('0w3', 'p3'), item('0w4', 'p4')];
    const outcome = moveListOutcome(
      {
        succeededWishlistToCartItems: [inCart('p1'), inCart('p3')],
        failedWishlistToCartItems: [
          {
            wishlistItemId: '0w2',
            productId: 'p2',
            name: 'US Dentists',
            errorCode: 'INVALID_API_INPUT',
            message: 'US Dentists is a variation parent; add one of its variations instead.',
          },
          {
            wishlistItemId: '0w4',
            productId: 'p4',
            name: 'Directory',
            errorCode: 'INSUFFICIENT_INVENTORY',
            message: 'Only 0 left.',
          },
        ],
      },
      items,
    );
    assert.equal(outcome.addedCount, 2);
    assert.deepEqual(outcome.removeItemIds, ['0w1', '0w3']);
    assert.deepEqual(
      outcome.failed.map((f) => [f.name, f.reason]),
      [
        ['US Dentists', 'Choose an option on the product page first: this product is sold as one of its variations.'],
        ['Directory', 'Out of stock: not enough left to add it now.'],
      ],
    );
  });

  test('the toast says what went in and that the rest stayed', () => {
    assert.deepEqual(moveListToast({ addedCount: 3, failed: [] }, 'Q3 reorder'), {
      label: 'Moved to your cart',
      message: '3 products were added to your cart and removed from Q3 reorder.',
      variant: 'success',
    });
    const failed = [{ wishlistItemId: 'x', productId: 'p', name: 'n', reason: 'r' }];
    assert.deepEqual(moveListToast({ addedCount: 1, failed }, 'My List'), {
      label: 'Some products were not added',
      message:
        '1 product was added to your cart. 1 product could not be added and stayed on My List; the list says why.',
      variant: 'warning',
    });
    assert.equal(moveListToast({ addedCount: 0, failed }, 'My List').variant, 'error');
  });
});

describe('a reason a buyer understands', () => {
  test('codes a buyer cannot act on are put in words; the cart’s own sentences are kept', () => {
    assert.equal(
      moveFailureReason({ errorCode: 'ITEM_NOT_FOUND', message: 'ITEM_NOT_FOUND' }),
      'This product is no longer available to your account.',
    );
    assert.equal(moveFailureReason({ errorCode: 'MAX_LIMIT_EXCEEDED' }), 'It is already in your cart.');
    assert.equal(
      moveFailureReason({
        errorCode: 'INVALID_API_INPUT',
        message: 'X has no price for you, so it can’t be added to the cart.',
      }),
      'X has no price for you, so it can’t be added to the cart.',
    );
    assert.equal(moveFailureReason({ errorCode: 'SOMETHING', message: ' ' }), 'It could not be added to the cart.');
    assert.equal(moveFailureReason({}, 'Set'), 'A set is not sold as a whole: add its products from the product page.');
  });
});
