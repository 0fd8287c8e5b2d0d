// Screen sizes of the responsive wrapper (spec 03 §2.3): size names small/s, medium/m, large/l, ranges such
// as small-large and comma lists; empty means all sizes. Breakpoints (spec 03 §2.3, §9): small up to
// 47.9375em, medium 48em to 64em, large from 64.0625em — the same as the stylesheet's section rules.

export type ScreenSize = 'small' | 'medium' | 'large';
export const SCREEN_SIZES: readonly ScreenSize[] = ['small', 'medium', 'large'];

export const SIZE_MEDIA: Readonly<Record<ScreenSize, string>> = {
  small: '(max-width: 47.9375em)',
  medium: '(min-width: 48em) and (max-width: 64em)',
  large: '(min-width: 64.0625em)',
};

const NAMES: Readonly<Record<string, ScreenSize>> = {
  small: 'small',
  s: 'small',
  medium: 'medium',
  m: 'medium',
  large: 'large',
  l: 'large',
};

const sizeOf = (name: string): ScreenSize | undefined =>
  Object.hasOwn(NAMES, name.trim().toLowerCase()) ? NAMES[name.trim().toLowerCase()] : undefined;

/**
 * The sizes a wrapper shows at, smallest first. Unknown names are ignored; a range takes every size between
 * its ends (either order). Empty text — or text naming no size at all — means every size: a typo in the
 * setting must not make a page's content disappear.
 */
export function parseScreenSizes(value: string | null | undefined): ScreenSize[] {
  const found = new Set<ScreenSize>();
  for (const part of (value ?? '').split(',')) {
    const ends = part.split('-');
    if (ends.length === 1) {
      const one = sizeOf(part);
      if (one) found.add(one);
    } else if (ends.length === 2) {
      const a = sizeOf(ends[0] as string);
      const b = sizeOf(ends[1] as string);
      if (!a || !b) continue;
      const [from, to] = [SCREEN_SIZES.indexOf(a), SCREEN_SIZES.indexOf(b)].sort((x, y) => x - y) as [number, number];
      for (let i = from; i <= to; i++) found.add(SCREEN_SIZES[i] as ScreenSize);
    }
  }
  return found.size ? SCREEN_SIZES.filter((s) => found.has(s)) : [...SCREEN_SIZES];
}

/** The size the window is now, given which media queries match (large when none does). */
export function screenSizeOf(matches: (media: string) => boolean): ScreenSize {
  return SCREEN_SIZES.find((s) => matches(SIZE_MEDIA[s])) ?? 'large';
}
