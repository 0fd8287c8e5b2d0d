// Pay by purchase order (business accounts): the PO number is the payment; the account is invoiced.
import { useState, type FormEvent } from 'react';
import type { PaymentRequest } from '@store/core';
import { required } from '../../lib/forms.ts';
import type { ActionOutcome } from '../../lib/checkout/use-checkout.ts';
import { FormAlert } from '../ui/FormAlert.tsx';
import { TextField } from '../ui/TextField.tsx';

export function PurchaseOrderForm({ onPay }: { onPay(request: PaymentRequest): Promise<ActionOutcome> }) {
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const po = ((e.currentTarget.elements.namedItem('poNumber') as HTMLInputElement | null)?.value ?? '').trim();
    const missing = required(po);
    setFieldError(missing);
    setError(null);
    if (missing) return;
    setBusy(true);
    const outcome = await onPay({ requestType: 'SimplePurchaseOrder', paymentToken: po });
    setBusy(false);
    if (!outcome.ok) setError(outcome.message ?? null);
  }

  return (
    <form
      className="form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label="Pay by purchase order"
      aria-busy={busy || undefined}
    >
      <FormAlert id="po-alert" message={error} />
      <TextField
        form="po"
        name="poNumber"
        label="Purchase order number"
        help="The number your company's purchasing system gave this purchase. We print it on the invoice so your accounts team can match the two."
        autoComplete="off"
        required
        rule={required}
        error={fieldError}
        maxLength={40}
      />
      <div className="btn-wrap">
        <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
          Use this purchase order
        </button>
      </div>
    </form>
  );
}
