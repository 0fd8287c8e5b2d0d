// Payment gateways sit outside our system, behind this interface. The built-in test gateway stands in
// for a real one: the browser tokenises the card (core test-gateway.ts), the server authorises the
// token here. The same idempotency key always gets the same authorisation reference, as a real gateway's
// idempotent API would answer a retried request. Like a real gateway it remembers the authorisations it
// issued (in the store's database, since servers are stateless), so PostAuth accepts only a reference
// it issued for that amount and currency, once, before it expires, and never one it voided.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { parseTestToken } from '@store/core';
import type { Database } from '../db/schema.ts';
import { forUpdate } from '../db/locks.ts';

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

/** A refund's answer: done (with the gateway's reference of it), refused (nothing moved), or the gateway failed. */
export type RefundResult =
  | { status: 'Refunded'; refundReference: string }
  | { status: 'Refused'; message: string }
  | { status: 'Failed'; message: string };

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
 *   refund = (ref: string, amt: number, key: string) => this.inner.refund(ref, amt, key);
 * }
 * createServices(db, { paymentGateway: new CappedGateway(new TestPaymentGateway(db), 100_000) });
 * ```
 */
export interface PaymentGateway {
  readonly name: string;
  authorize(req: AuthorizeRequest): Promise<AuthorizeResult>;
  /** PostAuth: check an authorisation the browser obtained itself. */
  verifyAuthorization(reference: string, amountMinor: number, currency: string): Promise<AuthorizeResult>;
  /**
   * Releases an authorisation that will not be used (a replaced payment, an order that could not be placed, an
   * order cancelled before any of its money was given back).
   */
  void(reference: string): Promise<void>;
  /**
   * Gives back part or all of what an authorisation paid. Never more than it authorised in all; the same
   * idempotency key always gets the same answer, so a retried refund is made once.
   */
  refund(reference: string, amountMinor: number, idempotencyKey: string): Promise<RefundResult>;
}

/** A test card the gateway read from its token. */
type TestCard = NonNullable<ReturnType<typeof parseTestToken>>;

const referenceFor = (key: string) => `auth_test_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

/** How long an authorisation the browser obtained may wait for PostAuth (card networks hold one about a week). */
export const TEST_AUTHORIZATION_TTL_MS = 7 * 24 * 3600_000;

const NO_SUCH_AUTHORIZATION: AuthorizeResult = {
  status: 'Invalid',
  message: 'The test gateway has no such authorisation, or it was used, voided or has expired.',
};

/** The default gateway: authorises the test tokens the storefront's test card form issues. */
export class TestPaymentGateway implements PaymentGateway {
  readonly name = 'test';

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async authorize(req: AuthorizeRequest): Promise<AuthorizeResult> {
    const card = parseTestToken(req.token);
    if (!card) return { status: 'Invalid', message: 'The payment token is not one the test gateway issued.' };
    const refusal = refusalOf(card);
    if (refusal) return refusal;
    // The server asked, so the authorisation is the asking payment's at once: PostAuth may not claim it again.
    const reference = referenceFor(req.idempotencyKey);
    await this.record(reference, req, card, 'Claimed');
    return { status: 'Authorized', reference, brand: card.brand, last4: card.last4 };
  }

  /**
   * What a real gateway's browser SDK does for PostAuth: authorises a token for an amount and hands back a
   * fresh reference (a store's page would get it from the gateway; tests get it here).
   */
  async issueAuthorization(req: Omit<AuthorizeRequest, 'idempotencyKey'>): Promise<AuthorizeResult> {
    const card = parseTestToken(req.token);
    if (!card) return { status: 'Invalid', message: 'The payment token is not one the test gateway issued.' };
    const refusal = refusalOf(card);
    if (refusal) return refusal;
    const reference = `auth_test_${randomBytes(12).toString('hex')}`;
    await this.record(reference, req, card, 'Authorized');
    return { status: 'Authorized', reference, brand: card.brand, last4: card.last4 };
  }

  /** Claims an issued, unclaimed, unexpired authorisation of this amount and currency; one claim wins. */
  async verifyAuthorization(reference: string, amountMinor: number, currency: string): Promise<AuthorizeResult> {
    const claimed = await this.db
      .updateTable('test_gateway_authorization')
      .set({ status: 'Claimed' })
      .where('reference', '=', reference)
      .where('status', '=', 'Authorized')
      .where('amount_minor', '=', amountMinor)
      .where('currency', '=', currency)
      .where('expires_at', '>', new Date(this.now()).toISOString())
      .returning(['card_brand', 'card_last4'])
      .executeTakeFirst();
    return claimed
      ? { status: 'Authorized', reference, brand: claimed.card_brand, last4: claimed.card_last4 }
      : NO_SUCH_AUTHORIZATION;
  }

  async void(reference: string): Promise<void> {
    await this.db
      .updateTable('test_gateway_authorization')
      .set({ status: 'Voided' })
      .where('reference', '=', reference)
      .execute();
  }

  async refund(reference: string, amountMinor: number, idempotencyKey: string): Promise<RefundResult> {
    if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
      return { status: 'Refused', message: 'A refund is a whole, positive number of minor units.' };
    return this.db.transaction().execute(async (trx) => {
      // The authorisation's row is locked (PostgreSQL), so two refunds of one payment are counted one after the other.
      const auth = await forUpdate(
        trx,
        trx.selectFrom('test_gateway_authorization').selectAll().where('reference', '=', reference),
      ).executeTakeFirst();
      const earlier = await trx
        .selectFrom('test_gateway_refund')
        .selectAll()
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      if (earlier) {
        return earlier.reference === reference && earlier.amount_minor === amountMinor
          ? { status: 'Refunded' as const, refundReference: earlier.refund_reference }
          : { status: 'Refused' as const, message: 'This idempotency key was used for another refund.' };
      }
      if (auth?.status !== 'Claimed')
        return {
          status: 'Refused' as const,
          message: 'The test gateway has no used authorisation with this reference.',
        };
      const done = await trx
        .selectFrom('test_gateway_refund')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_minor'), eb.lit(0)).as('total'))
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow();
      if (Number(done.total) + amountMinor > auth.amount_minor)
        return { status: 'Refused' as const, message: 'That is more than the payment has left to refund.' };
      const refundReference = `refund_test_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
      await trx
        .insertInto('test_gateway_refund')
        .values({
          idempotency_key: idempotencyKey,
          reference,
          refund_reference: refundReference,
          amount_minor: amountMinor,
          created_at: new Date(this.now()).toISOString(),
        })
        .execute();
      return { status: 'Refunded' as const, refundReference };
    });
  }

  private async record(
    reference: string,
    req: { amountMinor: number; currency: string },
    card: TestCard,
    status: 'Authorized' | 'Claimed',
  ): Promise<void> {
    const now = this.now();
    await this.db
      .insertInto('test_gateway_authorization')
      .values({
        reference,
        amount_minor: req.amountMinor,
        currency: req.currency,
        card_brand: card.brand,
        card_last4: card.last4,
        status,
        expires_at: new Date(now + TEST_AUTHORIZATION_TTL_MS).toISOString(),
        created_at: new Date(now).toISOString(),
      })
      // A retried Auth (same idempotency key) gets the same reference; the first record stands.
      .onConflict((oc) => oc.column('reference').doNothing())
      .execute();
  }
}

/** The test cards that decline or fail, as the gateway answers them; null for a card it authorises. */
function refusalOf(card: TestCard): AuthorizeResult | null {
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
  return null;
}
