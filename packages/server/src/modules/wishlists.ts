// Wishlist routes (spec 02 §3, §4, §5, §7; commerce-api §9). Thin: whose lists these are comes from the
// session and the checked effective account (the buyer context); a guest has no lists and is answered as
// the address book answers one (403 CPA_DISABLED, before any id is looked at), which the storefront turns
// into "log in". Everything else is the wishlist service's.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHECKOUT_ERROR_CODES,
  DEFAULT_WISHLIST_ITEM_SORT,
  MAX_WISHLIST_ITEMS,
  WISHLIST_ITEM_SORTS,
  WISHLIST_ITEMS_PAGE_SIZE,
  WISHLISTS_PAGE_SIZE,
} from '@store/core';
import type { Services } from '../services/index.ts';
import { callerOf } from '../http/caller.ts';
import { ApiError } from '../domain/errors.ts';
import type { ItemPageQuery, WishlistScope } from '../services/wishlists/wishlist-service.ts';
import { addWishlistToCart } from '../services/wishlists/wishlist-to-cart.ts';
import { csv, flag, ignoredParams, optionalAccount, pageToken, webstoreParams } from './schemas.ts';
import { COMMERCE, WEBSTORE } from './base.ts';

const tags = ['Wishlists'];
const WISHLISTS = `${WEBSTORE}/wishlists`;
const LIST = `${WISHLISTS}/:wishlistId`;
const listParams = webstoreParams.extend({ wishlistId: z.string().max(18) });
const itemParams = listParams.extend({ wishlistItemId: z.string().max(18) });
const accountQuery = z.object({ effectiveAccountId: optionalAccount, ...ignoredParams });
const sortItemsBy = z.enum(WISHLIST_ITEM_SORTS).default(DEFAULT_WISHLIST_ITEM_SORT);
const pageSize = (size: { min: number; max: number; default: number }) =>
  z.coerce.number().int().min(size.min).max(size.max).default(size.default);
const listQuery = z.object({
  effectiveAccountId: optionalAccount,
  pageSize: pageSize(WISHLIST_ITEMS_PAGE_SIZE),
  productFields: csv.optional(),
  sortItemsBy,
  pageToken,
  /** The reference's name for the page token of wishlist-items. */
  page: pageToken,
  ...ignoredParams,
});
// The name is checked by core's wishlistNameProblem in the service (its message), so absent and blank
// names get the same answer; the bound here only keeps absurd bodies out.
const name = z.string().max(1000).optional();
const productId = z.string({ error: 'productId is required.' }).min(1).max(18);

const guestsHaveNoLists = () =>
  new ApiError(
    403,
    CHECKOUT_ERROR_CODES.cpaDisabled,
    'Lists aren\u2019t available to guests (CPA disabled). Log in to keep a list.',
  );

export function wishlistRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Whose lists: a guest is refused before any account or id they name is looked at. */
  async function scopeOf(
    req: FastifyRequest<{ Params: { webstoreId: string }; Querystring: { effectiveAccountId?: string } }>,
  ): Promise<WishlistScope> {
    const store = await s.webstores.get(req.params.webstoreId);
    const caller = await callerOf(s, req);
    if (!caller.user) throw guestsHaveNoLists();
    const ctx = await s.buyers.catalogue(caller, store, req.query.effectiveAccountId);
    if (!ctx.effectiveAccountId) throw guestsHaveNoLists();
    return { store, ctx, accountId: ctx.effectiveAccountId };
  }

  /** A page of items as asked; page URLs name the list's wishlist-items with the same parameters. */
  function pageQuery(
    scope: WishlistScope,
    q: {
      pageSize: number;
      productFields?: string[];
      sortItemsBy: ItemPageQuery['sort'];
      pageToken?: number;
      page?: number;
      effectiveAccountId?: string;
    },
  ): ItemPageQuery {
    return {
      pageSize: q.pageSize,
      page: q.pageToken ?? q.page ?? 0,
      sort: q.sortItemsBy,
      productFields: q.productFields,
      pageUrl(wishlistId, page) {
        const params = new URLSearchParams({ pageSize: String(q.pageSize), sortItemsBy: q.sortItemsBy });
        if (q.productFields?.length) params.set('productFields', q.productFields.join(','));
        if (q.effectiveAccountId) params.set('effectiveAccountId', q.effectiveAccountId);
        params.set('pageToken', String(page));
        return `${COMMERCE}/webstores/${scope.store.id}/wishlists/${wishlistId}/wishlist-items?${params}`;
      },
    };
  }

  r.get(
    WISHLISTS,
    {
      schema: {
        tags,
        summary: 'The account\u2019s lists, newest first, and optionally one with its first page of items',
        params: webstoreParams,
        querystring: z.object({
          effectiveAccountId: optionalAccount,
          includeDisplayedList: flag.optional(),
          includeProductIds: flag.optional(),
          pageSize: pageSize(WISHLISTS_PAGE_SIZE),
          productFields: csv.optional(),
          sortItemsBy,
          wishlistId: z.string().max(18).optional(),
          ...ignoredParams,
        }),
      },
    },
    async (req) => {
      const scope = await scopeOf(req);
      return s.wishlists.list(scope, {
        ...pageQuery(scope, req.query),
        includeDisplayedList: req.query.includeDisplayedList === true,
        includeProductIds: req.query.includeProductIds === true,
        wishlistId: req.query.wishlistId || undefined,
      });
    },
  );

  r.post(
    WISHLISTS,
    {
      schema: {
        tags,
        summary: 'Make a list (a name is required), optionally with products',
        params: webstoreParams,
        querystring: accountQuery,
        body: z
          .object({
            name,
            products: z.array(z.object({ productId }).strict()).max(MAX_WISHLIST_ITEMS).optional(),
          })
          .strict(),
      },
    },
    async (req, reply) => {
      const scope = await scopeOf(req);
      const q = pageQuery(scope, {
        pageSize: WISHLIST_ITEMS_PAGE_SIZE.default,
        sortItemsBy: DEFAULT_WISHLIST_ITEM_SORT,
      });
      return reply.status(201).send(await s.wishlists.create(scope, req.body, q));
    },
  );

  r.get(
    LIST,
    {
      schema: { tags, summary: 'A list with one page of its items', params: listParams, querystring: listQuery },
    },
    async (req) => {
      const scope = await scopeOf(req);
      return s.wishlists.get(scope, req.params.wishlistId, pageQuery(scope, req.query));
    },
  );

  r.patch(
    LIST,
    {
      schema: {
        tags,
        summary: 'Rename a list',
        params: listParams,
        querystring: accountQuery,
        body: z.object({ name }).strict(),
      },
    },
    async (req) => s.wishlists.rename(await scopeOf(req), req.params.wishlistId, req.body.name),
  );

  r.delete(
    LIST,
    { schema: { tags, summary: 'Delete a list and its items', params: listParams, querystring: accountQuery } },
    async (req, reply) => {
      await s.wishlists.remove(await scopeOf(req), req.params.wishlistId);
      return reply.status(204).send();
    },
  );

  r.get(
    `${LIST}/wishlist-items`,
    {
      schema: { tags, summary: 'One page of a list\u2019s items', params: listParams, querystring: listQuery },
    },
    async (req) => {
      const scope = await scopeOf(req);
      return s.wishlists.items(scope, req.params.wishlistId, pageQuery(scope, req.query));
    },
  );

  r.post(
    `${LIST}/wishlist-items`,
    {
      schema: {
        tags,
        summary: 'Put a product on a list (201); one already on it answers its item (200)',
        params: listParams,
        querystring: accountQuery,
        body: z.object({ productId }).strict(),
      },
    },
    async (req, reply) => {
      const { item, created } = await s.wishlists.addItem(
        await scopeOf(req),
        req.params.wishlistId,
        req.body.productId,
      );
      return reply.status(created ? 201 : 200).send(item);
    },
  );

  r.delete(
    `${LIST}/wishlist-items/:wishlistItemId`,
    {
      schema: { tags, summary: 'Take an item off a list', params: itemParams, querystring: accountQuery },
    },
    async (req, reply) => {
      await s.wishlists.removeItem(await scopeOf(req), req.params.wishlistItemId, req.params.wishlistId);
      return reply.status(204).send();
    },
  );

  r.delete(
    `${WEBSTORE}/wishlist-items/:wishlistItemId`,
    {
      schema: {
        tags,
        summary: 'Take an item off whichever of the account\u2019s lists holds it (spec 02 §7)',
        params: webstoreParams.extend({ wishlistItemId: z.string().max(18) }),
        querystring: accountQuery,
      },
    },
    async (req, reply) => {
      await s.wishlists.removeItem(await scopeOf(req), req.params.wishlistItemId);
      return reply.status(204).send();
    },
  );

  r.post(
    `${LIST}/actions/add-wishlist-to-cart`,
    {
      schema: {
        tags,
        summary: 'Put every item of a list into the current cart; reports each line that could not go in',
        params: listParams,
        querystring: accountQuery,
      },
    },
    async (req) => addWishlistToCart(s, await scopeOf(req), req.params.wishlistId),
  );
}
