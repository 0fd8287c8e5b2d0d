// Shipping a delivery group (issue 15 §6): which carrier took it and its tracking number, as the seller types
// them. A carrier is one of the common ones (named as the carrier spells itself) or the seller's own words; a
// tracking number is read without the spaces and dashes people copy with it, in capitals, and must look like one:
// the known carriers' own formats, and for any other carrier 6 to 35 letters and digits with some digits in.
// Shared by the server (which has the last word) and the workspace form.

/** The carriers the workspace offers, each with the format of its tracking numbers and how to say it. */
export const KNOWN_CARRIERS = [
  { name: 'UPS', pattern: /^1Z[0-9A-Z]{16}$/, format: '1Z followed by 16 letters or digits' },
  { name: 'FedEx', pattern: /^(\d{12}|\d{15}|\d{20}|\d{22})$/, format: '12, 15, 20 or 22 digits' },
  {
    name: 'USPS',
    pattern: /^(\d{20}|\d{22}|\d{26}|\d{30}|\d{34}|[A-Z]{2}\d{9}US)$/,
    format: '20 to 34 digits, or two letters, 9 digits and US',
  },
  { name: 'DHL Express', pattern: /^\d{10,11}$/, format: '10 or 11 digits' },
  { name: 'Royal Mail', pattern: /^[A-Z]{2}\d{9}GB$/, format: 'two letters, 9 digits and GB' },
] as const;

export const CARRIER_NAMES: readonly string[] = KNOWN_CARRIERS.map((c) => c.name);

const OWN_CARRIER = /^[\p{L}\p{N}][\p{L}\p{N} .&'-]{0,38}[\p{L}\p{N}.]$/u;
const ANY_TRACKING = /^[A-Z0-9]{6,35}$/;

/** The carrier as stored: a known one in its own spelling (whatever case was typed), else the trimmed text. */
export function normaliseCarrier(carrier: string): string {
  const text = carrier.trim().replace(/\s+/g, ' ');
  return KNOWN_CARRIERS.find((c) => c.name.toLowerCase() === text.toLowerCase())?.name ?? text;
}

/** The tracking number as stored: without spaces and dashes, in capitals. */
export function normaliseTrackingNumber(trackingNumber: string): string {
  return trackingNumber.replace(/[\s-]+/g, '').toUpperCase();
}

/** Why the carrier can't be used, or null. */
export function carrierProblem(carrier: string): string | null {
  const text = normaliseCarrier(carrier);
  if (CARRIER_NAMES.includes(text)) return null;
  return OWN_CARRIER.test(text)
    ? null
    : 'Enter the carrier’s name (2 to 40 letters, digits, spaces or . & \u2019 -), or choose one from the list.';
}

/** Why the tracking number can't be the carrier's, or null (both as typed; they are normalised first). */
export function trackingNumberProblem(carrier: string, trackingNumber: string): string | null {
  const number = normaliseTrackingNumber(trackingNumber);
  const known = KNOWN_CARRIERS.find((c) => c.name === normaliseCarrier(carrier));
  if (known) return known.pattern.test(number) ? null : `A ${known.name} tracking number is ${known.format}.`;
  if (!ANY_TRACKING.test(number) || !/\d/.test(number))
    return 'A tracking number is 6 to 35 letters and digits, with at least one digit.';
  return null;
}
