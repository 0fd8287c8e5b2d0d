// Breadcrumb trail (spec 01 §2, spec 03 §2.2): optional home link, slash or greater-than divider,
// last item as plain text or a link, and on small screens either hidden or cut to a maximum
// depth (the items nearest the current page stay). At most 5 items, plus 1 for the home link.

import { AppLink } from './AppLink.tsx';
import { cx } from './classes.ts';

export interface BreadcrumbItem {
  label: string;
  href?: string | null;
}

export type BreadcrumbDivider = 'slash' | 'greater-than';

export const MAX_BREADCRUMB_ITEMS = 5;

export interface BreadcrumbsProps {
  items: BreadcrumbItem[];
  divider?: BreadcrumbDivider;
  showHomeLink?: boolean;
  homeLabel?: string;
  homeHref?: string;
  lastItemAsLink?: boolean;
  /** Items kept on mobile (the last ones); undefined keeps all. */
  maxDepthOnMobile?: number;
  hideOnMobile?: boolean;
  className?: string;
}

const DIVIDERS: Record<BreadcrumbDivider, string> = { slash: '/', 'greater-than': '>' };

/** The visible trail: the last 5 items (nearest the page), with the home link in front when shown. */
export function breadcrumbTrail(items: BreadcrumbItem[], showHomeLink: boolean, homeLabel = 'Home', homeHref = '/'): BreadcrumbItem[] {
  const cut = items.filter((i) => i && i.label).slice(-MAX_BREADCRUMB_ITEMS);
  return showHomeLink ? [{ label: homeLabel, href: homeHref }, ...cut] : cut;
}

export function Breadcrumbs({
  items,
  divider = 'slash',
  showHomeLink = false,
  homeLabel = 'Home',
  homeHref = '/',
  lastItemAsLink = false,
  maxDepthOnMobile,
  hideOnMobile = false,
  className,
}: BreadcrumbsProps) {
  const trail = breadcrumbTrail(items, showHomeLink, homeLabel, homeHref);
  if (trail.length === 0) return null;
  const depth = maxDepthOnMobile && maxDepthOnMobile > 0 ? maxDepthOnMobile : trail.length;
  const firstOnMobile = Math.max(0, trail.length - depth);
  const sign = DIVIDERS[divider] ?? '/';

  return (
    <nav aria-label="Breadcrumbs" className={cx('breadcrumbs', `breadcrumbs--${divider}`, hideOnMobile && 'hide-mobile', className)}>
      <ol className="breadcrumbs__list">
        {trail.map((item, i) => {
          const last = i === trail.length - 1;
          const asLink = Boolean(item.href) && (!last || lastItemAsLink);
          return (
            <li
              key={`${i}-${item.label}`}
              className={cx('crumb', i < firstOnMobile && 'crumb--mobile-hidden', i === firstOnMobile && i > 0 && 'crumb--mobile-first')}
            >
              {i > 0 ? (
                <span className="crumb__divider" aria-hidden="true">
                  {sign}
                </span>
              ) : null}
              {asLink ? (
                <AppLink href={item.href as string} aria-current={last ? 'page' : undefined}>
                  {item.label}
                </AppLink>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{item.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
