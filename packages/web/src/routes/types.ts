// Loader data of each route: plain JSON, so it travels to the browser as hydration data.

import type {
  CartCompactSummary,
  CartItemCollection,
  ExternalManagedAccount,
  ProductComponent,
  ProductDetail,
  ProductPrice,
  ProductTaxes,
  PromotionalPricing,
  RefinementAttributeType,
  SearchRefinement,
  WishlistSummary,
} from '@store/core';
import type { BreadcrumbInput } from '@store/core';
import type { ConsentChoice } from '@store/core';
import type { SanitizedRichText } from '../lib/sanitize.ts';
import type { VariationFamily } from '../lib/catalogue/variation-family.ts';
import type { GiftOffer } from '../lib/cart/gift.ts';
import type { ResultsBase } from '../lib/search/search-url.ts';

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

/** The session as the site frame and the account pages use it (lib/account/viewer.ts builds it). */
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
  /** The webstore's name (application context), shown in the header and the page titles. */
  storeName: string;
  /**
   * The header badge's first value: read on the server for a logged-in shopper only; null for guests,
   * whose badge the browser fills in after hydration (see rootLoader).
   */
  cartSummary: CartCompactSummary | null;
  /** The account's lists for the header's "Lists" count: logged-in buyers only, null for guests or on failure. */
  wishlists: WishlistSummary[] | null;
  /** The store asks for cookie consent (issue 18): the banner and the footer's "Cookie settings". */
  shopperConsentEnabled?: boolean;
  /** The shopper's consent as the request's cookie held it (null: not chosen), so the banner does not flash. */
  consent?: ConsentChoice | null;
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
  /** What happens next when the action went through but leaves the shopper on the page (an email to confirm). */
  notice?: string;
}

export interface ConfirmRegistrationData {
  /** The token of the confirmation link ('' when the link had none). */
  token: string;
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
  /** The prices as decimal strings (the shopper activities' product items, issue 18); absent when not known. */
  unitPrice?: string | null;
  listPrice?: string | null;
  recordCount: string | null;
  countries: string | null;
  listStatus: string | null;
}

export interface HomeData {
  featured: CardProduct[];
  featuredError: boolean;
}

/** A facet as the panel shows it: the API's DistinctValue facet, without what the page does not use. */
export interface FacetView {
  nameOrId: string;
  attributeType: RefinementAttributeType;
  displayName: string;
  values: Array<{ value: string; label: string; count: number }>;
}

export interface SortOption {
  id: string;
  label: string;
}

/** One page of search results with the state that made it (from the URL, see lib/search-url.ts). */
export interface ResultsData {
  /** The page these results belong to (path, and the term on the search page). */
  base: ResultsBase;
  products: CardProduct[];
  /** The search call failed: the grid's error state (spec 03 §2.3). */
  error: boolean;
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  pageCount: number;
  facets: FacetView[];
  refinements: SearchRefinement[];
  /** The URL's refinements could not be read, so the results are unfiltered. */
  refinementsIgnored: boolean;
  sortOptions: SortOption[];
  /** The rule in force: the chosen one, else the store's default (the first). */
  sortRuleId: string;
}

export interface CategoryData {
  category: { id: string; name: string; description: string | null; href: string };
  breadcrumbs: BreadcrumbInput[];
  children: Array<{ label: string; href: string }>;
  results: ResultsData;
  origin: string;
  /** The category's SEO properties (issue 16); null when the call failed: the page keeps its own head. */
  seo?: import('@store/core').SeoProperties | null;
}

export interface SearchData {
  /** The trimmed term; '' when none was given (no search is made). */
  term: string;
  /** The category the search is narrowed to (the `category` parameter), when it is known. */
  category: { id: string; name: string } | null;
  /** Subcategories holding matches, to narrow the search to. */
  categories: Array<{ label: string; count: number; href: string }>;
  results: ResultsData | null;
}

export interface ProductData {
  product: ProductDetail;
  /** The product's SEO properties (issue 16); null when the call failed: the page keeps its own head. */
  seo?: import('@store/core').SeoProperties | null;
  pricing: ProductPrice | null;
  taxes: ProductTaxes | null;
  /** The product's promotional price for this buyer (evaluate-products); null when none applies or the call failed. */
  promotions: PromotionalPricing | null;
  /** What can be ordered now; null when stock is not tracked (datasets) or could not be read. */
  availableQuantity: number | null;
  /** A set's or bundle's components (with this buyer's prices); null for other products or when unreadable. */
  components?: ProductComponent[] | null;
  defaultCurrency: string;
  description: SanitizedRichText;
  origin: string;
  /** A variation parent's or a variation's family (the picker's data); null for other products. */
  family?: VariationFamily | null;
  /** Recommendations for the Related Datasets tiles (issue 18): also-bought, then similar; none when off. */
  recommendations?: import('../lib/signals/recommendations.ts').RecommendationList[];
  /** A dataset's file facts, the URL selection's counts and preview (issue 19); null for a product without a file. */
  datasetKit?: import('../lib/list-builder/dataset-kit.ts').DatasetKitData | null;
}

/**
 * The cart page: the first page of lines, which carries the cart's summary, coupons and promotions;
 * 'empty' when the shopper has no cart or no lines; 'error' with the status of the failed call
 * (401: this shopper may not have a cart, e.g. a guest where guest carts are off).
 */
export type CartData =
  | { kind: 'empty' }
  /** An asynchronous operation (a large batch, an arrangement) is running: the page waits and polls. */
  | { kind: 'processing' }
  | { kind: 'error'; status: number | null }
  /** gift: the gift options on offer (issue 14), null when none are. */
  | {
      kind: 'cart';
      cart: CartItemCollection;
      gift?: GiftOffer | null;
      /** The complete-the-cart strip (issue 18): the list and its cards; null when there is none. */
      recommendations?: import('../lib/signals/recommendations.ts').RecommendationStrip | null;
    };

export type CartIntent = 'update' | 'remove' | 'apply-coupon' | 'remove-coupon' | 'gift-options';

/** What a cart action answers: which form it was about, and the message to show next to it when it failed. */
export interface CartActionResult {
  intent: CartIntent;
  /** The line or coupon acted on; null for the coupon form. */
  target: string | null;
  ok: boolean;
  error?: string;
}

export interface HeadData {
  title: string;
  description?: string;
  /** Path of the canonical URL; made absolute with the request's origin. */
  canonicalPath?: string;
  image?: string | null;
  type?: 'website' | 'product';
  robots?: string;
  /** Language versions of the page (<link rel="alternate" hreflang>), paths made absolute like the canonical. */
  alternates?: Array<{ hrefLang: string; path: string }>;
}

/** The checkout page's loader data: who is checking out and the store's settings (the checkout itself loads in the browser). */
export interface CheckoutPageData {
  isGuest: boolean;
  /** Store setting: guests may check out. */
  guestCheckoutEnabled: boolean;
  /** A logged-in buyer acting for a business account: the purchase order option is offered (the server decides). */
  canUsePurchaseOrder: boolean;
  /** Countries the store delivers to (the address form's choices), the store's first. */
  shippingCountries: string[];
  storeCountry: string;
}

/** One order (the confirmation right after placing it, or from the history). */
export interface OrderPageData {
  order: import('@store/core').OrderDetail;
  /** Signed download links of its datasets; null when it has none or they could not be read. */
  downloads: import('@store/core').DownloadLink[] | null;
  statusLabel: string;
  /** Arrived here from "Place order". */
  placed: boolean;
  storeCountry: string;
}

export interface OrdersPageData {
  orders: Array<import('@store/core').OrderSummary & { statusText: string }>;
  /** The account the history is for (a buyer's effective account), if any. */
  accountName: string | null;
  error: boolean;
}

export interface SubscriptionsPageData {
  subscriptions: import('@store/core').SubscriptionView[];
  error: boolean;
}

/** The account hub (/account, issue 17): who is logged in and the account they act for. */
export interface AccountHubData {
  session: UserSession;
  managedAccounts: ExternalManagedAccount[];
}

/** The address book (/account/addresses): the effective account's addresses, default first. */
export interface AddressBookData {
  accountName: string | null;
  addresses: import('@store/core').CommerceAddress[];
  countries: string[];
  storeCountry: string;
  error: boolean;
}

export type AddressBookIntent = 'create' | 'update' | 'make-default' | 'delete';

/** What an address book action answers: done (with a line for the status region) or the server's refusal. */
export interface AddressBookResult {
  intent: AddressBookIntent;
  addressId: string | null;
  ok: boolean;
  message: string;
}

/** My downloads (/account/downloads): one page of the account's purchased datasets. */
export interface DownloadsPageData {
  accountName: string | null;
  page: import('@store/core').AccountDownloadCollection | null;
  /** The page number on show (from 1), for the page's links. */
  pageNumber: number;
}

/** The subscriptions page's auto-renew switch: the server's answer for the one subscription. */
export interface SubscriptionSwitchResult {
  subscriptionId: string;
  ok: boolean;
  message: string;
}
