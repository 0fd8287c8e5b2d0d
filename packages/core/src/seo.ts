// Search-engine properties of a record (spec 03 §3 "SEO properties response", §7, §8; issue 16 item 8):
// the wire shape of GET /connect/communities/{communityId}/seo/properties/{recordId}, the fields it may
// be asked for, its one-hour cache and the sitemap's limits. Shared by the server (which answers), the
// client (which asks and caches) and the storefront (which writes the page head from it). No I/O here.

/** The SEO fields a record has; `fields=` may name any of them (comma list), else all are answered. */
export const SEO_FIELD_NAMES = ['title', 'description'] as const;
export type SeoFieldName = (typeof SEO_FIELD_NAMES)[number];

/** One language version of the page (the store sells in one language; x-default names the same page). */
export interface SeoHrefLangUrl {
  /** A BCP 47 language tag, or 'x-default'. */
  language: string;
  /** Absolute URL. */
  url: string;
}

export interface SeoProperties {
  /** The record's own name (product or category Name, the content item's title). */
  recordName: string;
  /** Product2, ProductCategory or ManagedContent. */
  objectName: SeoObjectName;
  /** title and description (only those asked for with `fields`); a value may be '' when the record has none. */
  fields: Partial<Record<SeoFieldName, string>>;
  /** Structured fields; this store has none, so always {} (kept for the platform's shape). */
  complexFields: Record<string, unknown>;
  hrefLangUrls: SeoHrefLangUrl[];
  /** Absolute URL of the record's page. */
  canonicalUrl: string;
  /**
   * Whether search engines may index the page: false when a guest (what a crawler is) may not see the record
   * (entitled to a buyer group only, Draft seen in preview, guest browsing off) or the seller marked it "no index".
   */
  isSeoIndexed: boolean;
}

export type SeoObjectName = 'Product2' | 'ProductCategory' | 'ManagedContent';

/** The store's one language; hreflang alternates name it and x-default (decided in .notes-seo.md). */
export const SEO_LANGUAGE = 'en-US';

/** Spec 03 §7, §9: the client keeps an answer one hour. */
export const SEO_CACHE_MS = 3_600_000;

/** sitemaps.org: at most 50,000 URLs per sitemap file; past that /sitemap.xml becomes a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;

/** The hreflang list for a page: its own language and x-default, both the canonical URL. */
export const hrefLangUrlsFor = (canonicalUrl: string): SeoHrefLangUrl[] => [
  { language: SEO_LANGUAGE, url: canonicalUrl },
  { language: 'x-default', url: canonicalUrl },
];

/** The most a meta description should hold (search engines cut near 160 characters). */
export const SEO_DESCRIPTION_MAX = 160;

/** Plain text cut to `max` characters on a word boundary, with an ellipsis when cut. */
export function seoSnippet(text: string, max = SEO_DESCRIPTION_MAX): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 40)).trimEnd()}…`;
}

/** The seller's SEO settings of a product or category (workspace; GET/PUT …/seo-settings/{recordId}). */
export interface SeoSettings {
  recordId: string;
  /** null: the record's own (a product's Name, a category's "<Name> datasets"). */
  title: string | null;
  /** null: from the record's Description. */
  description: string | null;
  /** Keep the page out of search engines (isSeoIndexed false, left out of the sitemap). */
  noIndex: boolean;
}
export type SeoSettingsInput = Omit<SeoSettings, 'recordId'>;
/** Longest seller's title and meta description the workspace accepts. */
export const SEO_TITLE_MAX = 120;
export const SEO_SETTINGS_DESCRIPTION_MAX = 320;
