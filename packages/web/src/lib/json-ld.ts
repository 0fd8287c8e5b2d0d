// schema.org structured data for category and content pages (issue 16 item 8), as the product page has its
// own (catalogue/product-view.ts productJsonLd). Written into the page with scriptJson, which escapes '<', so
// a title holding '</script>' stays text.

import { HOME_PAGE_URL_NAME, type BreadcrumbInput } from '@store/core';
import type { CardProduct } from '../routes/types.ts';

const absolute = (origin: string, path: string) =>
  /^https?:\/\//i.test(path) ? path : `${origin}${path.startsWith('/') ? '' : '/'}${path}`;

function breadcrumbList(id: string, origin: string, crumbs: readonly BreadcrumbInput[]) {
  return {
    '@type': 'BreadcrumbList',
    '@id': id,
    itemListElement: [{ label: 'Home', href: '/' }, ...crumbs].map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.label,
      item: absolute(origin, c.href || '/'),
    })),
  };
}

export interface CategoryJsonLdInput {
  origin: string;
  /** The category page's own path (its canonical). */
  path: string;
  name: string;
  description: string | null;
  breadcrumbs: readonly BreadcrumbInput[];
  /** The products listed on this page, and where the page starts in the whole list. */
  products: readonly CardProduct[];
  firstPosition: number;
  total: number;
}

/** A category page: a CollectionPage with its BreadcrumbList and the ItemList of the products it lists. */
export function categoryJsonLd(c: CategoryJsonLdInput) {
  const url = absolute(c.origin, c.path);
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'CollectionPage',
        '@id': url,
        url,
        name: c.name,
        description: c.description || undefined,
        breadcrumb: { '@id': `${url}#breadcrumb` },
        mainEntity: { '@id': `${url}#products` },
      },
      breadcrumbList(`${url}#breadcrumb`, c.origin, c.breadcrumbs),
      {
        '@type': 'ItemList',
        '@id': `${url}#products`,
        numberOfItems: c.total,
        itemListElement: c.products.map((p, i) => ({
          '@type': 'ListItem',
          position: c.firstPosition + i,
          url: absolute(c.origin, p.href),
          name: p.name,
        })),
      },
    ],
  };
}

/** Where a content page lives: the home page at '/', every other at /{urlName} (routes/content). */
export const contentPagePath = (urlName: string) =>
  urlName === HOME_PAGE_URL_NAME ? '/' : `/${encodeURIComponent(urlName)}`;

/** Url names of content pages that describe the seller itself (schema.org AboutPage). */
const ABOUT_PAGES = new Set(['about', 'about-us']);

/** A content page: a WebPage (an AboutPage for "about"), with its place under the home page. */
export function contentPageJsonLd(p: {
  origin: string;
  path: string;
  urlName: string;
  title: string;
  description?: string | null;
}) {
  const url = absolute(p.origin, p.path);
  const isHome = p.path === '/';
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': ABOUT_PAGES.has(p.urlName) ? 'AboutPage' : 'WebPage',
        '@id': url,
        url,
        name: p.title,
        description: p.description || undefined,
        ...(isHome ? {} : { breadcrumb: { '@id': `${url}#breadcrumb` } }),
      },
      ...(isHome ? [] : [breadcrumbList(`${url}#breadcrumb`, p.origin, [{ label: p.title, href: p.path }])]),
    ],
  };
}
