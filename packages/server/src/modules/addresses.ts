// Account address book routes (spec 02 §7 "Addresses"; commerce-api §8). `{accountId}` is an account
// id or `current` (the effective account); the caller's context checks the buyer may act for it, so
// another account's book is a 403 before anything is read. Guests have no address book (CPA disabled).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADDRESS_MAX_PAGE_SIZE, ADDRESS_PAGE_SIZE, CHECKOUT_ERROR_CODES, KEY_PREFIXES } from '@store/core';
import type { Services } from '../services/index.ts';
import { buyerContext } from '../http/context.ts';
import { ApiError } from '../domain/errors.ts';
import { flag, freeText, ignoredParams, optionalAccount, pageToken, webstoreParams } from './schemas.ts';
import { checkedId } from '../domain/record-ids.ts';
import { WEBSTORE } from './base.ts';

const tags = ['Addresses'];
const ADDRESSES = `${WEBSTORE}/accounts/:accountId/addresses`;
const params = webstoreParams.extend({ accountId: z.string().max(18) });
const itemParams = params.extend({ addressId: z.string().max(18) });
const fields = {
  name: freeText(255),
  street: freeText(255),
  country: z.string().regex(/^[A-Za-z]{2}$/, 'must be a 2-letter country code'),
  city: freeText(80),
  region: freeText(80),
  postalCode: freeText(20),
  addressType: z.enum(['Shipping', 'Billing']),
  isDefault: z.boolean(),
  firstName: freeText(80),
  middleName: freeText(80),
  lastName: freeText(80),
  companyName: freeText(255),
  phoneNumber: freeText(40),
};
const createBody = z
  .object({
    ...fields,
    name: fields.name.min(1, 'name is required'),
    street: fields.street.min(1, 'street is required'),
    city: fields.city.optional(),
    region: fields.region.optional(),
    postalCode: fields.postalCode.optional(),
    addressType: fields.addressType.optional(),
    isDefault: fields.isDefault.optional(),
    firstName: fields.firstName.optional(),
    middleName: fields.middleName.optional(),
    lastName: fields.lastName.optional(),
    companyName: fields.companyName.optional(),
    phoneNumber: fields.phoneNumber.optional(),
  })
  .strict();
const updateBody = z
  .object({
    ...(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.optional()])) as {
      [K in keyof typeof fields]: z.ZodOptional<(typeof fields)[K]>;
    }),
  })
  .strict();

export function addressRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The account whose book this is: `current` is the effective account; an id must be one the buyer may act for. */
  async function accountOf(
    req: FastifyRequest<{
      Params: { webstoreId: string; accountId: string };
      Querystring: { effectiveAccountId?: string };
    }>,
  ) {
    const store = await s.webstores.get(req.params.webstoreId);
    const named = req.params.accountId === 'current' ? req.query.effectiveAccountId : req.params.accountId;
    if (named && req.params.accountId !== 'current') checkedId(named, KEY_PREFIXES.account);
    // A guest is told the book is off before any account they name is looked at.
    const own = await buyerContext(s, req, store);
    if (own.isGuest)
      throw new ApiError(
        403,
        CHECKOUT_ERROR_CODES.cpaDisabled,
        'The address book isn\u2019t available to guests (CPA disabled). Log in to save addresses.',
      );
    const ctx = named ? await buyerContext(s, req, store, named) : own;
    if (!ctx.effectiveAccountId)
      throw new ApiError(
        403,
        CHECKOUT_ERROR_CODES.cpaDisabled,
        'The address book isn\u2019t available to guests (CPA disabled). Log in to save addresses.',
      );
    return { store, accountId: ctx.effectiveAccountId };
  }
  const addressId = (id: string) => {
    if (!id) throw new ApiError(400, CHECKOUT_ERROR_CODES.addressIdRequired, 'addressId is required.');
    return checkedId(id, KEY_PREFIXES.address);
  };

  r.get(
    ADDRESSES,
    {
      schema: {
        tags,
        summary: 'The account\u2019s addresses',
        params,
        querystring: z.object({
          effectiveAccountId: optionalAccount,
          addressType: z.enum(['Shipping', 'Billing']).optional(),
          defaultOnly: flag.optional(),
          excludeUnsupportedCountries: flag.default(true),
          shouldShowDefaultAddrFirst: flag.default(true),
          pageSize: z.coerce.number().int().min(1).max(ADDRESS_MAX_PAGE_SIZE).default(ADDRESS_PAGE_SIZE),
          pageToken,
          sortOrder: z.enum(['CreatedDateAsc', 'CreatedDateDesc', 'NameAsc', 'NameDesc']).default('CreatedDateDesc'),
          addressId: z.string().max(18).optional(),
          fields: z.string().optional(),
          ...ignoredParams,
        }),
      },
    },
    async (req) => {
      const { store, accountId } = await accountOf(req);
      const q = req.query;
      return s.addresses.list(
        accountId,
        {
          addressType: q.addressType,
          defaultOnly: q.defaultOnly,
          excludeUnsupportedCountries: q.excludeUnsupportedCountries,
          shouldShowDefaultAddrFirst: q.shouldShowDefaultAddrFirst,
          pageSize: q.pageSize,
          pageToken: q.pageToken ?? 0,
          sortOrder: q.sortOrder,
          addressId: q.addressId ? addressId(q.addressId) : undefined,
        },
        store.settings.shippingCountries ?? [],
      );
    },
  );

  r.post(
    ADDRESSES,
    {
      schema: {
        tags,
        summary: 'Add an address',
        params,
        querystring: z.object({ effectiveAccountId: optionalAccount, ...ignoredParams }),
        body: createBody,
      },
    },
    async (req, reply) => {
      const { store, accountId } = await accountOf(req);
      return reply
        .status(201)
        .send(await s.addresses.create(accountId, req.body, store.settings.shippingCountries ?? []));
    },
  );

  r.patch(
    `${ADDRESSES}/:addressId`,
    {
      schema: {
        tags,
        summary: 'Change an address (or make it the default)',
        params: itemParams,
        querystring: z.object({ effectiveAccountId: optionalAccount, ...ignoredParams }),
        body: updateBody,
      },
    },
    async (req) => {
      const { store, accountId } = await accountOf(req);
      return s.addresses.update(
        accountId,
        addressId(req.params.addressId),
        req.body,
        store.settings.shippingCountries ?? [],
      );
    },
  );

  r.delete(
    `${ADDRESSES}/:addressId`,
    {
      schema: {
        tags,
        summary: 'Remove an address',
        params: itemParams,
        querystring: z.object({ effectiveAccountId: optionalAccount, ...ignoredParams }),
      },
    },
    async (req, reply) => {
      const { accountId } = await accountOf(req);
      await s.addresses.remove(accountId, addressId(req.params.addressId));
      return reply.status(204).send();
    },
  );
}
