// Checkout step 5: the lines, coupons and totals, the problems the server reports (a 422: stock), and
// "Place order", which stays available but explains what is still missing instead of sending.

import { useState } from 'react';
import type { CartCoupon, CartItemResult, Checkout, PlaceOrderResult } from '@store/core';
import { money, quantityText } from '../../lib/cart/cart-view.ts';
import { CHECKOUT_TEXT, missingSteps } from '../../lib/checkout/checkout-view.ts';
import type { ActionOutcome } from '../../lib/checkout/use-checkout.ts';
import { CheckoutCouponForm } from './CheckoutCouponForm.tsx';
import { ListSelectionNote } from '../cart/ListSelectionNote.tsx';
import { CheckoutSection } from './CheckoutSection.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { OrderTotals } from './OrderTotals.tsx';

export interface CheckoutReviewProps {
  step: number;
  checkout: Checkout;
  lines: CartItemResult[];
  coupons: CartCoupon[];
  problems: Checkout['errors'];
  onApplyCoupon(code: string): Promise<ActionOutcome>;
  onRemoveCoupon(id: string): Promise<ActionOutcome>;
  onPlace(): Promise<ActionOutcome & { result?: PlaceOrderResult }>;
  onPlaced(result: PlaceOrderResult): void;
}

export function CheckoutReview({
  step,
  checkout,
  lines,
  coupons,
  problems,
  onApplyCoupon,
  onRemoveCoupon,
  onPlace,
  onPlaced,
}: CheckoutReviewProps) {
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const s = checkout.cartSummary;
  const missing = missingSteps(checkout);

  async function place() {
    if (busy) return;
    if (missing.length || problems.length) {
      setAlert(`${CHECKOUT_TEXT.notReady} ${[...missing, ...problems.map((p) => p.title)].join(' ')}`);
      return;
    }
    setAlert(null);
    setBusy(true);
    const outcome = await onPlace();
    if (outcome.ok && outcome.result) return onPlaced(outcome.result); // the page goes; stay busy
    setBusy(false);
    setAlert(outcome.message ?? CHECKOUT_TEXT.paymentFailed);
  }

  return (
    <CheckoutSection id="checkout-review" step={step} title={CHECKOUT_TEXT.review} busy={busy}>
      <ul className="review-lines" aria-label="Items in your order">
        {lines.map(({ cartItem: i }) => (
          <li key={i.cartItemId} className="review-line">
            <span className="review-line__name">
              {i.productDetails?.name || i.name}
              <ListSelectionNote selection={i.listSelection} as="span" />
            </span>
            <span className="review-line__qty">{`Qty ${quantityText(i.quantity)}`}</span>
            <span className="review-line__total">{money(i.totalAmount ?? i.totalPrice, i.currencyIsoCode)}</span>
          </li>
        ))}
      </ul>
      {problems.length ? (
        <div className="form-alert form-alert--error" role="alert">
          {problems.map((p, n) => (
            <p key={n}>{p.detail ? `${p.title} ${p.detail}` : p.title}</p>
          ))}
        </div>
      ) : null}
      <CheckoutCouponForm coupons={coupons} onApply={onApplyCoupon} onRemove={onRemoveCoupon} />
      <OrderTotals
        currency={s.currencyIsoCode}
        subtotal={s.totalProductAmount}
        discounts={s.totalPromotionalAdjustmentAmount}
        delivery={s.totalChargeAmount}
        giftWrap={s.totalGiftWrapAmount}
        tax={s.totalTaxAmount}
        total={s.grandTotalAmount}
        taxType={s.taxType === 'Gross' ? 'Gross' : 'Net'}
      />
      <FormAlert id="place-order-alert" message={alert} />
      <div className="btn-wrap">
        <button
          type="button"
          className="btn btn--primary btn--large"
          onClick={() => void place()}
          aria-disabled={busy || undefined}
        >
          {busy ? CHECKOUT_TEXT.placing : CHECKOUT_TEXT.placeOrder}
        </button>
      </div>
    </CheckoutSection>
  );
}
