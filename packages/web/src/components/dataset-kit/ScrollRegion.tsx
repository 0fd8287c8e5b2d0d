// A wide table's box: it scrolls sideways on narrow screens, and as a labelled, focusable region a keyboard
// user can reach it and scroll it with the arrow keys.

import type { ReactNode } from 'react';

export function ScrollRegion({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
    <section className="table-scroll" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </section>
  );
}
