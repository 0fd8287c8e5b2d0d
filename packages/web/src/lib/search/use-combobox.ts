// The DOM side of the combobox rules in ./combobox.ts, shared by the SearchBox and the SortPicker:
// how many options fit (it follows the window height) and keeping the active option in view.

import { useEffect, useState, type CSSProperties } from 'react';
import { optionId, visibleItemCount, type ComboboxState } from './combobox.ts';

/** Options shown before the listbox scrolls; the standard 10 until the window is known. */
export function useVisibleItems(size: 'standard' | 'small' = 'standard'): number {
  const [count, setCount] = useState(() => visibleItemCount(undefined, size));
  useEffect(() => {
    const update = () => setCount(visibleItemCount(window.innerHeight, size));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [size]);
  return count;
}

/** The listbox is as tall as `items` options (the option height is a CSS variable). */
export const listboxStyle = (items: number): CSSProperties => ({
  maxHeight: `calc(${items} * var(--combobox-option-height))`,
});

/** Scrolls the active option into the listbox's view as the keyboard moves through a long list. */
export function useActiveOptionInView(listboxId: string, state: ComboboxState): void {
  useEffect(() => {
    if (!state.open || state.active < 0) return;
    document.getElementById(optionId(listboxId, state.active))?.scrollIntoView({ block: 'nearest' });
  }, [listboxId, state.open, state.active]);
}
