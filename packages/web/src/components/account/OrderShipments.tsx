// The printed goods' parcels of an order: each shipped delivery group with where it stands, and once the seller
// has shipped it, the carrier, the tracking number and the day it left (issue 15 §6).
import type { OrderDeliveryGroupView } from '@store/core';
import { orderDate } from '../../lib/checkout/checkout-view.ts';

export function OrderShipments({ groups }: { groups: OrderDeliveryGroupView[] }) {
  const parcels = groups.filter((g) => g.deliveryKind === 'Shipped');
  if (!parcels.length) return null;
  return (
    <section aria-labelledby="order-shipments-title" className="order__shipments">
      <h2 id="order-shipments-title">Shipping</h2>
      <ul className="order__shipment-list">
        {parcels.map((g) => (
          <li key={g.id} className="order__shipment" data-testid="shipment">
            <strong>{g.name}</strong>
            {g.status === 'Shipped' ? (
              <dl className="order__facts">
                <dt>Status</dt>
                <dd>{g.shippedAt ? `Shipped ${orderDate(g.shippedAt)}` : 'Shipped'}</dd>
                <dt>Carrier</dt>
                <dd>{g.carrier}</dd>
                <dt>Tracking number</dt>
                <dd data-testid="tracking-number">{g.trackingNumber}</dd>
              </dl>
            ) : (
              <p className="checkout-note">Not shipped yet. We’ll email you the tracking number when it ships.</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
