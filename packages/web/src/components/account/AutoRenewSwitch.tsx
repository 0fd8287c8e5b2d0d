// The auto-renew switch of one subscription (issue 17) on /subscriptions. Switching it off asks first and says
// when the subscription will end (the end of the term already paid for, counted as the server does, core
// nextRenewalAfter); once off, the subscription can be switched back on until that day. The change is the
// subscriptions route's action; the page reloads its list after it.
import { addDays, autoRenewChange, calendarDay, nextRenewalAfter, type SubscriptionView } from '@store/core';
import { useState } from 'react';
import { orderDate } from '../../lib/checkout/checkout-view.ts';
import type { SubscriptionSwitchResult } from '../../routes/types.ts';

/** The day the subscription would end if its renewal were switched off today. */
export function endIfSwitchedOff(s: SubscriptionView, today = calendarDay()): string {
  return addDays(nextRenewalAfter(s.startDate, s.pricingTerm, s.pricingTermUnit, today), -1);
}

export function AutoRenewSwitch({
  subscription: s,
  onChange,
  busy = false,
  today = calendarDay(),
}: {
  subscription: SubscriptionView;
  onChange(autoRenew: boolean): Promise<SubscriptionSwitchResult | undefined>;
  busy?: boolean;
  today?: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = autoRenewChange(s, today);
  if (!change) return <span>{s.autoRenew ? 'On' : 'Off'}</span>;

  async function apply(autoRenew: boolean) {
    if (busy) return;
    const result = await onChange(autoRenew);
    setError(result?.ok ? null : (result?.message ?? 'We could not change the subscription. Try again.'));
    if (result?.ok) setConfirming(false);
  }

  const errorLine = error ? (
    <p className="cart__error" role="alert">
      {error}
    </p>
  ) : null;

  if (change === 'on')
    return (
      <div className="auto-renew">
        <span>Off</span>
        <button
          type="button"
          className="btn btn--secondary"
          aria-label={`Turn auto-renew back on for ${s.productName}`}
          aria-disabled={busy || undefined}
          onClick={() => void apply(true)}
        >
          Turn auto-renew back on
        </button>
        {errorLine}
      </div>
    );

  return (
    <div className="auto-renew">
      <span>On</span>
      {confirming ? (
        <div className="auto-renew__confirm">
          <p>{`Turn off auto-renew? ${s.productName} will end on ${orderDate(endIfSwitchedOff(s, today))}, at the end of the current term.`}</p>
          <div className="btn-wrap">
            <button
              type="button"
              className="btn btn--primary"
              aria-disabled={busy || undefined}
              onClick={() => void apply(false)}
            >
              Turn off auto-renew
            </button>
            <button type="button" className="btn btn--secondary" onClick={() => setConfirming(false)}>
              Keep it on
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="btn btn--secondary"
          aria-label={`Turn off auto-renew for ${s.productName}`}
          onClick={() => setConfirming(true)}
        >
          Turn off
        </button>
      )}
      {errorLine}
    </div>
  );
}
