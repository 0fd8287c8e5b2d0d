// Product images without image files: a small deterministic SVG per product (served at
// /media/products/{SKU}.svg, ?size=thumb for listings). A tile in the colour of the SIC division,
// a table glyph (a book for printed directories), the division letter and the wrapped name.
// Top-level categories get the same kind of tile (categoryImageSvg, /media/categories/{url}.svg).
import { escapeHtml } from '@store/core';
import { findDivision } from './sic.ts';

export interface ImageProduct {
  sku: string;
  name: string;
  sicDivision?: string | null;
}
export type ImageSize = 'full' | 'thumb';

/** Greedy word wrap; the last line gets an ellipsis when the text does not fit. */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  const words = text.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const w = words[i].length > maxChars ? `${words[i].slice(0, maxChars - 1)}…` : words[i];
    const next = line ? `${line} ${w}` : w;
    if (next.length <= maxChars) {
      line = next;
      continue;
    }
    lines.push(line);
    line = w;
    if (lines.length === maxLines) {
      const last = lines[maxLines - 1];
      lines[maxLines - 1] = `${last.length >= maxChars ? last.slice(0, maxChars - 1) : last}…`;
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const FALLBACK_COLOR = '#3d4b5c';

export function productImageSvg(product: ImageProduct, size: ImageSize = 'full'): string {
  const division = findDivision(product.sicDivision);
  return tileSvg(
    {
      title: product.name,
      color: division?.color ?? FALLBACK_COLOR,
      letter: division?.code ?? product.sku.slice(0, 1),
      glyph: product.sku.startsWith('PD-') ? 'book' : 'table',
      caption: `${product.sku}${division ? ` · ${division.label}` : ''}`,
    },
    size,
  );
}

export interface ImageCategory {
  name: string;
  urlName: string;
  sicDivision?: string | null;
}

/** Category tiles (image_url /media/categories/{urlName}.svg): the same design with the category name. */
export function categoryImageSvg(category: ImageCategory, size: ImageSize = 'full'): string {
  const division = findDivision(category.sicDivision);
  const printed = category.urlName.includes('print') || category.urlName.includes('directories');
  return tileSvg(
    {
      title: category.name,
      color: division?.color ?? (printed ? '#8a5a2b' : FALLBACK_COLOR),
      letter: division?.code ?? category.name.slice(0, 1).toUpperCase(),
      glyph: printed ? 'book' : 'table',
      caption: division ? `SIC Division ${division.code}` : 'Browse lists',
    },
    size,
  );
}

interface Tile {
  title: string;
  color: string;
  letter: string;
  glyph: 'table' | 'book';
  caption: string;
}

function tileSvg(t: Tile, size: ImageSize): string {
  const full = size === 'full';
  const px = full ? 600 : 200;
  const s = px / 600; // layout is drawn on a 600 grid and scaled
  const n = (v: number) => Math.round(v * s * 10) / 10;
  const font = full ? 38 : 54;
  const lines = wrapText(t.title, full ? 21 : 14, full ? 5 : 3);
  const lineHeight = font * 1.2;
  const top = 250;
  // A table (rows and a header) for datasets, a closed book for printed directories.
  const glyph =
    t.glyph === 'book'
      ? `<rect x="${n(48)}" y="${n(48)}" width="${n(96)}" height="${n(124)}" rx="${n(8)}"/><rect x="${n(60)}" y="${n(48)}" width="${n(6)}" height="${n(124)}" fill="${t.color}"/>`
      : `<rect x="${n(48)}" y="${n(48)}" width="${n(132)}" height="${n(28)}" rx="${n(4)}"/>` +
        [0, 1, 2]
          .map(
            (i) =>
              `<rect x="${n(48)}" y="${n(86 + i * 30)}" width="${n(132)}" height="${n(20)}" rx="${n(3)}" fill-opacity=".55"/>`,
          )
          .join('');
  const text = lines
    .map((l, i) => `<tspan x="${n(48)}" y="${n(top + i * lineHeight)}">${escapeHtml(l)}</tspan>`)
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${px} ${px}" role="img" aria-label="${escapeHtml(t.title)}">`,
    `<rect width="${px}" height="${px}" fill="${t.color}"/>`,
    `<path d="M0 ${px}L${px} ${n(300)}V${px}Z" fill="#000" fill-opacity=".14"/>`,
    `<g fill="#fff" fill-opacity=".92">${glyph}</g>`,
    `<circle cx="${n(524)}" cy="${n(92)}" r="${n(44)}" fill="#fff" fill-opacity=".2"/>`,
    `<g font-family="system-ui,-apple-system,'Segoe UI',sans-serif" fill="#fff">`,
    `<text x="${n(524)}" y="${n(108)}" text-anchor="middle" font-size="${n(46)}" font-weight="700">${escapeHtml(t.letter)}</text>`,
    `<text font-size="${n(font)}" font-weight="700">${text}</text>`,
    full
      ? `<text x="${n(48)}" y="${n(556)}" font-size="${n(22)}" fill-opacity=".85">${escapeHtml(t.caption)}</text>`
      : '',
    '</g></svg>',
  ].join('');
}
