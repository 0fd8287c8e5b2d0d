// The site frame's loader data (session, header values) for a component deep in a page that is not
// handed it (a result tile's add-to-list control). Undefined outside a router, as in isolated renders.

import { useInRouterContext, useRouteLoaderData } from 'react-router';
import type { RootData } from '../../routes/types.ts';

export function useRootData(): RootData | undefined {
  // biome-ignore lint/correctness/useHookAtTopLevel: whether a component sits in a router never changes during its life
  return useInRouterContext() ? (useRouteLoaderData('root') as RootData | undefined) : undefined;
}
