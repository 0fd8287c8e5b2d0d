// The sitemaps.org 0.9 documents and robots.txt, as text (the schemas they validate against are in
// src/seo/schemas/). Locations are absolute and XML-escaped.
import { escapeHtml } from '@store/core';

export interface SitemapUrl {
  /** Path from the site root ('/', '/product/01t…'). */
  path: string;
  /** W3C date or date-time, when known. */
  lastmod?: string | null;
}

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

const lastmodTag = (lastmod: string | null | undefined) => (lastmod ? `<lastmod>${xmlText(lastmod)}</lastmod>` : '');

/** Text that needs no escaping is sent as it is: the product paths (record ids) are most of a sitemap. */
const SPECIAL = /[&<>"']/;
const xmlText = (text: string) => (SPECIAL.test(text) ? escapeHtml(text) : text);

/** A URL's entry after its origin (written once per list; only the origin differs between requests). */
export const urlEntryTail = (u: SitemapUrl): string => `${xmlText(u.path)}</loc>${lastmodTag(u.lastmod)}</url>\n`;

/** A <urlset> of entries made by urlEntryTail (at most SITEMAP_MAX_URLS: the caller splits). */
export function urlsetXml(origin: string, tails: Iterable<string>): string {
  const open = `<url><loc>${xmlText(origin)}`;
  let out = `${HEAD}<urlset xmlns="${NS}">\n`;
  for (const tail of tails) out += open + tail;
  return `${out}</urlset>\n`;
}

/** A <sitemapindex> naming the numbered sitemaps (/sitemaps/sitemap-1.xml …). */
export function sitemapIndexXml(origin: string, count: number, lastmod?: string | null): string {
  const parts: string[] = [`${HEAD}<sitemapindex xmlns="${NS}">\n`];
  for (let n = 1; n <= count; n++)
    parts.push(`<sitemap><loc>${escapeHtml(`${origin}${sitemapPartPath(n)}`)}</loc>${lastmodTag(lastmod)}</sitemap>\n`);
  parts.push('</sitemapindex>\n');
  return parts.join('');
}

export const sitemapPartPath = (n: number) => `/sitemaps/sitemap-${n}.xml`;

/** Paths crawlers are kept out of: the shopper's own pages, the workspace and the API. */
export const ROBOTS_DISALLOWED = [
  '/admin',
  '/cart',
  '/checkout',
  '/account',
  '/profile',
  '/orders',
  '/subscriptions',
  '/login',
  '/register',
  '/search',
  '/services/',
  '/api/',
] as const;

/** robots.txt: the catalogue and content are open, the private pages closed, the sitemap named. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOWED.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
