// Cart routes (spec 02 §7 "Carts"; commerce-api §6). Thin: who the cart belongs to comes from the
// session and the checked effective account (cartOwner), everything else from the cart services.
// `{cartStateOrId}` is a cart id, `current` or `active`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CART_BATCH_MAX,
  CART_ITEM_SORTS,
  CART_ITEMS_MAX_PAGE_SIZE,
  CART_ITEMS_PAGE_SIZE,
  CART_ITEMS_DEFAULT_SORT,
  DEFAULT_RESERVATION_SECONDS,
  DELIVERY_GROUPS_DEFAULT_LIMIT,
  GIFT_MESSAGE_MAX,
  GIFT_TO_NAME_MAX,
} from '@store/core';
import type { Services } from '../services/index.ts';
import { cartOwnerFor } from '../http/cart-caller.ts';
import { badInput } from '../domain/errors.ts';
import {
  csv,
  decimalInput,
  flag,
  freeText,
  ignoredParams,
  multilineText,
  optionalAccount,
  webstoreParams,
} from './schemas.ts';
import { ASYNC_BATCH_THRESHOLD } from '../services/carts/cart-operations.ts';
import { preserveResult } from '../services/carts/guest-cart.ts';
import { MAX_RESERVATION_SECONDS, reserveInventory } from '../services/carts/reservations.ts';
import { cloneCart } from '../services/carts/cart-clone.ts';
import { compactView } from '../services/carts/cart-views.ts';
import { setGiftOptions } from '../services/carts/gift-options.ts';
import {
  addDeliveryGroup,
  checkArrangements,
  deleteDeliveryGroup,
  getDeliveryGroup,
  listDeliveryGroups,
  updateDeliveryGroup,
} from '../services/carts/delivery-groups.ts';
import { WEBSTORE } from './base.ts';

const tags = ['Carts'];
const CARTS = `${WEBSTORE}/carts`;
const CART = `${CARTS}/:cartStateOrId`;

const cartParams = webstoreParams.extend({ cartStateOrId: z.string().min(1).max(18) });
const accountQuery = z.object({
  effectiveAccountId: optionalAccount,
  currencyIsoCode: z.string().optional(),
  ...ignoredParams,
});
const itemInput = z
  .object({
    productId: z.string({ error: 'productId is required.' }).min(1).max(18),
    quantity: decimalInput(20, { error: 'quantity is required.' }),
    type: z.literal('Product').optional(),
    productSellingModelId: z.string().max(18).optional(),
    subscriptionTerm: z.number().int().min(1).max(1000).optional(),
    // Ours (issue 19): buy these records of a dataset, a list selection query ("region=TX&email=1"); the server
    // counts and prices it. Bounded like the selection's own limits (9 filters x 100 values x 80 characters).
    listSelection: z.string().max(8000).optional(),
  })
  .strict();
const address = z
  .object({
    name: freeText(255).optional(),
    firstName: freeText(80).optional(),
    lastName: freeText(80).optional(),
    companyName: freeText(255).optional(),
    street: freeText(255).optional(),
    city: freeText(80).optional(),
    region: freeText(80).optional(),
    postalCode: freeText(20).optional(),
    country: z.string().regex(/^[A-Za-z]{2}$/, 'must be a 2-letter country code'),
  })
  .strict();
const groupInput = z
  .object({
    name: freeText(80).min(1).optional(),
    deliveryAddress: address.nullable().optional(),
    deliveryMethodId: z.string().max(18).nullable().optional(),
    desiredDeliveryDate: z.iso.datetime({ offset: true }).or(z.iso.date()).nullable().optional(),
    shippingInstructions: multilineText(500).nullable().optional(),
  })
  .strict();

export function cartRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const cartOwner = (
    req: FastifyRequest,
    reply: FastifyReply,
    webstoreId: string,
    effectiveAccountId: string | undefined,
    write: boolean,
  ) => cartOwnerFor(s, req, reply, webstoreId, effectiveAccountId, write);

  /** The cart a route works on, checked to be the caller's; a stale background operation is picked up. */
  async function cartOf(
    req: FastifyRequest<{
      Params: { webstoreId: string; cartStateOrId: string };
      Querystring: { effectiveAccountId?: string };
    }>,
    reply: FastifyReply,
    write = false,
  ) {
    const owner = await cartOwner(req, reply, req.params.webstoreId, req.query.effectiveAccountId, write);
    const cart = await s.carts.require(owner, req.params.cartStateOrId);
    await s.cartOperations.resumeIfStale(owner, cart);
    return { owner, cart };
  }

  // ---- the cart ----

  async function ensure(
    req: FastifyRequest<{
      Params: { webstoreId: string; cartStateOrId?: string };
      Querystring: { effectiveAccountId?: string };
    }>,
    reply: FastifyReply,
  ) {
    const owner = await cartOwner(req, reply, req.params.webstoreId, req.query.effectiveAccountId, true);
    const ref = req.params.cartStateOrId ?? 'current';
    if (ref !== 'current' && ref !== 'active') throw badInput('Only the current or active cart can be ensured.');
    const { cart, created } = await s.carts.findOrCreate(owner, ref);
    reply.status(created ? 201 : 200);
    return s.carts.summary(owner, cart);
  }
  r.put(
    CARTS,
    { schema: { tags, summary: 'Ensure the shopper has a cart', params: webstoreParams, querystring: accountQuery } },
    ensure,
  );
  r.post(
    CARTS,
    {
      schema: {
        tags,
        summary: 'Create (or find) the shopper\u2019s cart',
        params: webstoreParams,
        querystring: accountQuery,
      },
    },
    ensure,
  );
  r.put(
    CART,
    { schema: { tags, summary: 'Ensure the current or active cart', params: cartParams, querystring: accountQuery } },
    ensure,
  );

  r.get(
    CART,
    {
      schema: {
        tags,
        summary: 'Cart summary (current: cartId null before the first cart)',
        params: cartParams,
        querystring: accountQuery,
      },
    },
    async (req, reply) => {
      const owner = await cartOwner(req, reply, req.params.webstoreId, req.query.effectiveAccountId, false);
      const cart = await s.carts.find(owner, req.params.cartStateOrId);
      if (cart) await s.cartOperations.resumeIfStale(owner, cart);
      return s.carts.summary(owner, cart);
    },
  );

  const compact = async (
    req: FastifyRequest<{
      Params: { webstoreId: string; cartStateOrId?: string };
      Querystring: { effectiveAccountId?: string };
    }>,
    reply: FastifyReply,
  ) => {
    const owner = await cartOwner(req, reply, req.params.webstoreId, req.query.effectiveAccountId, false);
    const cart = await s.carts.find(owner, req.params.cartStateOrId ?? 'current');
    if (cart) await s.cartOperations.resumeIfStale(owner, cart);
    return compactView(s.carts.summary(owner, cart));
  };
  r.get(
    `${CARTS}/compact-summary`,
    {
      schema: {
        tags,
        summary: 'Counts and totals of the current cart',
        params: webstoreParams,
        querystring: accountQuery,
      },
    },
    compact,
  );
  r.get(
    `${CART}/compact-summary`,
    { schema: { tags, summary: 'Counts and totals of a cart', params: cartParams, querystring: accountQuery } },
    compact,
  );

  r.delete(
    CART,
    { schema: { tags, summary: 'Delete a cart', params: cartParams, querystring: accountQuery } },
    async (req, reply) => {
      const { cart } = await cartOf(req, reply);
      await s.carts.deleteCart(cart);
      return reply.status(204).send();
    },
  );

  // ---- lines ----

  r.get(
    `${CART}/cart-items`,
    {
      schema: {
        tags,
        summary: 'Cart lines, a page at a time',
        params: cartParams,
        querystring: accountQuery.extend({
          pageSize: z.coerce.number().int().min(1).max(CART_ITEMS_MAX_PAGE_SIZE).default(CART_ITEMS_PAGE_SIZE),
          pageNumber: z.coerce.number().int().min(1).max(10_000).optional(),
          page: z
            .string()
            .regex(/^\d{1,5}$/, 'must be a page token')
            .optional(),
          sort: z.enum(CART_ITEM_SORTS).default(CART_ITEMS_DEFAULT_SORT),
          productFields: csv.optional(),
          includePromotions: flag.optional(),
          includeCoupons: flag.optional(),
        }),
      },
    },
    async (req, reply) => {
      const { owner, cart } = await cartOf(req, reply);
      const q = req.query;
      // `*` asks for every field; none named, a line's few (LINE_FIELDS), as the platform answers.
      const fields = q.productFields?.includes('*') ? 'all' : q.productFields;
      return s.carts.itemsAnswer(owner, cart, {
        pageSize: q.pageSize,
        pageNumber: q.pageNumber ?? (q.page ? Math.max(1, Number(q.page)) : 1),
        sort: q.sort,
        productFields: fields,
      });
    },
  );

  r.post(
    `${CART}/cart-items`,
    {
      schema: {
        tags,
        summary: 'Add a product to the cart',
        params: cartParams,
        querystring: accountQuery,
        body: itemInput,
      },
    },
    async (req, reply) => {
      const owner = await cartOwner(req, reply, req.params.webstoreId, req.query.effectiveAccountId, true);
      const cart = await s.carts.forWrite(owner, req.params.cartStateOrId);
      const item = await s.carts.addItem(owner, cart, req.body);
      return reply.status(201).send(item);
    },
  );

  r.post(
    `${CART}/cart-items/batch`,
    {
      schema: {
        tags,
        summary: `Add up to ${CART_BATCH_MAX} lines; above ${ASYNC_BATCH_THRESHOLD} they are added in the background (202)`,
        params: cartParams,
        querystring: accountQuery,
        body: z
          .object({
            inputs: z
              .array(z.object({ richInput: itemInput }).strict())
              .min(1, 'inputs must not be empty.')
              .max(CART_BATCH_MAX),
          })
          .strict(),
      },
    },
    async (req, reply) => {
      const owner = await cartOwner(req, reply, req.params.webstoreId, req.query.effectiveAccountId, true);
      const cart = await s.carts.forWrite(owner, req.params.cartStateOrId);
      const body = await s.carts.addBatch(
        owner,
        cart,
        req.body.inputs.map((i) => i.richInput),
      );
      if (body.asyncOperationStatus !== 'Processing') return body;
      return reply
        .status(202)
        .header('Location', `${req.url.split('?')[0]!.replace(/\/cart-items\/batch$/, '')}/compact-summary`)
        .header('Retry-After', '1')
        .send(body);
    },
  );

  const itemParams = cartParams.extend({ cartItemId: z.string().min(1).max(18) });
  r.patch(
    `${CART}/cart-items/:cartItemId`,
    {
      schema: {
        tags,
        summary: 'Change a line\u2019s quantity',
        params: itemParams,
        querystring: accountQuery,
        body: z.object({ quantity: decimalInput(20) }).strict(),
      },
    },
    async (req, reply) => {
      const { owner, cart } = await cartOf(req, reply);
      return s.carts.updateItem(owner, cart, req.params.cartItemId, req.body.quantity);
    },
  );

  r.delete(
    `${CART}/cart-items/:cartItemId`,
    { schema: { tags, summary: 'Remove a line', params: itemParams, querystring: accountQuery } },
    async (req, reply) => {
      const { owner, cart } = await cartOf(req, reply);
      await s.carts.deleteItem(owner, cart, req.params.cartItemId);
      return reply.status(204).send();
    },
  );

  // ---- gift options (issue 14) ----

  r.put(
    `${CART}/gift-options`,
    {
      schema: {
        tags,
        summary: 'Gift wrap and gift message (when the store offers them)',
        params: cartParams,
        querystring: accountQuery,
        body: z
          .object({
            giftWrap: z.boolean().optional(),
            giftMessage: multilineText(GIFT_MESSAGE_MAX).nullable().optional(),
            giftToName: freeText(GIFT_TO_NAME_MAX).nullable().optional(),
          })
          .strict(),
      },
    },
    async (req, reply) => {
      const { owner, cart } = await cartOf(req, reply);
      return setGiftOptions(s, owner, cart, req.body);
    },
  );

  // ---- coupons and promotions ----

  r.get(
    `${CART}/cart-coupons`,
    { schema: { tags, summary: 'Coupons on the cart', params: cartParams, querystring: accountQuery } },
    async (req, reply) => {
      const { cart } = await cartOf(req, reply);
      return s.carts.coupons(cart);
    },
  );

  r.post(
    `${CART}/cart-coupons`,
    {
      schema: {
        tags,
        summary: 'Apply a coupon (at most 2)',
        params: cartParams,
        querystring: accountQuery,
        body: z.object({ couponCode: freeText(50).trim().min(1, 'couponCode is required.') }).strict(),
      },
    },
    async (req, reply) => {
      const { owner, cart } = await cartOf(req, reply);
      return reply.status(201).send(await s.carts.addCoupon(owner, cart, req.body.couponCode));
    },
  );

  r.delete(
    `${CART}/cart-coupons/:cartCouponId`,
    {
      schema: {
        tags,
        summary: 'Remove a coupon',
        params: cartParams.extend({ cartCouponId: z.string().min(1).max(18) }),
        querystring: accountQuery,
      },
    },
    async (req, reply) => {
      const { owner, cart } = await cartOf(req, reply);
      await s.carts.deleteCoupon(owner, cart, req.params.cartCouponId);
      return reply.status(204).send();
    },
  );

  r.get(
    `${CART}/promotions`,
    { schema: { tags, summary: 'Promotions applied to the cart', params: cartParams, querystring: accountQuery } },
    async (req, reply) => {
      const { owner, cart } = await cartOf(req, reply);
      return s.carts.promotions(owner, cart);
    },
  );

  // ---- stock and actions ----

  r.put(
    `${CART}/inventory-reservations`,
    {
      schema: {
        tags,
        summary: 'Hold the stock of the cart\u2019s physical lines',
        params: cartParams,
        querystring: accountQuery,
        body: z
          .object({
            durationInSeconds: z
              .number()
              .int()
              .min(1)
              .max(MAX_RESERVATION_SECONDS)
              .default(DEFAULT_RESERVATION_SECONDS),
          })
          .strict()
          .default({ durationInSeconds: DEFAULT_RESERVATION_SECONDS }),
      },
    },
    async (req, reply) => {
      const { owner, cart } = await cartOf(req, reply);
      return reserveInventory(s, owner, cart, req.body.durationInSeconds);
    },
  );

  r.post(
    `${CARTS}/:cartStateOrId/actions/preserve`,
    {
      schema: {
        tags,
        summary: 'Keep a guest cart after login (merged once, at login)',
        params: cartParams,
        querystring: accountQuery,
      },
    },
    async (req, reply) => {
      const owner = await cartOwner(req, reply, req.params.webstoreId, req.query.effectiveAccountId, false);
      return preserveResult(s, owner, req.params.cartStateOrId);
    },
  );

  r.post(
    `${CART}/actions/clone`,
    {
      schema: {
        tags,
        summary: 'A read-only copy of the cart',
        params: cartParams,
        querystring: accountQuery,
        body: z.object({ targetType: z.literal('PayNowReadOnly') }).strict(),
      },
    },
    async (req, reply) => {
      const { owner, cart } = await cartOf(req, reply);
      return reply.status(201).send(await cloneCart(s, owner, cart));
    },
  );

  // ---- delivery groups ----

  const groupParams = cartParams.extend({ deliveryGroupId: z.string().min(1).max(18) });
  const itemLimit = z.coerce.number().int().min(0).max(CART_ITEMS_MAX_PAGE_SIZE).default(0);

  r.get(
    `${CART}/delivery-groups`,
    {
      schema: {
        tags,
        summary: 'Delivery groups of the cart',
        params: cartParams,
        querystring: accountQuery.extend({
          limit: z.coerce.number().int().min(1).max(100).default(DELIVERY_GROUPS_DEFAULT_LIMIT),
          cartItemLimit: itemLimit,
        }),
      },
    },
    async (req, reply) => {
      const { owner, cart } = await cartOf(req, reply);
      return listDeliveryGroups(s, owner, cart, req.query.limit, req.query.cartItemLimit);
    },
  );

  r.post(
    `${CART}/delivery-groups`,
    {
      schema: {
        tags,
        summary: 'Add a delivery group',
        params: cartParams,
        querystring: accountQuery,
        body: groupInput,
      },
    },
    async (req, reply) => {
      const { owner, cart } = await cartOf(req, reply);
      return reply.status(201).send(await addDeliveryGroup(s, owner, cart, req.body));
    },
  );

  r.get(
    `${CART}/delivery-groups/:deliveryGroupId`,
    {
      schema: {
        tags,
        summary: 'One delivery group',
        params: groupParams,
        querystring: accountQuery.extend({ cartItemLimit: itemLimit }),
      },
    },
    async (req, reply) => {
      const { owner, cart } = await cartOf(req, reply);
      return getDeliveryGroup(s, owner, cart, req.params.deliveryGroupId, req.query.cartItemLimit);
    },
  );

  r.patch(
    `${CART}/delivery-groups/:deliveryGroupId`,
    {
      schema: {
        tags,
        summary: 'Change a delivery group',
        params: groupParams,
        querystring: accountQuery,
        body: groupInput,
      },
    },
    async (req, reply) => {
      const { owner, cart } = await cartOf(req, reply);
      return updateDeliveryGroup(s, owner, cart, req.params.deliveryGroupId, req.body);
    },
  );

  r.delete(
    `${CART}/delivery-groups/:deliveryGroupId`,
    { schema: { tags, summary: 'Delete a delivery group', params: groupParams, querystring: accountQuery } },
    async (req, reply) => {
      const { cart } = await cartOf(req, reply);
      await deleteDeliveryGroup(s, cart, req.params.deliveryGroupId);
      return reply.status(204).send();
    },
  );

  r.post(
    `${CART}/delivery-groups/actions/arrange-items`,
    {
      schema: {
        tags,
        summary: 'Move lines between delivery groups (202: in the background)',
        params: cartParams,
        querystring: accountQuery,
        body: z
          .object({
            arrangements: z
              .array(
                z
                  .object({
                    deliveryGroupId: z.string().min(1).max(18),
                    cartItemIds: z.array(z.string().min(1).max(18)).max(CART_BATCH_MAX),
                  })
                  .strict(),
              )
              .min(1)
              .max(DELIVERY_GROUPS_DEFAULT_LIMIT),
          })
          .strict(),
      },
    },
    async (req, reply) => {
      const { owner, cart } = await cartOf(req, reply);
      const arrangements = await checkArrangements(s, cart, req.body.arrangements);
      await s.cartOperations.start(owner, cart, 'arrange-items', arrangements);
      return reply.status(202).send({ asyncOperationStatus: 'Processing' });
    },
  );
}
