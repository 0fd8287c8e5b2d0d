// A new delivery address, laid out in the chosen country's format (core addressFormat): the order of
// the fields, their labels (State, Province, Prefecture…; ZIP code, Postal code…), which are required,
// and the family name first where the country writes it so. Changing the country keeps what was typed.

import { useRef, useState, type FormEvent } from 'react';
import {
  addressFormat,
  countryName,
  formatPersonName,
  type AddressField,
  type CheckoutAddressInput,
} from '@store/core';
import { addressErrors, type AddressFormField, type AddressFormValues } from '../../lib/checkout/checkout-forms.ts';
import { FORM_MESSAGES, required } from '../../lib/forms.ts';
import type { ActionOutcome } from '../../lib/checkout/use-checkout.ts';
import { FormAlert } from '../ui/FormAlert.tsx';
import { TextField } from '../ui/TextField.tsx';
import { FormActions } from '../ui/FormActions.tsx';

export interface AddressFormProps {
  /** Id prefix of the fields. */
  form: string;
  countries: readonly string[];
  initial?: Partial<AddressFormValues>;
  submitLabel: string;
  onSubmit(address: Extract<CheckoutAddressInput, { name: string }>): Promise<ActionOutcome>;
  onCancel?: () => void;
  /** The form's accessible name ("New address" by default; the address book's edit form names the address). */
  label?: string;
}

const LABELS: Record<Exclude<AddressField, 'name' | 'country' | 'region' | 'postalCode'>, string> = {
  companyName: 'Company (optional)',
  street: 'Street address',
  city: 'City',
};
const AUTOCOMPLETE: Partial<Record<AddressFormField, string>> = {
  firstName: 'given-name',
  lastName: 'family-name',
  companyName: 'organization',
  street: 'street-address',
  city: 'address-level2',
  region: 'address-level1',
  postalCode: 'postal-code',
  country: 'country',
  phone: 'tel',
};

const EMPTY: AddressFormValues = {
  firstName: '',
  lastName: '',
  companyName: '',
  street: '',
  city: '',
  region: '',
  postalCode: '',
  country: '',
  phone: '',
};

export function AddressForm({
  form,
  countries,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  label = 'New address',
}: AddressFormProps) {
  const [values, setValues] = useState<AddressFormValues>(() => ({
    ...EMPTY,
    country: countries[0] ?? 'US',
    ...initial,
  }));
  const [errors, setErrors] = useState<Partial<Record<AddressFormField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const format = addressFormat(values.country);
  const isRequired = (f: AddressField) => format.required.includes(f);
  const set = (field: AddressFormField) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };

  const field = (name: AddressFormField, label: string, req: boolean, extra: Record<string, unknown> = {}) => (
    <TextField
      key={name}
      form={form}
      name={name}
      label={label}
      required={req}
      value={values[name]}
      onChange={set(name)}
      autoComplete={AUTOCOMPLETE[name]}
      error={errors[name]}
      rule={req ? required : undefined}
      {...extra}
    />
  );

  const nameFields = format.lastNameFirst
    ? [field('lastName', 'Last name', true), field('firstName', 'First name', true)]
    : [field('firstName', 'First name', true), field('lastName', 'Last name', true)];

  function renderField(f: AddressField) {
    switch (f) {
      case 'name':
        return nameFields;
      case 'country':
        return null;
      case 'region':
        return field('region', format.regionLabel, isRequired('region'));
      case 'postalCode':
        return field(
          'postalCode',
          format.postalCodeLabel,
          isRequired('postalCode'),
          format.postalCodeExample ? { hint: `For example ${format.postalCodeExample}` } : {},
        );
      default:
        return field(f, LABELS[f], isRequired(f));
    }
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const problems = addressErrors(values);
    setErrors(problems);
    setFormError(null);
    const first = Object.keys(problems)[0];
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const t = (v: string) => v.trim() || undefined;
    setBusy(true);
    const outcome = await onSubmit({
      name: formatPersonName({ firstName: values.firstName, lastName: values.lastName }, values.country),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      companyName: t(values.companyName),
      street: values.street.trim(),
      city: t(values.city),
      region: t(values.region),
      postalCode: t(values.postalCode),
      country: values.country,
      shipToPhoneNumber: t(values.phone),
    });
    setBusy(false);
    if (!outcome.ok) setFormError(outcome.message ?? FORM_MESSAGES.badInput);
  }

  return (
    <form
      ref={formRef}
      className="form address-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={label}
      aria-busy={busy || undefined}
    >
      <FormAlert id={`${form}-alert`} message={formError} />
      <div className="field">
        <label htmlFor={`${form}-country`} className="field__label">
          Country
        </label>
        <select
          id={`${form}-country`}
          name="country"
          className="field__input"
          value={values.country}
          autoComplete="country"
          onChange={set('country')}
        >
          {countries.map((c) => (
            <option key={c} value={c}>
              {countryName(c)}
            </option>
          ))}
        </select>
      </div>
      {format.rows.map((row, i) => {
        const cells = row.flatMap((f) => renderField(f) ?? []);
        return cells.length ? (
          <div key={i} className={cells.length > 1 ? 'form__row form__row--split' : 'form__row'}>
            {cells}
          </div>
        ) : null;
      })}
      {field('phone', 'Phone (optional)', false, { type: 'tel' })}
      <FormActions submitLabel={submitLabel} busy={busy} onCancel={onCancel} />
    </form>
  );
}
