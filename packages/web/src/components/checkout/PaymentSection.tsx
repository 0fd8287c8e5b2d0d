// Checkout step 4: how to pay. A card (tokenised in the browser) for everyone; a purchase order for a
// buyer acting for a business account (offered only then; the server decides in the end). Once paid the
// payment is shown; if the order changed afterwards the shopper is asked to pay again.

import { useState } from 'react';
import type { CheckoutAddress, CheckoutPaymentSummary, PaymentRequest } from '@store/core';
import { money } from '../../lib/cart/cart-view.ts';
import { CHECKOUT_TEXT, paymentText } from '../../lib/checkout/checkout-view.ts';
import type { ActionOutcome } from '../../lib/checkout/use-checkout.ts';
import { CardPaymentForm } from './CardPaymentForm.tsx';
import { CheckoutSection } from './CheckoutSection.tsx';
import { PurchaseOrderForm } from './PurchaseOrderForm.tsx';

export interface PaymentSectionProps {
  step: number;
  payment: CheckoutPaymentSummary | null;
  canUsePurchaseOrder: boolean;
  billingAddress: CheckoutAddress | null;
  onPay(request: PaymentRequest): Promise<ActionOutcome>;
}

type Method = 'card' | 'po';

export function PaymentSection({ step, payment, canUsePurchaseOrder, billingAddress, onPay }: PaymentSectionProps) {
  const [editing, setEditing] = useState(false);
  const [method, setMethod] = useState<Method>(() => (payment?.method === 'PurchaseOrder' ? 'po' : 'card'));
  const current = payment?.coversCart && !editing ? payment : null;
  const pay = async (request: PaymentRequest) => {
    const outcome = await onPay(request);
    if (outcome.ok) setEditing(false);
    return outcome;
  };

  return (
    <CheckoutSection id="checkout-payment" step={step} title={CHECKOUT_TEXT.payment}>
      {current ? (
        <div className="checkout-summary">
          <p data-testid="payment-summary">
            {`${paymentText(current)} · ${money(current.amount, current.currencyIsoCode)}`}
          </p>
          <button type="button" className="btn btn--link" onClick={() => setEditing(true)}>
            Change payment method
          </button>
        </div>
      ) : (
        <>
          {payment && !payment.coversCart ? (
            <p className="form-alert form-alert--error" role="alert">
              {CHECKOUT_TEXT.payAgain}
            </p>
          ) : null}
          {canUsePurchaseOrder ? (
            <fieldset className="choice-list choice-list--inline">
              <legend className="field__label">Payment method</legend>
              <label className="choice">
                <input
                  type="radio"
                  name="paymentMethod"
                  value="card"
                  checked={method === 'card'}
                  onChange={() => setMethod('card')}
                />
                <span className="choice__body">Card</span>
              </label>
              <label className="choice">
                <input
                  type="radio"
                  name="paymentMethod"
                  value="po"
                  checked={method === 'po'}
                  onChange={() => setMethod('po')}
                />
                <span className="choice__body">Purchase order</span>
              </label>
            </fieldset>
          ) : null}
          {method === 'po' && canUsePurchaseOrder ? (
            <PurchaseOrderForm onPay={pay} />
          ) : (
            <CardPaymentForm billingAddress={billingAddress} onPay={pay} />
          )}
          {editing ? (
            <button type="button" className="btn btn--link" onClick={() => setEditing(false)}>
              Keep the current payment
            </button>
          ) : null}
        </>
      )}
    </CheckoutSection>
  );
}
