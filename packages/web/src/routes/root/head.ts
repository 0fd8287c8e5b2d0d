// <head> tags from the matched routes: title, description, canonical and Open Graph (spec 03 §2.2 item 12).

import { escapeHtml, type SeoProperties } from '@store/core';
import { pathOfUrl } from '../../lib/seo.ts';
import type { HeadData, RootData } from '../types.ts';

export interface HeadMatch {
  id: string;
  data?: unknown;
  loaderData?: unknown;
  handle?: unknown;
}

/** What every page's head may say about the site itself, read once by the root loader. */
export interface SiteInfo {
  /** The webstore's name ('' when the store settings could not be read). */
  storeName: string;
}

export interface RouteHandle {
  /** `search` is the page's query string (a product family's chosen variation lives there). */
  head?: (data: unknown, site: SiteInfo, search: URLSearchParams) => HeadData;
}

/** "Cart | <store>": a page title followed by the store's name, when known. */
export const withStoreName = (title: string, site: SiteInfo): string =>
  site.storeName ? `${title} | ${site.storeName}` : title;

/** "Cart at <store>.": a page's description for pages that have no text of their own. */
export const atStore = (title: string, site: SiteInfo): string =>
  site.storeName ? `${title} at ${site.storeName}.` : `${title}.`;

/** The site's name as the root route's data carries it (the root route's id is 'root'). */
function siteOf(matches: HeadMatch[]): SiteInfo {
  const root = matches.find((m) => m.id === 'root');
  const data = (root?.loaderData ?? root?.data) as Partial<RootData> | undefined;
  return { storeName: data?.storeName ?? '' };
}

export const NOT_FOUND_HEAD: HeadData = {
  title: 'Page not found',
  description: 'The page you were looking for does not exist.',
  robots: 'noindex',
};
export const ERROR_HEAD: HeadData = { title: 'Something went wrong', robots: 'noindex' };

/** The deepest matched route that describes its head and has data; otherwise the not-found head. */
export function headFor(matches: HeadMatch[], errored = false, search = ''): HeadData {
  if (errored) return NOT_FOUND_HEAD;
  const site = siteOf(matches);
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = matches[i];
    const handle = m.handle as RouteHandle | undefined;
    const data = m.loaderData ?? m.data;
    if (handle?.head && data) return handle.head(data, site, new URLSearchParams(search));
  }
  return NOT_FOUND_HEAD;
}

const absolute = (origin: string, path: string) => (/^https?:\/\//i.test(path) ? path : `${origin}${path}`);

/** The tags as HTML for the server template. */
export function renderHead(head: HeadData, origin: string): string {
  const tags: string[] = [`<title>${escapeHtml(head.title)}</title>`];
  const description = head.description ?? '';
  tags.push(`<meta name="description" content="${escapeHtml(description)}">`);
  if (head.robots) tags.push(`<meta name="robots" content="${escapeHtml(head.robots)}">`);
  if (head.canonicalPath)
    tags.push(`<link rel="canonical" href="${escapeHtml(absolute(origin, head.canonicalPath))}">`);
  for (const a of head.alternates ?? [])
    tags.push(
      `<link rel="alternate" hreflang="${escapeHtml(a.hrefLang)}" href="${escapeHtml(absolute(origin, a.path))}">`,
    );
  tags.push(`<meta property="og:title" content="${escapeHtml(head.title)}">`);
  tags.push(`<meta property="og:description" content="${escapeHtml(description)}">`);
  tags.push(`<meta property="og:type" content="${head.type ?? 'website'}">`);
  if (head.canonicalPath)
    tags.push(`<meta property="og:url" content="${escapeHtml(absolute(origin, head.canonicalPath))}">`);
  if (head.image) tags.push(`<meta property="og:image" content="${escapeHtml(absolute(origin, head.image))}">`);
  return tags.join('\n');
}

/**
 * The head of a page that is the shopper's own (account, checkout, orders): "<title> | <store>",
 * "<title> at <store>." and kept out of search indexes.
 */
export function privatePageHead(title: (data: unknown) => string, canonicalPath?: string): RouteHandle {
  return {
    head: (d, site): HeadData => ({
      title: withStoreName(title(d), site),
      description: atStore(title(d), site),
      canonicalPath,
      robots: 'noindex',
    }),
  };
}

/**
 * A record page's head from its SEO properties (issue 16 item 8): the seller's or derived title and description,
 * the canonical and hreflang URLs, and noindex when search engines may not index it. Without properties (the call
 * failed) the page's own head stands unchanged. `title` dresses the record's title as the page shows it.
 */
export function withSeo(
  head: HeadData,
  seo: SeoProperties | null | undefined,
  title: (recordTitle: string) => string = (t) => t,
): HeadData {
  if (!seo) return head;
  const canonicalPath = pathOfUrl(seo.canonicalUrl) ?? head.canonicalPath;
  const alternates = seo.hrefLangUrls.flatMap((h) => {
    const path = pathOfUrl(h.url);
    return path && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(h.language) ? [{ hrefLang: h.language, path }] : [];
  });
  return {
    ...head,
    title: seo.fields.title ? title(seo.fields.title) : head.title,
    description: seo.fields.description || head.description,
    canonicalPath,
    alternates,
    robots: seo.isSeoIndexed ? head.robots : 'noindex',
  };
}
