// Subtotal, discounts, delivery, gift wrap (when chosen), tax and total: the checkout's review and the order
// page alike.
import { isDiscount, money } from '../../lib/cart/cart-view.ts';

export interface OrderTotalsProps {
  currency: string;
  subtotal: string;
  discounts: string;
  delivery: string;
  /** The gift wrap's price; the row shows only when it was charged. */
  giftWrap?: string;
  tax: string;
  total: string;
  taxType: 'Net' | 'Gross';
  /** Before the order is placed the tax is an estimate until the address is known. */
  title?: string;
}

export function OrderTotals({
  currency,
  subtotal,
  discounts,
  delivery,
  giftWrap,
  tax,
  total,
  taxType,
  title = 'Order total',
}: OrderTotalsProps) {
  return (
    <section className="cart-totals order-totals" aria-labelledby="order-totals-title">
      <h3 id="order-totals-title" className="cart-totals__title">
        {title}
      </h3>
      <dl className="cart-totals__list">
        <dt>Subtotal</dt>
        <dd>{money(subtotal, currency)}</dd>
        {isDiscount(discounts) ? (
          <>
            <dt>Discounts</dt>
            <dd>{money(discounts, currency)}</dd>
          </>
        ) : null}
        <dt>Delivery</dt>
        <dd>{Number(delivery) === 0 ? 'Free' : money(delivery, currency)}</dd>
        {giftWrap && Number(giftWrap) !== 0 ? (
          <>
            <dt>Gift wrap</dt>
            <dd>{money(giftWrap, currency)}</dd>
          </>
        ) : null}
        <dt>{taxType === 'Gross' ? 'Tax (included)' : 'Tax'}</dt>
        <dd>{money(tax, currency)}</dd>
        <dt className="cart-totals__total">Total</dt>
        <dd className="cart-totals__total" data-testid="order-total">
          {money(total, currency)}
        </dd>
      </dl>
    </section>
  );
}
