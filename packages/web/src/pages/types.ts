// Loader data of each route: plain JSON, so it travels to the browser as hydration data.

import type { ExternalManagedAccount, ProductDetail, ProductPrice, ProductTaxes } from '@store/core';
import type { BreadcrumbInput } from '@store/core';
import type { SanitizedRichText } from '../lib/sanitize.ts';

export interface MenuLink {
  label: string;
  href: string;
  children: MenuLink[];
}

/** What a product page needs to know about the user (spec 03 §6: isGuest, and userId only for non-guests). */
export interface SessionInfo {
  isGuest: boolean;
  userId: string | null;
}

/** The session as the site frame and the account pages use it (lib/viewer.ts builds it). */
export interface UserSession extends SessionInfo {
  /** Spec 01 §3: userName is the profile first name. */
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** The user's own account. */
  accountId: string | null;
  accountName: string | null;
  /** The account the session acts for now (spec 01 §3 "Effective account"); never the all-zero id. */
  effectiveAccountId: string | null;
  effectiveAccountName: string | null;
  /** The server's idle timeout for a logged-in session; null for guests (no session warning). */
  idleTimeoutSeconds: number | null;
  isPreview: boolean;
}

export interface RootData {
  menu: MenuLink[];
  session: UserSession;
  /** Accounts a logged-in buyer may act for, their own included (isMyAccount); empty for guests. */
  managedAccounts: ExternalManagedAccount[];
  /** More than one account to act for: the header offers the account switcher. */
  canSwitchAccount: boolean;
  /** Store setting (application context): when false, guests see only the login and register pages. */
  guestBrowsingEnabled: boolean;
}

export interface LoginData {
  /** Where to go after logging in: a same-site path, '/' by default. */
  returnUrl: string;
}

export interface ProfileData {
  session: UserSession;
  managedAccounts: ExternalManagedAccount[];
}

/** What a form action answers when it did not leave the page. */
export interface FormResult<F extends string = string> {
  /** Per-field messages, shown under each field. */
  fieldErrors?: Partial<Record<F, string>>;
  /** A message for the whole form (the server's, for a refused login). */
  formError?: string;
  /** The values to put back in the fields (never a password). */
  values?: Partial<Record<F, string>>;
  /** Set when the change was saved. */
  saved?: boolean;
}

export interface CardProduct {
  id: string;
  name: string;
  sku: string | null;
  href: string;
  imageUrl: string | null;
  imageAlt: string;
  /** Formatted prices; null when the product has no price. */
  price: string | null;
  originalPrice: string | null;
  recordCount: string | null;
  countries: string | null;
}

export interface HomeData {
  featured: CardProduct[];
  featuredError: boolean;
}

export interface CategoryData {
  category: { id: string; name: string; description: string | null; href: string };
  breadcrumbs: BreadcrumbInput[];
  children: Array<{ label: string; href: string }>;
  products: CardProduct[];
  productsError: boolean;
  total: number;
  page: number;
  pageSize: number;
  origin: string;
}

export interface ProductData {
  product: ProductDetail;
  pricing: ProductPrice | null;
  taxes: ProductTaxes | null;
  defaultCurrency: string;
  description: SanitizedRichText;
  origin: string;
}

export interface HeadData {
  title: string;
  description?: string;
  /** Path of the canonical URL; made absolute with the request's origin. */
  canonicalPath?: string;
  image?: string | null;
  type?: 'website' | 'product';
  robots?: string;
}
