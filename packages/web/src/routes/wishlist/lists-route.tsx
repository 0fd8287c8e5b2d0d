// The lists page's route (/account/lists, issue 17 item 2): its loader (the effective account's lists and
// one page of the list on show: ?list=<id>&page=<token>) and its action (browser only, sent with fetchers:
// create, rename, delete, remove an item, move an item or the whole list to the cart). Cart changes go
// through the page's cart store, so the header's cart badge follows; the page hands the fresh lists to
// the wishlist store after every load, so the "Lists" count follows too.

import { isAbortError } from '@store/client';
import { wishlistNameProblem, type ProductClass, type WishlistsSummary } from '@store/core';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { loginHref, pathOfRequest } from '../../lib/account/return-url.ts';
import { isNotFound, type StoreApi } from '../../lib/api.ts';
import { errorCode, errorMessage } from '../../lib/errors.ts';
import { allWishlistItems } from '../../lib/wishlist/all-items.ts';
import { moveFailureReason, moveListOutcome } from '../../lib/wishlist/move-outcome.ts';
import { LISTS_PATH } from '../../lib/account/account-nav.ts';
import { PageError } from '../root/ErrorPage.tsx';
import { privatePageHead } from '../root/head.ts';
import type { ListsActionResult, ListsIntent, ListsPageData } from './lists-data.ts';
import { listHref } from './list-href.ts';
import { ListsRoute } from './ListsPage.tsx';

/** Items per page of a list on the page. */
export const LIST_PAGE_SIZE = 20;
const ID = /^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/;
const INTENTS: readonly ListsIntent[] = ['create', 'rename', 'delete', 'remove-item', 'move-item', 'move-list'];

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};
const idOf = (value: string | null) => (value && ID.test(value) ? value : undefined);

export function createListsRoute(getApi: () => StoreApi): RouteObject {
  async function listsLoader({ request }: LoaderFunctionArgs): Promise<ListsPageData> {
    const api = getApi();
    const viewer = await api.viewer();
    if (viewer.session.isGuest) throw redirect(loginHref(pathOfRequest(request.url)));
    const accountName = viewer.session.effectiveAccountName ?? viewer.session.accountName;
    const url = new URL(request.url);
    const asked = idOf(url.searchParams.get('list'));
    const pageToken = url.searchParams.get('page') || undefined;
    const signal = request.signal;
    const read = (wishlistId?: string) =>
      api.client.getWishlists({ includeDisplayedList: true, wishlistId, pageSize: LIST_PAGE_SIZE, signal });
    try {
      let lists: WishlistsSummary;
      let missingList = false;
      try {
        lists = await read(asked);
      } catch (error) {
        // A list of another account (after switching) or one deleted since: show the newest instead.
        if (!asked || !isNotFound(error)) throw error;
        lists = await read();
        missingList = true;
      }
      let shown = lists.displayedList;
      if (asked && shown && shown.summary.id !== asked) missingList = true;
      if (shown && pageToken) {
        const page = await api.client
          .getWishlistItems(shown.summary.id, { pageToken, pageSize: LIST_PAGE_SIZE, signal })
          .catch((error: unknown) => {
            if (isAbortError(error)) throw error;
            return null; // a stale page token: the first page
          });
        if (page) shown = { ...shown, page };
      }
      return { accountName, summaries: lists.summaries, shown, missingList, error: false };
    } catch (error) {
      if (isAbortError(error)) throw error;
      return { accountName, summaries: [], shown: null, missingList: false, error: true };
    }
  }

  async function listsAction({ request }: ActionFunctionArgs): Promise<ListsActionResult | Response> {
    const form = await request.formData();
    const intent = form.get('intent') as ListsIntent;
    if (!INTENTS.includes(intent)) throw new Response('Unknown list action', { status: 400 });
    const api = getApi();
    const wishlistId = text(form, 'wishlistId');
    const itemId = text(form, 'wishlistItemId');
    const target = intent === 'remove-item' || intent === 'move-item' ? itemId : wishlistId || null;
    const fail = (error: unknown, fallback: string): ListsActionResult => ({
      intent,
      target,
      ok: false,
      error: errorMessage(error, fallback),
    });
    try {
      switch (intent) {
        case 'create': {
          const name = text(form, 'name');
          const problem = wishlistNameProblem(name);
          if (problem) return { intent, target, ok: false, error: problem };
          const made = await api.client.createWishlist({ name });
          return redirect(listHref(made.summary.id));
        }
        case 'rename': {
          const name = text(form, 'name');
          const problem = wishlistNameProblem(name);
          if (problem) return { intent, target, ok: false, error: problem };
          await api.client.renameWishlist(wishlistId, name);
          return { intent, target, ok: true };
        }
        case 'delete':
          await api.client.deleteWishlist(wishlistId);
          return redirect(LISTS_PATH);
        case 'remove-item':
          await api.client.removeWishlistItem(wishlistId, itemId);
          return { intent, target, ok: true };
        case 'move-item':
          return await moveItem(api, form, wishlistId, itemId);
        case 'move-list':
          return await moveList(api, wishlistId, text(form, 'listName'));
      }
    } catch (error) {
      return fail(error, 'That did not work. Try again.');
    }
  }

  /** One item: into the cart at the product's minimum quantity, then off the list; refused, it stays. */
  async function moveItem(
    api: StoreApi,
    form: FormData,
    wishlistId: string,
    itemId: string,
  ): Promise<ListsActionResult> {
    const productId = text(form, 'productId');
    try {
      await api.cart().addItem({ productId, quantity: text(form, 'quantity') || '1', type: 'Product' });
    } catch (error) {
      const productClass = (text(form, 'productClass') || null) as ProductClass | null;
      const reason = moveFailureReason({ errorCode: errorCode(error), message: errorMessage(error, '') }, productClass);
      return { intent: 'move-item', target: itemId, ok: false, error: reason };
    }
    await api.client.removeWishlistItem(wishlistId, itemId);
    return { intent: 'move-item', target: itemId, ok: true };
  }

  /** The whole list: what the server could add goes into the cart and off the list; the rest stays, with why. */
  async function moveList(api: StoreApi, wishlistId: string, listName: string): Promise<ListsActionResult> {
    const result = await api.client.addWishlistToCart(wishlistId);
    const outcome = moveListOutcome(result, await allWishlistItems(api.client, wishlistId));
    for (const id of outcome.removeItemIds) await api.client.removeWishlistItem(wishlistId, id);
    // The cart changed on the server: the header badge reads it afresh.
    void api.cart().load();
    return {
      intent: 'move-list',
      target: wishlistId,
      ok: true,
      moved: { listName, addedCount: outcome.addedCount, failed: outcome.failed },
    };
  }

  return {
    path: LISTS_PATH.slice(1),
    loader: listsLoader,
    action: listsAction,
    Component: ListsRoute,
    ErrorBoundary: PageError,
    handle: privatePageHead(() => 'My lists', LISTS_PATH),
  };
}
