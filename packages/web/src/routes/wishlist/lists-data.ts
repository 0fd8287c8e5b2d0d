// The lists page's loader data and action answers (plain JSON: they travel to the browser as
// hydration data and fetcher results).

import type { Wishlist, WishlistSummary } from '@store/core';
import type { MoveFailure } from '../../lib/wishlist/move-outcome.ts';

export interface ListsPageData {
  /** Whose lists these are: the effective account's name. */
  accountName: string | null;
  /** Every list of the account, newest first (the API's order: the last changed first). */
  summaries: WishlistSummary[];
  /** The list on show with one page of its items; null when the account has none (or on error). */
  shown: Wishlist | null;
  /** The address asked for a list the account does not have (another account's, a deleted one). */
  missingList: boolean;
  /** The lists could not be read. */
  error: boolean;
}

export type ListsIntent = 'create' | 'rename' | 'delete' | 'remove-item' | 'move-item' | 'move-list';

export interface ListsActionResult {
  intent: ListsIntent;
  /** The list or item the action was about. */
  target: string | null;
  ok: boolean;
  error?: string;
  /** move-list: what went into the cart and each line that stayed, with why. */
  moved?: { listName: string; addedCount: number; failed: MoveFailure[] };
}
