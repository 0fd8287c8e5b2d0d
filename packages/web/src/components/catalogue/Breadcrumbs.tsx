// Breadcrumb trail (spec 01 §2, spec 03 §2.2): optional home link, slash or greater-than divider,
// last item as plain text or a link, and on small screens either hidden or cut to a maximum
// depth. The trail rules (5 items at most plus home, deepest items kept) come from @store/core;
// the small-screen cut is applied with CSS so the server-rendered HTML suits every screen.

import { buildBreadcrumbs, type BreadcrumbDivider, type BreadcrumbInput } from '@store/core';
import { AppLink } from '../ui/AppLink.tsx';
import { cx } from '../ui/classes.ts';

export type BreadcrumbItem = BreadcrumbInput;
export type { BreadcrumbDivider };

export interface BreadcrumbsProps {
  items: BreadcrumbInput[];
  /** 'slash' (default) or 'greaterThan'. */
  divider?: BreadcrumbDivider;
  showHomeLink?: boolean;
  homeLabel?: string;
  homeHref?: string;
  lastItemAsLink?: boolean;
  /** Items kept on mobile (the deepest ones; home not counted); undefined keeps all. */
  maxDepthOnMobile?: number;
  hideOnMobile?: boolean;
  className?: string;
}

export function Breadcrumbs({
  items,
  divider = 'slash',
  showHomeLink = false,
  homeLabel,
  homeHref,
  lastItemAsLink = false,
  maxDepthOnMobile,
  hideOnMobile = false,
  className,
}: BreadcrumbsProps) {
  const trail = buildBreadcrumbs(items, { showHome: showHomeLink, homeLabel, homeHref, lastItemAsLink, divider });
  if (!trail.visible) return null;
  const crumbs = trail.items.filter((i) => !i.isHome);
  const depth =
    typeof maxDepthOnMobile === 'number' && maxDepthOnMobile >= 0 ? Math.floor(maxDepthOnMobile) : crumbs.length;
  const hiddenOnMobile = new Set(crumbs.slice(0, Math.max(0, crumbs.length - depth)));
  const firstShownOnMobile = trail.items.find((i) => !hiddenOnMobile.has(i));

  return (
    <nav aria-label="Breadcrumbs" className={cx('breadcrumbs', hideOnMobile && 'hide-mobile', className)}>
      <ol className="breadcrumbs__list">
        {trail.items.map((item, i) => (
          <li
            key={`${i}-${item.label}`}
            className={cx(
              'crumb',
              hiddenOnMobile.has(item) && 'crumb--mobile-hidden',
              item === firstShownOnMobile && i > 0 && 'crumb--mobile-first',
            )}
          >
            {i > 0 ? (
              <span className="crumb__divider" aria-hidden="true">
                {trail.divider}
              </span>
            ) : null}
            {item.href ? (
              <AppLink href={item.href} aria-current={item.isCurrent ? 'page' : undefined}>
                {item.label}
              </AppLink>
            ) : (
              <span aria-current={item.isCurrent ? 'page' : undefined}>{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
