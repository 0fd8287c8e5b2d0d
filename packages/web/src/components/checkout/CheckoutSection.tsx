// One numbered step of the checkout page: a labelled region with its heading.
import type { ReactNode } from 'react';

export function CheckoutSection({
  id,
  step,
  title,
  children,
  busy,
}: {
  id: string;
  step: number;
  title: string;
  children?: ReactNode;
  busy?: boolean;
}) {
  return (
    <section className="checkout-section" aria-labelledby={`${id}-title`} aria-busy={busy || undefined}>
      <h2 id={`${id}-title`} className="checkout-section__title">
        <span className="checkout-section__step" aria-hidden="true">{`${step}`}</span>
        {title}
      </h2>
      {children}
    </section>
  );
}
