// The image provider (spec 03 §7, §8, §9): image content items, fetched by content key with their bodies
// through the content delivery call, become the spec's image data (core ImageData): Url, RawUrl, AltText,
// SrcSet, ContentKey, bgPosition, bgSizeOrRepeat. Renditions come from the CMS media route's `?width=`
// (mobile 640, tablet 960, desktop 1920 at density 1; never below 100, never wider than the stored image, so
// every width a SrcSet states is the width the image decodes at). A failed call never reaches the page: it
// is a console warning naming the keys and the site, and each key falls back to its CMS media path.
//
// The delivery call is a parameter (the client's getSiteContents fits it), so any caller can hand in its own
// transport and this file depends on core alone.
import {
  CONTENT_DELIVERY_LIMITS,
  CONTENT_TYPES,
  cmsMediaPath,
  formatSrcSet,
  IMAGE_WIDTHS,
  type ImageData,
  imageWidths,
  isSrcSetUrl,
  type ManagedContentDeliveryDocument,
  type ManagedContentDeliveryDocumentCollection,
  widthSrcSet,
} from '@store/core';

/** What the provider asks the delivery call for: one page of image items by key, with their bodies. */
export interface ImageContentsQuery {
  contentKeys: string[];
  includeContentBody: true;
  page: number;
  pageSize: number;
}

/** The site content delivery call (client content-api getSiteContents, or any transport of it). */
export type FetchSiteContents = (
  siteId: string,
  query: ImageContentsQuery,
) => Promise<ManagedContentDeliveryDocumentCollection>;

export interface ImageProviderOptions {
  /** Where the failure warning goes (console.warn by default). */
  warn?: (message: string) => void;
}

/** Spec 03 §9: the renditions an image is offered at (each at density 1). */
export const IMAGE_PROVIDER_WIDTHS: readonly number[] = [
  IMAGE_WIDTHS.mobile,
  IMAGE_WIDTHS.tablet,
  IMAGE_WIDTHS.desktop,
];

/** Used when the item sets none (its position and size when it is a section's background). */
export const DEFAULT_BG_POSITION = 'center';
export const DEFAULT_BG_SIZE_OR_REPEAT = 'cover';

// CSS values only (keywords, lengths, percentages): the values end up in a style, so nothing else passes.
const BG_POSITION = /^[a-z0-9.%\s-]{1,60}$/i;
const LENGTH = '(?:0|\\d+(?:\\.\\d+)?(?:px|%|r?em|vw|vh)|auto)';
const BG_SIZE_OR_REPEAT = new RegExp(
  `^(?:cover|contain|repeat|repeat-x|repeat-y|no-repeat|space|round|${LENGTH}(?: ${LENGTH})?)$`,
);

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** A URL an <img> may load: a same-site path or an http(s) address, fit for a srcset, never a script or data scheme. */
function loadableUrl(url: string | undefined): string | undefined {
  return url && /^(?:\/(?!\/)|https?:\/\/)/i.test(url) && isSrcSetUrl(url) ? url : undefined;
}

/** The spec's fallback for a key: its CMS media path, no renditions. */
export function fallbackImageData(contentKey: string): ImageData {
  const path = cmsMediaPath(contentKey);
  return {
    Url: path,
    RawUrl: path,
    AltText: '',
    SrcSet: '',
    ContentKey: contentKey,
    bgPosition: DEFAULT_BG_POSITION,
    bgSizeOrRepeat: DEFAULT_BG_SIZE_OR_REPEAT,
  };
}

/**
 * The image data of one delivered image item, or null for an item of another type. RawUrl is the body's
 * source URL (else the item's public URL, else its CMS media path); when that is the item's CMS media path,
 * Url and SrcSet use its renditions at the provider widths the stored image reaches, else the raw URL alone.
 */
export function imageDataOf(doc: ManagedContentDeliveryDocument): ImageData | null {
  if (doc.contentType?.fullyQualifiedName !== CONTENT_TYPES.image) return null;
  const body = record(doc.contentBody);
  const source = record(body.source);
  const media = cmsMediaPath(doc.contentKey);
  const raw = loadableUrl(text(source.url)) ?? loadableUrl(doc.unauthenticatedUrl) ?? media;
  const [path, query = ''] = raw.split('?', 2) as [string, string?];
  // Only this store's media route makes renditions, and only of this item; a version the URL names is kept.
  const version = new URLSearchParams(query).get('v');
  const resizable = path === media || path.endsWith(media);
  const rendition = (width: number) => `${path}?width=${width}${version ? `&v=${encodeURIComponent(version)}` : ''}`;
  const stored = typeof source.width === 'number' && Number.isInteger(source.width) ? source.width : 0;
  // A rendition is never wider than the stored image: stating a wider one would be a lie the browser believes.
  const widths = resizable ? imageWidths(IMAGE_PROVIDER_WIDTHS).filter((w) => w <= stored) : [];
  let srcSet = '';
  try {
    if (widths.length > 1) srcSet = widthSrcSet(rendition, widths);
    // One candidate: a density form, which needs no `sizes` to be read as meant.
    else srcSet = formatSrcSet([{ url: widths.length ? rendition(widths[0]!) : raw, density: 1 }]);
  } catch {
    srcSet = '';
  }
  const bgPosition = text(body.bgPosition)?.trim();
  const bgSizeOrRepeat = text(body.bgSizeOrRepeat)?.trim();
  return {
    Url: widths.length ? rendition(widths[widths.length - 1]!) : raw,
    RawUrl: raw,
    AltText: text(body.altText) ?? '',
    SrcSet: srcSet,
    ContentKey: doc.contentKey,
    bgPosition: bgPosition && BG_POSITION.test(bgPosition) ? bgPosition : DEFAULT_BG_POSITION,
    bgSizeOrRepeat:
      bgSizeOrRepeat && BG_SIZE_OR_REPEAT.test(bgSizeOrRepeat) ? bgSizeOrRepeat : DEFAULT_BG_SIZE_OR_REPEAT,
  };
}

/**
 * The image data of these content keys (each once; blanks dropped), keyed by content key. Keys are asked
 * for in pages of the delivery API's most with bodies (25). A key the call answers without (unknown, not an
 * image, not visible to the caller) has no entry. A page whose call fails is warned about, naming its keys
 * and the site, and each of its keys gets fallbackImageData: this never throws.
 */
export async function getImageData(
  fetchContents: FetchSiteContents,
  siteId: string,
  contentKeys: readonly string[],
  opts: ImageProviderOptions = {},
): Promise<Record<string, ImageData>> {
  const warn = opts.warn ?? ((message: string) => console.warn(message));
  const keys = [...new Set(contentKeys.filter((k) => typeof k === 'string' && k.trim() !== ''))];
  const pageSize = CONTENT_DELIVERY_LIMITS.maxPageSizeWithBody;
  const out: Record<string, ImageData> = {};
  const pages: string[][] = [];
  for (let i = 0; i < keys.length; i += pageSize) pages.push(keys.slice(i, i + pageSize));
  await Promise.all(
    pages.map(async (page) => {
      try {
        const answer = await fetchContents(siteId, { contentKeys: page, includeContentBody: true, page: 0, pageSize });
        for (const doc of answer.contents ?? []) {
          const data = page.includes(doc.contentKey) ? imageDataOf(doc) : null;
          if (data) out[doc.contentKey] = data;
        }
      } catch (e) {
        const reason = e instanceof Error ? e.message : String(e);
        warn(
          `Image provider: could not load the images ${page.join(', ')} of site ${siteId} (${reason}); showing their CMS media paths.`,
        );
        for (const key of page) out[key] = fallbackImageData(key);
      }
    }),
  );
  return out;
}

/** The provider bound to a delivery call and a site: `(contentKeys) => image data by content key`. */
export function createImageProvider(fetchContents: FetchSiteContents, siteId: string, opts: ImageProviderOptions = {}) {
  return (contentKeys: readonly string[]) => getImageData(fetchContents, siteId, contentKeys, opts);
}
