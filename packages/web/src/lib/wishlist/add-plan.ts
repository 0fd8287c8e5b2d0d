// Which list an add goes to (spec 02 §4 "The first add creates a default-named list if none exists. The
// default name is My List."): the buyer's choice in the add-to-list control, or, when nobody chose (the
// first add of an account without lists, a guest's add performed after the login it asked for), the
// account's "My List", made with the product when it is not there.

import { DEFAULT_WISHLIST_NAME, type WishlistInput, type WishlistSummary } from '@store/core';

/** Either a new list made with the product in it (POST wishlists) or an add to an existing one. */
export type WishlistAddPlan =
  | { kind: 'create'; name: string; input: WishlistInput }
  | { kind: 'add'; wishlistId: string; name: string };

/** What the buyer picked in the control: one of the account's lists, or a new list by name. */
export type WishlistChoice = { wishlistId: string } | { newListName: string };

const create = (name: string, productId: string): WishlistAddPlan => ({
  kind: 'create',
  name,
  input: { name, products: [{ productId }] },
});

/**
 * The list an add goes to when the buyer did not choose one: "My List" (by name) when the account has it,
 * else a new "My List" made with the product when the account has no list (the first add), else the
 * account's first list in the API's order, newest first (the one the lists page opens on).
 */
export function defaultAddPlan(summaries: readonly WishlistSummary[], productId: string): WishlistAddPlan {
  const mine = summaries.find((s) => s.name === DEFAULT_WISHLIST_NAME);
  if (mine) return { kind: 'add', wishlistId: mine.id, name: mine.name };
  const [newest] = summaries;
  if (newest) return { kind: 'add', wishlistId: newest.id, name: newest.name };
  return create(DEFAULT_WISHLIST_NAME, productId);
}

/** The add for a choice made in the control; a list that is no longer there is made again by its name. */
export function chosenAddPlan(
  summaries: readonly WishlistSummary[],
  productId: string,
  choice: WishlistChoice,
): WishlistAddPlan {
  if ('newListName' in choice) return create(choice.newListName.trim(), productId);
  const list = summaries.find((s) => s.id === choice.wishlistId);
  return list ? { kind: 'add', wishlistId: list.id, name: list.name } : defaultAddPlan(summaries, productId);
}
