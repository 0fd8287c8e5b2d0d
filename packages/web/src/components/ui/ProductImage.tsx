// A product image as every page shows it: the store's generated image (an SVG, kept as `src` for any
// browser that ignores srcset) offered as WebP renditions in a `srcset` (640w, 960w, 1920w, spec 03 §9,
// plus the smaller widths tiles and thumbnails need), with `sizes` telling the browser how wide the
// image is laid out, so it fetches the smallest rendition that fills it at the screen's density.
// An image from elsewhere cannot be resized here and is shown as it is.
import { PAGE_IMAGE_WIDTHS, RESIZED_IMAGE_WIDTHS, TILE_IMAGE_WIDTHS, productImageSrcSet } from '@store/core';

/** Where the image sits: its candidate widths and its laid-out width (matching styles.css). */
export const PRODUCT_IMAGE_LAYOUTS = {
  /** The product page's images (.pdp-media, at most 30rem wide). */
  page: { widths: PAGE_IMAGE_WIDTHS, sizes: '(min-width: 32em) 30rem, 100vw' },
  /** A card in a results or category grid: the whole width on phones, a third of the page (≤ 75rem) above. */
  tile: { widths: TILE_IMAGE_WIDTHS, sizes: '(min-width: 75em) 25rem, (min-width: 48em) 33vw, 100vw' },
  /** The search box's suggestion thumbnails, 40 px wide. */
  thumbnail: { widths: RESIZED_IMAGE_WIDTHS, sizes: '40px' },
} as const;

export type ProductImageLayout = keyof typeof PRODUCT_IMAGE_LAYOUTS;

export interface ProductImageProps {
  /** The image URL as the API gives it (the product's media item or default image). */
  url: string;
  /** Alternative text: the media item's, else the product's name; '' only where the name is beside it. */
  alt: string;
  layout: ProductImageLayout;
  /** The intrinsic size, so the page does not shift as the image loads. */
  width: number;
  height: number;
  /** The page's main image loads at once; others wait until they are near the viewport. */
  eager?: boolean;
  className?: string;
}

export function ProductImage({ url, alt, layout, width, height, eager = false, className }: ProductImageProps) {
  const { widths, sizes } = PRODUCT_IMAGE_LAYOUTS[layout];
  const srcSet = productImageSrcSet(url, widths);
  return (
    <img
      src={url}
      srcSet={srcSet ?? undefined}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
    />
  );
}
