// Storefront URLs and the safe-URL rule for links built from record data (spec 03 §2.4, §5),
// on top of @store/core's url and breadcrumb rules.

import { categoryHref as coreCategoryHref, sanitizeUrl, SAFE_URL_PLACEHOLDER, webPageHref } from '@store/core';

export const productHref = (id: string): string => `/product/${encodeURIComponent(id)}`;

/** The cart page. */
export const CART_PATH = '/cart';

/** Category pages by url name, otherwise by record id (spec 01 §2). */
export const categoryHref = (c: { id: string; urlName?: string | null }): string => coreCategoryHref(c);

/**
 * A link target from record data, or null when there is none to offer: script-like and data
 * schemes (core's sanitizeUrl turns them into the inert placeholder) and anything the web page
 * url rule rejects (it must be on this site — a single-slash path or an absolute URL starting
 * with `origin` — a hash link, mailto: or tel:).
 */
export function safeHref(value: string | null | undefined, origin?: string | null): string | null {
  const cleaned = sanitizeUrl(value);
  if (!cleaned || cleaned === SAFE_URL_PLACEHOLDER) return null;
  return webPageHref(cleaned, origin ?? null) || null;
}
