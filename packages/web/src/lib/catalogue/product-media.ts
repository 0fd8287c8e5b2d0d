// Which images the product page shows (issue 14: the Standard media group for the page, Listing for
// tiles) and with what alternative text.
import type { ProductDetail, ProductMedia } from '@store/core';
import { productImageUrl, productName } from './product-view.ts';

export interface PageImage {
  key: string;
  url: string;
  /** Never empty: the item's alternative text, else its title, else the product's name. */
  alt: string;
}

const text = (v: string | null | undefined): string | null => (v?.trim() ? v.trim() : null);

function altOf(item: Pick<ProductMedia, 'alternateText' | 'title'> | null | undefined, p: ProductDetail): string {
  return text(item?.alternateText) ?? text(item?.title) ?? productName(p);
}

/**
 * The Standard group's images in their order; a product without one shows its default image (the
 * generated image by SKU in place of the platform's placeholder, as the share preview does).
 */
export function productPageImages(p: ProductDetail): PageImage[] {
  const standard = p.mediaGroups?.find((g) => g.usageType === 'Standard');
  const items = (standard?.mediaItems ?? []).filter((m) => m.mediaType === 'Image' && text(m.url));
  if (items.length) return items.map((m, i) => ({ key: m.id || String(i), url: m.url.trim(), alt: altOf(m, p) }));
  const url = productImageUrl(p);
  return url ? [{ key: 'default', url, alt: altOf(p.defaultImage, p) }] : [];
}
