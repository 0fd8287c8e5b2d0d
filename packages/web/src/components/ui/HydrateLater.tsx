// A part of a server-rendered page hydrated in a task of its own after the page's hydration, so that no single
// task hydrates the whole page (on a slow phone that one task blocks the main thread for a few hundred ms).
// Unlike HydrateOnInteraction, the part is hydrated within the page's tree (context, effects, state all work) and
// soon, whether used or not: the parts wait in document order, one task each.
//
// How: during the page's hydration the part throws a promise (it "suspends"): Preact keeps the server's DOM of
// a suspended component as it is and hydrates into it when the promise resolves (its Suspense boundary renders
// it again). So the part's children must render one element at their top (the one kept). Until then the part
// shows the server's HTML and does not respond (as before the page's script had run). Rendered any other way
// (server, client-side navigation, tests) it renders its children at once.
//
// Browser tests wait for html[data-hydrated] (useHydratedMark), which afterDeferredHydration holds back until
// every part is hydrated.

import { Suspense, useRef, type ReactNode } from 'react';
import { isHydrating, setHydrating } from './HydrateOnInteraction.tsx';
import { nextTask } from '../../lib/next-task.ts';

interface Gate {
  /** Resolves in the task that hydrates the part; null when the part did not start suspended. */
  wait: Promise<void> | null;
  open: boolean;
  resumed: boolean;
}

let pending = 0;
let queue: Promise<void> = Promise.resolve();
let idle: (() => void)[] = [];

function finishOne(): void {
  pending -= 1;
  if (pending > 0) return;
  const callbacks = idle;
  idle = [];
  for (const cb of callbacks) cb();
}

/** Calls `cb` once every part deferred by the page's hydration is hydrated (at once when none is waiting). */
export function afterDeferredHydration(cb: () => void): void {
  if (pending === 0) cb();
  else idle.push(cb);
}

function openGate(gate: Gate): Promise<void> {
  pending += 1;
  queue = queue.then(nextTask).then(() => {
    gate.open = true;
    // The part renders in this task's microtasks (Preact's render queue); counted done in the next task,
    // also when it was removed meanwhile (nothing left to hydrate then).
    setTimeout(finishOne, 0);
  });
  return queue;
}

function Deferred({ gate, children }: { gate: Gate; children: ReactNode }) {
  if (gate.wait && !gate.open) throw gate.wait;
  if (gate.wait && !gate.resumed) {
    // This render hydrates the server's HTML: HydrateOnInteraction parts inside stay deferred, as in the page's pass.
    gate.resumed = true;
    setHydrating(true);
    queueMicrotask(() => setHydrating(false));
  }
  return children;
}

export function HydrateLater({ children }: { children: ReactNode }) {
  const gate = useRef<Gate | null>(null);
  if (!gate.current) {
    const g: Gate = { wait: null, open: false, resumed: false };
    if (isHydrating() && typeof MessageChannel === 'function') g.wait = openGate(g);
    gate.current = g;
  }
  return (
    <Suspense fallback={null}>
      <Deferred gate={gate.current}>{children}</Deferred>
    </Suspense>
  );
}
