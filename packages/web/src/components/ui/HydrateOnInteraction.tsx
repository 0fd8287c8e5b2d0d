// A part of a server-rendered page that is hydrated only when the buyer reaches for it (pointer over it, focus
// into it, a click), or when its parent renders it again. Hydrating the whole page at start is what blocks a phone's
// main thread (a dataset page's filter lists are three quarters of its elements), and the server's HTML is
// already right, so until then there is nothing to do.
//
// How: during the page's hydration the element is rendered with an empty dangerouslySetInnerHTML, which Preact
// leaves alone (it keeps the server's children and does not look inside). Woken, the children are hydrated as a
// root of their own in that element, so no node is replaced (focus and the pointer's target survive), and every
// later render of the parent renders into that root. Children must be plain markup: no context, useId or effects.
// Rendered any other way (server, client-side navigation, tests) it is a plain element with its children.

import { createElement, useLayoutEffect, useRef, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';

// Whether the render under way is the hydration of the server's HTML: entry-client sets it around its one
// hydrateRoot call (Preact hydrates synchronously, the page's lazy routes loaded before), which also puts this
// module in the shell that every page loads.
let hydrating = false;

export function setHydrating(on: boolean): void {
  hydrating = on;
}

/** Whether the render under way hydrates the server's HTML (entry-client's pass, or a HydrateLater part's). */
export function isHydrating(): boolean {
  return hydrating;
}

/** Each comes before the click or key it leads to (pointerover for touch too); click for assistive technology. */
const WAKE_EVENTS = ['pointerover', 'focusin', 'click'];

export interface HydrateOnInteractionProps {
  as: 'div' | 'ul';
  className?: string;
  children: ReactNode;
}

export function HydrateOnInteraction({ as, className, children }: HydrateOnInteractionProps) {
  const ref = useRef<HTMLElement>(null);
  // Whether it was hydrated with the page, what the server rendered (hydrated first, so that the DOM matches),
  // the latest children, the root once woken, and how many times it rendered.
  const s = useRef({
    deferred: hydrating,
    first: children,
    latest: children,
    root: null as Root | null,
    renders: 0,
  }).current;
  s.latest = children;
  const wake = () => {
    if (s.root || !ref.current) return;
    s.root = hydrateRoot(ref.current, s.first);
    if (s.latest !== s.first) s.root.render(s.latest);
  };

  // The children are plain markup (no effects to clean up): a removed element takes its root and listeners along.
  // biome-ignore lint/correctness/useExhaustiveDependencies: wake reads refs only, so the first one serves for good.
  useLayoutEffect(() => {
    for (const type of WAKE_EVENTS) ref.current?.addEventListener(type, wake, true);
  }, []);

  // A later render of the parent (new counts, choices, a search) may change what the part shows: wake and show it.
  useLayoutEffect(() => {
    if (s.root) s.root.render(children);
    else if (s.renders++) wake();
  });

  return s.deferred
    ? createElement(as, { className, ref, dangerouslySetInnerHTML: { __html: '' } })
    : createElement(as, { className }, children);
}
