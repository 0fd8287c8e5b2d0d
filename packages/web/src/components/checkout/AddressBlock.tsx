// An address as the post writes it in its country (core formatAddressLines), phone in the country's format.
import type { CheckoutAddress } from '@store/core';
import { addressLines } from '../../lib/checkout/checkout-view.ts';

export function AddressBlock({
  address,
  storeCountry,
  className,
}: {
  address: CheckoutAddress;
  storeCountry?: string;
  className?: string;
}) {
  return (
    <address className={className ?? 'address-block'}>
      {addressLines(address, storeCountry).map((line, i) => (
        <span key={i} className="address-block__line">
          {line}
        </span>
      ))}
    </address>
  );
}
