// Coupons within the checkout (POST/DELETE checkouts/{id}/coupons): a code to apply, with the server's
// refusal next to the field, and the coupons applied, each with a remove button.
import { useRef, useState, type FormEvent } from 'react';
import type { CartCoupon } from '@store/core';
import { required } from '../../lib/forms.ts';
import type { ActionOutcome } from '../../lib/checkout/use-checkout.ts';
import { TextField } from '../ui/TextField.tsx';

export interface CheckoutCouponFormProps {
  coupons: CartCoupon[];
  onApply(code: string): Promise<ActionOutcome>;
  onRemove(cartCouponId: string): Promise<ActionOutcome>;
}

export function CheckoutCouponForm({ coupons, onApply, onRemove }: CheckoutCouponFormProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const code = ((e.currentTarget.elements.namedItem('couponCode') as HTMLInputElement | null)?.value ?? '').trim();
    const missing = required(code);
    setError(missing);
    if (missing) return;
    setBusy(true);
    const outcome = await onApply(code);
    setBusy(false);
    if (outcome.ok) formRef.current?.reset();
    else setError(outcome.message ?? null);
  }

  async function remove(id: string) {
    setBusy(true);
    const outcome = await onRemove(id);
    setBusy(false);
    if (!outcome.ok) setError(outcome.message ?? null);
  }

  return (
    <section className="coupons" aria-labelledby="checkout-coupons-title" aria-busy={busy || undefined}>
      <h3 id="checkout-coupons-title" className="coupons__title">
        Coupons
      </h3>
      <form ref={formRef} className="coupons__form" noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          form="checkout-coupon"
          name="couponCode"
          label="Coupon code"
          autoComplete="off"
          spellCheck={false}
          required
          rule={required}
          error={error}
        />
        <button type="submit" className="btn btn--secondary" aria-disabled={busy || undefined}>
          Apply
        </button>
      </form>
      {coupons.length ? (
        <ul className="coupons__list" aria-label="Applied coupons">
          {coupons.map((c) => (
            <li key={c.cartCouponId} className="coupons__item">
              <span className="coupons__code">{c.couponCode}</span>
              <button
                type="button"
                className="btn btn--link"
                aria-label={`Remove coupon ${c.couponCode}`}
                onClick={() => void remove(c.cartCouponId)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
