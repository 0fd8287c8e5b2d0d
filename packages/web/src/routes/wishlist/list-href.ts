// The lists page's address for one list (and one page of it): ?list=<id>&page=<token>.
import { LISTS_PATH } from '../../lib/account/account-nav.ts';

export const listHref = (wishlistId: string, pageToken?: string | null): string =>
  `${LISTS_PATH}?list=${encodeURIComponent(wishlistId)}${pageToken ? `&page=${encodeURIComponent(pageToken)}` : ''}`;
