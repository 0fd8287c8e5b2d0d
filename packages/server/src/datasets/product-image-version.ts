// A product image's content version: a digest of everything its files are made from. Image URLs carry
// it (`?v=`), so a URL with the current version names one image forever and may be cached as immutable,
// while a renamed product, a redrawn design or new encoder settings give new URLs and new renditions.
//
// A product's images are a pure function of its SKU, name and SIC division and of the drawing code, so
// the version digests those inputs with a fingerprint of the code: the images of a few sample products
// (both glyphs, with and without a division, a name long enough to wrap and be cut), drawn once per
// process, and the encoder settings. Drawing every product's own images to hash them would cost ~35 µs
// a product on every listing, cart and detail answer; this costs one small hash.
import { createHash } from 'node:crypto';
import { type ImageProduct, productImageSvg } from './product-image.ts';
import { RASTER_SETTINGS } from './product-image-raster.ts';

const SAMPLES: ImageProduct[] = [
  { sku: 'DS-00001', name: 'US Dentists, Email and Phone', sicDivision: 'I' },
  {
    sku: 'PD-00002',
    name: 'A printed directory whose name is long enough to wrap over several lines and be cut short at the end of the tile',
    sicDivision: null,
  },
];

const fingerprint = (() => {
  const h = createHash('sha256').update(JSON.stringify(RASTER_SETTINGS));
  for (const p of SAMPLES) h.update(productImageSvg(p, 'full')).update(productImageSvg(p, 'thumb'));
  return h.digest('hex');
})();

/** 16 hex digits (64 bits): collisions between versions of one product's image are not a concern. */
export function productImageVersion(product: ImageProduct): string {
  return createHash('sha256')
    .update(fingerprint)
    .update(JSON.stringify([product.sku, product.name, product.sicDivision ?? null]))
    .digest('hex')
    .slice(0, 16);
}
