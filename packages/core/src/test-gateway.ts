// The built-in test payment gateway's browser half. Cards are tokenised in the browser, so no card
// number ever reaches our server or database: the token names the outcome the test gateway will
// give (success, decline, fail), the brand and the last four digits, and nothing else.
//   tok_test_<outcome>_<brand>_<last4>, e.g. tok_test_success_visa_4242
// A real gateway would be swapped in behind the same server-side interface with its own browser SDK.

export type TestGatewayOutcome = 'success' | 'decline' | 'fail';

/** Test card numbers and what each does (the Stripe-style convention shoppers and testers know). */
export const TEST_CARDS: Readonly<Record<string, { outcome: TestGatewayOutcome; brand: string }>> = {
  '4242424242424242': { outcome: 'success', brand: 'Visa' },
  '5555555555554444': { outcome: 'success', brand: 'Mastercard' },
  '378282246310005': { outcome: 'success', brand: 'Amex' },
  '4000000000000002': { outcome: 'decline', brand: 'Visa' },
  '4000000000000119': { outcome: 'fail', brand: 'Visa' },
};

export interface CardInput {
  number: string;
  expiryMonth: string;
  expiryYear: string;
  cvv: string;
  holderName: string;
}
export type CardField = 'number' | 'expiry' | 'cvv' | 'holderName';
export interface CardProblem {
  field: CardField;
  message: string;
}

const BRAND_TOKEN = /^[a-z]+$/;

/** Luhn checksum: catches a mistyped digit before anything is sent. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'Amex';
  if (/^6(011|5)/.test(digits)) return 'Discover';
  return 'Card';
}

/** What is wrong with a card as typed (empty when nothing is), checked against `now` for the expiry. */
export function validateCard(card: CardInput, now: Date = new Date()): CardProblem[] {
  const problems: CardProblem[] = [];
  const digits = card.number.replace(/[\s-]/g, '');
  if (!card.holderName.trim()) problems.push({ field: 'holderName', message: 'Enter the name on the card.' });
  if (!digits) problems.push({ field: 'number', message: 'Enter a card number.' });
  else if (!passesLuhn(digits)) problems.push({ field: 'number', message: 'Enter a valid card number.' });
  const month = Number(card.expiryMonth);
  let year = Number(card.expiryYear);
  if (card.expiryYear.trim().length === 2) year += 2000;
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year < 2000) {
    problems.push({ field: 'expiry', message: 'Enter the expiry date as MM / YY.' });
  } else if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    problems.push({ field: 'expiry', message: 'This card has expired.' });
  }
  const cvvLength = cardBrand(digits) === 'Amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvvLength}}$`).test(card.cvv.trim()))
    problems.push({ field: 'cvv', message: `Enter the ${cvvLength}-digit security code.` });
  return problems;
}

/**
 * The test gateway's tokenisation: a valid card becomes a token; a valid card that is not one of the
 * test cards succeeds (as a sandbox would). Throws nothing: problems come back for the form to show.
 */
export function tokenizeTestCard(
  card: CardInput,
  now: Date = new Date(),
): { token: string; brand: string; last4: string } | { problems: CardProblem[] } {
  const problems = validateCard(card, now);
  if (problems.length) return { problems };
  const digits = card.number.replace(/[\s-]/g, '');
  const known = TEST_CARDS[digits];
  const brand = known?.brand ?? cardBrand(digits);
  const last4 = digits.slice(-4);
  return { token: `tok_test_${known?.outcome ?? 'success'}_${brand.toLowerCase()}_${last4}`, brand, last4 };
}

/** The server half reads a token back; null when it is not a test-gateway token. */
export function parseTestToken(token: string): { outcome: TestGatewayOutcome; brand: string; last4: string } | null {
  const m = /^tok_test_(success|decline|fail)_([a-z]+)_(\d{4})$/.exec(token);
  if (!m || !BRAND_TOKEN.test(m[2]!)) return null;
  const brand = m[2]!.charAt(0).toUpperCase() + m[2]!.slice(1);
  return { outcome: m[1] as TestGatewayOutcome, brand: brand === 'Mastercard' ? 'Mastercard' : brand, last4: m[3]! };
}
