// The page's wishlist state in the browser (issue 17 item 2): the account's lists (for the header count
// and the control's menu) and which list each product is on (for "On My List"), with the add that keeps
// both current. One store per page load, like the cart store: logging in or out and switching the
// effective account all load a new page, so what it holds is always the current account's.
//
// Which lists hold a product comes with the lists in one call (GET wishlists includeProductIds, our
// addition): read once per page load, and only where a control shows.

import type { WishlistCalls } from '@store/client';
import type { WishlistSummary } from '@store/core';
import { defaultAddPlan, chosenAddPlan, type WishlistAddPlan, type WishlistChoice } from './add-plan.ts';

export type WishlistStoreCalls = Pick<WishlistCalls, 'getWishlists' | 'createWishlist' | 'addWishlistItem'>;

export const LISTS_UNREADABLE = 'We could not read your lists. Try again.';

export interface WishlistState {
  /** The account's lists in the API's order (newest first: the last changed); null until read. */
  summaries: WishlistSummary[] | null;
  /** productId → the ids of the lists holding it; null until read. */
  membership: ReadonlyMap<string, readonly string[]> | null;
  status: 'idle' | 'loading' | 'loaded' | 'error';
}

export interface WishlistStore {
  getState(): WishlistState;
  subscribe(listener: () => void): () => void;
  /** Starts from the lists the page already has (the server render's, the lists page's), without a call. */
  seed(summaries: WishlistSummary[]): void;
  /** The lists and which products they hold, read once (again after a failure). */
  ensureMembership(): Promise<void>;
  /**
   * Adds the product: to the chosen list, or by the default rule (first add: a new "My List"). Resolves to
   * the list it went to; rejects with the API's error (nothing changes here then).
   */
  add(productId: string, choice?: WishlistChoice): Promise<WishlistSummary>;
  /** The lists changed elsewhere (the lists page): take them, and read memberships afresh when next asked. */
  replace(summaries: WishlistSummary[]): void;
}

export function createWishlistStore(calls: WishlistStoreCalls): WishlistStore {
  const listeners = new Set<() => void>();
  let state: WishlistState = { summaries: null, membership: null, status: 'idle' };
  let loading: Promise<void> | null = null;

  const set = (change: Partial<WishlistState>) => {
    state = { ...state, ...change };
    for (const l of listeners) l();
  };

  async function load(): Promise<void> {
    set({ status: 'loading' });
    try {
      const { summaries } = await calls.getWishlists({ includeProductIds: true });
      const membership = new Map<string, string[]>();
      for (const list of summaries) {
        for (const productId of list.productIds ?? []) {
          membership.set(productId, [...(membership.get(productId) ?? []), list.id]);
        }
      }
      set({ summaries, membership, status: 'loaded' });
    } catch {
      set({ status: 'error' });
    } finally {
      loading = null;
    }
  }

  async function perform(plan: WishlistAddPlan, productId: string): Promise<WishlistSummary> {
    if (plan.kind === 'create') {
      const made = await calls.createWishlist(plan.input);
      return made.summary;
    }
    await calls.addWishlistItem(plan.wishlistId, productId);
    const before = state.summaries?.find((s) => s.id === plan.wishlistId);
    const onIt = state.membership?.get(productId)?.includes(plan.wishlistId) ?? false;
    // Adding a product already on the list answers its item and changes no count.
    return before
      ? { ...before, wishlistProductCount: before.wishlistProductCount + (onIt ? 0 : 1) }
      : { id: plan.wishlistId, name: plan.name, createdDate: '', modifiedDate: '', wishlistProductCount: 1 };
  }

  const store: WishlistStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    seed(summaries) {
      if (state.summaries === null) set({ summaries });
    },
    ensureMembership() {
      if (state.status === 'loaded') return Promise.resolve();
      loading ??= load();
      return loading;
    },
    async add(productId, choice) {
      // The rule needs the account's lists: read them first when this page has not yet.
      if (state.status !== 'loaded') await store.ensureMembership();
      // Without them the first-add rule could make a second "My List": refuse instead.
      if (state.status !== 'loaded' || !state.summaries) throw new Error(LISTS_UNREADABLE);
      const summaries = state.summaries;
      const plan = choice ? chosenAddPlan(summaries, productId, choice) : defaultAddPlan(summaries, productId);
      const list = await perform(plan, productId);
      const others = summaries.filter((s) => s.id !== list.id);
      const membership = new Map(state.membership ?? []);
      const holding = membership.get(productId) ?? [];
      if (!holding.includes(list.id)) membership.set(productId, [...holding, list.id]);
      // The list just changed: first, as the API orders them (newest change first).
      set({ summaries: [list, ...others], membership });
      return list;
    },
    replace(summaries) {
      set({ summaries, membership: null, status: 'idle' });
    },
  };
  return store;
}
