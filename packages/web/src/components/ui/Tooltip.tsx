// A help tooltip (spec 03 §4 "Tooltip"): a small "?" button whose text shows on mouse enter or focus
// and hides on mouse leave, blur, click, Escape or a touch elsewhere; one at a time on the page
// (lib/open-tooltip.ts). The toggle type also opens and closes with a click or tap, so it works on
// touch screens where there is no hover. Default alignment left/bottom (spec 03 §9).
//
// Accessibility: the text is always in the page (hidden when closed) with role=tooltip, and the
// button points at it with aria-describedby, so a screen reader reads it with the button whether or
// not it is showing. The button is an ordinary tab stop; nothing holds the focus.

import { useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { openTooltip } from '../../lib/open-tooltip.ts';
import { cx } from './classes.ts';

export type TooltipType = 'info' | 'toggle';

export interface TooltipProps {
  /** What the button is, for screen readers ("Help: Unit price"); the tooltip text is its description. */
  label: string;
  content: string;
  type?: TooltipType;
  className?: string;
}

const noOpen = () => null;
/** The gap kept between a tooltip and the window's edge. */
const EDGE_PX = 8;

export function Tooltip({ label, content, type = 'info', className }: TooltipProps) {
  const id = useId();
  const tipId = `${id}-tip`;
  const shown = useSyncExternalStore(openTooltip.subscribe, openTooltip.current, noOpen) === id;
  const wrapper = useRef<HTMLSpanElement>(null);
  // For the toggle type a click flips what was showing when the press began: the press itself can
  // show the tooltip first (focus, and on touch screens an emulated mouse enter) before its click.
  const shownAtPress = useRef<boolean | null>(null);
  const bubble = useRef<HTMLSpanElement>(null);
  // Left/bottom alignment, moved left just enough to stay on a narrow screen (no sideways scrolling, WCAG 1.4.10).
  const [shift, setShift] = useState(0);
  useLayoutEffect(() => {
    if (!shown || !bubble.current) return setShift(0);
    const box = bubble.current.getBoundingClientRect();
    // Measured where it is now, already shifted; what counts is where it would be unshifted.
    const overflow = box.right + shift - (document.documentElement.clientWidth - EDGE_PX);
    setShift(overflow > 0 ? Math.max(0, Math.min(overflow, box.left + shift - EDGE_PX)) : 0);
  }, [shown, shift]);

  useEffect(() => {
    if (!shown) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') openTooltip.hide(id);
    };
    const onPress = (e: Event) => {
      if (!wrapper.current?.contains(e.target as Node | null)) openTooltip.hide(id);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    document.addEventListener('touchstart', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
      document.removeEventListener('touchstart', onPress);
    };
  }, [shown, id]);

  return (
    <span ref={wrapper} className={cx('tooltip', className)}>
      <button
        type="button"
        className="tooltip__trigger"
        aria-label={label}
        aria-describedby={tipId}
        aria-expanded={type === 'toggle' ? shown : undefined}
        onMouseEnter={() => openTooltip.show(id)}
        onMouseLeave={() => openTooltip.hide(id)}
        onPointerDown={() => {
          shownAtPress.current = shown;
        }}
        onFocus={() => openTooltip.show(id)}
        onBlur={() => openTooltip.hide(id)}
        onClick={() => {
          const before = shownAtPress.current ?? shown;
          shownAtPress.current = null;
          if (type === 'toggle' && !before) openTooltip.show(id);
          else openTooltip.hide(id);
        }}
      >
        <span aria-hidden="true">?</span>
      </button>
      <span
        ref={bubble}
        id={tipId}
        role="tooltip"
        className="tooltip__bubble tooltip__bubble--left-bottom"
        hidden={!shown}
        style={shift ? { left: -shift } : undefined}
      >
        {content}
      </span>
    </span>
  );
}
