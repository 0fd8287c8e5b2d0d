// The cart's totals: subtotal, the cart-level promotions and the promotions total, gift wrap when chosen, estimated tax
// (said to be included on Gross stores) and the total, from the cart summary.

import type { CartPromotion, CartSummary } from '@store/core';
import { isDiscount, money } from '../../lib/cart/cart-view.ts';

export interface CartTotalsProps {
  summary: CartSummary;
  /** Promotions on the cart as a whole; item promotions show on their lines. */
  cartPromotions: CartPromotion[];
}

export function CartTotals({ summary, cartPromotions }: CartTotalsProps) {
  const currency = summary.currencyIsoCode;
  const gross = summary.taxType === 'Gross';
  return (
    <section className="cart-totals" aria-labelledby="cart-totals-title">
      <h2 id="cart-totals-title" className="cart-totals__title">
        Summary
      </h2>
      {cartPromotions.length ? (
        <ul className="cart-totals__promotions" aria-label="Cart promotions">
          {cartPromotions.map((p) => (
            <li key={p.promotionId}>
              <span>{p.couponCode ? `${p.displayName} (${p.couponCode})` : p.displayName}</span>
              <span>{money(p.adjustmentAmount, p.currencyIsoCode || currency)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="cart-totals__list">
        <dt>Subtotal</dt>
        <dd>{money(summary.totalProductAmount, currency)}</dd>
        {isDiscount(summary.totalPromotionalAdjustmentAmount) ? (
          <>
            <dt>Promotions</dt>
            <dd>{money(summary.totalPromotionalAdjustmentAmount, currency)}</dd>
          </>
        ) : null}
        {summary.totalGiftWrapAmount && Number(summary.totalGiftWrapAmount) !== 0 ? (
          <>
            <dt>Gift wrap</dt>
            <dd>{money(summary.totalGiftWrapAmount, currency)}</dd>
          </>
        ) : null}
        <dt>{gross ? 'Estimated tax (included)' : 'Estimated tax'}</dt>
        <dd>{money(summary.totalTaxAmount, currency)}</dd>
        <dt className="cart-totals__total">Total</dt>
        <dd className="cart-totals__total">{money(summary.grandTotalAmount, currency)}</dd>
      </dl>
    </section>
  );
}
