// Overlay stacking (spec 03 §4 "Overlays form a stack", §9): each kind of overlay starts at its own
// z-index and every further one open of that kind sits 2 above the one below it, so a dialog opened
// from a dialog covers it and the toast container stays above all of them.

export type OverlayKind = 'overlay' | 'toast' | 'legacy';

/** Spec 03 §9: 9000 overlays, 10000 toast containers, 9001 overlays of the older framework, steps of 2. */
export const OVERLAY_Z_START: Readonly<Record<OverlayKind, number>> = { overlay: 9000, toast: 10000, legacy: 9001 };
export const OVERLAY_Z_STEP = 2;
/**
 * Spec 03 §9 "default baseline 9100". Our reading: where a layer that names no kind (a popover
 * positioned against the page) starts, above the first few overlays and below the toasts.
 */
export const OVERLAY_Z_BASELINE = 9100;

export interface OverlayHandle {
  zIndex: number;
  /** Leaves the stack; an overlay opened later still goes above every one left open. */
  close(): void;
}

export interface OverlayStack {
  open(kind?: OverlayKind): OverlayHandle;
  /** Open overlays of a kind (all kinds when none is given). */
  size(kind?: OverlayKind): number;
}

export function createOverlayStack(): OverlayStack {
  const open = new Map<string, number[]>();
  const keyOf = (kind?: OverlayKind) => kind ?? 'baseline';
  const startOf = (kind?: OverlayKind) => (kind ? OVERLAY_Z_START[kind] : OVERLAY_Z_BASELINE);

  return {
    open(kind) {
      const layers = open.get(keyOf(kind)) ?? [];
      open.set(keyOf(kind), layers);
      const zIndex = layers.length ? Math.max(...layers) + OVERLAY_Z_STEP : startOf(kind);
      layers.push(zIndex);
      let closed = false;
      return {
        zIndex,
        close() {
          if (closed) return;
          closed = true;
          layers.splice(layers.indexOf(zIndex), 1);
        },
      };
    },
    size(kind) {
      if (kind) return open.get(kind)?.length ?? 0;
      let n = 0;
      for (const layers of open.values()) n += layers.length;
      return n;
    },
  };
}

/** The page's stack (one per browser document; server renders never open overlays). */
export const pageOverlays = createOverlayStack();
