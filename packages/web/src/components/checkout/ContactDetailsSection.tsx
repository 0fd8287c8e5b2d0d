// Checkout step 1: who to send the confirmation and download links to. A guest enters them (kept in
// session storage as the guest's details, spec 01 §3, so a reload or a second checkout starts filled
// in); a logged-in shopper's come from their profile and are only shown.

import { useRef, useState, type FormEvent } from 'react';
import { createSessionStore } from '@store/client';
import type { ContactInfo } from '@store/core';
import { CHECKOUT_TEXT, contactLines } from '../../lib/checkout/checkout-view.ts';
import { email, formValues, required, validate, type FieldErrors, type FieldRule } from '../../lib/forms.ts';
import type { ActionOutcome } from '../../lib/checkout/use-checkout.ts';
import { phoneRule } from '../../lib/checkout/checkout-forms.ts';
import { CheckoutSection } from './CheckoutSection.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { NameFields } from '../ui/NameFields.tsx';
import { TextField } from '../ui/TextField.tsx';

type ContactField = 'firstName' | 'lastName' | 'email' | 'phoneNumber';
const FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber'] as const;

export interface ContactDetailsSectionProps {
  step: number;
  contact: ContactInfo | null;
  isGuest: boolean;
  /** For the phone's format. */
  country: string;
  onSave(contact: ContactInfo): Promise<ActionOutcome>;
}

function storedGuestDetails(): Partial<ContactInfo> {
  try {
    return createSessionStore().getGuestUserDetails() ?? {};
  } catch {
    return {};
  }
}

export function ContactDetailsSection({ step, contact, isGuest, country, onSave }: ContactDetailsSectionProps) {
  const [editing, setEditing] = useState(() => isGuest && !contact?.email);
  const [errors, setErrors] = useState<FieldErrors<ContactField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const rules: Record<ContactField, FieldRule> = {
    firstName: required,
    lastName: required,
    email,
    phoneNumber: phoneRule(country),
  };
  const initial = contact?.email ? contact : { ...storedGuestDetails(), ...contact };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const values = formValues(new FormData(e.currentTarget), FIELDS);
    const problems = validate(rules, values);
    setErrors(problems ?? {});
    setFormError(null);
    if (problems) {
      formRef.current?.querySelector<HTMLElement>(`[name="${Object.keys(problems)[0]}"]`)?.focus();
      return;
    }
    setBusy(true);
    const trimmed = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      phoneNumber: values.phoneNumber.trim() || null,
    };
    const outcome = await onSave(trimmed);
    setBusy(false);
    if (!outcome.ok) {
      setFormError(outcome.message ?? null);
      return;
    }
    try {
      createSessionStore().updateGuestUserDetails(
        { lastName: trimmed.lastName, email: trimmed.email, phoneNumber: trimmed.phoneNumber ?? '' },
        { isLoggedIn: !isGuest },
      );
    } catch {
      // storage refused: nothing to remember
    }
    setEditing(false);
  }

  const lines = contactLines(contact, country);
  return (
    <CheckoutSection id="checkout-contact" step={step} title={CHECKOUT_TEXT.contact} busy={busy}>
      {editing ? (
        <form
          ref={formRef}
          className="form"
          noValidate
          onSubmit={(e) => void submit(e)}
          aria-label={CHECKOUT_TEXT.contact}
        >
          <FormAlert id="contact-alert" message={formError} />
          <NameFields
            form="contact"
            firstName={initial.firstName ?? ''}
            lastName={initial.lastName ?? ''}
            errors={errors}
          />
          <div className="form__row">
            <TextField
              form="contact"
              name="email"
              type="email"
              label="Email"
              autoComplete="email"
              required
              defaultValue={initial.email ?? ''}
              error={errors.email}
              rule={email}
              hint="We send your order confirmation and download links here."
            />
            <TextField
              form="contact"
              name="phoneNumber"
              type="tel"
              label="Phone (optional)"
              autoComplete="tel"
              defaultValue={initial.phoneNumber ?? ''}
              error={errors.phoneNumber}
              rule={rules.phoneNumber}
            />
          </div>
          <div className="btn-wrap">
            <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
              Save contact details
            </button>
          </div>
        </form>
      ) : (
        <div className="checkout-summary">
          <p className="checkout-summary__lines">
            {lines.map((l, i) => (
              <span key={i} className="address-block__line">
                {l}
              </span>
            ))}
          </p>
          {isGuest ? (
            <button type="button" className="btn btn--link" onClick={() => setEditing(true)}>
              Change contact details
            </button>
          ) : null}
        </div>
      )}
    </CheckoutSection>
  );
}
