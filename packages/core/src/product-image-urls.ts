// Where the store's own product images live, for the server that serves them and the pages that show
// them. Each product has a generated SVG (`/media/products/{SKU}.svg`, `?size=thumb` for listings) and
// raster renditions of it at the widths of image-srcset.ts (`/media/products/{SKU}/{width}.webp`), both
// optionally carrying `v`, the image's content version: a URL with the current version names one image
// forever, so it may be cached as immutable, and a changed image gets a new URL. A product whose seller
// uploaded an image (issue 15) has media pointing at one of its renditions (`/media/products/{SKU}/960.webp?v=…`,
// the version being the upload's): the same route serves every width of it, so its srcset is built alike.
import { SKU_SOURCE } from './sku.ts';
import { widthSrcSet } from './image-srcset.ts';

/** The raster format of resized product images: WebP, which every browser that reads srcset decodes. */
export const RESIZED_IMAGE_FORMAT = 'webp';

export type ProductImageSize = 'full' | 'thumb';

export interface ProductImageRef {
  /** Scheme and host when the URL was absolute, else ''. */
  origin: string;
  sku: string;
  size: ProductImageSize;
  /** The content version the URL names, when it names one. */
  version: string | null;
  /** 'svg' for the generated image's URL, 'webp' for a rendition's (what an uploaded image's media point at). */
  format: 'svg' | 'webp';
}

const ORIGINAL = new RegExp(`^((?:https?://[^/?#\\s]+)?)/media/products/(${SKU_SOURCE})\\.svg(?:\\?([^#\\s]*))?$`);
const RENDITION = new RegExp(
  `^((?:https?://[^/?#\\s]+)?)/media/products/(${SKU_SOURCE})/\\d{2,4}\\.webp(?:\\?([^#\\s]*))?$`,
);

/** A content version as URLs carry it: lowercase hex, 8 to 64 digits. */
export const IMAGE_VERSION_PATTERN = /^[0-9a-f]{8,64}$/;

/** The product image an original image URL names, or null for any other URL (an image from elsewhere). */
export function productImageRef(url: string | null | undefined): ProductImageRef | null {
  const original = url ? ORIGINAL.exec(url) : null;
  const m = original ?? (url ? RENDITION.exec(url) : null);
  if (!m) return null;
  const query = new URLSearchParams(m[3] ?? '');
  const v = query.get('v');
  return {
    origin: m[1] ?? '',
    sku: m[2]!,
    size: query.get('size') === 'thumb' ? 'thumb' : 'full',
    version: v && IMAGE_VERSION_PATTERN.test(v) ? v : null,
    format: original ? 'svg' : 'webp',
  };
}

function query(ref: Pick<ProductImageRef, 'size' | 'version'>): string {
  const q = new URLSearchParams();
  if (ref.size === 'thumb') q.set('size', 'thumb');
  if (ref.version) q.set('v', ref.version);
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** The original (SVG) image URL of a product, with its size and content version. */
export function productImageUrl(ref: Omit<ProductImageRef, 'origin' | 'format'> & { origin?: string }): string {
  return `${ref.origin ?? ''}/media/products/${ref.sku}.svg${query(ref)}`;
}

/** The URL of a raster rendition of a product image `width` pixels wide. */
export function resizedProductImageUrl(ref: Omit<ProductImageRef, 'format'>, width: number): string {
  return `${ref.origin}/media/products/${ref.sku}/${width}.${RESIZED_IMAGE_FORMAT}${query(ref)}`;
}

/**
 * The srcset of one of the store's product images at these widths (never below the minimum), or null
 * when the URL is not one of them: an image from elsewhere cannot be resized here.
 */
export function productImageSrcSet(url: string | null | undefined, widths: readonly number[]): string | null {
  const ref = productImageRef(url);
  return ref ? widthSrcSet((w) => resizedProductImageUrl(ref, w), widths) : null;
}
