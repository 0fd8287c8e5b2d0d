// One order (/orders/:orderSummaryId): the confirmation right after "Place order" (?placed=1: "Thank you
// for your order") and the detail from the order history are the same view: number, status, date, lines,
// totals, delivery, payment, the gift wrap and message when chosen, and a Downloads section for the datasets;
// once the seller acts (issue 15), the refunds and each parcel's carrier and tracking number.

import { useLoaderData } from 'react-router';
import { sellingModelTypeLabel } from '@store/core';
import { AddressBlock } from '../../components/checkout/AddressBlock.tsx';
import { AppLink } from '../../components/ui/AppLink.tsx';
import { ListSelectionNote } from '../../components/cart/ListSelectionNote.tsx';
import { DownloadList } from '../../components/account/DownloadList.tsx';
import { OrderRefunds } from '../../components/account/OrderRefunds.tsx';
import { OrderShipments } from '../../components/account/OrderShipments.tsx';
import { OrderTotals } from '../../components/checkout/OrderTotals.tsx';
import { money, quantityText } from '../../lib/cart/cart-view.ts';
import { CHECKOUT_TEXT, contactLines, orderDate, ORDERS_PATH } from '../../lib/checkout/checkout-view.ts';
import type { OrderPageData } from '../types.ts';

export function OrderDetailView({ data }: { data: OrderPageData }) {
  const { order, downloads, placed } = data;
  const payment =
    order.paymentMethod === 'PurchaseOrder' ? `Purchase order ${order.purchaseOrderNumber ?? ''}`.trim() : 'Card';
  const shipped = order.deliveryGroups.filter((g) => g.deliveryAddress);
  return (
    <article className="order" aria-labelledby="order-title">
      <h1 id="order-title">{placed ? CHECKOUT_TEXT.thankYou : `Order ${order.orderNumber}`}</h1>
      {placed ? (
        <p className="order__placed" role="status">
          {`Your order number is `}
          <strong data-testid="order-number">{order.orderNumber}</strong>
          {order.contactInfo?.email ? `. We sent a confirmation to ${order.contactInfo.email}.` : '.'}
        </p>
      ) : null}
      <dl className="order__facts">
        <dt>Order number</dt>
        <dd>{order.orderNumber}</dd>
        <dt>Date</dt>
        <dd>{orderDate(order.orderedDate)}</dd>
        <dt>Status</dt>
        <dd>{data.statusLabel}</dd>
        {order.accountName ? (
          <>
            <dt>Account</dt>
            <dd>{order.accountName}</dd>
          </>
        ) : null}
        <dt>Payment</dt>
        <dd>{payment}</dd>
      </dl>
      {downloads?.length ? <DownloadList downloads={downloads} /> : null}
      <section aria-labelledby="order-lines-title">
        <h2 id="order-lines-title">Items</h2>
        <ul className="review-lines" aria-label="Items in this order">
          {order.lines.map((l) => (
            <li key={l.orderItemId} className="review-line">
              <span className="review-line__name">
                {l.name}
                <span className="review-line__sku">{` ${l.sku}`}</span>
                {l.sellingModelType && l.sellingModelType !== 'OneTime' ? (
                  <span className="review-line__plan">{` · ${sellingModelTypeLabel(l.sellingModelType)}`}</span>
                ) : null}
                <ListSelectionNote selection={l.listSelection} as="span" />
              </span>
              <span className="review-line__qty">{`Qty ${quantityText(l.quantity)} × ${money(l.salesPrice, order.currencyIsoCode)}`}</span>
              <span className="review-line__total">
                {money(l.totalPrice, order.currencyIsoCode)}
                {l.status === 'Refunded' ? <span className="review-line__plan">{' · Refunded'}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <OrderTotals
        currency={order.currencyIsoCode}
        subtotal={order.totalProductAmount}
        discounts={order.totalAdjustmentAmount}
        delivery={order.totalChargeAmount}
        giftWrap={order.totalGiftWrapAmount}
        tax={order.totalTaxAmount}
        total={order.grandTotalAmount}
        taxType={order.taxType}
      />
      <OrderRefunds refunds={order.refunds ?? []} total={order.totalRefundedAmount} currency={order.currencyIsoCode} />
      <OrderShipments groups={order.deliveryGroups} />
      {order.giftOptions?.giftWrap || order.giftOptions?.giftMessage || order.giftOptions?.giftToName ? (
        <section aria-labelledby="order-gift-title" className="order__gift">
          <h2 id="order-gift-title">Gift</h2>
          {order.giftOptions.giftWrap ? <p>Gift wrapped</p> : null}
          {order.giftOptions.giftToName ? <p data-testid="gift-to">{`To: ${order.giftOptions.giftToName}`}</p> : null}
          {order.giftOptions.giftMessage ? (
            <blockquote className="order__gift-message" data-testid="gift-message">
              {order.giftOptions.giftMessage}
            </blockquote>
          ) : null}
        </section>
      ) : null}
      <div className="order__parties">
        {shipped.length ? (
          <section aria-labelledby="order-address-title">
            <h2 id="order-address-title">Delivery address</h2>
            {shipped.map((g) => (
              <div key={g.id}>
                <AddressBlock address={g.deliveryAddress!} storeCountry={data.storeCountry} />
                {g.deliveryMethodName ? <p className="checkout-note">{g.deliveryMethodName}</p> : null}
              </div>
            ))}
          </section>
        ) : null}
        <section aria-labelledby="order-contact-title">
          <h2 id="order-contact-title">Contact</h2>
          <p className="checkout-summary__lines">
            {contactLines(order.contactInfo, data.storeCountry).map((l, i) => (
              <span key={i} className="address-block__line">
                {l}
              </span>
            ))}
          </p>
        </section>
      </div>
      <p>
        <AppLink href={ORDERS_PATH}>All orders</AppLink>
        {' · '}
        <AppLink href="/">Continue shopping</AppLink>
      </p>
    </article>
  );
}

export function OrderRoute() {
  return <OrderDetailView data={useLoaderData() as OrderPageData} />;
}
