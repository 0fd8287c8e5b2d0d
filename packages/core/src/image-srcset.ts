// Responsive image candidates (spec 03 §4 "Content delivery", §9 image widths): the widths an image is
// offered at, and `srcset` text built and checked by the HTML rules, so every image the store shows
// (and the image provider of issue 16) offers the same candidates in a syntax browsers read as meant.
import { isDangerousUrl, MAX_URL_LENGTH } from './url.ts';

/** Spec 03 §9: image widths at density 1 per device size. */
export const IMAGE_WIDTHS = { mobile: 640, tablet: 960, desktop: 1920 } as const;
/** Spec 03 §9: no image is resized below this width. */
export const MIN_RESIZED_WIDTH = 100;
/** The candidates of an image shown across the page (the product page's image). */
export const PAGE_IMAGE_WIDTHS: readonly number[] = [IMAGE_WIDTHS.mobile, IMAGE_WIDTHS.tablet, IMAGE_WIDTHS.desktop];
/**
 * The candidates of a tile in a grid (search results, category pages): a tile is a fraction of the
 * window, so a 320 px rendition serves it on most screens; the page widths follow for wide tiles and
 * dense screens.
 */
export const TILE_IMAGE_WIDTHS: readonly number[] = [320, ...PAGE_IMAGE_WIDTHS];
/**
 * Every width the store resizes to, and no other: the image route refuses the rest, so no caller can
 * fill the resized-image cache with arbitrary sizes. The minimum serves the search box's thumbnails.
 */
export const RESIZED_IMAGE_WIDTHS: readonly number[] = [MIN_RESIZED_WIDTH, ...TILE_IMAGE_WIDTHS];

/** One image candidate: a URL with a width descriptor (`640w`), a density descriptor (`2x`) or neither (1x). */
export type SrcSetCandidate = { url: string; width?: number; density?: number };

/** Whole pixel widths, never below the minimum (raised to it), each once, smallest first. */
export function imageWidths(widths: readonly number[]): number[] {
  const out = new Set<number>();
  for (const w of widths) {
    if (!Number.isFinite(w) || w <= 0) continue;
    out.add(Math.max(MIN_RESIZED_WIDTH, Math.round(w)));
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * A URL as a srcset candidate may hold it: not empty, no whitespace (it would end the URL early), not
 * beginning or ending with a comma (it would read as a separator), within the URL length limit, and
 * never a script or data scheme (spec 03 §5, generic library rules).
 */
export function isSrcSetUrl(url: string): boolean {
  return (
    url.length > 0 &&
    url.length <= MAX_URL_LENGTH &&
    !/\s/.test(url) &&
    !url.startsWith(',') &&
    !url.endsWith(',') &&
    !isDangerousUrl(url)
  );
}

function descriptor(c: SrcSetCandidate): string {
  if (c.width !== undefined) return ` ${c.width}w`;
  if (c.density !== undefined) return ` ${c.density}x`;
  return '';
}

/**
 * The srcset attribute for these candidates. Throws a TypeError for a candidate a browser would
 * misread (a URL failing isSrcSetUrl, a width that is not a positive whole number, a density that is not
 * positive) or a list that parseSrcSet would refuse (duplicates, widths mixed with densities): a page
 * must never carry a srcset that silently picks the wrong image.
 */
export function formatSrcSet(candidates: readonly SrcSetCandidate[]): string {
  for (const c of candidates) {
    if (!isSrcSetUrl(c.url)) throw new TypeError(`not a URL a srcset can hold: ${JSON.stringify(c.url)}`);
    if (c.width !== undefined && c.density !== undefined)
      throw new TypeError('a srcset candidate has either a width or a density');
    if (c.width !== undefined && !(Number.isInteger(c.width) && c.width > 0))
      throw new TypeError(`a srcset width is a positive whole number: ${c.width}`);
    if (c.density !== undefined && !(Number.isFinite(c.density) && c.density > 0))
      throw new TypeError(`a srcset density is a positive number: ${c.density}`);
  }
  const text = candidates.map((c) => `${c.url}${descriptor(c)}`).join(', ');
  if (!parseSrcSet(text)) throw new TypeError('srcset candidates repeat a width or density, or mix the two');
  return text;
}

/** A srcset with one candidate per width (imageWidths: never below the minimum), each at urlFor(width). */
export function widthSrcSet(urlFor: (width: number) => string, widths: readonly number[]): string {
  return formatSrcSet(imageWidths(widths).map((width) => ({ url: urlFor(width), width })));
}

const WIDTH_DESCRIPTOR = /^([1-9]\d*)w$/;
const DENSITY_DESCRIPTOR = /^(\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?x$/;

/**
 * The candidates of a srcset when it is valid by the HTML rules (spec 03 §4: a list of URLs, each with
 * an optional width or density descriptor), else null. Valid: candidates separated by commas, each a URL
 * (isSrcSetUrl) and at most one descriptor; widths positive whole numbers, densities positive; either
 * every candidate has a width or none has; no two with the same width, or the same density (no
 * descriptor counts as 1x).
 */
export function parseSrcSet(value: string): SrcSetCandidate[] | null {
  const out: SrcSetCandidate[] = [];
  let i = 0;
  const n = value.length;
  const space = (ch: string | undefined) => ch !== undefined && /\s/.test(ch);
  while (true) {
    while (space(value[i])) i++;
    if (i >= n) return out.length ? checked(out) : null;
    const start = i;
    while (i < n && !space(value[i])) i++;
    let url = value.slice(start, i);
    const tokens: string[] = [];
    let separated = false;
    if (url.endsWith(',')) {
      // "a.png," ends the candidate; a second comma would be an empty candidate.
      url = url.slice(0, -1);
      separated = true;
    } else {
      while (true) {
        while (space(value[i])) i++;
        if (i >= n) break;
        if (value[i] === ',') {
          i++;
          separated = true;
          break;
        }
        const t = i;
        while (i < n && !space(value[i]) && value[i] !== ',') i++;
        tokens.push(value.slice(t, i));
      }
    }
    if (!isSrcSetUrl(url) || tokens.length > 1) return null;
    const candidate: SrcSetCandidate = { url };
    const token = tokens[0];
    if (token !== undefined) {
      const w = WIDTH_DESCRIPTOR.exec(token);
      const d = DENSITY_DESCRIPTOR.exec(token);
      if (w) candidate.width = Number(w[1]);
      else if (d && Number(token.slice(0, -1)) > 0) candidate.density = Number(token.slice(0, -1));
      else return null;
    }
    out.push(candidate);
    if (separated) {
      // A separator must be followed by another candidate.
      while (space(value[i])) i++;
      if (i >= n) return null;
    }
  }
}

function checked(candidates: SrcSetCandidate[]): SrcSetCandidate[] | null {
  const withWidth = candidates.filter((c) => c.width !== undefined).length;
  if (withWidth && withWidth !== candidates.length) return null;
  const keys = candidates.map((c) => (c.width !== undefined ? `${c.width}w` : `${c.density ?? 1}x`));
  return new Set(keys).size === keys.length ? candidates : null;
}

/** True when the text is a valid srcset (parseSrcSet). */
export function isValidSrcSet(value: string): boolean {
  return parseSrcSet(value) !== null;
}
