// Raster renditions of the generated product images (product-image.ts): the SVG drawn by libvips
// (through sharp) at the asked width, encoded as WebP. Drawn at the target size rather than drawn once
// and scaled, so text and edges stay sharp at every width.
import { RESIZED_IMAGE_FORMAT } from '@store/core';
import { sharpLib } from './sharp-lib.ts';

/** How renditions are made; part of every image's content version, so a change here makes new URLs. */
export const RASTER_SETTINGS = { format: RESIZED_IMAGE_FORMAT, quality: 82, effort: 4 } as const;

/** The SVG's own width in CSS pixels (its width attribute), the scale the drawing density is set from. */
function svgWidth(svg: string): number {
  const m = /<svg[^>]*\swidth="(\d+(?:\.\d+)?)"/.exec(svg);
  const w = m ? Number(m[1]) : 0;
  if (!(w > 0)) throw new TypeError('the SVG states no width');
  return w;
}

/** The SVG as a WebP image exactly `width` pixels wide (height in proportion). */
export async function rasterizeSvg(svg: string, width: number): Promise<Buffer> {
  // 72 dpi draws one SVG pixel as one image pixel; scale the density to land on the width asked.
  const density = (72 * width) / svgWidth(svg);
  return sharpLib()(Buffer.from(svg), { density })
    .resize({ width })
    .webp({ quality: RASTER_SETTINGS.quality, effort: RASTER_SETTINGS.effort })
    .toBuffer();
}
