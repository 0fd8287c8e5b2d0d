// The custom add-to-cart control (spec 03 §2.2 item 4, §3 "Add to cart input": productId and
// quantity, default 1). Its validity comes from @store/core's product action rules; the control
// is present but disabled until ordering is wired up in a later issue.

import { computeProductActionValidity, type ProductClass, type PurchaseQuantityRule } from '@store/core';

export const DEFAULT_QUANTITY = 1;

export interface AddToCartProps {
  productId: string;
  productClass?: ProductClass | null;
  hasPricing: boolean;
  quantity?: number;
  quantityRule?: PurchaseQuantityRule | null;
  /** Off for now: ordering arrives with the cart issue. */
  enabled?: boolean;
}

export function AddToCart({ productId, productClass, hasPricing, quantity = DEFAULT_QUANTITY, quantityRule, enabled = false }: AddToCartProps) {
  const validity = computeProductActionValidity({ productClass, hasPricing, quantity, quantityRule: quantityRule ?? null });
  const disabled = !enabled || validity.isAddToCartDisabled;
  const qtyId = `qty-${productId}`;
  return (
    <form
      className="add-to-cart"
      data-product-id={productId}
      data-action-errors={validity.codes.join(',')}
      onSubmit={(e) => e.preventDefault()}
    >
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
