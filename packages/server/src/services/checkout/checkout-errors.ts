// The refusals of checkout, payments and orders, in the platform's error shapes.
import { CHECKOUT_ERROR_CODES, type CheckoutError } from '@store/core';
import { ApiError } from '../../domain/errors.ts';

export const checkoutNotFound = (ref: string) =>
  new ApiError(
    404,
    'ITEM_NOT_FOUND',
    ref === 'active' ? 'There is no active checkout.' : `The checkout ${ref} doesn't exist.`,
  );
export const checkoutGone = (orderNumber: string | null) =>
  new ApiError(
    410,
    'CHECKOUT_COMPLETED',
    orderNumber
      ? `This checkout was placed as order ${orderNumber}. Start a new checkout.`
      : 'This checkout has ended. Start a new checkout.',
  );
export const checkoutConflict = (message: string) => new ApiError(409, CHECKOUT_ERROR_CODES.checkoutConflict, message);
export const insufficientInventory = (message: string) =>
  new ApiError(409, CHECKOUT_ERROR_CODES.insufficientInventory, message);
export const guestCheckoutOff = () =>
  new ApiError(401, 'INVALID_SESSION_ID', 'Log in to check out: this store doesn\u2019t take guest orders.');

export const problem = (type: string, title: string, detail: string): CheckoutError => ({
  type: `/commerce/errors/${type}`,
  title,
  detail,
});
