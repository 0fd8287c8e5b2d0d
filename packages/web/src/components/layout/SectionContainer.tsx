// Section container (spec 03 §2.3): a row of columns with optional maximum content width, column
// gutter (2rem or 5rem), spacing between components, minimum height, layout direction per device
// size, vertical alignment and a background image with overlay colour. The background image's
// styles apply only once all three variants (desktop, tablet, mobile) are present.

import type { CSSProperties, ReactNode } from 'react';
import { Column } from './Column.tsx';
import { cx } from '../ui/classes.ts';

export type LayoutDirection = 'row' | 'row-reverse' | 'column' | 'column-reverse';

export interface SectionBackgroundImage {
  desktop?: string;
  tablet?: string;
  mobile?: string;
  altText?: string;
  /** CSS background-position, e.g. 'center center'. */
  position?: string;
  /** 'cover', 'contain' or a repeat value such as 'repeat'. */
  sizeOrRepeat?: string;
  overlayColor?: string;
}

export interface ColumnConfig {
  id?: string;
  width?: number | string;
}

export interface SectionContainerProps {
  /** Default: one column spanning 12 of 12 (used only when no children are given). */
  columns?: ColumnConfig[];
  /** Column gutter width: '2rem' or '5rem' in this store. */
  gutter?: string;
  /** Vertical gap between components inside each column. */
  componentSpacing?: string;
  /** Inner padding, e.g. '4rem'. */
  padding?: string;
  /** Outer horizontal margin, e.g. '10%'. */
  margin?: string;
  maxContentWidth?: string;
  minHeight?: string;
  direction?: { desktop?: LayoutDirection; tablet?: LayoutDirection; mobile?: LayoutDirection };
  verticalAlign?: 'start' | 'center' | 'end' | 'stretch';
  backgroundColor?: string;
  backgroundImage?: SectionBackgroundImage;
  /** Rendered as <section> with this accessible label, otherwise as a plain <div>. */
  ariaLabel?: string;
  ariaLabelledBy?: string;
  className?: string;
  id?: string;
  hidden?: boolean;
  children?: ReactNode;
}

export const DEFAULT_COLUMNS: ColumnConfig[] = [{ width: 12 }];

function hasAllBackgroundVariants(
  img?: SectionBackgroundImage,
): img is Required<Pick<SectionBackgroundImage, 'desktop' | 'tablet' | 'mobile'>> & SectionBackgroundImage {
  return Boolean(img?.desktop && img.tablet && img.mobile);
}

const cssUrl = (u: string) => `url("${u.replace(/["\\\n\r]/g, (c) => encodeURIComponent(c))}")`;

export function SectionContainer(props: SectionContainerProps) {
  const {
    columns = DEFAULT_COLUMNS,
    gutter,
    componentSpacing,
    padding,
    margin,
    maxContentWidth,
    minHeight,
    direction,
    verticalAlign,
    backgroundColor,
    backgroundImage,
    ariaLabel,
    ariaLabelledBy,
    className,
    id,
    hidden,
    children,
  } = props;

  // Settings of the section itself are plain inline styles, so a nested section never inherits
  // them; the gutter and directions live on the row, whose columns read them.
  const outer: Record<string, string> = {};
  if (padding) outer.padding = padding;
  if (margin) outer.marginInline = margin;
  if (minHeight) outer.minHeight = minHeight;
  if (backgroundColor) outer.backgroundColor = backgroundColor;
  const row: Record<string, string> = {};
  if (gutter) row['--gutter'] = gutter;
  if (componentSpacing) row['--component-spacing'] = componentSpacing;
  if (maxContentWidth) row.maxWidth = maxContentWidth;
  if (direction?.desktop) row['--dir-desktop'] = direction.desktop;
  if (direction?.tablet) row['--dir-tablet'] = direction.tablet;
  if (direction?.mobile) row['--dir-mobile'] = direction.mobile;

  const withImage = hasAllBackgroundVariants(backgroundImage);
  if (withImage) {
    outer['--bg-desktop'] = cssUrl(backgroundImage.desktop);
    outer['--bg-tablet'] = cssUrl(backgroundImage.tablet);
    outer['--bg-mobile'] = cssUrl(backgroundImage.mobile);
    if (backgroundImage.position) outer.backgroundPosition = backgroundImage.position;
    if (backgroundImage.sizeOrRepeat) {
      const v = backgroundImage.sizeOrRepeat;
      if (/repeat|space|round/.test(v)) outer.backgroundRepeat = v;
      else outer.backgroundSize = v;
    }
    if (backgroundImage.overlayColor) outer['--bg-overlay'] = backgroundImage.overlayColor;
  }

  const Tag = ariaLabel || ariaLabelledBy ? 'section' : 'div';
  const content = children ?? columns.map((c, i) => <Column key={c.id ?? i} width={c.width} />);

  return (
    <Tag
      id={id}
      hidden={hidden}
      aria-label={ariaLabel}
      aria-labelledby={ariaLabelledBy}
      className={cx(
        'section',
        withImage && 'section--bg-image',
        verticalAlign && `section--align-${verticalAlign}`,
        className,
      )}
      style={Object.keys(outer).length ? (outer as CSSProperties) : undefined}
    >
      {withImage && backgroundImage.altText ? (
        <span role="img" aria-label={backgroundImage.altText} className="section__bg-alt" />
      ) : null}
      <div className="section__inner" style={Object.keys(row).length ? (row as CSSProperties) : undefined}>
        {content}
      </div>
    </Tag>
  );
}
