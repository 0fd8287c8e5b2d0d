// Managed content (issue 16, spec 03 §2.3, §5 "Content delivery", §7): the content types the store keeps,
// the delivery API's wire shapes and limits, and the layout definition a page is composed from. Shared by
// the server (which stores, checks and delivers it), the client (which asks for it and checks its own
// arguments) and the storefront (which renders it). No I/O here.
//
// Wire shapes follow the platform's ManagedContentDeliveryDocument / …Collection (Connect REST "CMS
// Delivery Content(s)", v55+): contentKey, managedContentId, contentType {fullyQualifiedName, …}, title,
// urlName, publishedDate, contentBody (only with includeContentBody), references (only with
// referenceDepth > 0). Our own content types carry the `dd__` namespace (Data Depot); the image type keeps
// the platform's name so an image provider written for the platform finds it.

import type { PageReference } from './url.ts';

// ---- Ids ----

/** Key prefixes of the content records (the platform's). */
export const CONTENT_ID_PREFIXES = {
  /** An Experience site (spec 03 §5: a site id starts with 0DM). */
  site: '0DM',
  /** A CMS delivery channel (spec 03 §5: a channel id starts with 0ap). */
  channel: '0ap',
  /** The community (network) behind the site, addressed by the SEO properties call. */
  community: '0DB',
  /** A managed content record. */
  managedContent: '20Y',
} as const;

/** A content key: "MC" and 26 upper-case letters or digits (28 characters, as the platform's GUID-like keys). */
export const CONTENT_KEY_PATTERN = /^MC[A-Z0-9]{26}$/;
/** A managed content id: 20Y + 12 or 15 more characters (15/18-character record id). */
export const MANAGED_CONTENT_ID_PATTERN = /^20Y[a-zA-Z0-9]{12}(?:[a-zA-Z0-9]{3})?$/;

export const isContentKey = (v: unknown): v is string => typeof v === 'string' && CONTENT_KEY_PATTERN.test(v);
export const isManagedContentId = (v: unknown): v is string =>
  typeof v === 'string' && MANAGED_CONTENT_ID_PATTERN.test(v);

// ---- Content types ----

export const CONTENT_TYPES = {
  image: 'sfdc_cms__image',
  banner: 'dd__banner',
  richText: 'dd__richText',
  productCollection: 'dd__productCollection',
  pageLayout: 'dd__pageLayout',
} as const;
export type ContentTypeFqn = (typeof CONTENT_TYPES)[keyof typeof CONTENT_TYPES];
export const CONTENT_TYPE_FQNS: readonly ContentTypeFqn[] = Object.values(CONTENT_TYPES);
export const CONTENT_TYPE_LABELS: Record<ContentTypeFqn, string> = {
  sfdc_cms__image: 'Image',
  dd__banner: 'Banner',
  dd__richText: 'Rich text',
  dd__productCollection: 'Product collection',
  dd__pageLayout: 'Page layout',
};

export type ContentStatus = 'Draft' | 'Live';

/** A reference from one content body to another content item, by key. */
export interface ContentRef {
  contentKey: string;
}

/** sfdc_cms__image: the bytes live in the store (served under the media path); this is what describes them. */
export interface ImageContentBody {
  altText: string;
  /** `version` names the bytes (a hash): it differs between the working and live copy after a new upload. */
  source: { url: string; mimeType: string; width: number; height: number; version?: string };
  /** CSS background-position when shown as a background (spec 03 §3 image data bgPosition). */
  bgPosition?: string;
  /** 'cover', 'contain' or a repeat value (spec 03 §3 image data bgSizeOrRepeat). */
  bgSizeOrRepeat?: string;
}

/**
 * Image data (spec 03 §3): what the image provider (client image-provider.ts) makes of an sfdc_cms__image
 * item for a page. Url is the default rendition, RawUrl the original bytes' path, SrcSet a valid candidate
 * list (core image-srcset.ts; '' when there is none), ContentKey the item's key; bgPosition and
 * bgSizeOrRepeat are the CSS values a background use takes. Property names are the spec's.
 */
export interface ImageData {
  Url: string;
  RawUrl: string;
  AltText: string;
  SrcSet: string;
  ContentKey: string;
  bgPosition: string;
  bgSizeOrRepeat: string;
}

/** A button (spec 03 §2.4). `link` is a page reference; anything not valid falls back to a web page. */
export interface ButtonDefinition {
  text: string;
  link: PageReference;
  alignment?: 'center' | 'left' | 'right';
  variant?: 'primary' | 'secondary';
  size?: 'small' | 'large' | 'standard';
  stretch?: boolean;
  assistiveText?: string;
}

/** dd__banner: a heading over an optional image, with a line of text and a button. */
export interface BannerContentBody {
  heading: string;
  text?: string;
  image?: ContentRef;
  button?: ButtonDefinition;
  textColor?: string;
  backgroundColor?: string;
}

/** dd__richText: HTML (sanitised when written, and again when shown). */
export interface RichTextContentBody {
  html: string;
}

/** dd__productCollection: products shown as a grid; 'featured' is the seller's featured list. */
export interface ProductCollectionContentBody {
  heading?: string;
  source: { kind: 'featured' } | { kind: 'products'; productIds: string[] } | { kind: 'category'; categoryId: string };
  /** Columns on medium screens and up (1–6, spec 03 §2.3 grid). */
  numberOfColumns?: number;
  /** Most products shown. */
  limit?: number;
}

/** dd__pageLayout: a page of the site, at /{urlName} (the home page is urlName 'home', shown at /). */
export interface PageLayoutContentBody {
  /** Meta description of the page (its title is the content's title). */
  description?: string;
  sections: SectionDefinition[];
}

export interface ContentBodies {
  sfdc_cms__image: ImageContentBody;
  dd__banner: BannerContentBody;
  dd__richText: RichTextContentBody;
  dd__productCollection: ProductCollectionContentBody;
  dd__pageLayout: PageLayoutContentBody;
}

/** The url name of the home page's layout. */
export const HOME_PAGE_URL_NAME = 'home';

// ---- Layout definition (spec 03 §2.3) ----

export type LayoutDirection = 'row' | 'row-reverse' | 'column' | 'column-reverse';

/** A section container's settings and its columns. Background images are image content keys. */
export interface SectionDefinition {
  id: string;
  maxContentWidth?: string;
  /** '2rem' or '5rem' (spec 03 §2.3). */
  gutter?: string;
  componentSpacing?: string;
  minHeight?: string;
  padding?: string;
  margin?: string;
  direction?: { desktop?: LayoutDirection; tablet?: LayoutDirection; mobile?: LayoutDirection };
  verticalAlign?: 'start' | 'center' | 'end' | 'stretch';
  backgroundColor?: string;
  /** Applied only when all three variants are present. */
  backgroundImage?: {
    desktop?: ContentRef;
    tablet?: ContentRef;
    mobile?: ContentRef;
    altText?: string;
    position?: string;
    sizeOrRepeat?: string;
    overlayColor?: string;
  };
  /** Accessible name; a labelled section renders as <section>. */
  ariaLabel?: string;
  columns: ColumnDefinition[];
}

export interface ColumnDefinition {
  id: string;
  /** 1–12; anything non-numeric is 12. */
  width?: number | string;
  verticalAlign?: 'start' | 'center' | 'end' | 'stretch';
  componentSpacing?: string;
  components: BlockDefinition[];
}

export type TextTagName = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'p';

export interface TextBlockDefinition {
  type: 'textBlock';
  id: string;
  text: string;
  tag?: TextTagName;
  tabletTag?: TextTagName;
  mobileTag?: TextTagName;
  textStyle?: string;
  fontSize?: string;
  textColor?: string;
  backgroundColor?: string;
  align?: 'left' | 'center' | 'right';
  decoration?: Array<'bold' | 'italic' | 'underline' | 'strike'>;
  paddingVertical?: string;
  paddingHorizontal?: string;
  className?: string;
  linkable?: boolean;
  url?: string;
  linkAssistiveText?: string;
}

/** Rich text: a dd__richText item by key, or inline HTML; imageInfos come from the image provider. */
export interface RichTextBlockDefinition {
  type: 'richText';
  id: string;
  contentKey?: string;
  value?: string;
  enableQuillCss?: boolean;
}

export interface ButtonBlockDefinition extends ButtonDefinition {
  type: 'button';
  id: string;
}

/** A dd__banner, dd__productCollection or sfdc_cms__image item placed by key. */
export interface ContentBlockDefinition {
  type: 'banner' | 'productCollection' | 'image';
  id: string;
  contentKey: string;
}

/** Shows its components only at the listed sizes (spec 03 §2.3: small/s, medium/m, large/l, ranges, lists). */
export interface ResponsiveWrapperDefinition {
  type: 'responsiveWrapper';
  id: string;
  /** e.g. 'small', 'm-l', 'small,large'; empty = all sizes. */
  sizes: string;
  components: BlockDefinition[];
}

export type BlockDefinition =
  | TextBlockDefinition
  | RichTextBlockDefinition
  | ButtonBlockDefinition
  | ContentBlockDefinition
  | ResponsiveWrapperDefinition;

export type BlockType = BlockDefinition['type'];

// ---- Delivery API ----

/** Collection query limits (Connect REST "CMS Delivery Contents"). */
export const CONTENT_DELIVERY_LIMITS = {
  maxContentKeys: 50,
  maxManagedContentIds: 100,
  defaultPageSize: 25,
  maxPageSize: 250,
  /** With includeContentBody (or references) a page holds at most 25. */
  maxPageSizeWithBody: 25,
  maxReferenceDepth: 3,
} as const;

export interface ManagedContentTypeSummary {
  fullyQualifiedName: string;
  name: string;
  label: string;
}

export interface ManagedContentDeliveryDocument {
  contentKey: string;
  managedContentId: string;
  contentType: ManagedContentTypeSummary;
  title: string;
  urlName: string;
  /** ISO date-time of the last publish; null for a Draft seen in preview. */
  publishedDate: string | null;
  language: string;
  /** Live, or Draft (only ever delivered to a previewing administrator). */
  status: ContentStatus;
  /** Only with includeContentBody=true (collection) — a single item always has it. */
  contentBody?: Record<string, unknown>;
  /** Referenced items by content key, to referenceDepth levels; null when referenceDepth is 0. */
  references?: Record<string, ManagedContentDeliveryDocument> | null;
  /** The same referenced items as a list, in place of `references`, when the single call asks referencesAsList. */
  referencesList?: ManagedContentDeliveryDocument[] | null;
  /** Public URL of an image's bytes. */
  unauthenticatedUrl?: string;
}

/**
 * The collection query of the delivery API (Connect REST "CMS Delivery Contents"; limits in
 * CONTENT_DELIVERY_LIMITS), as the client sends it and the server reads it.
 */
export interface ContentDeliveryQuery {
  /** At most 50. */
  contentKeys?: readonly string[];
  /** At most 100. */
  managedContentIds?: readonly string[];
  /** e.g. 'dd__pageLayout', 'sfdc_cms__image'. */
  contentTypeFQN?: string;
  /** 0-based. */
  page?: number;
  /** 1–250 (default 25); at most 25 with includeContentBody or a referenceDepth above 0. */
  pageSize?: number;
  /** 0–3 (default 0: references null). */
  referenceDepth?: number;
  /** Default false: no contentBody. */
  includeContentBody?: boolean;
  /** Content exists in en_US; another language is answered in en_US. */
  language?: string;
  /** ISO 8601: only items published at or after / at or before it. */
  publishStartDate?: string;
  publishEndDate?: string;
  /** Referenced items carry their contentBody (default true); false gives them without it. */
  expandReferences?: boolean;
}

/** The single-item query of the delivery API. A single item always carries its contentBody. */
export interface ContentDeliveryItemQuery {
  referenceDepth?: number;
  language?: string;
  expandReferences?: boolean;
  /** References as `referencesList` (an array) instead of the `references` map. */
  referencesAsList?: boolean;
  /** Image URLs absolute instead of site-relative. */
  showAbsoluteUrl?: boolean;
}

export interface ManagedContentDeliveryDocumentCollection {
  contents: ManagedContentDeliveryDocument[];
  /** Items matching the query across all pages. */
  total: number;
  /** Page number (0-based) and size of this answer. */
  page: number;
  pageSize: number;
  currentPageUrl: string;
  nextPageUrl: string | null;
}

/** Paths, relative to /services/data/v65.0. */
export const siteContentsPath = (siteId: string) =>
  `/connect/sites/${encodeURIComponent(siteId)}/cms/delivery/contents`;
export const channelContentsPath = (channelId: string) =>
  `/connect/cms/delivery/channels/${encodeURIComponent(channelId)}/contents`;

/**
 * Where a site's content assets live (spec 03 §2.3 rich text: "expressions for content assets resolve to
 * file-asset and content-delivery media paths under the site base path"). Our site base path is '/sfsites/c'.
 */
export const SITE_BASE_PATH = '/sfsites/c';
export const cmsMediaPath = (contentKey: string) =>
  `${SITE_BASE_PATH}/cms/delivery/media/${encodeURIComponent(contentKey)}`;

/** Ids a storefront needs to ask for its content and SEO properties (application-context carries them). */
export interface SiteIds {
  siteId: string;
  channelId: string;
  communityId: string;
}

/**
 * The site, channel and community ids of a webstore: the same record number under the content prefixes
 * (0ZE000000000001AAA → 0DM000000000001AAA, 0ap…, 0DB…), so no table has to keep them and any process can
 * map a site id back to its store (webstoreIdOfSite).
 */
export function siteIdsOf(webstoreId: string): SiteIds {
  const rest = webstoreId.slice(3);
  return {
    siteId: `${CONTENT_ID_PREFIXES.site}${rest}`,
    channelId: `${CONTENT_ID_PREFIXES.channel}${rest}`,
    communityId: `${CONTENT_ID_PREFIXES.community}${rest}`,
  };
}

/** The webstore id behind a site, channel or community id (the inverse of siteIdsOf), or null for another prefix. */
export function webstoreIdOfSite(id: string, kind: keyof SiteIds): string | null {
  const prefix =
    kind === 'siteId'
      ? CONTENT_ID_PREFIXES.site
      : kind === 'channelId'
        ? CONTENT_ID_PREFIXES.channel
        : CONTENT_ID_PREFIXES.community;
  if (!id.startsWith(prefix) || !/^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/.test(id)) return null;
  return `0ZE${id.slice(3)}`;
}

/** The publication facts of an item that decide whether shoppers see its live copy. */
export interface ContentPublication {
  /** Whether a live copy exists (it has been published and not unpublished since). */
  hasLiveCopy: boolean;
  publishStartAt: string | null;
  publishEndAt: string | null;
}

/**
 * The one rule for shoppers (everyone not previewing): an item shows its live copy when it has one and `now`
 * lies in its publication window (start inclusive, end exclusive; a missing bound is open). A previewing
 * administrator sees every item's working copy instead; that choice belongs to the server, never the browser.
 */
export function isLiveVisible(p: ContentPublication, now: Date): boolean {
  if (!p.hasLiveCopy) return false;
  const t = now.getTime();
  if (p.publishStartAt && Date.parse(p.publishStartAt) > t) return false;
  if (p.publishEndAt && Date.parse(p.publishEndAt) <= t) return false;
  return true;
}
