// After login the server preserves the guest cart into the shopper's cart (spec 02 §4 "Guest cart"),
// answering how many guest lines could not go in (errorCount). The login reloads the whole page, so the
// count waits in session storage for the next page, which shows it once as a warning toast.

import type { StorageLike } from '@store/client';
import type { CartPreserveResult } from '@store/core';
import type { ToastConfig } from '../toast-queue.ts';
import { CART_PATH } from '../links.ts';

export const CART_MERGE_ERRORS_KEY = 'commerce.cartMergeErrors';

function sessionStore(): StorageLike | null {
  try {
    return ((globalThis as Record<string, unknown>).sessionStorage as StorageLike | undefined) ?? null;
  } catch {
    return null; // storage refused: the warning is lost, the login is not
  }
}

/** Our wording (the spec gives none). */
export function cartMergeMessage(count: number): string {
  return count === 1
    ? '1 item from your guest cart could not be added to your cart.'
    : `${count} items from your guest cart could not be added to your cart.`;
}

export function cartMergeToast(count: number): ToastConfig {
  return {
    label: 'Cart',
    message: cartMergeMessage(count),
    variant: 'warning',
    links: [{ label: 'View cart', href: CART_PATH }],
  };
}

/** Keeps the merge's error count for the next page; nothing when every guest line went in. */
export function rememberCartMerge(
  merge: CartPreserveResult | null | undefined,
  storage: StorageLike | null = sessionStore(),
): void {
  const count = merge?.errorCount;
  if (typeof count !== 'number' || !Number.isFinite(count) || count <= 0) return;
  try {
    storage?.setItem(CART_MERGE_ERRORS_KEY, String(Math.floor(count)));
  } catch {
    // see sessionStore
  }
}

/** The count once: reading it removes it, so the toast shows on one page only. */
export function takeCartMergeErrors(storage: StorageLike | null = sessionStore()): number {
  try {
    const raw = storage?.getItem(CART_MERGE_ERRORS_KEY);
    if (raw === null || raw === undefined) return 0;
    storage!.removeItem(CART_MERGE_ERRORS_KEY);
    const n = Number(raw);
    return Number.isFinite(n) && n > 0 ? n : 0;
  } catch {
    return 0;
  }
}
