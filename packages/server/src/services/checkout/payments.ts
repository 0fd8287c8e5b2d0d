// POST checkouts/{id}/payments (spec 02 §3 "Payment request"; commerce-api §7). A card is authorised
// through the gateway from a token the browser got from the gateway itself, so no card number reaches
// us. A purchase order needs no gateway and is open to business buyers only. Paying again replaces the
// previous payment (re-entrant, as the platform is since v63): the old authorisation is voided. The
// payment records the cart version it paid for; if the cart changes afterwards, place-order refuses
// (409) until the shopper pays again for what the cart now holds.
import type { Kysely } from 'kysely';
import {
  KEY_PREFIXES,
  type CheckoutAddress,
  type CheckoutError,
  type CheckoutPayment,
  type PaymentRequest,
  type PaymentResultCode,
  checkoutAddressProblem,
  normalizedCheckoutAddress,
} from '@store/core';
import type { CartTable, CheckoutTable, Database, PaymentTable } from '../../db/schema.ts';
import { ApiError, badInput, rejectProblem } from '../../domain/errors.ts';
import type { Services } from '../index.ts';
import type { CartOwner } from '../carts/cart-owner.ts';
import { randomRecordId } from '../../domain/record-ids.ts';
import { grandTotalMinor } from '../carts/cart-views.ts';
import type { AuthorizeResult, PaymentGateway } from '../../policies/payment-gateway.ts';
import { problem } from './checkout-errors.ts';

export interface PaymentOutcome {
  status: number;
  body: CheckoutPayment;
}

const PO_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ._/-]{0,39}$/;

/** Purchase orders are for business buyers: a logged-in buyer (not a consumer) buying for an account. */
export function mayUsePurchaseOrder(owner: CartOwner): boolean {
  return !!owner.userId && !!owner.accountId && owner.ctx.user?.role !== 'shopper';
}

function outcome(
  status: number,
  resultCode: PaymentResultCode,
  errors: CheckoutError[],
  payment: PaymentTable | null,
): PaymentOutcome {
  return {
    status,
    body: {
      errors,
      salesforceResultCode: resultCode,
      paymentData: payment
        ? {
            paymentId: payment.id,
            status: payment.status,
            method: payment.method as 'Card' | 'PurchaseOrder',
            cardBrand: payment.card_brand,
            cardLast4: payment.card_last4,
          }
        : null,
    },
  };
}

export class PaymentService {
  constructor(
    private s: Services,
    readonly gateway: PaymentGateway,
  ) {}

  private get db(): Kysely<Database> {
    return this.s.db;
  }

  async pay(owner: CartOwner, checkout: CheckoutTable, cart: CartTable, req: PaymentRequest): Promise<PaymentOutcome> {
    const missing = await this.s.checkouts.missing(owner, checkout, cart);
    if (missing.length) return outcome(422, 'ValidationError', missing, null);
    const stock = await this.s.checkouts.stockProblems(owner, cart);
    if (stock.length) return outcome(422, 'ValidationError', stock, null);
    // commerce-api §7: no phone number goes with a payment.
    const typed = req.billingAddress && { ...req.billingAddress, shipToPhoneNumber: undefined };
    if (typed) rejectProblem(checkoutAddressProblem(typed, []));
    const billing = typed ? normalizedCheckoutAddress(typed) : await this.deliveryAddressAsBilling(cart);
    const amount = grandTotalMinor(cart, owner.webstore.settings.taxType);
    const base = {
      webstore_id: owner.webstore.id,
      checkout_id: checkout.id,
      order_id: null,
      request_type: req.requestType,
      amount_minor: amount,
      currency: cart.currency,
      billing_json: billing ? JSON.stringify(billing) : null,
      created_at: new Date().toISOString(),
    };

    if (req.requestType === 'SimplePurchaseOrder') {
      if (!mayUsePurchaseOrder(owner)) {
        return outcome(
          422,
          'ValidationError',
          [
            problem(
              'payment-method-not-allowed',
              'Purchase orders are for business accounts.',
              'Log in as a buyer for a business account, or pay by card.',
            ),
          ],
          null,
        );
      }
      const po = (req.paymentToken ?? '').trim();
      if (!PO_NUMBER.test(po))
        throw badInput('Enter a purchase order number of up to 40 letters, digits, spaces or . _ / -.');
      const row: PaymentTable = {
        ...base,
        id: randomRecordId(KEY_PREFIXES.payment),
        method: 'PurchaseOrder',
        gateway: 'purchase-order',
        gateway_reference: null,
        card_brand: null,
        card_last4: null,
        po_number: po,
        status: 'Authorized',
        result_code: 'Success',
      };
      await this.adopt(checkout, cart, row);
      return outcome(200, 'Success', [], row);
    }

    const token = this.tokenOf(req);
    if (!billing) throw badInput('Enter the billing address of the card.');
    // One key per checkout, cart version and token: a retried request gets the same authorisation, a new card a new one.
    const key = `${checkout.id}:${cart.version}:${token}`;
    const result: AuthorizeResult =
      req.requestType === 'PostAuth'
        ? await this.gateway.verifyAuthorization(token, amount, cart.currency)
        : await this.gateway.authorize({ token, amountMinor: amount, currency: cart.currency, idempotencyKey: key });
    if (result.status === 'Invalid') throw badInput(result.message);
    const row: PaymentTable = {
      ...base,
      id: randomRecordId(KEY_PREFIXES.payment),
      method: 'Card',
      gateway: this.gateway.name,
      po_number: null,
      gateway_reference: result.status === 'Authorized' ? result.reference : null,
      card_brand: 'brand' in result ? result.brand : null,
      card_last4: 'last4' in result ? result.last4 : null,
      status: result.status,
      result_code:
        result.status === 'Authorized' ? 'Success' : result.status === 'Declined' ? 'Decline' : 'SystemError',
    };
    if (result.status === 'Authorized') {
      await this.adopt(checkout, cart, row);
      return outcome(200, 'Success', [], row);
    }
    // A declined or failed attempt is kept for the record; the checkout's earlier payment (if any) stands.
    await this.db.insertInto('payment').values(row).execute();
    if (result.status === 'Declined')
      return outcome(422, 'Decline', [problem('payment-declined', 'Your card was declined.', result.message)], row);
    return outcome(
      502,
      'SystemError',
      [problem('payment-gateway-unavailable', 'We couldn\u2019t take the payment.', result.message)],
      row,
    );
  }

  private tokenOf(req: PaymentRequest): string {
    if (req.requestType === 'ClientRequest') {
      let data: unknown;
      try {
        data = req.paymentsData ? JSON.parse(req.paymentsData) : null;
      } catch {
        throw badInput('paymentsData must be JSON text.');
      }
      const token = data && typeof data === 'object' && 'token' in data ? (data as { token: unknown }).token : null;
      if (typeof token !== 'string' || !token)
        throw badInput('paymentsData must hold the gateway token as {"token": "..."}.');
      return token;
    }
    if (!req.paymentToken?.trim()) throw badInput('paymentToken is required.');
    // A card number sent by mistake is refused before it goes anywhere (and is never stored).
    if (/^\d[\d\s-]{11,22}$/.test(req.paymentToken.trim()))
      throw badInput('Send the gateway\u2019s token, never a card number.');
    return req.paymentToken.trim();
  }

  private async deliveryAddressAsBilling(cart: CartTable): Promise<CheckoutAddress | null> {
    const g = await this.db
      .selectFrom('cart_delivery_group')
      .select('address_json')
      .where('cart_id', '=', cart.id)
      .where('address_json', 'is not', null)
      .orderBy('is_default', 'desc')
      .limit(1)
      .executeTakeFirst();
    return g?.address_json ? { ...(JSON.parse(g.address_json) as CheckoutAddress), shipToPhoneNumber: null } : null;
  }

  /** The payment becomes the checkout's; the one it replaces is voided. */
  private async adopt(checkout: CheckoutTable, cart: CartTable, row: PaymentTable): Promise<void> {
    const previous = await this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('checkout')
        .select(['payment_id', 'status'])
        .where('id', '=', checkout.id)
        .executeTakeFirst();
      if (current?.status !== 'Active')
        throw new ApiError(410, 'CHECKOUT_COMPLETED', 'This checkout has ended. Start a new checkout.');
      await trx.insertInto('payment').values(row).execute();
      await trx
        .updateTable('checkout')
        .set({ payment_id: row.id, paid_cart_version: cart.version, updated_at: row.created_at })
        .where('id', '=', checkout.id)
        .execute();
      if (!current.payment_id) return null;
      return trx
        .updateTable('payment')
        .set({ status: 'Voided' })
        .where('id', '=', current.payment_id)
        .where('order_id', 'is', null)
        .returning(['gateway', 'gateway_reference'])
        .executeTakeFirst();
    });
    if (previous?.gateway === this.gateway.name && previous.gateway_reference)
      await this.gateway.void(previous.gateway_reference);
  }

  /** Releases the checkout's payment (the checkout ended or its order could not be placed). */
  async voidCheckoutPayment(checkoutId: string): Promise<void> {
    const voided = await this.db.transaction().execute(async (trx) => {
      const co = await trx.selectFrom('checkout').select('payment_id').where('id', '=', checkoutId).executeTakeFirst();
      if (!co?.payment_id) return null;
      await trx
        .updateTable('checkout')
        .set({ payment_id: null, paid_cart_version: null })
        .where('id', '=', checkoutId)
        .execute();
      return trx
        .updateTable('payment')
        .set({ status: 'Voided' })
        .where('id', '=', co.payment_id)
        .where('order_id', 'is', null)
        .where('status', '=', 'Authorized')
        .returning(['gateway', 'gateway_reference'])
        .executeTakeFirst();
    });
    if (voided?.gateway === this.gateway.name && voided.gateway_reference)
      await this.gateway.void(voided.gateway_reference);
  }
}
