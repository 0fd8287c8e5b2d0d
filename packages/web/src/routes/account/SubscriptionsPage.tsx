// My subscriptions (/subscriptions): product, type (Term-defined / Auto-renew), term, start, the renewal
// or end date, and status, for a logged-in shopper's effective account.
import { useLoaderData } from 'react-router';
import { AppLink } from '../../components/ui/AppLink.tsx';
import { orderDate, orderHref } from '../../lib/checkout/checkout-view.ts';
import type { SubscriptionsPageData } from '../types.ts';

export function SubscriptionsPage({ data }: { data: SubscriptionsPageData }) {
  return (
    <section className="subscriptions" aria-labelledby="subscriptions-title">
      <h1 id="subscriptions-title">My subscriptions</h1>
      {data.error ? (
        <p className="cart__error" role="alert">
          We could not load your subscriptions.
        </p>
      ) : data.subscriptions.length === 0 ? (
        <p>You have no subscriptions.</p>
      ) : (
        <table className="orders__table">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Type</th>
              <th scope="col">Term</th>
              <th scope="col">Start</th>
              <th scope="col">Renews or ends</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {data.subscriptions.map((s) => (
              <tr key={s.subscriptionId}>
                <th scope="row">
                  {s.productName}
                  <span className="review-line__sku">
                    {' '}
                    (<AppLink href={orderHref(s.orderSummaryId)}>{s.orderNumber}</AppLink>)
                  </span>
                </th>
                <td>{s.typeLabel}</td>
                <td>{s.termLabel}</td>
                <td>{orderDate(s.startDate)}</td>
                <td>
                  {s.nextRenewalDate
                    ? `Renews ${orderDate(s.nextRenewalDate)}`
                    : s.endDate
                      ? `Ends ${orderDate(s.endDate)}`
                      : '—'}
                </td>
                <td>{s.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function SubscriptionsRoute() {
  return <SubscriptionsPage data={useLoaderData() as SubscriptionsPageData} />;
}
