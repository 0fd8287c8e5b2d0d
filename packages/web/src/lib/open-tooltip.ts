// Which tooltip is showing (spec 03 §4 "Tooltip": only one is visible at a time). One owner per page:
// showing a tooltip takes the place of any other, and hiding one that has already been replaced
// leaves the newer one alone (a late blur or mouse leave of the old trigger must not close it).

export type Listener = () => void;

export interface OpenTooltip {
  /** The id of the tooltip on screen, or null. */
  current(): string | null;
  show(id: string): void;
  /** Hides `id` only if it is the one showing. */
  hide(id: string): void;
  subscribe(listener: Listener): () => void;
}

export function createOpenTooltip(): OpenTooltip {
  let open: string | null = null;
  const listeners = new Set<Listener>();
  const set = (next: string | null) => {
    if (next === open) return;
    open = next;
    for (const l of listeners) l();
  };
  return {
    current: () => open,
    show: (id) => set(id),
    hide: (id) => {
      if (open === id) set(null);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The page's one owner, shared by every Tooltip. */
export const openTooltip = createOpenTooltip();
