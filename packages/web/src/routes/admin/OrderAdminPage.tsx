// One order as the seller sees it: who bought it and how they paid, the lines, each delivery group (with
// "Mark shipped" for a printed group still waiting), the datasets' downloads (with "Re-send download links"),
// the refunds with a refund form that shows the amount for confirmation before anything is sent, the
// cancellation, and the emails the order sent. Forms show only for roles that may use them (core mayDo); the
// server decides.

import { mayDo, type AdminOrderDetail, type WorkspaceMe } from '@store/core';
import { useRef } from 'react';
import { Form, Link } from 'react-router';
import { FormAlert, useFormResultFocus } from '../../components/ui/FormAlert.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { ListSelectionNote } from '../../components/cart/ListSelectionNote.tsx';
import { money, quantityText } from '../../lib/cart/cart-view.ts';
import { reviewQuestion, type OrderActionResult, type OrderIntent } from './order-action.ts';
import { leftToRefund, reasonRule, refundableLines, refundAmount } from './order-forms.ts';
import { PlainHead } from './server-table.tsx';
import { ShipForm } from './ShipForm.tsx';

const when = (iso: string) => `${iso.replace('T', ' ').slice(0, 16)} UTC`;

export function OrderAdminPage({
  order,
  me,
  result,
  busy,
}: {
  order: AdminOrderDetail;
  me: WorkspaceMe;
  result?: OrderActionResult;
  busy: boolean;
}) {
  const mayFulfil = mayDo(me.role, 'orders.fulfil');
  const mayRefund = mayDo(me.role, 'orders.refund');
  const currency = order.currencyIsoCode;
  const resultOf = (intent: OrderIntent) => (result?.intent === intent ? result : undefined);
  const shippedAny = order.deliveryGroups.some((g) => g.status === 'Shipped');
  const p = order.payment;
  return (
    <article className="workspace__order" aria-labelledby="order-title">
      <h1 id="order-title">Order {order.orderNumber}</h1>
      <p>
        <Link to="/admin/orders">All orders</Link>
      </p>
      <dl className="order__facts">
        <dt>Status</dt>
        <dd data-testid="order-status">{order.status}</dd>
        <dt>Placed</dt>
        <dd>{when(order.orderedDate)}</dd>
        <dt>Customer</dt>
        <dd>
          {order.customer.email}
          {order.customer.accountName ? ` · ${order.customer.accountName}` : order.customer.guest ? ' · guest' : ''}
        </dd>
        <dt>Payment</dt>
        <dd>
          {p
            ? `${p.method === 'PurchaseOrder' ? `Purchase order ${p.purchaseOrderNumber ?? ''}` : `${p.cardBrand ?? 'Card'} ending ${p.cardLast4 ?? '····'}`} · ${money(p.amount, currency)} · ${p.status}${p.gatewayReference ? ` · ${p.gateway} ${p.gatewayReference}` : ''}`
            : 'None'}
        </dd>
        <dt>Total</dt>
        <dd>{money(order.grandTotalAmount, currency)}</dd>
        <dt>Refunded</dt>
        <dd>{money(order.totalRefundedAmount, currency)}</dd>
      </dl>

      <section aria-labelledby="order-lines-title">
        <h2 id="order-lines-title">Lines</h2>
        <table className="orders__table workspace__table">
          <PlainHead
            columns={[
              'Item',
              'SKU',
              'Kind',
              { label: 'Quantity', numeric: true },
              { label: 'Total', numeric: true },
              { label: 'Tax', numeric: true },
              'Status',
            ]}
          />
          <tbody>
            {order.lines.map((l) => (
              <tr key={l.orderItemId}>
                <td>
                  {l.name}
                  <ListSelectionNote selection={l.listSelection} as="span" />
                </td>
                <td>{l.sku}</td>
                <td>{l.fulfilment === 'Physical' ? 'Printed' : 'Dataset'}</td>
                <td className="num">{quantityText(l.quantity)}</td>
                <td className="num">{money(l.totalPrice, currency)}</td>
                <td className="num">{money(l.totalTax, currency)}</td>
                <td>{l.status === 'Refunded' ? `Refunded ${money(l.refundedAmount, currency)}` : 'Active'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="order-delivery-title">
        <h2 id="order-delivery-title">Delivery</h2>
        {order.deliveryGroups.map((g) => {
          const shipResult = result?.intent === 'ship' && result.groupId === g.id ? result : undefined;
          return (
            <section key={g.id} aria-label={`Delivery group ${g.name}`} className="workspace__book">
              <h3>{g.name}</h3>
              <p>
                {g.deliveryKind === 'Shipped' ? 'Printed goods' : 'Digital'}
                {g.deliveryMethodName ? ` · ${g.deliveryMethodName}` : ''} · {g.status}
                {g.status === 'Shipped' ? ` · ${g.carrier} ${g.trackingNumber}` : ''}
                {g.shippedAt ? ` · ${when(g.shippedAt)}` : ''}
              </p>
              <FormAlert id={`ship-${g.id}-error`} message={shipResult?.formError} />
              <FormAlert id={`ship-${g.id}-done`} message={shipResult?.done} tone="success" />
              {/* A group just shipped loses its form at once: the router shows the action's answer while it
                  still reads the order again, and the form must not offer to ship the group twice meanwhile. */}
              {mayFulfil &&
              g.deliveryKind === 'Shipped' &&
              g.status === 'Pending' &&
              !shipResult?.done &&
              order.status !== 'Cancelled' ? (
                <ShipForm key={shipResult ? 'result' : 'form'} group={g} result={shipResult} busy={busy} />
              ) : null}
            </section>
          );
        })}
      </section>

      {order.downloads.length ? (
        <section aria-labelledby="order-downloads-title">
          <h2 id="order-downloads-title">Downloads</h2>
          <ul>
            {order.downloads.map((d) => (
              <li key={d.orderItemId}>
                {d.name} ({d.sku}): {d.status}
              </li>
            ))}
          </ul>
          <p>Download emails sent: {order.downloadEmailsSent}</p>
          <FormAlert id="resend-error" message={resultOf('resend')?.formError} />
          <FormAlert id="resend-done" message={resultOf('resend')?.done} tone="success" />
          {mayFulfil && order.downloads.some((d) => d.status === 'Available') ? (
            <Form method="post">
              <input type="hidden" name="intent" value="resend" />
              <button type="submit" className="btn btn--secondary" aria-disabled={busy || undefined}>
                Re-send download links
              </button>
            </Form>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="order-refunds-title">
        <h2 id="order-refunds-title">Refunds</h2>
        {order.refunds.length ? (
          <ul>
            {order.refunds.map((r) => (
              <li key={r.refundId} data-testid="admin-refund">
                {when(r.createdDate)}: {r.kind} {money(r.amount, currency)} · {r.status} · by {r.createdBy}
                {r.wholeOrder ? ' · whole order' : ` · ${r.orderItemIds.length} line(s)`}
                {r.reason ? ` · “${r.reason}”` : ''}
              </li>
            ))}
          </ul>
        ) : (
          <p>No refunds.</p>
        )}
        <FormAlert id="refund-done" message={resultOf('refund')?.done ?? resultOf('cancel')?.done} tone="success" />
        {mayRefund ? <RefundForms order={order} result={result} busy={busy} /> : null}
      </section>

      {mayRefund && order.status !== 'Cancelled' && !shippedAny ? (
        <CancelForm result={resultOf('cancel')} busy={busy} />
      ) : null}

      <section aria-labelledby="order-emails-title">
        <h2 id="order-emails-title">Emails</h2>
        <table className="orders__table workspace__table">
          <PlainHead columns={['Queued', 'Kind', 'To', 'Subject', 'Status']} />
          <tbody>
            {order.emails.map((e) => (
              <tr key={e.emailId}>
                <td>{when(e.createdDate)}</td>
                <td>{e.kind}</td>
                <td>{e.to}</td>
                <td>{e.subject}</td>
                <td>
                  {e.status}
                  {e.lastError ? ` (${e.lastError})` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </article>
  );
}

/** The refund form, and once reviewed, its confirmation with the amount. */
function RefundForms({ order, result, busy }: { order: AdminOrderDetail; result?: OrderActionResult; busy: boolean }) {
  const formRef = useRef<HTMLFormElement>(null);
  const review = result?.intent === 'refund-review' ? result : undefined;
  const refund = result?.intent === 'refund' ? result : undefined;
  useFormResultFocus(review ?? refund, formRef, 'refund-error');
  const lines = refundableLines(order);
  const currency = order.currencyIsoCode;
  const left = leftToRefund(order);
  if (order.status === 'Cancelled' || left === '0.00') return null;
  if (review?.review) {
    const r = review.review;
    const names = order.lines.filter((l) => r.lineIds.includes(l.orderItemId)).map((l) => l.name);
    return (
      <Form method="post" className="form" aria-labelledby="refund-confirm-title">
        <h3 id="refund-confirm-title">Confirm the refund</h3>
        <p role="status" data-testid="refund-question">
          {reviewQuestion(r, currency, order.paymentMethod)}
        </p>
        <p>{r.whole ? 'The whole order, delivery and gift wrap included.' : `Lines: ${names.join(', ')}.`}</p>
        {r.reason ? <p>Reason: {r.reason}</p> : null}
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="scope" value={r.whole ? 'whole' : 'lines'} />
        {r.lineIds.map((id) => (
          <input key={id} type="hidden" name="line" value={id} />
        ))}
        <input type="hidden" name="reason" value={r.reason} />
        <input type="hidden" name="key" value={r.key} />
        <div className="workspace__filters">
          <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
            Confirm refund
          </button>
          <Link to={`/admin/orders/${order.orderSummaryId}`} className="btn btn--secondary">
            Change the refund
          </Link>
        </div>
      </Form>
    );
  }
  const errors = review?.fieldErrors ?? {};
  return (
    <Form method="post" className="form" noValidate ref={formRef} aria-labelledby="refund-form-title">
      <h3 id="refund-form-title">Refund</h3>
      <input type="hidden" name="intent" value="refund-review" />
      <FormAlert id="refund-error" message={review?.formError ?? refund?.formError} />
      <fieldset aria-describedby={errors.lines ? 'refund-lines-error' : undefined}>
        <legend>What to refund</legend>
        {errors.lines ? (
          <p id="refund-lines-error" className="field__error">
            {errors.lines}
          </p>
        ) : null}
        {lines.map((l) => (
          <div key={l.orderItemId}>
            <input
              type="checkbox"
              id={`refund-line-${l.orderItemId}`}
              name="line"
              value={l.orderItemId}
              aria-invalid={errors.lines ? true : undefined}
            />{' '}
            <label htmlFor={`refund-line-${l.orderItemId}`}>
              {l.name} ({l.sku}): {money(refundAmount(order, [l.orderItemId]), currency)}
            </label>
          </div>
        ))}
        <div>
          <input type="checkbox" id="refund-whole" name="scope" value="whole" />{' '}
          <label htmlFor="refund-whole">
            The whole order instead: {money(left, currency)} left, delivery and gift wrap included
          </label>
        </div>
      </fieldset>
      <TextField
        form="refund"
        name="reason"
        label="Reason (the buyer sees it)"
        defaultValue={review?.values?.reason ?? ''}
        error={errors.reason}
        rule={reasonRule(false)}
      />
      <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
        Review refund
      </button>
    </Form>
  );
}

function CancelForm({ result, busy }: { result?: OrderActionResult; busy: boolean }) {
  const formRef = useRef<HTMLFormElement>(null);
  useFormResultFocus(result, formRef, 'cancel-error');
  return (
    <section aria-labelledby="order-cancel-title">
      <h2 id="order-cancel-title">Cancel the order</h2>
      <p>Nothing has shipped: cancelling gives back everything not yet refunded and ends the downloads.</p>
      <Form method="post" className="form" noValidate ref={formRef} aria-labelledby="order-cancel-title">
        <input type="hidden" name="intent" value="cancel" />
        <FormAlert id="cancel-error" message={result?.formError} />
        <TextField
          form="cancel"
          name="reason"
          label="Reason for cancelling"
          required
          defaultValue={result?.values?.reason ?? ''}
          error={result?.fieldErrors?.reason}
          rule={reasonRule(true)}
        />
        <button type="submit" className="btn btn--secondary" aria-disabled={busy || undefined}>
          Cancel order
        </button>
      </Form>
    </section>
  );
}
