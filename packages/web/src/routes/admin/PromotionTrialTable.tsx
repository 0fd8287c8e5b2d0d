// A trial run's answer: whether the tried promotion took anything off, each sample line before and after its
// adjustments, the cart-level adjustments, what became of the codes typed, and the adjusted totals.

import { formatCurrency, type PromotionTrialResult } from '@store/core';

const COUPON_PROBLEMS: Record<string, string> = {
  UNKNOWN_COUPON: 'not a code of a live promotion',
  NOT_ACTIVE: 'its promotion is not running at that time',
  NOT_ELIGIBLE: 'this buyer may not use it',
  NOT_APPLICABLE: 'nothing in the cart qualifies',
  TOO_MANY_COUPONS: 'too many codes',
};

export function PromotionTrialTable({ trial }: { trial: PromotionTrialResult }) {
  const money = (amount: string) => formatCurrency(amount, trial.currencyIsoCode);
  return (
    <section aria-labelledby="trial-result-title">
      <h3 id="trial-result-title">Trial result</h3>
      <p role="status">
        {trial.promotion.applies
          ? `This promotion applies: it takes ${money(trial.promotion.adjustmentAmount.replace('-', ''))} off.`
          : 'This promotion does not apply to this cart.'}
      </p>
      {trial.coupons.length ? (
        <ul aria-label="Codes tried">
          {trial.coupons.map((c) => (
            <li key={c.couponCode}>
              <code>{c.couponCode}</code>:{' '}
              {c.isValid ? 'accepted' : `refused (${COUPON_PROBLEMS[c.couponErrorCode ?? ''] ?? c.couponErrorCode})`}
            </li>
          ))}
        </ul>
      ) : null}
      <table className="orders__table workspace__table">
        <caption>Sample cart, adjusted</caption>
        <thead>
          <tr>
            <th scope="col">SKU</th>
            <th scope="col">Product</th>
            <th scope="col" className="num">
              Quantity
            </th>
            <th scope="col" className="num">
              Unit price
            </th>
            <th scope="col" className="num">
              Adjustment
            </th>
            <th scope="col" className="num">
              Line total
            </th>
          </tr>
        </thead>
        <tbody>
          {trial.lines.map((l) => (
            <tr key={`${l.productId}-${l.quantity}-${l.totalAfter}`}>
              <td>{l.sku}</td>
              <td>{l.name}</td>
              <td className="num">{l.quantity}</td>
              <td className="num">{money(l.salesPrice)}</td>
              <td className="num">{money(l.totalAdjustment)}</td>
              <td className="num">{money(l.totalAfter)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="workspace__totals">
        <dt>Subtotal</dt>
        <dd>{money(trial.subtotal)}</dd>
        <dt>Item promotions</dt>
        <dd>{money(trial.totalItemAdjustment)}</dd>
        <dt>Cart promotions</dt>
        <dd>{money(trial.totalCartAdjustment)}</dd>
        <dt>Total</dt>
        <dd>{money(trial.total)}</dd>
      </dl>
    </section>
  );
}
