// What "Add all to cart" on a set's page tells the shopper, from the cart's answer for each line: every
// product added, some refused (each with spec 03 §8's wording of its error), none added, or a large batch
// sent to the background.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CartItem } from '@store/core';
import { componentInputs, componentResults, componentsToast } from './product-components.ts';

const parts = [
  { id: '01tA', name: 'Ohio Dentists' },
  { id: '01tB', name: 'Ohio Physicians' },
  { id: '01tC', name: 'Ohio Chiropractors' },
];
const added = { statusCode: 201, result: { cartItemId: 'a1cX' } as CartItem };
const refused = (errorCode: string, message = 'refused') => ({ statusCode: 409, result: [{ errorCode, message }] });

test('one line of each component, quantity 1', () => {
  assert.deepEqual(componentInputs(parts.slice(0, 2)), [
    { productId: '01tA', quantity: '1', type: 'Product' },
    { productId: '01tB', quantity: '1', type: 'Product' },
  ]);
});

test('all added: a success toast naming each product', () => {
  const results = componentResults(parts, { results: [added, added, added] });
  assert.deepEqual([...results.values()], [{ state: 'added' }, { state: 'added' }, { state: 'added' }]);
  assert.deepEqual(componentsToast(parts, results), {
    label: 'Added to your cart',
    message: 'Ohio Dentists, Ohio Physicians and Ohio Chiropractors.',
    variant: 'success',
  });
});

test('some refused: a warning saying what was added and, per product, why the others were not', () => {
  const results = componentResults(parts, {
    results: [added, refused('MAX_LIMIT_EXCEEDED'), refused('ITEM_NOT_FOUND')],
  });
  assert.deepEqual(results.get('01tB'), {
    state: 'failed',
    message: 'The item you selected is already in your cart.',
  });
  assert.deepEqual(results.get('01tC'), { state: 'failed', message: 'Cart error: ITEM_NOT_FOUND' });
  assert.deepEqual(componentsToast(parts, results), {
    label: 'Some products were not added',
    message:
      'Added: Ohio Dentists. Not added: Ohio Physicians: The item you selected is already in your cart. ' +
      'Ohio Chiropractors: Cart error: ITEM_NOT_FOUND.',
    variant: 'warning',
  });
});

test('none added: an error toast; a missing result counts as a failure with the fallback message', () => {
  const results = componentResults(parts.slice(0, 2), { results: [refused('MAX_LIMIT_EXCEEDED')] });
  assert.deepEqual(results.get('01tB'), { state: 'failed', message: 'An unexpected error occurred.' });
  const toast = componentsToast(parts.slice(0, 2), results);
  assert.equal(toast.variant, 'error');
  assert.equal(toast.label, 'Nothing was added');
});

test('a batch sent to the background counts every product as added (the cart store waits it out)', () => {
  const results = componentResults(parts, { results: [], asyncOperationStatus: 'Processing' });
  assert.equal(componentsToast(parts, results).variant, 'success');
});
