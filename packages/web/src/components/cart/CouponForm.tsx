// The cart's coupon form: a code to apply (the server's refusal — an unknown code, a third coupon —
// shown next to the field) and the coupons already applied, each with a remove button.

import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import type { CartCoupon } from '@store/core';
import { required } from '../../lib/forms.ts';
import { CART_PATH } from '../../lib/links.ts';
import type { CartActionResult } from '../../routes/types.ts';
import { TextField } from '../ui/TextField.tsx';

export interface CouponFormProps {
  cartId: string;
  coupons: CartCoupon[];
}

function AppliedCoupon({ coupon, cartId }: { coupon: CartCoupon; cartId: string }) {
  const fetcher = useFetcher<CartActionResult>();
  const busy = fetcher.state !== 'idle';
  const error = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    <li className="coupons__item" aria-busy={busy || undefined}>
      <span className="coupons__code">{coupon.couponCode}</span>
      <fetcher.Form method="post" action={CART_PATH}>
        <input type="hidden" name="intent" value="remove-coupon" />
        <input type="hidden" name="cartId" value={cartId} />
        <input type="hidden" name="cartCouponId" value={coupon.cartCouponId} />
        <button
          type="submit"
          className="btn btn--link"
          aria-label={`Remove coupon ${coupon.couponCode}`}
          aria-disabled={busy || undefined}
        >
          Remove
        </button>
      </fetcher.Form>
      {error ? <p className="field__error">{error}</p> : null}
    </li>
  );
}

export function CouponForm({ cartId, coupons }: CouponFormProps) {
  const fetcher = useFetcher<CartActionResult>({ key: 'apply-coupon' });
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;

  // An applied code leaves the field empty for the next one.
  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);

  return (
    <section className="coupons" aria-labelledby="coupons-title">
      <h2 id="coupons-title" className="coupons__title">
        Coupons
      </h2>
      <fetcher.Form method="post" action={CART_PATH} className="coupons__form" noValidate ref={formRef}>
        <input type="hidden" name="intent" value="apply-coupon" />
        <input type="hidden" name="cartId" value={cartId} />
        <TextField
          form="coupon"
          name="couponCode"
          label="Coupon code"
          autoComplete="off"
          spellCheck={false}
          required
          rule={required}
          error={result && !result.ok ? result.error : null}
        />
        <button type="submit" className="btn btn--secondary" aria-disabled={busy || undefined}>
          Apply
        </button>
      </fetcher.Form>
      {coupons.length ? (
        <ul className="coupons__list" aria-label="Applied coupons">
          {coupons.map((c) => (
            <AppliedCoupon key={c.cartCouponId} coupon={c} cartId={cartId} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
