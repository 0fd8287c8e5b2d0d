import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  PRODUCT_ACTION_ERROR,
  PRODUCT_ACTION_ERROR_MEANINGS,
  type ProductActionInput,
  computeProductActionValidity,
  productActionErrors,
} from './product-action-validity.ts';

const good: ProductActionInput = {
  productClass: 'Simple',
  hasPricing: true,
  availableQuantity: 10,
  quantity: 1,
  quantityRule: null,
  sellingModelValid: true,
  variantValid: null,
};

test('all good: no codes and add-to-cart enabled', () => {
  assert.deepEqual(computeProductActionValidity(good), { codes: [], isAddToCartDisabled: false });
});

test('codes 100-107 are named as in the spec table', () => {
  assert.deepEqual(Object.values(PRODUCT_ACTION_ERROR), [100, 101, 102, 103, 104, 105, 106, 107]);
  assert.equal(PRODUCT_ACTION_ERROR_MEANINGS[103], 'product is a variant parent');
});

test('each error alone disables add-to-cart with its code', () => {
  const cases: Array<[Partial<ProductActionInput>, number]> = [
    [{ availableQuantity: 0 }, 100],
    [{ availableQuantity: 3, quantity: 4 }, 101],
    [{ hasPricing: false }, 102],
    [{ productClass: 'VariationParent' }, 103],
    [{ productClass: 'Set' }, 104],
    [{ variantValid: false }, 105],
    [{ sellingModelValid: false }, 106],
    [{ quantity: 0 }, 107],
  ];
  for (const [change, code] of cases) {
    const v = computeProductActionValidity({ ...good, ...change });
    assert.deepEqual(v.codes, [code], JSON.stringify(change));
    assert.equal(v.isAddToCartDisabled, true);
  }
});

test('out of stock includes available below the minimum', () => {
  assert.deepEqual(
    productActionErrors({ ...good, availableQuantity: 4, quantity: 5, quantityRule: { minimum: '5' } }),
    [100],
  );
});

test('100 and 101 are exclusive', () => {
  assert.deepEqual(productActionErrors({ ...good, availableQuantity: 0, quantity: 5 }), [100]);
});

test('untracked inventory never blocks', () => {
  assert.deepEqual(productActionErrors({ ...good, availableQuantity: null, quantity: 5000 }), []);
});

test('quantity rule errors are 107 (increment from minimum, bad input)', () => {
  const rule = { minimum: '2', maximum: '20', increment: '5' };
  assert.deepEqual(productActionErrors({ ...good, quantity: 7, quantityRule: rule }), []);
  assert.deepEqual(productActionErrors({ ...good, quantity: 5, quantityRule: rule }), [107]);
  assert.deepEqual(productActionErrors({ ...good, quantity: 'abc' }), [107]);
});

test('several errors are all listed in ascending order', () => {
  const v = computeProductActionValidity({
    productClass: 'VariationParent',
    hasPricing: false,
    availableQuantity: 1,
    quantity: 2,
    sellingModelValid: false,
    variantValid: false,
  });
  assert.deepEqual(v.codes, [101, 102, 103, 105, 106]);
  assert.equal(v.isAddToCartDisabled, true);
});
