// Responsive wrapper (spec 03 §2.3): shows its children only at the screen sizes it names, and tells the page
// when that changes with a bubbling `responsivechange` CustomEvent, detail { action: 'show' | 'hide', media,
// size } (media: the query of the size the window now is).
//
// The server does not know the window: it renders the children for every size, hidden by CSS media queries
// at the sizes not named (.rw--hide-*), so the first paint is already right and nothing flashes. Once in the
// browser the wrapper decides with matchMedia and unmounts its children at the other sizes.

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cx } from '../ui/classes.ts';
import {
  parseScreenSizes,
  SCREEN_SIZES,
  SIZE_MEDIA,
  screenSizeOf,
  type ScreenSize,
} from '../../lib/content/responsive-sizes.ts';

export interface ResponsiveChangeDetail {
  action: 'show' | 'hide';
  media: string;
  size: ScreenSize;
}

export const RESPONSIVE_CHANGE_EVENT = 'responsivechange';

export interface ResponsiveWrapperProps {
  /** e.g. 'small', 'm-l', 'small,large'; empty = all sizes. */
  sizes?: string | null;
  id?: string;
  children?: ReactNode;
}

export function ResponsiveWrapper({ sizes, id, children }: ResponsiveWrapperProps) {
  const shown = parseScreenSizes(sizes);
  const key = shown.join(',');
  const ref = useRef<HTMLDivElement>(null);
  // null: not decided yet (server render and first client render) — CSS decides.
  const [show, setShow] = useState<boolean | null>(null);

  useEffect(() => {
    if (typeof window === 'undefined' || !window.matchMedia) return;
    const wanted = new Set(key.split(','));
    const queries = SCREEN_SIZES.map((s) => window.matchMedia(SIZE_MEDIA[s]));
    const update = () => {
      const size = screenSizeOf((media) => window.matchMedia(media).matches);
      const visible = wanted.has(size);
      setShow(visible);
      const detail: ResponsiveChangeDetail = { action: visible ? 'show' : 'hide', media: SIZE_MEDIA[size], size };
      ref.current?.dispatchEvent(new CustomEvent(RESPONSIVE_CHANGE_EVENT, { detail, bubbles: true }));
    };
    update();
    const onChange = (e: MediaQueryListEvent) => {
      // Each size change fires for the query left and the one entered; react once, on the one entered.
      if (e.matches) update();
    };
    for (const q of queries) q.addEventListener('change', onChange);
    return () => {
      for (const q of queries) q.removeEventListener('change', onChange);
    };
  }, [key]);

  const hiddenAt = SCREEN_SIZES.filter((s) => !shown.includes(s));
  return (
    <div
      ref={ref}
      id={id}
      className={cx('rw', ...(show === null ? hiddenAt.map((s) => `rw--hide-${s}`) : []))}
      data-sizes={key}
      data-state={show === null ? undefined : show ? 'show' : 'hide'}
      hidden={show === false || undefined}
    >
      {show === false ? null : children}
    </div>
  );
}
