// Checkout step 2: where the order goes (and, for datasets, the address on the invoice and for tax).
// A logged-in buyer chooses from the account's address book (default first) or enters a new address;
// a guest enters one. Once set, the address is shown with a way to change it.

import { useEffect, useState, type FormEvent } from 'react';
import {
  checkoutAddressFromBook,
  type CheckoutAddress,
  type CheckoutAddressInput,
  type CommerceAddress,
} from '@store/core';
import { useStoreApi } from '../../lib/api-context.tsx';
import { addressFormValues } from '../../lib/checkout/checkout-forms.ts';
import { CHECKOUT_TEXT } from '../../lib/checkout/checkout-view.ts';
import type { ActionOutcome } from '../../lib/checkout/use-checkout.ts';
import { AddressBlock } from './AddressBlock.tsx';
import { AddressForm } from './AddressForm.tsx';
import { CheckoutSection } from './CheckoutSection.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { FormActions } from '../ui/FormActions.tsx';
import { Notice } from '../ui/Notice.tsx';

export interface DeliveryAddressSectionProps {
  step: number;
  address: CheckoutAddress | null;
  isGuest: boolean;
  countries: readonly string[];
  storeCountry: string;
  /** Only datasets: the address is for the invoice and tax, nothing ships. */
  allDigital: boolean;
  onUse(address: CheckoutAddressInput): Promise<ActionOutcome>;
}

const NEW = 'new';

/** The account's saved addresses (logged-in buyers); null while loading or when there is no book. */
function useAddressBook(enabled: boolean): CommerceAddress[] | null {
  const api = useStoreApi();
  const [book, setBook] = useState<CommerceAddress[] | null>(null);
  useEffect(() => {
    if (!enabled || !api) return;
    let live = true;
    api.client.getAddresses({ pageSize: 25 }).then(
      (r) => live && setBook(r.items ?? []),
      () => live && setBook([]),
    );
    return () => {
      live = false;
    };
  }, [enabled, api]);
  return book;
}

function AddressBookChoice({
  book,
  current,
  storeCountry,
  onUse,
  onNew,
  onCancel,
}: {
  book: CommerceAddress[];
  current: CheckoutAddress | null;
  storeCountry: string;
  onUse(address: CheckoutAddressInput): Promise<ActionOutcome>;
  onNew(): void;
  onCancel?: () => void;
}) {
  const [choice, setChoice] = useState(
    () => current?.id ?? book.find((a) => a.isDefault)?.addressId ?? book[0]?.addressId ?? NEW,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (choice === NEW) return onNew();
    setBusy(true);
    const outcome = await onUse({ id: choice });
    setBusy(false);
    if (!outcome.ok) setError(outcome.message ?? null);
  }

  return (
    <form className="form" onSubmit={(e) => void submit(e)} aria-busy={busy || undefined}>
      <FormAlert id="address-book-alert" message={error} />
      <fieldset className="choice-list">
        <legend className="field__label">Saved addresses</legend>
        {book.map((a) => (
          <label key={a.addressId} className="choice">
            <input
              type="radio"
              name="addressId"
              value={a.addressId}
              checked={choice === a.addressId}
              onChange={() => setChoice(a.addressId)}
            />
            <span className="choice__body">
              <AddressBlock address={checkoutAddressFromBook(a)} storeCountry={storeCountry} />
              {a.isDefault ? <span className="badge">Default</span> : null}
            </span>
          </label>
        ))}
        <label className="choice">
          <input type="radio" name="addressId" value={NEW} checked={choice === NEW} onChange={() => setChoice(NEW)} />
          <span className="choice__body">A new address</span>
        </label>
      </fieldset>
      <FormActions
        submitLabel={choice === NEW ? 'Enter a new address' : 'Deliver here'}
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}

export function DeliveryAddressSection({
  step,
  address,
  isGuest,
  countries,
  storeCountry,
  allDigital,
  onUse,
}: DeliveryAddressSectionProps) {
  const [mode, setMode] = useState<'show' | 'choose' | 'new'>(() => (address ? 'show' : isGuest ? 'new' : 'choose'));
  const book = useAddressBook(!isGuest && mode === 'choose');
  const use = async (input: CheckoutAddressInput) => {
    const outcome = await onUse(input);
    if (outcome.ok) setMode('show');
    return outcome;
  };
  const cancel = address ? () => setMode('show') : undefined;
  const shown = mode === 'show' && address;

  return (
    <CheckoutSection id="checkout-address" step={step} title={allDigital ? 'Billing address' : CHECKOUT_TEXT.address}>
      {allDigital ? (
        <Notice variant="info" message="Datasets are delivered by download; the address is for your invoice and tax." />
      ) : null}
      {shown ? (
        <div className="checkout-summary">
          <AddressBlock address={address} storeCountry={storeCountry} />
          <button type="button" className="btn btn--link" onClick={() => setMode(isGuest ? 'new' : 'choose')}>
            Change address
          </button>
        </div>
      ) : mode === 'choose' && book === null ? (
        <p role="status">Loading your addresses…</p>
      ) : mode === 'choose' && book && book.length > 0 ? (
        <AddressBookChoice
          book={book}
          current={address}
          storeCountry={storeCountry}
          onUse={use}
          onNew={() => setMode('new')}
          onCancel={cancel}
        />
      ) : (
        <AddressForm
          form="address"
          countries={countries}
          submitLabel="Use this address"
          onSubmit={use}
          onCancel={cancel}
          initial={address && !address.id ? addressFormValues(address, countries) : undefined}
        />
      )}
    </CheckoutSection>
  );
}
