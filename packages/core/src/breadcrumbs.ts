// Breadcrumb trail rules: spec 01 §2 "Breadcrumb trail", spec 01 §9, spec 03 §2.2 (dataset page settings).
import type { CategoryPathItem } from './wire.ts';

/** At most 5 trail items (spec 01 §2/§9)... */
export const MAX_BREADCRUMB_ITEMS = 5;
/** ...plus 1 when the home link is shown. */
export const HOME_BREADCRUMB_EXTRA = 1;
/** The first link goes to the page named Home (spec 01 §2). */
export const HOME_LABEL = 'Home';
export const HOME_HREF = '/';

export type BreadcrumbDivider = 'slash' | 'greaterThan';

export interface BreadcrumbInput {
  label: string;
  href?: string | null;
}

export interface BreadcrumbOptions {
  /** Default true; the dataset page turns it off (spec 03 §2.2). */
  showHome?: boolean;
  homeLabel?: string;
  homeHref?: string;
  /** Whether the last item is a link; default false (plain text, the dataset page setting). */
  lastItemAsLink?: boolean;
  /** Default 'slash'. */
  divider?: BreadcrumbDivider;
  /** Set by the caller from the viewport; the two settings below apply only then. */
  isSmallScreen?: boolean;
  hideOnSmallScreen?: boolean;
  /** Maximum number of trail items on small screens (the dataset page uses 3); home is not counted. */
  maxDepthOnSmallScreen?: number | null;
}

export interface BreadcrumbItem {
  label: string;
  /** null when rendered as plain text. */
  href: string | null;
  isHome: boolean;
  /** The last item: the page the user is on (for aria-current). */
  isCurrent: boolean;
}

export interface BreadcrumbTrail {
  visible: boolean;
  items: BreadcrumbItem[];
  /** The character to render between items. */
  divider: '/' | '>';
  /** True when items were cut. */
  truncated: boolean;
}

/** Category page link: by url name, otherwise by record id (spec 01 §2, spec 02 §2). */
export function categoryHref(category: { id: string; urlName?: string | null }): string {
  const key = category.urlName && category.urlName.trim() !== '' ? category.urlName.trim() : category.id;
  return `/category/${encodeURIComponent(key)}`;
}

/** Turns a primary category path (root first) into trail input. */
export function categoryPathToBreadcrumbs(
  path: readonly Pick<CategoryPathItem, 'id' | 'name' | 'urlName'>[] | null | undefined,
): BreadcrumbInput[] {
  return (path ?? []).map((c) => ({ label: c.name, href: categoryHref(c) }));
}

/** Keeps the last `n` items: the deepest levels are the most useful, and the current page must stay. */
function keepDeepest<T>(items: readonly T[], n: number): T[] {
  return n >= items.length ? [...items] : items.slice(items.length - Math.max(0, n));
}

/**
 * Builds the trail. Cutting keeps the LAST (deepest) items: 5 at most, plus home when shown (so 6 in all);
 * on small screens the trail can be hidden or cut further to `maxDepthOnSmallScreen` items (home not counted).
 */
export function buildBreadcrumbs(input: readonly BreadcrumbInput[], options: BreadcrumbOptions = {}): BreadcrumbTrail {
  const divider = options.divider === 'greaterThan' ? '>' : '/';
  const small = options.isSmallScreen ?? false;
  if (small && options.hideOnSmallScreen) return { visible: false, items: [], divider, truncated: false };

  let limit = MAX_BREADCRUMB_ITEMS;
  const depth = options.maxDepthOnSmallScreen;
  if (small && typeof depth === 'number' && Number.isFinite(depth) && depth >= 0)
    limit = Math.min(limit, Math.floor(depth));
  const kept = keepDeepest(input, limit);
  const lastAsLink = options.lastItemAsLink ?? false;

  const items: BreadcrumbItem[] = kept.map((item, i) => {
    const isLast = i === kept.length - 1;
    const href = item.href && item.href !== '' ? item.href : null;
    return { label: item.label, href: isLast && !lastAsLink ? null : href, isHome: false, isCurrent: isLast };
  });
  if (options.showHome ?? true) {
    items.unshift({
      label: options.homeLabel ?? HOME_LABEL,
      href: options.homeHref ?? HOME_HREF,
      isHome: true,
      isCurrent: false,
    });
  }
  return { visible: items.length > 0, items, divider, truncated: kept.length < input.length };
}
