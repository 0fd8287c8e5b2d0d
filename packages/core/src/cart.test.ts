// The add-to-cart error messages of spec 03 §8, each with the failure that triggers it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { addToCartErrorMessage, cartErrorCode, normaliseCartError } from './cart.ts';

/** What the typed client throws for a refused call: an Error whose errors list carries the API's types. */
const refused = (type: string, message = '') =>
  Object.assign(new Error('Conflict'), { name: 'CommerceFetchError', errors: [{ type, message }] });

describe('add-to-cart messages (spec 03 §8)', () => {
  test('MAX_LIMIT_EXCEEDED: "The item you selected is already in your cart."', () => {
    assert.equal(
      addToCartErrorMessage(refused('MAX_LIMIT_EXCEEDED', 'This dataset is already in your cart.')),
      'The item you selected is already in your cart.',
    );
  });

  test('any other code: "Cart error: {code}"', () => {
    assert.equal(addToCartErrorMessage(refused('INSUFFICIENT_INVENTORY')), 'Cart error: INSUFFICIENT_INVENTORY');
  });

  test('the code is the first error type; else a code-like name', () => {
    const two = Object.assign(new Error('x'), { errors: [{ type: 'LIMIT_EXCEEDED' }, { type: 'MAX_LIMIT_EXCEEDED' }] });
    assert.equal(addToCartErrorMessage(two), 'Cart error: LIMIT_EXCEEDED');
    const named = Object.assign(new Error('Cart is locked'), { name: 'CART_PROCESSING' });
    assert.equal(addToCartErrorMessage(named), 'Cart error: CART_PROCESSING');
    assert.equal(cartErrorCode({ errors: [{ errorCode: 'INVALID_INPUT' }] }), 'INVALID_INPUT');
  });

  test("no code: the error's own message (a network failure, a JavaScript class name is no code)", () => {
    assert.equal(addToCartErrorMessage(new TypeError('Failed to fetch')), 'Failed to fetch');
    const emptyList = Object.assign(new Error('Internal Server Error'), { name: 'CommerceFetchError', errors: [] });
    assert.equal(addToCartErrorMessage(emptyList), 'Internal Server Error');
  });

  test('no code and no message: the error serialised as text', () => {
    assert.equal(addToCartErrorMessage({ status: 503, detail: 'busy' }), '{"status":503,"detail":"busy"}');
    assert.equal(addToCartErrorMessage('cart service down'), 'cart service down');
  });

  test('nothing to say: "An unexpected error occurred."', () => {
    assert.equal(addToCartErrorMessage(undefined), 'An unexpected error occurred.');
    assert.equal(addToCartErrorMessage(null), 'An unexpected error occurred.');
    assert.equal(addToCartErrorMessage(new Error('')), 'An unexpected error occurred.', 'an Error serialises to {}');
    assert.equal(addToCartErrorMessage({}), 'An unexpected error occurred.');
  });
});

describe('the cart error kept in state', () => {
  test('without a code it is UNKNOWN_ERROR; the message is kept only for CART_VALIDATION_ERROR', () => {
    assert.deepEqual(normaliseCartError(new TypeError('Failed to fetch')), { code: 'UNKNOWN_ERROR', message: null });
    assert.deepEqual(normaliseCartError(refused('INSUFFICIENT_INVENTORY', 'Only 2 left')), {
      code: 'INSUFFICIENT_INVENTORY',
      message: null,
    });
    assert.deepEqual(normaliseCartError(refused('CART_VALIDATION_ERROR', 'Buy at least 2')), {
      code: 'CART_VALIDATION_ERROR',
      message: 'Buy at least 2',
    });
  });
});
