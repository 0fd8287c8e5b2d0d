// Link navigation by page reference (spec 03 §2.4): a page reference → the storefront href it opens. Extends
// url.ts (which owns the web page url rule, the reference types and their required attributes) with where
// each type goes in this store. Pure: the content key → url name map of the site's pages is an argument.
//
// Results: a path or URL to link to; '' when nothing can be generated (the caller renders non-link text);
// SAFE_URL_PLACEHOLDER ('#') when the author wrote a script-like or data URL.

import {
  MAX_URL_LENGTH,
  SAFE_URL_PLACEHOLDER,
  isDangerousUrl,
  isRelativeUrl,
  isValidPageReference,
  isValidWebPageUrl,
  resolvePageReferenceType,
  type PageReference,
} from './url.ts';

/** The url name of the page shown at '/' (same value as content.ts HOME_PAGE_URL_NAME, kept here to avoid a cycle). */
const HOME_URL_NAME = 'home';

/**
 * Named pages (standard__namedPage `name`) and where they are in this store. The platform's names first
 * (Home, Login, Register, Cart, Checkout, Search, Account Management, Order list…), matched case-insensitively.
 */
export const NAMED_PAGE_PATHS: Readonly<Record<string, string>> = {
  home: '/',
  login: '/login',
  register: '/register',
  cart: '/cart',
  current_cart: '/cart',
  checkout: '/checkout',
  search: '/search',
  profile: '/profile',
  account_management: '/profile',
  my_account: '/profile',
  orders: '/orders',
  order_list: '/orders',
  subscriptions: '/subscriptions',
};

/**
 * Object pages (standard__objectPage: a list of an object's records). Products and categories have no list page
 * of their own here: the search page lists every product a shopper may see, so both go there.
 */
export const OBJECT_PAGE_PATHS: Readonly<Record<string, string>> = {
  Product2: '/search',
  ProductCategory: '/search',
  OrderSummary: '/orders',
  Order: '/orders',
};

/** Record relationship pages this store has: the products of a category are its category page. */
const RELATIONSHIP_PAGES: Readonly<Record<string, readonly string[]>> = {
  ProductCategory: ['Products', 'ProductCategoryProducts', 'CategoryProducts'],
};

export interface PageLinkContext {
  /** The site's origin (e.g. 'https://shop.example.com'); absolute web page urls must start with it. */
  host?: string | null;
  /** Url names of the site's managed content pages, by content key. */
  contentUrlNames?: Readonly<Record<string, string>> | ((contentKey: string) => string | null | undefined);
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const seg = (v: string) => encodeURIComponent(v);
/** A table lookup that never reaches Object.prototype ('constructor', '__proto__'). */
const own = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/** The web page rule with `{host}` (an author's way to say "this site") read as the site itself. */
function webPage(url: string, host: string | null | undefined): string {
  if (url === '') return '';
  const onSite = url.startsWith('{host}');
  const candidate = onSite ? url.slice('{host}'.length) || '/' : url;
  if (isDangerousUrl(url) || isDangerousUrl(candidate)) return SAFE_URL_PLACEHOLDER;
  if (onSite) {
    // '{host}//evil.com' must not turn into a protocol-relative link to another site.
    if (!isRelativeUrl(candidate)) return '';
  }
  return isValidWebPageUrl(candidate, host) ? candidate : '';
}

function contentPage(key: string, ctx: PageLinkContext): string {
  const map = ctx.contentUrlNames;
  const urlName = text(typeof map === 'function' ? map(key) : map && Object.hasOwn(map, key) ? map[key] : '');
  if (!urlName) return '';
  return urlName === HOME_URL_NAME ? '/' : `/${seg(urlName)}`;
}

function recordPage(attrs: Readonly<Record<string, unknown>>): string {
  const object = text(attrs.objectApiName);
  if (object === 'Product2') {
    const key = text(attrs.urlName) || text(attrs.recordId);
    return key ? `/product/${seg(key)}` : '';
  }
  if (object === 'ProductCategory') {
    const key = text(attrs.urlPath) || text(attrs.recordId);
    return key ? `/category/${seg(key)}` : '';
  }
  return '';
}

function searchPage(ref: PageReference): string {
  const term = text(ref.state?.term) || text(ref.attributes?.term);
  return term ? `/search?${new URLSearchParams({ term }).toString()}` : '/search';
}

function generate(ref: PageReference, ctx: PageLinkContext): string {
  const attrs = ref.attributes ?? {};
  switch (resolvePageReferenceType(ref.type)) {
    case 'standard__webPage':
      return webPage(text(attrs.url), ctx.host);
    case 'standard__managedContentPage':
      return contentPage(text(attrs.contentKey), ctx);
    case 'standard__recordPage':
      return recordPage(attrs);
    case 'standard__namedPage':
      return (
        own(
          NAMED_PAGE_PATHS,
          text(attrs.name)
            .toLowerCase()
            .replace(/[\s-]+/g, '_'),
        ) ?? ''
      );
    case 'standard__recordRelationshipPage': {
      const object = text(attrs.objectApiName);
      const allowed = own(RELATIONSHIP_PAGES, object) ?? [];
      return allowed.includes(text(attrs.relationshipApiName)) ? recordPage(attrs) : '';
    }
    case 'standard__objectPage':
      return own(OBJECT_PAGE_PATHS, text(attrs.objectApiName)) ?? '';
    case 'standard__search':
      return searchPage(ref);
  }
}

/**
 * The href a page reference opens (spec 03 §2.4). A reference missing a required attribute generates ''; a
 * web page url with a script-like or data scheme is the placeholder; a generated URL over 2048 characters
 * is '' (spec 03 §9).
 */
export function pageReferenceHref(ref: PageReference | null | undefined, ctx: PageLinkContext = {}): string {
  if (!ref || typeof ref !== 'object') return '';
  const type = resolvePageReferenceType(ref.type);
  if (type === 'standard__webPage') {
    // The web page rule decides here (placeholder vs empty), not the generic validity check.
    const href = webPage(text(ref.attributes?.url), ctx.host);
    return href.length > MAX_URL_LENGTH ? '' : href;
  }
  if (!isValidPageReference(ref, ctx.host)) return '';
  const href = generate(ref, ctx);
  return href.length > MAX_URL_LENGTH ? '' : href;
}
