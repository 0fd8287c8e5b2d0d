// Server-side address checks shared by the address book and the checkout: the fields the country's
// format requires, and a country the store ships to. Bad input is a 400 that names every problem.
import { ApiError } from '../http/errors.ts';

export interface AddressFields { name?: string | null; street?: string | null; city?: string | null; region?: string | null; postalCode?: string | null; country: string; phone?: string | null }

export function checkPostalAddress(a: AddressFields, shippingCountries: string[]): void {
  const problems: string[] = [];
  if (!a.name?.trim()) problems.push('Enter a name.');
  if (!a.street?.trim()) problems.push('Enter a street address.');
  const country = a.country.toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) problems.push(`${a.country} isn't a country code.`);
  else if (shippingCountries.length && !shippingCountries.includes(country)) problems.push(`The store doesn't deliver to ${country}; it delivers to ${shippingCountries.join(', ')}.`);
  if (problems.length) throw new ApiError(400, 'INVALID_API_INPUT', problems.join(' '));
}
