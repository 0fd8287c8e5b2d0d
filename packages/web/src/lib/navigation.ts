// Navigation for components that also render outside the router (isolated renders in tests, the
// header of a frame without routes): inside it, the data router's client-side navigation; outside,
// a plain page load. Whether a component sits in a router never changes during its life, so the
// hooks below are called conditionally but always in the same order for a given component.

import { useCallback } from 'react';
import { useInRouterContext, useNavigate, useNavigation } from 'react-router';

/** Navigates to a same-site href, pushing a history entry (the back button returns). */
export function useAppNavigate(): (href: string) => void {
  // biome-ignore lint/correctness/useHookAtTopLevel: whether a component sits in a router never changes during its life (see the top of the file)
  const navigate = useInRouterContext() ? useNavigate() : null;
  return useCallback(
    (href: string) => {
      if (navigate) void navigate(href);
      else window.location.assign(href);
    },
    [navigate],
  );
}

/** The location the router is loading right now, or null when idle (or outside a router). */
export function usePendingLocation(): { pathname: string; search: string } | null {
  // biome-ignore lint/correctness/useHookAtTopLevel: whether a component sits in a router never changes during its life (see the top of the file)
  const navigation = useInRouterContext() ? useNavigation() : null;
  return navigation?.location ?? null;
}
