// The custom add-to-cart control (spec 03 §2.2 item 4, §3 "Add to cart input", §4 "Add to cart", §8,
// §9). A quantity field held to the product's purchase quantity rule (core checkQuantity, with the
// form messages of spec 01 §5) and a button that stays disabled while any product action error
// 100–107 holds (core computeProductActionValidity). Adding goes idle → loading (spinner, button
// busy) → success (toast) or error (message under the button and an error toast), through the page's
// cart store, so the header badge follows.

import { useId, useState } from 'react';
import {
  ADD_TO_CART_MESSAGES,
  checkQuantity,
  computeProductActionValidity,
  resolveQuantityRule,
  DEFAULT_QUANTITY_RULE,
  type DecimalInput,
  type ProductActionErrorCode,
  type ProductClass,
  type PurchaseQuantityRule,
  type SellingModelSelection,
  type ActivityProduct,
} from '@store/core';
import { useActivitySender } from '../../lib/signals/activity-context.tsx';
import { useStoreApi } from '../../lib/api-context.tsx';
import { addToCartMessage } from '../../lib/cart/cart-errors.ts';
import { ADD_TO_CART_TOASTS } from '../../lib/toast-queue.ts';
import { useToast, useToastSettings } from '../ui/Toast.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { recordsText, type SelectionToAdd } from '../../lib/list-builder/list-builder-view.ts';

/** Spec 03 §9. */
export const DEFAULT_QUANTITY = 1;

/**
 * Why the button is off, for the errors the page does not already explain (our wording: the spec gives
 * none). 102 shows as 'Price Unavailable' in the pricing block, 107 as the quantity field's message.
 */
export const ACTION_NOTES: Partial<Record<ProductActionErrorCode, string>> = {
  100: 'Out of stock.',
  101: 'Not enough in stock for this quantity.',
  103: 'Choose an option to add this product.',
  104: 'This set cannot be added as a whole.',
  105: 'The selected option is not available.',
  106: 'Choose a purchase option.',
};

export interface AddToCartProps {
  productId: string;
  productClass?: ProductClass | null;
  hasPricing: boolean;
  quantityRule?: PurchaseQuantityRule | null;
  /** Available to order, when the page knows it; null or absent when inventory is not tracked. */
  availableQuantity?: DecimalInput | null;
  /** The selling model chosen in the subscription selector, sent with the item. */
  selection?: SellingModelSelection | null;
  /** False when the product is sold by selling models and none is chosen (106). */
  sellingModelValid?: boolean;
  /** False when the chosen variant is not valid (105); absent when there is no variant choice. */
  variantValid?: boolean | null;
  /** The product as an activity item: a successful add reports addToCart (issue 18; consent permitting). */
  activityProduct?: ActivityProduct | null;
  /**
   * A part of a dataset chosen in the list builder (issue 19), sent as the line's listSelection; absent or null
   * for the whole dataset, which adds as it always has.
   */
  listSelection?: SelectionToAdd | null;
}

/** The button's words: "Add to Cart", or for a selection what it adds ("Add 412 records to cart"). */
export function addToCartLabel(listSelection: SelectionToAdd | null | undefined): string {
  if (!listSelection) return 'Add to Cart';
  if (listSelection.records === null) return 'Add selection to cart';
  return `Add ${recordsText(listSelection.records)} to cart`;
}

type Status = { state: 'idle' | 'loading' | 'success' } | { state: 'error'; message: string };

/** Spec 03 §9 says 1; a product whose rule starts higher starts at its minimum (a default that cannot be bought helps no one). */
function startingQuantity(rule: PurchaseQuantityRule): string {
  return checkQuantity(DEFAULT_QUANTITY, rule).problem === 'rangeUnderflow' ? rule.minimum : String(DEFAULT_QUANTITY);
}

/** Input bounds for the browser's own stepper; the "very large" default maximum is left out. */
function inputBounds(rule: PurchaseQuantityRule) {
  return {
    min: rule.minimum,
    max: rule.maximum === DEFAULT_QUANTITY_RULE.maximum ? undefined : rule.maximum,
    step: rule.increment,
  };
}

export function AddToCart({
  productId,
  productClass,
  hasPricing,
  quantityRule,
  availableQuantity,
  selection,
  sellingModelValid,
  variantValid,
  activityProduct,
  listSelection,
}: AddToCartProps) {
  const api = useStoreApi();
  const activities = useActivitySender();
  const toast = useToast();
  // The control sets the page's toast container to 5 toasts at top centre (spec 03 §9).
  useToastSettings(ADD_TO_CART_TOASTS);
  const id = useId();
  const rule = resolveQuantityRule(quantityRule);
  const [quantity, setQuantity] = useState(() => startingQuantity(rule));
  // A number field holds '' for text it cannot read; the browser's badInput tells that apart from empty.
  const [badInput, setBadInput] = useState(false);
  // Spec 03 §5: the field's message appears once the shopper has been in it, not on arrival.
  const [touched, setTouched] = useState(false);
  const [status, setStatus] = useState<Status>({ state: 'idle' });

  const check = badInput ? checkQuantity('not a number', rule) : checkQuantity(quantity, rule);
  const validity = computeProductActionValidity({
    productClass,
    hasPricing,
    quantity: badInput ? null : quantity,
    quantityRule: rule,
    availableQuantity,
    sellingModelValid,
    variantValid,
  });
  const loading = status.state === 'loading';
  // A selection without records cannot be bought (the server would refuse it).
  const emptySelection = listSelection?.records === 0;
  const disabled = validity.isAddToCartDisabled || emptySelection;
  const note =
    validity.codes.map((c) => ACTION_NOTES[c]).find(Boolean) ??
    (emptySelection ? 'No records match this selection.' : null);
  const quantityMessage = touched ? check.message : null;

  async function add() {
    if (loading || disabled || !api) return;
    setStatus({ state: 'loading' });
    try {
      await api.cart().addItem({
        productId,
        quantity: quantity.trim(),
        productSellingModelId: selection?.productSellingModelId,
        subscriptionTerm: selection?.subscriptionTerm,
        // Only for a part of a dataset: the whole dataset's line is exactly what it always was.
        ...(listSelection ? { listSelection: listSelection.selection } : {}),
      });
      setStatus({ state: 'success' });
      const added = Number(quantity.trim());
      if (activityProduct && Number.isInteger(added) && added >= 1)
        activities.send('addToCart', { product: activityProduct, quantity: added });
      toast.show({
        label: ADD_TO_CART_MESSAGES.successTitle,
        message: ADD_TO_CART_MESSAGES.successMessage,
        variant: 'success',
      });
    } catch (error) {
      const message = addToCartMessage(error);
      setStatus({ state: 'error', message });
      toast.show({ label: ADD_TO_CART_MESSAGES.errorTitle, message, variant: 'error' });
    }
  }

  const qtyId = `${id}-qty`;
  const describedBy =
    [quantityMessage && `${qtyId}-message`, note && `${id}-note`, status.state === 'error' && `${id}-error`]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <form
      className="add-to-cart"
      data-product-id={productId}
      data-action-errors={validity.codes.join(',')}
      data-state={status.state}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <div className="add-to-cart__quantity">
        <label htmlFor={qtyId}>Quantity</label>
        <input
          id={qtyId}
          name="quantity"
          type="number"
          inputMode="numeric"
          {...inputBounds(rule)}
          required
          value={quantity}
          aria-invalid={quantityMessage ? true : undefined}
          aria-describedby={quantityMessage ? `${qtyId}-message` : undefined}
          onChange={(e) => {
            setQuantity(e.target.value);
            setBadInput(e.target.validity?.badInput === true);
            setTouched(true);
            if (status.state === 'error') setStatus({ state: 'idle' });
          }}
          onBlur={() => setTouched(true)}
        />
        {quantityMessage ? (
          <p id={`${qtyId}-message`} className="field__error">
            {quantityMessage}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        className="btn btn--primary btn--large add-to-cart__button"
        disabled={disabled}
        aria-disabled={loading || undefined}
        aria-busy={loading || undefined}
        aria-describedby={describedBy}
      >
        {loading ? <Spinner label="Adding to cart" /> : null}
        {addToCartLabel(listSelection)}
      </button>
      {note ? (
        <p id={`${id}-note`} className="add-to-cart__note">
          {note}
        </p>
      ) : null}
      {status.state === 'error' ? (
        // Not an alert: the error toast's live region already announces the same words.
        <p id={`${id}-error`} className="add-to-cart__error">
          {status.message}
        </p>
      ) : null}
    </form>
  );
}
