// Cart failures in words (spec 03 §8 "Add to cart", spec 02 §8): the API's error list normalised by
// core (first code, the message kept only for CART_VALIDATION_ERROR), then mapped to what the shopper reads.

import { CommerceFetchError } from '@store/client';
import { addToCartErrorMessage, normaliseCartError, type CartError } from '@store/core';

/** The error list of a failed call in the API's own shape ([{errorCode, message}]); empty when it carried none. */
function apiErrors(error: unknown): Array<{ errorCode: string; message: string }> {
  if (error instanceof CommerceFetchError) return error.errors.map((e) => ({ errorCode: e.type, message: e.message }));
  return [];
}

export function cartErrorOf(error: unknown): CartError {
  return normaliseCartError(apiErrors(error));
}

/** The add-to-cart control's message: "The item you selected is already in your cart.", "Cart error: {code}"… */
export function addToCartMessage(error: unknown): string {
  return addToCartErrorMessage(cartErrorOf(error));
}

/**
 * Other cart actions (quantity, remove): a quantity-rule refusal keeps the server's message, the one
 * cart error that does (spec 02 §8); anything else reads as on the add-to-cart control.
 */
export function cartActionMessage(error: unknown): string {
  const cartError = cartErrorOf(error);
  return cartError.message || addToCartErrorMessage(cartError);
}
