// Server-side address checks shared by the address book, the checkout and payments: what the country's
// address format requires and accepts (core address-format.ts, from Google's address data), and a
// country the store ships to. Bad input is one 400 that names every problem, in the words the
// storefront shows beside the fields.
import { validateAddress } from '@store/core';
import { ApiError } from '../http/errors.ts';

export interface AddressFields { name?: string | null; street?: string | null; city?: string | null; region?: string | null; postalCode?: string | null; country: string; phone?: string | null }

export function checkPostalAddress(a: AddressFields, shippingCountries: string[]): void {
  const problems = validateAddress({ ...a, street: a.street ?? '' }).map((p) => p.message);
  const country = a.country.toUpperCase();
  if (/^[A-Z]{2}$/.test(country) && shippingCountries.length && !shippingCountries.includes(country)) {
    problems.push(`The store doesn't deliver to ${country}; it delivers to ${shippingCountries.join(', ')}.`);
  }
  if (problems.length) throw new ApiError(400, 'INVALID_API_INPUT', problems.join(' '));
}
