// A guest's add-to-list, kept across the login it asks for (issue 17 item 2): saved in the browser's
// session storage (the client's helper, so a tab of its own and nothing on the server) when the guest
// clicks, and taken once on the first page a logged-in buyer loads. Never a link parameter: a link
// anyone can send must not make a logged-in buyer add something to a list.

import { defaultSessionStorage, type StorageLike } from '@store/client';

export const PENDING_WISHLIST_ADD_KEY = 'commerce.pendingWishlistAdd';
/** A login that takes longer than this was not the one the add asked for. */
export const PENDING_ADD_MAX_AGE_MS = 30 * 60 * 1000;

export interface PendingWishlistAdd {
  productId: string;
  /** The product's name, for the toast once it is added. */
  productName: string;
  /** The page (path and query) the guest was on: the add happens only when the login lands back there. */
  returnPath: string;
  /** When the guest clicked (ms since the epoch). */
  savedAt: number;
}

export function savePendingAdd(add: PendingWishlistAdd, storage: StorageLike = defaultSessionStorage()): void {
  try {
    storage.setItem(PENDING_WISHLIST_ADD_KEY, JSON.stringify(add));
  } catch {
    // best effort: without storage the guest adds again after logging in
  }
}

function read(storage: StorageLike): PendingWishlistAdd | null {
  try {
    const raw = storage.getItem(PENDING_WISHLIST_ADD_KEY);
    const v = raw === null ? null : (JSON.parse(raw) as Partial<PendingWishlistAdd> | null);
    if (!v || typeof v.productId !== 'string' || typeof v.returnPath !== 'string' || typeof v.savedAt !== 'number')
      return null;
    return {
      productId: v.productId,
      productName: typeof v.productName === 'string' ? v.productName : '',
      returnPath: v.returnPath,
      savedAt: v.savedAt,
    };
  } catch {
    return null;
  }
}

/**
 * The add to perform on this page, or null. Called on a logged-in buyer's page: whatever is stored is removed
 * (performed once, or dropped), and it is handed back only on the page it was saved on, while still fresh.
 */
export function takePendingAdd(
  at: { path: string; now: number },
  storage: StorageLike = defaultSessionStorage(),
): PendingWishlistAdd | null {
  const pending = read(storage);
  try {
    storage.removeItem(PENDING_WISHLIST_ADD_KEY);
  } catch {
    // best effort
  }
  if (!pending || pending.returnPath !== at.path) return null;
  const age = at.now - pending.savedAt;
  return age >= 0 && age <= PENDING_ADD_MAX_AGE_MS ? pending : null;
}
