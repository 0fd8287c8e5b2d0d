// Column (spec 03 §2.3): 1 to 12 twelfths of its section, default 12; a non-numeric width falls
// back to 12. Columns lie in a row on desktop and stack on tablet and mobile (the section decides).

import type { CSSProperties, ReactNode } from 'react';
import { cx } from '../ui/classes.ts';

export const GRID_COLUMNS = 12;
export const DEFAULT_COLUMN_WIDTH = 12;

/** Width in twelfths: whole numbers 1 to 12 are kept, other numbers are rounded into range, anything else is 12. */
export function columnWidth(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return DEFAULT_COLUMN_WIDTH;
  return Math.min(GRID_COLUMNS, Math.max(1, Math.round(n)));
}

export type ColumnAlignment = 'start' | 'center' | 'end' | 'stretch';

export interface ColumnProps {
  /** 1 to 12; non-numeric values fall back to 12. */
  width?: number | string;
  /** Vertical alignment of the column's components. */
  verticalAlign?: ColumnAlignment;
  /** Gap between the column's components (spacing between components). */
  componentSpacing?: string;
  className?: string;
  children?: ReactNode;
}

export function Column({ width, verticalAlign, componentSpacing, className, children }: ColumnProps) {
  const w = columnWidth(width ?? DEFAULT_COLUMN_WIDTH);
  const style = { '--col-span': w } as CSSProperties;
  if (componentSpacing) (style as Record<string, string>)['--component-spacing'] = componentSpacing;
  return (
    <div className={cx('column', verticalAlign && `column--${verticalAlign}`, className)} data-width={w} style={style}>
      {children}
    </div>
  );
}
