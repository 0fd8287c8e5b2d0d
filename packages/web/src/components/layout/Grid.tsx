// Grid (spec 03 §2.3): repeated items with optional pagination. Placeholder items show until data
// arrives; the empty state shows when enabled, with no error and no items; the error state shows
// when enabled and an error exists. Item spacing: x-large, large, medium, small, xx-small, none
// (default none). Medium screens show 1 to 6 columns (numberOfColumns, when in range); small
// screens show full width. Append pagination merges new unique items (by id) and moves focus to
// the first new item.

import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { cx } from '../ui/classes.ts';

export interface GridItem {
  id: string;
  key?: string;
  ariaLabel?: string;
}

export type GridItemSpacing = 'x-large' | 'large' | 'medium' | 'small' | 'xx-small' | 'none';

export const ITEM_SPACING: Record<GridItemSpacing, string> = {
  'x-large': '2rem',
  large: '1.5rem',
  medium: '1rem',
  small: '0.75rem',
  'xx-small': '0.25rem',
  none: '0',
};

export interface GridProps<T extends GridItem> {
  /** undefined while loading: placeholder items are shown. */
  items: T[] | undefined;
  renderItem: (item: T, index: number) => ReactNode;
  error?: unknown;
  showEmptyState?: boolean;
  showErrorState?: boolean;
  emptyState?: ReactNode;
  errorState?: ReactNode;
  /** Columns on medium and larger screens; used only when between 1 and 6. */
  numberOfColumns?: number;
  itemSpacing?: GridItemSpacing;
  placeholderCount?: number;
  width?: string;
  horizontalAlignment?: 'left' | 'center' | 'right';
  borderColor?: string;
  borderRadius?: string;
  borderWidth?: string;
  backgroundColor?: string;
  isFixedRowHeight?: boolean;
  /** Rendered under the items when showPagination is on. */
  pagination?: ReactNode;
  showPagination?: boolean;
  /** With append pagination, focus moves to the first new item (optionally scrolling to it). */
  paginationAction?: 'append' | 'replace';
  autoScrollToMostRecent?: boolean;
  ariaLabel?: string;
  className?: string;
}

/** Columns for the medium layout: 1 to 6, otherwise the default 3. */
export function gridColumns(value: unknown, fallback = 3): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 6 ? n : fallback;
}

/** Append pagination: the existing list followed by the incoming items whose id is new. */
export function mergeUniqueById<T extends GridItem>(existing: readonly T[], incoming: readonly T[]): T[] {
  const seen = new Set(existing.map((i) => i.id));
  const out = [...existing];
  for (const item of incoming) {
    if (!seen.has(item.id)) {
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

export type GridState = 'loading' | 'error' | 'empty' | 'items' | 'none';

/** Which of the grid's states shows (spec 03 §2.3). */
export function gridState(
  items: readonly unknown[] | undefined,
  error: unknown,
  showEmptyState: boolean,
  showErrorState: boolean,
): GridState {
  if (error) return showErrorState ? 'error' : 'none';
  if (items === undefined) return 'loading';
  if (items.length === 0) return showEmptyState ? 'empty' : 'none';
  return 'items';
}

export function Grid<T extends GridItem>(props: GridProps<T>) {
  const {
    items,
    renderItem,
    error,
    showEmptyState = true,
    showErrorState = true,
    numberOfColumns,
    itemSpacing = 'none',
    placeholderCount = 6,
    paginationAction = 'replace',
    autoScrollToMostRecent = false,
  } = props;
  const listRef = useRef<HTMLUListElement>(null);
  const previousIds = useRef<string[] | null>(null);

  useEffect(() => {
    const ids = items?.map((i) => i.id) ?? [];
    const before = previousIds.current;
    previousIds.current = ids;
    if (!before || paginationAction !== 'append' || ids.length <= before.length) return;
    const firstNew = ids.find((id) => !before.includes(id));
    if (!firstNew || !listRef.current) return;
    const el = listRef.current.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(firstNew)}"]`);
    if (!el) return;
    el.focus({ preventScroll: !autoScrollToMostRecent });
    if (autoScrollToMostRecent) el.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [items, paginationAction, autoScrollToMostRecent]);

  const state = gridState(items, error, showEmptyState, showErrorState);
  const style: Record<string, string> = {
    '--grid-columns': String(gridColumns(numberOfColumns)),
    '--grid-gap': ITEM_SPACING[itemSpacing] ?? '0',
  };
  if (props.width) style['--grid-width'] = props.width;
  if (props.borderColor) style['--grid-item-border-color'] = props.borderColor;
  if (props.borderRadius) style['--grid-item-radius'] = props.borderRadius;
  if (props.borderWidth) style['--grid-item-border-width'] = props.borderWidth;
  if (props.backgroundColor) style['--grid-item-bg'] = props.backgroundColor;

  const className = cx(
    'grid',
    props.horizontalAlignment && `grid--${props.horizontalAlignment}`,
    props.isFixedRowHeight && 'grid--fixed-rows',
    props.className,
  );

  if (state === 'error') {
    return (
      <div className={className} role="alert">
        {props.errorState ?? <p className="grid__message">Something went wrong while loading these items.</p>}
      </div>
    );
  }
  if (state === 'empty') {
    return <div className={className}>{props.emptyState ?? <p className="grid__message">No items to show.</p>}</div>;
  }
  if (state === 'none') return null;

  if (state === 'loading') {
    return (
      <div className={className} style={style as CSSProperties} aria-busy="true">
        <ul className="grid__list" aria-label={props.ariaLabel}>
          {Array.from({ length: placeholderCount }, (_, i) => (
            <li key={i} className="grid__item grid__item--placeholder" aria-hidden="true" />
          ))}
        </ul>
      </div>
    );
  }

  const list = items as T[];
  return (
    <div className={className} style={style as CSSProperties}>
      <ul className="grid__list" ref={listRef} aria-label={props.ariaLabel}>
        {list.map((item, i) => (
          <li
            key={item.key ?? item.id}
            className="grid__item"
            data-item-id={item.id}
            tabIndex={-1}
            aria-label={item.ariaLabel ? `${item.ariaLabel}, item ${i + 1} of ${list.length}` : undefined}
          >
            {renderItem(item, i)}
          </li>
        ))}
      </ul>
      {props.showPagination && props.pagination ? <div className="grid__pagination">{props.pagination}</div> : null}
    </div>
  );
}
