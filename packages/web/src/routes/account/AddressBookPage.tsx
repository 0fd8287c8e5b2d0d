// The address book (/account/addresses, issue 17): the effective account's addresses, the default first; add
// one, edit one, make one the default, delete one (after a confirmation). Addresses are entered in the
// checkout's address form (components/checkout/AddressForm), so each country's format, labels and messages
// are the same here as at checkout. Every change is the route's action; the list reloads after it.
import { checkoutAddressFromBook, type CheckoutAddressInput, type CommerceAddress } from '@store/core';
import { useRef, useState } from 'react';
import { useLoaderData } from 'react-router';
import { AddressBlock } from '../../components/checkout/AddressBlock.tsx';
import { AddressForm } from '../../components/checkout/AddressForm.tsx';
import { addressFormValues } from '../../lib/checkout/checkout-forms.ts';
import { addressLines } from '../../lib/checkout/checkout-view.ts';
import type { ActionOutcome } from '../../lib/checkout/use-checkout.ts';
import { useFetcherCall } from '../../lib/use-fetcher-call.ts';
import type { AddressBookData, AddressBookIntent, AddressBookResult } from '../types.ts';

type NewAddress = Extract<CheckoutAddressInput, { name: string }>;
type Call = (values: Record<string, string>) => Promise<AddressBookResult | undefined>;

/** The address form's values from the form (the book calls the phone phoneNumber). */
function bookValues(a: NewAddress): Record<string, string> {
  return {
    name: a.name,
    firstName: a.firstName ?? '',
    lastName: a.lastName ?? '',
    companyName: a.companyName ?? '',
    street: a.street,
    city: a.city ?? '',
    region: a.region ?? '',
    postalCode: a.postalCode ?? '',
    country: a.country,
    phoneNumber: a.shipToPhoneNumber ?? '',
  };
}

const outcome = (r: AddressBookResult | undefined): ActionOutcome =>
  r?.ok ? { ok: true } : { ok: false, message: r?.message };

function AddressEntry({
  address,
  data,
  call,
  busy,
  onDone,
}: {
  address: CommerceAddress;
  data: AddressBookData;
  call: Call;
  busy: boolean;
  onDone(result: AddressBookResult | undefined): void;
}) {
  const [mode, setMode] = useState<'show' | 'edit' | 'confirm'>('show');
  const [error, setError] = useState<string | null>(null);
  const shown = checkoutAddressFromBook(address);
  const summary = addressLines(shown, data.storeCountry).join(', ');
  const headingId = `address-${address.addressId}`;

  async function run(intent: AddressBookIntent, values: Record<string, string> = {}) {
    const result = await call({ intent, addressId: address.addressId, ...values });
    setError(result?.ok ? null : (result?.message ?? null));
    if (result?.ok) setMode('show');
    onDone(result);
    return result;
  }

  return (
    <li className="address-book__item">
      <h2 id={headingId} className="sr-only">
        {summary}
      </h2>
      {mode === 'edit' ? (
        <AddressForm
          form={`edit-${address.addressId}`}
          label={`Edit ${summary}`}
          countries={data.countries}
          initial={addressFormValues(shown, data.countries)}
          submitLabel="Save address"
          onSubmit={async (a) => outcome(await run('update', bookValues(a)))}
          onCancel={() => setMode('show')}
        />
      ) : (
        <>
          <AddressBlock address={shown} storeCountry={data.storeCountry} />
          <p className="address-book__badges">
            {address.isDefault ? <span className="badge">Default</span> : null}
            <span className="badge">{address.addressType === 'Billing' ? 'Billing' : 'Shipping'}</span>
          </p>
          {error ? (
            <p className="cart__error" role="alert">
              {error}
            </p>
          ) : null}
          {mode === 'confirm' ? (
            <div className="address-book__confirm">
              <p>Delete this address? It can&apos;t be undone.</p>
              <div className="btn-wrap">
                <button
                  type="button"
                  className="btn btn--primary"
                  aria-disabled={busy || undefined}
                  onClick={() => void (busy || run('delete'))}
                >
                  Yes, delete it
                </button>
                <button type="button" className="btn btn--secondary" onClick={() => setMode('show')}>
                  Keep it
                </button>
              </div>
            </div>
          ) : (
            <div className="btn-wrap">
              <button
                type="button"
                className="btn btn--secondary"
                aria-label={`Edit ${summary}`}
                onClick={() => setMode('edit')}
              >
                Edit
              </button>
              {address.isDefault ? null : (
                <button
                  type="button"
                  className="btn btn--secondary"
                  aria-label={`Make default: ${summary}`}
                  aria-disabled={busy || undefined}
                  onClick={() => void (busy || run('make-default'))}
                >
                  Make default
                </button>
              )}
              <button
                type="button"
                className="btn btn--link"
                aria-label={`Delete ${summary}`}
                onClick={() => setMode('confirm')}
              >
                Delete
              </button>
            </div>
          )}
        </>
      )}
    </li>
  );
}

export function AddressBookPage({ data, call, busy = false }: { data: AddressBookData; call: Call; busy?: boolean }) {
  const [adding, setAdding] = useState(false);
  const [status, setStatus] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const done = (result: AddressBookResult | undefined) => {
    if (!result?.ok) return;
    setStatus(result.message);
    // A deleted entry takes the focus with it: put it somewhere that makes sense.
    if (result.intent === 'delete') headingRef.current?.focus();
  };

  return (
    <section className="address-book" aria-labelledby="address-book-title">
      <h1 id="address-book-title" ref={headingRef} tabIndex={-1}>
        Address book
      </h1>
      {data.accountName ? <p>{`Addresses of ${data.accountName}, used at checkout.`}</p> : null}
      <p role="status" className="address-book__status">
        {status}
      </p>
      {data.error ? (
        <p className="cart__error" role="alert">
          We could not load your addresses.
        </p>
      ) : data.addresses.length === 0 ? (
        <p>There are no saved addresses yet.</p>
      ) : (
        <ul className="address-book__list">
          {data.addresses.map((a) => (
            <AddressEntry key={a.addressId} address={a} data={data} call={call} busy={busy} onDone={done} />
          ))}
        </ul>
      )}
      {adding ? (
        <section aria-labelledby="address-book-new" className="address-book__new">
          <h2 id="address-book-new">New address</h2>
          <AddressForm
            form="new-address"
            countries={data.countries}
            submitLabel="Add address"
            onSubmit={async (a) => {
              const result = await call({ intent: 'create', ...bookValues(a) });
              if (result?.ok) setAdding(false);
              done(result);
              return outcome(result);
            }}
            onCancel={() => setAdding(false)}
          />
        </section>
      ) : (
        <button type="button" className="btn btn--primary" onClick={() => setAdding(true)}>
          Add an address
        </button>
      )}
    </section>
  );
}

export function AddressBookRoute() {
  const { call, busy } = useFetcherCall<AddressBookResult>();
  return <AddressBookPage data={useLoaderData() as AddressBookData} call={call} busy={busy} />;
}
