// The custom add-to-cart control (spec 03 §2.2 item 4, §3 "Add to cart input": productId and
// quantity, default 1). It is present but disabled until ordering is wired up in a later issue.

import { isQuantityValid, type PurchaseQuantityRule } from '@store/core';

export const DEFAULT_QUANTITY = 1;

export interface AddToCartProps {
  productId: string;
  quantity?: number;
  quantityRule?: PurchaseQuantityRule | null;
  /** Whether the product can be bought at all (price available, a buyable class). */
  actionable?: boolean;
  /** Disabled for now: ordering arrives with the cart issue. */
  enabled?: boolean;
}

export function AddToCart({ productId, quantity = DEFAULT_QUANTITY, quantityRule, actionable = true, enabled = false }: AddToCartProps) {
  const valid = actionable && isQuantityValid(quantity, quantityRule ?? null);
  const disabled = !enabled || !valid;
  const qtyId = `qty-${productId}`;
  return (
    <form className="add-to-cart" data-product-id={productId} data-valid={valid ? 'true' : 'false'} onSubmit={(e) => e.preventDefault()}>
      <label htmlFor={qtyId}>
        Quantity
        <input id={qtyId} name="quantity" type="number" inputMode="numeric" min={1} step={1} defaultValue={quantity} disabled={disabled} />
      </label>
      <button type="submit" className="btn btn--primary btn--large" disabled={disabled} aria-describedby={disabled ? `${qtyId}-note` : undefined}>
        Add to Cart
      </button>
      {disabled ? (
        <p id={`${qtyId}-note`} className="add-to-cart__note">
          Online ordering is coming soon.
        </p>
      ) : null}
    </form>
  );
}
