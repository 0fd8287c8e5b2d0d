// Pay by card through the test gateway: the card is checked and turned into a token in the browser
// (core tokenizeTestCard), and only the token goes to the server; the card number never leaves the page.
// The form keeps what was typed when the card is declined, so the shopper can correct it or use another.

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { tokenizeTestCard, type CardField, type CheckoutAddress, type PaymentRequest } from '@store/core';
import type { ActionOutcome } from '../../lib/checkout/use-checkout.ts';
import { required } from '../../lib/forms.ts';
import { FormAlert } from '../ui/FormAlert.tsx';
import { TextField } from '../ui/TextField.tsx';

export interface CardPaymentFormProps {
  /** Sent as the card's billing address: the delivery address (our choice; no separate billing form). */
  billingAddress: CheckoutAddress | null;
  onPay(request: PaymentRequest): Promise<ActionOutcome>;
}

const read = (form: HTMLFormElement, name: string) =>
  (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';

export function CardPaymentForm({ billingAddress, onPay }: CardPaymentFormProps) {
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [alert, setAlert] = useState<{ message: string; n: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget;
    const tokenized = tokenizeTestCard({
      holderName: read(form, 'cardHolder'),
      number: read(form, 'cardNumber'),
      expiryMonth: read(form, 'expiryMonth'),
      expiryYear: read(form, 'expiryYear'),
      cvv: read(form, 'securityCode'),
    });
    setAlert(null);
    if ('problems' in tokenized) {
      const next: Partial<Record<CardField, string>> = {};
      for (const p of tokenized.problems) next[p.field] ??= p.message;
      setErrors(next);
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    const a = billingAddress;
    const outcome = await onPay({
      requestType: 'Auth',
      paymentToken: tokenized.token,
      ...(a
        ? {
            billingAddress: {
              name: a.name,
              street: a.street,
              country: a.country,
              ...(a.city ? { city: a.city } : {}),
              ...(a.region ? { region: a.region } : {}),
              ...(a.postalCode ? { postalCode: a.postalCode } : {}),
            },
          }
        : {}),
    });
    setBusy(false);
    if (!outcome.ok) setAlert((prev) => ({ message: outcome.message ?? '', n: (prev?.n ?? 0) + 1 }));
  }

  // Each refusal (the same one twice too) takes focus to its message, so it is read out at once.
  useEffect(() => {
    if (alert) document.getElementById('card-alert')?.focus();
  }, [alert]);

  return (
    <form
      ref={formRef}
      className="form card-form"
      noValidate
      autoComplete="on"
      onSubmit={(e) => void submit(e)}
      aria-label="Pay by card"
      aria-busy={busy || undefined}
    >
      <FormAlert id="card-alert" message={alert?.message} />
      <TextField
        form="card"
        name="cardHolder"
        label="Name on card"
        autoComplete="cc-name"
        required
        rule={required}
        error={errors.holderName}
      />
      <TextField
        form="card"
        name="cardNumber"
        label="Card number"
        autoComplete="cc-number"
        inputMode="numeric"
        required
        rule={required}
        error={errors.number}
        hint="Test cards: 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined."
      />
      <fieldset className="card-form__expiry">
        <legend className="field__label">Expiry date (MM / YY)</legend>
        <div className="form__row form__row--split">
          <TextField
            form="card"
            name="expiryMonth"
            label="Month (MM)"
            autoComplete="cc-exp-month"
            inputMode="numeric"
            maxLength={2}
            required
            rule={required}
            error={errors.expiry}
          />
          <TextField
            form="card"
            name="expiryYear"
            label="Year (YY)"
            autoComplete="cc-exp-year"
            inputMode="numeric"
            maxLength={4}
            required
            rule={required}
          />
        </div>
      </fieldset>
      <TextField
        form="card"
        name="securityCode"
        label="Security code"
        autoComplete="cc-csc"
        inputMode="numeric"
        maxLength={4}
        required
        rule={required}
        error={errors.cvv}
      />
      <div className="btn-wrap">
        <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
          {busy ? 'Checking your card…' : 'Use this card'}
        </button>
      </div>
    </form>
  );
}
