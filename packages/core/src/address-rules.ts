// The address checks the server runs for the address book, the checkout and payments: what the
// country's address format requires and accepts (address-format.ts, from Google's address data), and
// a country the store ships to. The problems come as one message that names every one, in the words
// the storefront shows beside the fields (the server answers it as a 400 INVALID_API_INPUT).
import { validateAddress } from './address-format.ts';
import type { CheckoutAddress } from './checkout.ts';

export interface AddressFields {
  name?: string | null;
  street?: string | null;
  city?: string | null;
  region?: string | null;
  postalCode?: string | null;
  country: string;
  phone?: string | null;
}

/** Every problem of a postal address in one message; null when it is fine. An empty list ships anywhere. */
export function postalAddressProblem(a: AddressFields, shippingCountries: string[]): string | null {
  const problems = validateAddress({ ...a, street: a.street ?? '' }).map((p) => p.message);
  const country = a.country.toUpperCase();
  if (/^[A-Z]{2}$/.test(country) && shippingCountries.length && !shippingCountries.includes(country)) {
    problems.push(`The store doesn't deliver to ${country}; it delivers to ${shippingCountries.join(', ')}.`);
  }
  return problems.length ? problems.join(' ') : null;
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

/** The problems of a typed-in checkout address, as postalAddressProblem. */
export function checkoutAddressProblem(a: AddressInput, shippingCountries: string[]): string | null {
  return postalAddressProblem(
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
}

/** A typed-in address as the checkout and the payment keep it: trimmed, blanks as null, codes upper-cased. */
export function normalizedCheckoutAddress(a: AddressInput): CheckoutAddress {
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
