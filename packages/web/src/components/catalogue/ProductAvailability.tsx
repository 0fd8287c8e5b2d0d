// The stock line above the add-to-cart control: "In stock", "Only 3 left" or "Out of stock" (core
// stockAvailability, which follows the same rule as validity code 100). Nothing for untracked stock.

import { stockAvailability, type PurchaseQuantityRule } from '@store/core';

export interface ProductAvailabilityProps {
  /** What can be ordered now; null when the product's stock is not tracked. */
  availableQuantity: number | null;
  quantityRule?: PurchaseQuantityRule | null;
}

export function ProductAvailability({ availableQuantity, quantityRule }: ProductAvailabilityProps) {
  const availability = stockAvailability(availableQuantity, quantityRule);
  if (!availability) return null;
  return (
    <p className={`availability availability--${availability.state}`} data-stock-state={availability.state}>
      {availability.label}
    </p>
  );
}
