// The money a seller gave back on an order, as the buyer sees it (issue 15 §6): each refund with its day, amount
// and where the money went, and the total.
import type { OrderRefundView } from '@store/core';
import { money } from '../../lib/cart/cart-view.ts';
import { orderDate } from '../../lib/checkout/checkout-view.ts';

const WHERE: Record<OrderRefundView['kind'], string> = {
  Refund: 'Refunded to your card',
  Void: 'Card payment cancelled; you were not charged',
  Credit: 'Credited to your account (purchase order)',
};

export function OrderRefunds({
  refunds,
  total,
  currency,
}: {
  refunds: OrderRefundView[];
  total: string;
  currency: string;
}) {
  if (!refunds.length) return null;
  return (
    <section aria-labelledby="order-refunds-title" className="order__refunds">
      <h2 id="order-refunds-title">Refunds</h2>
      <ul className="order__refund-list">
        {refunds.map((r) => (
          <li key={r.refundId} data-testid="refund">
            {`${orderDate(r.createdDate)}: ${money(r.amount, currency)}. ${WHERE[r.kind]}.`}
            {r.reason ? <span className="checkout-note">{` ${r.reason}`}</span> : null}
          </li>
        ))}
      </ul>
      <p>
        <strong>{`Refunded in all: ${money(total, currency)}`}</strong>
      </p>
    </section>
  );
}
