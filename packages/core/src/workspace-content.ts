// The seller's content workspace (issue 16 item 7): the wire shapes of the content calls, the url-name rule
// and the status a content item shows in the workspace. The server checks everything again; the pages use
// these to say what is wrong before a round trip.
import type { ContentTypeFqn } from './content.ts';

/**
 * Where the item stands for shoppers: never published (or unpublished), published as it is, or published
 * with later saved changes shoppers do not see yet.
 */
export type AdminContentStatus = 'Draft' | 'Live' | 'Changed';

export const ADMIN_CONTENT_STATUS_LABELS: Record<AdminContentStatus, string> = {
  Draft: 'Draft',
  Live: 'Live',
  Changed: 'Live with unpublished changes',
};

/** A url name: lower-case letters and digits in words joined by single hyphens, at most 80 characters. */
export const CONTENT_URL_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CONTENT_URL_NAME_MAX = 80;
export const CONTENT_TITLE_MAX = 255;

/**
 * First path segments the storefront (or the server beside it) already answers: a page layout at /{urlName}
 * must not take one of them, or it would hide that route (or never be reached).
 */
export const RESERVED_URL_NAMES: readonly string[] = [
  'product',
  'products',
  'category',
  'categories',
  'search',
  'cart',
  'checkout',
  'account',
  'admin',
  'login',
  'logout',
  'register',
  'forgot-password',
  'reset-password',
  'order',
  'orders',
  'sitemap.xml',
  'robots.txt',
  'sfsites',
  'media',
  'services',
  'api',
  'assets',
  'favicon.ico',
  'health',
];

/** Why a url name is refused, or null when it is good (unique per type is the server's to check). */
export function contentUrlNameProblem(urlName: string): string | null {
  if (!urlName) return 'Give the item a url name.';
  if (urlName.length > CONTENT_URL_NAME_MAX) return `A url name has at most ${CONTENT_URL_NAME_MAX} characters.`;
  if (!CONTENT_URL_NAME_PATTERN.test(urlName))
    return 'A url name holds lower-case letters and digits, words joined by single hyphens (e.g. data-quality).';
  if (RESERVED_URL_NAMES.includes(urlName)) return `The url name "${urlName}" is a storefront route; choose another.`;
  return null;
}

/** A text block's styles and padding scale (spec 03 §2.3 text block). */
export const TEXT_BLOCK_STYLES = [
  'heading-xlarge',
  'heading-large',
  'heading-medium',
  'heading-small',
  'heading-xsmall',
  'heading-xxsmall',
  'body-regular',
  'body-small',
] as const;
export const TEXT_BLOCK_PADDINGS = [
  'none',
  'xxx-small',
  'xx-small',
  'x-small',
  'small',
  'medium',
  'large',
  'x-large',
  'xx-large',
] as const;

/** The storefront path of a page layout with this url name (the home page is at /). */
export const contentPagePath = (urlName: string) => (urlName === 'home' ? '/' : `/${urlName}`);

/** An image item's bytes as stored (null until uploaded). */
export interface AdminContentMedia {
  mimeType: string;
  width: number;
  height: number;
  byteSize: number;
  uploadedAt: string;
}

/** A row of the content table. */
export interface AdminContentSummary {
  managedContentId: string;
  contentKey: string;
  type: ContentTypeFqn;
  title: string;
  urlName: string;
  status: AdminContentStatus;
  publishedAt: string | null;
  updatedAt: string;
  revision: number;
}

/** One item: its working copy, its live copy (null while Draft) and its publication facts. */
export interface AdminContentItem extends AdminContentSummary {
  body: Record<string, unknown>;
  live: { title: string; urlName: string; body: Record<string, unknown> } | null;
  publishStartAt: string | null;
  publishEndAt: string | null;
  createdAt: string;
  /** Image items only. */
  media: AdminContentMedia | null;
}

export interface AdminContentQuery {
  page?: number;
  pageSize?: number;
  sort?: string;
  type?: ContentTypeFqn;
  /** Text anywhere in the title (case-insensitive). */
  q?: string;
}

export interface AdminContentCreate {
  type: ContentTypeFqn;
  title: string;
  urlName: string;
  /** The type's body (core ContentBodies); an image's `source` is the server's to fill. */
  body: Record<string, unknown>;
}

export interface AdminContentUpdate {
  /** The revision the change was made on: someone else's save since then is a 409. */
  revision: number;
  title?: string;
  urlName?: string;
  body?: Record<string, unknown>;
  publishStartAt?: string | null;
  publishEndAt?: string | null;
}
