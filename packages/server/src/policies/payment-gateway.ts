// Payment gateways sit outside our system, behind this interface. The built-in test gateway stands in
// for a real one: the browser tokenises the card (core test-gateway.ts), the server authorises the
// token here. It is deterministic and keeps no state: the same idempotency key always gets the same
// authorisation reference, as a real gateway's idempotent API would answer a retried request.
import { createHash } from 'node:crypto';
import { parseTestToken } from '@store/core';

export interface AuthorizeRequest {
  /** A gateway token (never a card number). */
  token: string;
  amountMinor: number;
  currency: string;
  /** The same key gets the same answer, so a retried call never authorises twice. */
  idempotencyKey: string;
}

export type AuthorizeResult =
  | { status: 'Authorized'; reference: string; brand: string | null; last4: string | null }
  | { status: 'Declined'; message: string; brand: string | null; last4: string | null }
  | { status: 'Failed'; message: string }
  | { status: 'Invalid'; message: string };

/**
 * The payment gateway: who authorises a payment token for an amount. A store plugs in its real
 * gateway's client; the built-in {@link TestPaymentGateway} is the default.
 *
 * @example A gateway that declines everything above a limit and delegates the rest:
 * ```ts
 * class CappedGateway implements PaymentGateway {
 *   readonly name = 'capped';
 *   constructor(private inner: PaymentGateway, private maxMinor: number) {}
 *   authorize(req: AuthorizeRequest) {
 *     if (req.amountMinor > this.maxMinor)
 *       return Promise.resolve({ status: 'Declined' as const, message: 'Too large.', brand: null, last4: null });
 *     return this.inner.authorize(req);
 *   }
 *   verifyAuthorization = (ref: string, amt: number, cur: string) => this.inner.verifyAuthorization(ref, amt, cur);
 *   void = (ref: string) => this.inner.void(ref);
 * }
 * createServices(db, { paymentGateway: new CappedGateway(new TestPaymentGateway(), 100_000) });
 * ```
 */
export interface PaymentGateway {
  readonly name: string;
  authorize(req: AuthorizeRequest): Promise<AuthorizeResult>;
  /** PostAuth: check an authorisation the browser obtained itself. */
  verifyAuthorization(reference: string, amountMinor: number, currency: string): Promise<AuthorizeResult>;
  /** Releases an authorisation that will not be used (a replaced payment, an order that could not be placed). */
  void(reference: string): Promise<void>;
}

const referenceFor = (key: string) => `auth_test_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

/** The default gateway: authorises the test tokens the storefront's test card form issues. */
export class TestPaymentGateway implements PaymentGateway {
  readonly name = 'test';

  async authorize(req: AuthorizeRequest): Promise<AuthorizeResult> {
    const card = parseTestToken(req.token);
    if (!card) return { status: 'Invalid', message: 'The payment token is not one the test gateway issued.' };
    if (card.outcome === 'decline')
      return {
        status: 'Declined',
        message: 'Your card was declined. Use another card or payment method.',
        brand: card.brand,
        last4: card.last4,
      };
    if (card.outcome === 'fail')
      return {
        status: 'Failed',
        message: 'The payment service could not be reached. Your card was not charged; try again in a moment.',
      };
    return { status: 'Authorized', reference: referenceFor(req.idempotencyKey), brand: card.brand, last4: card.last4 };
  }

  async verifyAuthorization(reference: string): Promise<AuthorizeResult> {
    return /^auth_test_[0-9a-f]{24}$/.test(reference)
      ? { status: 'Authorized', reference, brand: null, last4: null }
      : { status: 'Invalid', message: 'The test gateway has no such authorisation.' };
  }

  async void(): Promise<void> {}
}
