// Server-side address checks shared by the address book, the checkout and payments: what the country's
// address format requires and accepts (core address-format.ts, from Google's address data), and a
// country the store ships to. Bad input is one 400 that names every problem, in the words the
// storefront shows beside the fields.
import { validateAddress, type CheckoutAddress } from '@store/core';
import { ApiError } from '../domain/errors.ts';

export interface AddressFields {
  name?: string | null;
  street?: string | null;
  city?: string | null;
  region?: string | null;
  postalCode?: string | null;
  country: string;
  phone?: string | null;
}

export function checkPostalAddress(a: AddressFields, shippingCountries: string[]): void {
  const problems = validateAddress({ ...a, street: a.street ?? '' }).map((p) => p.message);
  const country = a.country.toUpperCase();
  if (/^[A-Z]{2}$/.test(country) && shippingCountries.length && !shippingCountries.includes(country)) {
    problems.push(`The store doesn't deliver to ${country}; it delivers to ${shippingCountries.join(', ')}.`);
  }
  if (problems.length) throw new ApiError(400, 'INVALID_API_INPUT', problems.join(' '));
}

type Optional = string | null | undefined;
export interface AddressInput {
  name: string;
  street: string;
  country: string;
  firstName?: Optional;
  lastName?: Optional;
  companyName?: Optional;
  city?: Optional;
  region?: Optional;
  postalCode?: Optional;
  shipToPhoneNumber?: Optional;
}

/** A typed-in address, checked, as the checkout and the payment keep it: trimmed, blanks as null, codes upper-cased. */
export function checkedCheckoutAddress(a: AddressInput, shippingCountries: string[]): CheckoutAddress {
  checkPostalAddress(
    {
      name: a.name,
      street: a.street,
      city: a.city,
      region: a.region,
      postalCode: a.postalCode,
      country: String(a.country ?? ''),
      phone: a.shipToPhoneNumber,
    },
    shippingCountries,
  );
  return {
    id: null,
    name: a.name.trim(),
    firstName: a.firstName?.trim() || null,
    lastName: a.lastName?.trim() || null,
    companyName: a.companyName?.trim() || null,
    street: a.street.trim(),
    city: a.city?.trim() || null,
    region: a.region?.trim().toUpperCase() || null,
    postalCode: a.postalCode?.trim() || null,
    country: a.country.toUpperCase(),
    isDefault: false,
    shipToPhoneNumber: a.shipToPhoneNumber?.trim() || null,
  };
}
