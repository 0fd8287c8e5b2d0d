// My subscriptions (/subscriptions): product, type (Term-defined / Auto-renew), term, start, the renewal
// or end date, status, and the auto-renew switch (issue 17), for a logged-in shopper's effective account.
import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { AutoRenewSwitch } from '../../components/account/AutoRenewSwitch.tsx';
import { AppLink } from '../../components/ui/AppLink.tsx';
import { orderDate, orderHref } from '../../lib/checkout/checkout-view.ts';
import { useFetcherCall } from '../../lib/use-fetcher-call.ts';
import type { SubscriptionSwitchResult, SubscriptionsPageData } from '../types.ts';

export function SubscriptionsPage({
  data,
  onSwitch,
  busy = false,
}: {
  data: SubscriptionsPageData;
  /** Switches one subscription's auto-renew (the route's action); absent: the switch only shows the state. */
  onSwitch?: (subscriptionId: string, autoRenew: boolean) => Promise<SubscriptionSwitchResult | undefined>;
  busy?: boolean;
}) {
  const [status, setStatus] = useState('');
  const switchOne = onSwitch
    ? async (subscriptionId: string, autoRenew: boolean) => {
        const result = await onSwitch(subscriptionId, autoRenew);
        if (result?.ok) setStatus(result.message);
        return result;
      }
    : undefined;
  return (
    <section className="subscriptions" aria-labelledby="subscriptions-title">
      <h1 id="subscriptions-title">My subscriptions</h1>
      <p role="status" className="address-book__status">
        {status}
      </p>
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
              <th scope="col">Auto-renew</th>
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
                <td>
                  {s.sellingModelType === 'Evergreen' && switchOne ? (
                    <AutoRenewSwitch
                      subscription={s}
                      busy={busy}
                      onChange={(autoRenew) => switchOne(s.subscriptionId, autoRenew)}
                    />
                  ) : s.sellingModelType === 'Evergreen' ? (
                    s.autoRenew ? (
                      'On'
                    ) : (
                      'Off'
                    )
                  ) : (
                    'Fixed term'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function SubscriptionsRoute() {
  const { call, busy } = useFetcherCall<SubscriptionSwitchResult>();
  return (
    <SubscriptionsPage
      data={useLoaderData() as SubscriptionsPageData}
      busy={busy}
      onSwitch={(subscriptionId, autoRenew) => call({ subscriptionId, autoRenew: String(autoRenew) })}
    />
  );
}
