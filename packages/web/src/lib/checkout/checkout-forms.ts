// Field rules of the checkout forms on top of lib/forms.ts: the phone in the country's format, and an
// address held to its country's format (core validateAddress) with spec 03's value-missing message for
// the fields the country requires.

import {
  addressFormat,
  phoneProblem,
  validateAddress,
  type AddressField,
  type CheckoutAddress,
  type PostalAddress,
} from '@store/core';
import { FORM_MESSAGES, type FieldRule } from '../forms.ts';

/** Empty passes (the phone is optional); otherwise it must read as a phone number of the country. */
export function phoneRule(country: string): FieldRule {
  return (v) => phoneProblem(v, country);
}

export type AddressFormField = 'firstName' | 'lastName' | Exclude<AddressField, 'name'> | 'phone';
export type AddressFormValues = Record<AddressFormField, string>;

/** Missing required fields say "Complete this field"; a postal code or phone of the wrong shape says how it should look. */
export function addressErrors(values: AddressFormValues): Partial<Record<AddressFormField, string>> {
  const format = addressFormat(values.country);
  const out: Partial<Record<AddressFormField, string>> = {};
  if (!values.firstName.trim()) out.firstName = FORM_MESSAGES.valueMissing;
  if (!values.lastName.trim()) out.lastName = FORM_MESSAGES.valueMissing;
  for (const field of format.required) {
    if (field === 'name') continue;
    if (!(values[field as AddressFormField] ?? '').trim()) out[field as AddressFormField] = FORM_MESSAGES.valueMissing;
  }
  const address: PostalAddress = {
    firstName: values.firstName,
    lastName: values.lastName,
    companyName: values.companyName,
    street: values.street,
    city: values.city,
    region: values.region,
    postalCode: values.postalCode,
    country: values.country,
    phone: values.phone,
  };
  for (const p of validateAddress(address)) {
    const field = p.field === 'name' ? 'lastName' : (p.field as AddressFormField);
    out[field] ??= p.message;
  }
  return out;
}

/**
 * An address in the address form's fields, to change it: the checkout's entered address, or a saved one of the
 * address book. One saved with only a name keeps it as the last name; a country the store no longer serves
 * becomes the first one offered.
 */
export function addressFormValues(a: CheckoutAddress, countries: readonly string[]): AddressFormValues {
  return {
    firstName: a.firstName ?? '',
    lastName: a.lastName ?? (a.firstName ? '' : a.name),
    companyName: a.companyName ?? '',
    street: a.street,
    city: a.city ?? '',
    region: a.region ?? '',
    postalCode: a.postalCode ?? '',
    country: countries.includes(a.country) ? a.country : (countries[0] ?? 'US'),
    phone: a.shipToPhoneNumber ?? '',
  };
}
