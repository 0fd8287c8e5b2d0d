// Cart failures in words (spec 03 §8 "Add to cart", spec 02 §8): core reads the code from the thrown
// error (the typed client's error list, else a code-like name) and maps it to what the shopper reads.

import { addToCartErrorMessage, normaliseCartError, type CartError } from '@store/core';

export function cartErrorOf(error: unknown): CartError {
  return normaliseCartError(error);
}

/** The add-to-cart control's message: "The item you selected is already in your cart.", "Cart error: {code}"… */
export function addToCartMessage(error: unknown): string {
  return addToCartErrorMessage(error);
}

/**
 * Other cart actions (quantity, remove): a quantity-rule refusal keeps the server's message, the one
 * cart error that does (spec 02 §8); anything else reads as on the add-to-cart control.
 */
export function cartActionMessage(error: unknown): string {
  return cartErrorOf(error).message || addToCartErrorMessage(error);
}
