// The account area's pages (issue 17): where each lives and the order the account navigation lists them.
// Profile, orders and subscriptions keep the paths they always had (links in emails and bookmarks use them);
// the newer pages live under /account. Lists and password are other pages' own routes; the navigation only
// links to them.
import { ORDERS_PATH, SUBSCRIPTIONS_PATH } from '../checkout/order-paths.ts';
import { PROFILE_PATH } from './return-url.ts';

export const ACCOUNT_PATH = '/account';
export const ADDRESSES_PATH = '/account/addresses';
export const DOWNLOADS_PATH = '/account/downloads';
export const LISTS_PATH = '/account/lists';
export const PASSWORD_PATH = '/account/password';
/** The buyer's tokens for AI agents (issue 18). */
export const AGENTS_PATH = '/account/agents';

export interface AccountNavItem {
  href: string;
  label: string;
}

export const ACCOUNT_NAV: readonly AccountNavItem[] = [
  { href: ACCOUNT_PATH, label: 'Overview' },
  { href: PROFILE_PATH, label: 'Profile' },
  { href: ORDERS_PATH, label: 'Orders' },
  { href: SUBSCRIPTIONS_PATH, label: 'Subscriptions' },
  { href: DOWNLOADS_PATH, label: 'Downloads' },
  { href: ADDRESSES_PATH, label: 'Addresses' },
  { href: LISTS_PATH, label: 'Lists' },
  { href: PASSWORD_PATH, label: 'Password' },
  { href: AGENTS_PATH, label: 'AI agents' },
];

/**
 * The navigation entry a path belongs to: the entry itself, or the one it sits under (an order's page is under
 * Orders); the overview only for /account itself. Null outside the account area.
 */
export function currentAccountNavItem(pathname: string): AccountNavItem | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === ACCOUNT_PATH) return ACCOUNT_NAV[0]!;
  return ACCOUNT_NAV.slice(1).find((i) => path === i.href || path.startsWith(`${i.href}/`)) ?? null;
}
