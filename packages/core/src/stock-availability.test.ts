import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LOW_STOCK_THRESHOLD, stockAvailability, tracksInventory } from './stock-availability.ts';
import { productActionErrors } from './product-action-validity.ts';

test('plenty of stock reads "In stock"', () => {
  assert.deepEqual(stockAvailability(120), { state: 'inStock', label: 'In stock' });
  assert.equal(stockAvailability(LOW_STOCK_THRESHOLD + 1)?.label, 'In stock');
});

test('a few left reads "Only N left", up to the threshold', () => {
  assert.deepEqual(stockAvailability(3), { state: 'lowStock', label: 'Only 3 left' });
  assert.equal(stockAvailability(LOW_STOCK_THRESHOLD)?.label, `Only ${LOW_STOCK_THRESHOLD} left`);
  assert.equal(stockAvailability('1')?.label, 'Only 1 left');
});

test('none, or fewer than the minimum purchase, reads "Out of stock" (spec 02 §5)', () => {
  assert.deepEqual(stockAvailability(0), { state: 'outOfStock', label: 'Out of stock' });
  assert.equal(stockAvailability(4, { minimum: '5' })?.label, 'Out of stock');
  assert.equal(stockAvailability(5, { minimum: '5' })?.label, 'Only 5 left');
});

test('untracked or unreadable stock says nothing', () => {
  assert.equal(stockAvailability(null), null);
  assert.equal(stockAvailability(undefined), null);
  assert.equal(stockAvailability('lots'), null);
});

test('the label agrees with validity codes 100 and 101', () => {
  const base = { productClass: 'Simple' as const, hasPricing: true };
  assert.deepEqual(productActionErrors({ ...base, availableQuantity: 0, quantity: 1 }), [100]);
  assert.equal(stockAvailability(0)?.state, 'outOfStock');
  // Low stock: the available amount can be bought, one more is refused with 101.
  assert.deepEqual(productActionErrors({ ...base, availableQuantity: 3, quantity: 3 }), []);
  assert.deepEqual(productActionErrors({ ...base, availableQuantity: 3, quantity: 4 }), [101]);
  assert.equal(stockAvailability(3)?.state, 'lowStock');
});

test('printed directories track stock; datasets do not', () => {
  assert.equal(tracksInventory({ fields: { Family: 'Printed Directories' } }), true);
  assert.equal(tracksInventory({ fields: { Family: 'Datasets' } }), false);
  assert.equal(tracksInventory({ fields: {} }), false);
});
