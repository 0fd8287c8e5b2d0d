// A seller's uploaded product image (issue 15): checked to be the image it claims to be, then stored in a
// normal form, and later drawn at the store's widths by the resizing route. The bytes are decoded by libvips
// (sharp), never trusted from the Content-Type: anything it cannot read as PNG, JPEG or WebP is refused.
import { createHash } from 'node:crypto';
import type { ProductImageUploadType } from '@store/core';
import { badInput } from '../domain/errors.ts';
import { RASTER_SETTINGS } from './product-image-raster.ts';
import { sharpLib } from './sharp-lib.ts';

/** The longest side an uploaded image is kept at: the widest rendition (1920) with room for a 2x crop. */
export const UPLOAD_MAX_SIDE = 2400;
/** Images with more pixels than this are refused before decoding (a decompression bomb fits in 10 MB). */
const MAX_INPUT_PIXELS = 50_000_000;

const FORMATS: Record<string, ProductImageUploadType> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

export interface NormalisedImage {
  content: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
  /** 16 hex digits of the stored content's SHA-256. */
  version: string;
}

/** The columns a normalised upload fills in its table (product_image, cms_media), stamped now. */
export function storedImageColumns(image: NormalisedImage) {
  return {
    content: image.content,
    content_type: image.contentType,
    width: image.width,
    height: image.height,
    byte_size: image.content.length,
    version: image.version,
    uploaded_at: new Date().toISOString(),
  };
}

/**
 * The upload as it is stored: rotated upright by its EXIF orientation, then every bit of metadata dropped
 * (sharp writes none unless asked: no EXIF location, camera or ICC profile leaves here), at most
 * UPLOAD_MAX_SIDE pixels on its longest side (never enlarged), as a high-quality WebP. The declared type
 * must be what the bytes are.
 */
export async function normaliseUpload(bytes: Buffer, declared: ProductImageUploadType): Promise<NormalisedImage> {
  if (!bytes.length) throw badInput('The image is empty: send the PNG, JPEG or WebP file as the request body.');
  let format: string | undefined;
  try {
    const meta = await sharpLib()(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).metadata();
    format = meta.format;
  } catch {
    throw badInput('The file is not an image this store can read: send a PNG, JPEG or WebP image.');
  }
  const actual = format ? FORMATS[format] : undefined;
  if (!actual) throw badInput(`The file is ${format ?? 'not an image'}; send a PNG, JPEG or WebP image.`);
  if (actual !== declared) throw badInput(`The file is ${actual} but was sent as ${declared}.`);
  try {
    const { data, info } = await sharpLib()(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: UPLOAD_MAX_SIDE, height: UPLOAD_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90, effort: RASTER_SETTINGS.effort })
      .toBuffer({ resolveWithObject: true });
    return {
      content: data,
      contentType: 'image/webp',
      width: info.width,
      height: info.height,
      version: createHash('sha256').update(data).digest('hex').slice(0, 16),
    };
  } catch {
    // The header read but the pixels do not (a truncated or corrupt file).
    throw badInput('The image could not be read to the end: it is damaged or incomplete.');
  }
}

/** The stored image `width` pixels wide (never enlarged beyond what was uploaded), as a WebP rendition. */
export async function resizeUpload(content: Buffer, width: number): Promise<Buffer> {
  return sharpLib()(content)
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: RASTER_SETTINGS.quality, effort: RASTER_SETTINGS.effort })
    .toBuffer();
}

/**
 * How a rendition of a stored image is made (for DiskCache.getOrMakeVersion): its bytes are read only then (a
 * cached rendition costs no blob read) and resized; `load` answers null when the image was replaced or
 * removed since its version was read, and `gone` is then thrown (the caller asks again and gets the current one).
 */
export function storedImageRendition(
  load: () => Promise<Buffer | null>,
  width: number,
  gone: () => Error,
): () => Promise<Buffer> {
  return async () => {
    const content = await load();
    if (!content) throw gone();
    return resizeUpload(content, width);
  };
}
