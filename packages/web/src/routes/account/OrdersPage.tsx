// The order history (/orders): the effective account's orders (a guest: the orders of this session),
// newest first, each with its status as the store names it, date, total and a link to the order.
import { useLoaderData } from 'react-router';
import { AppLink } from '../../components/ui/AppLink.tsx';
import { money } from '../../lib/cart/cart-view.ts';
import { orderDate, orderHref } from '../../lib/checkout/checkout-view.ts';
import type { OrdersPageData } from '../types.ts';

export function OrdersPage({ data }: { data: OrdersPageData }) {
  return (
    <section className="orders" aria-labelledby="orders-title">
      <h1 id="orders-title">Orders</h1>
      {data.accountName ? <p className="checkout-note">{`Orders of ${data.accountName}`}</p> : null}
      {data.error ? (
        <p className="cart__error" role="alert">
          We could not load your orders.
        </p>
      ) : data.orders.length === 0 ? (
        <p>You have no orders yet.</p>
      ) : (
        <table className="orders__table">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {data.orders.map((o) => (
              <tr key={o.orderSummaryId}>
                <th scope="row">
                  <AppLink href={orderHref(o.orderSummaryId)}>{o.orderNumber}</AppLink>
                </th>
                <td>{orderDate(o.orderedDate)}</td>
                <td>{o.statusText}</td>
                <td className="num">{money(o.grandTotalAmount, o.currencyIsoCode)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function OrdersRoute() {
  return <OrdersPage data={useLoaderData() as OrdersPageData} />;
}
