// Checkout routes (spec 02 §7 "Checkouts"; commerce-api §7). Thin: the owner comes from the session and
// the checked effective account (cartOwnerFor); the services do the rest. `{checkoutId}` is an id or
// `active`. Start and PATCH answer 202 as the platform does (processing is synchronous here, so the
// next GET is ready); GET answers 200, or 422 when the cart has a problem to fix; a placed checkout 410.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '@store/core';
import type { Services } from '../services/index.ts';
import { cartOwnerFor } from '../http/cart-caller.ts';
import { ApiError } from '../domain/errors.ts';
import { freeText, ignoredParams, multilineText, optionalAccount, webstoreParams } from './schemas.ts';
import { WEBSTORE } from './base.ts';

const tags = ['Checkouts'];
const CHECKOUT = `${WEBSTORE}/checkouts/:checkoutId`;
const params = webstoreParams.extend({ checkoutId: z.string().max(18) });
const accountQuery = z.object({ effectiveAccountId: optionalAccount, ...ignoredParams });

/** The fields of a postal address given in full (delivery and billing alike). */
const postalAddress = {
  name: freeText(255).min(1, 'name is required'),
  street: freeText(255).min(1, 'street is required'),
  country: z.string().regex(/^[A-Za-z]{2}$/, 'must be a 2-letter country code'),
  firstName: freeText(80).optional(),
  lastName: freeText(80).optional(),
  companyName: freeText(255).optional(),
  city: freeText(80).optional(),
  region: freeText(80).optional(),
  postalCode: freeText(20).optional(),
};
const addressInput = z.union([
  z.object({ id: z.string().min(1).max(18) }).strict(),
  z
    .object({
      ...postalAddress,
      isDefault: z.boolean().optional(),
      shipToPhoneNumber: freeText(40).optional(),
    })
    .strict(),
]);
const patchBody = z
  .object({
    contactInfo: z
      .object({
        firstName: freeText(80).optional(),
        lastName: freeText(80).optional(),
        email: freeText(254).optional(),
        // null clears it: the storefront sends null when the shopper empties the optional field.
        phoneNumber: freeText(40).nullable().optional(),
        isoCountryCodeForPhoneNumber: freeText(2).optional(),
      })
      .strict()
      .optional(),
    deliveryAddress: addressInput.optional(),
    desiredDeliveryDate: z.iso.datetime({ offset: true }).or(z.iso.date()).nullable().optional(),
    shippingInstructions: multilineText(500).nullable().optional(),
    deliveryMethodId: z.string().max(18).optional(),
    shippingAddress: z.unknown().optional(),
    customFields: z.array(z.unknown()).max(50).optional(),
  })
  .strict();
const startBody = z
  .object({
    cartId: z.string().max(18).optional(),
    deliveryAddressInput: z.object({ shouldUseDefaultAddress: z.boolean().optional() }).strict().optional(),
    deliveryAddress: z.literal('default').optional(),
    customFields: z.array(z.unknown()).max(50).optional(),
  })
  .strict();
const billing = z.object(postalAddress).strict();
const paymentBody = z
  .object({
    requestType: z.enum(['Auth', 'PostAuth', 'SimplePurchaseOrder', 'ClientRequest']),
    paymentToken: freeText(200).optional(),
    billingAddress: billing.optional(),
    paymentsData: z.string().max(4000).optional(),
  })
  .strict();

export function checkoutRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  type Req = FastifyRequest<{
    Params: { webstoreId: string; checkoutId: string };
    Querystring: { effectiveAccountId?: string };
  }>;

  async function checkoutOf(req: Req, reply: FastifyReply, opts: { allowPlaced?: boolean } = {}) {
    if (!req.params.checkoutId || req.params.checkoutId === 'null' || req.params.checkoutId === 'undefined') {
      throw new ApiError(400, 'NULL_CHECKOUTID', 'A checkout id (or active) is required.');
    }
    const owner = await cartOwnerFor(s, req, reply, req.params.webstoreId, req.query.effectiveAccountId, false);
    return { owner, ...(await s.checkouts.find(owner, req.params.checkoutId, opts)) };
  }

  const start = async (
    req: FastifyRequest<{
      Params: { webstoreId: string };
      Querystring: { effectiveAccountId?: string };
      Body: z.infer<typeof startBody> | undefined;
    }>,
    reply: FastifyReply,
  ) => {
    const owner = await cartOwnerFor(s, req, reply, req.params.webstoreId, req.query.effectiveAccountId, false);
    const body = req.body ?? {};
    const useDefault =
      body.deliveryAddressInput?.shouldUseDefaultAddress ??
      (body.deliveryAddress === 'default' || body.deliveryAddressInput === undefined);
    const { checkout, cart } = await s.checkouts.start(owner, body.cartId ?? 'current', {
      useDefaultAddress: useDefault,
    });
    const { body: view } = await s.checkouts.view(owner, checkout, cart);
    return reply.status(202).send({ ...view, checkoutStatus: 202 });
  };
  const startSchema = {
    tags,
    summary: 'Start (or find) the checkout of the current cart',
    params: webstoreParams,
    querystring: accountQuery,
    body: startBody.optional(),
  };
  r.put(`${WEBSTORE}/checkouts`, { schema: startSchema }, start);
  r.post(`${WEBSTORE}/checkouts`, { schema: startSchema }, start);

  r.get(
    CHECKOUT,
    {
      schema: {
        tags,
        summary: 'A checkout (200 ready, 422 ready with errors, 410 placed)',
        params,
        querystring: accountQuery,
      },
    },
    async (req, reply) => {
      const { owner, checkout, cart } = await checkoutOf(req, reply);
      const { status, body } = await s.checkouts.view(owner, checkout, cart);
      return reply.status(status).send(body);
    },
  );

  r.patch(
    CHECKOUT,
    {
      schema: {
        tags,
        summary: 'Contact details, delivery address or delivery method (one per call)',
        params,
        querystring: accountQuery,
        body: patchBody,
      },
    },
    async (req, reply) => {
      const { owner, checkout, cart } = await checkoutOf(req, reply);
      await s.checkouts.patch(owner, checkout, cart, req.body);
      const again = await s.checkouts.find(owner, checkout.id);
      const { body } = await s.checkouts.view(owner, again.checkout, again.cart);
      return reply.status(202).send({ ...body, checkoutStatus: 202 });
    },
  );

  r.delete(
    CHECKOUT,
    {
      schema: {
        tags,
        summary: 'End a checkout (its payment is released; the cart stays)',
        params,
        querystring: accountQuery,
      },
    },
    async (req, reply) => {
      const { checkout } = await checkoutOf(req, reply);
      await s.checkouts.remove(checkout);
      return reply.status(204).send();
    },
  );

  r.post(
    `${CHECKOUT}/coupons`,
    {
      schema: {
        tags,
        summary: 'Apply a coupon within the checkout',
        params,
        querystring: accountQuery,
        body: z.object({ couponCode: freeText(80).min(1) }).strict(),
      },
    },
    async (req, reply) => {
      const { owner, cart } = await checkoutOf(req, reply);
      return reply.status(201).send(await s.carts.addCoupon(owner, cart, req.body.couponCode));
    },
  );
  r.delete(
    `${CHECKOUT}/coupons/:couponId`,
    {
      schema: {
        tags,
        summary: 'Remove a coupon within the checkout',
        params: params.extend({ couponId: z.string().max(18) }),
        querystring: accountQuery,
      },
    },
    async (req, reply) => {
      const { owner, cart } = await checkoutOf(req, reply);
      await s.carts.deleteCoupon(owner, cart, req.params.couponId);
      return reply.status(204).send();
    },
  );

  r.post(
    `${CHECKOUT}/payments`,
    {
      schema: {
        tags,
        summary: 'Pay: a gateway token, an authorisation, or a purchase order number',
        params,
        querystring: accountQuery,
        body: paymentBody,
      },
    },
    async (req, reply) => {
      const { owner, checkout, cart } = await checkoutOf(req, reply);
      const { status, body } = await s.payments.pay(owner, checkout, cart, req.body);
      return reply.status(status).send(body);
    },
  );

  r.post(
    `${CHECKOUT}/orders/actions/prepare`,
    {
      schema: {
        tags,
        summary: 'Check the checkout can become an order, without placing it',
        params,
        querystring: accountQuery,
      },
    },
    async (req, reply) => {
      const { owner, checkout, cart } = await checkoutOf(req, reply);
      const errors = [
        ...(await s.checkouts.missing(owner, checkout, cart)),
        ...(await s.checkouts.stockProblems(owner, cart)),
      ];
      if (!checkout.payment_id)
        errors.push({
          type: '/commerce/errors/payment-required',
          title: 'Add a payment method.',
          detail: 'Pay by card or, for business accounts, by purchase order.',
        });
      else if (checkout.paid_cart_version !== cart.version)
        errors.push({
          type: '/commerce/errors/payment-outdated',
          title: 'Pay again.',
          detail: 'Your cart changed after you paid.',
        });
      return { ready: errors.length === 0, errors };
    },
  );

  const place = async (req: Req, reply: FastifyReply) => {
    const { owner, checkout, cart } = await checkoutOf(req, reply, { allowPlaced: true });
    const key = req.headers[IDEMPOTENCY_KEY_HEADER];
    const idempotencyKey = typeof key === 'string' && key.trim() ? key.trim().slice(0, 255) : null;
    const { created, result } = await s.orderPlacement.place(owner, checkout, cart, idempotencyKey);
    if (!created) reply.header('idempotent-replayed', 'true');
    // The order's emails were queued with it; send them now rather than at the next outbox round.
    else void s.mail.tick();
    return reply.status(201).send(result);
  };
  r.post(
    `${CHECKOUT}/orders`,
    {
      schema: {
        tags,
        summary: 'Place the order (send an Idempotency-Key to make retries safe)',
        params,
        querystring: accountQuery,
      },
    },
    place,
  );
  r.post(
    `${CHECKOUT}/orders/actions/submit`,
    { schema: { tags, summary: 'Place the order (same as POST orders)', params, querystring: accountQuery } },
    place,
  );
}
