// The store's featured datasets (/admin/featured): the home page's list, in the seller's order. The storefront
// reads the same rows on every home page, so a saved list is what the next shopper sees.

import { MAX_FEATURED_DATASETS, type FeaturedDatasets } from '@store/core';
import {
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import type { StoreApi } from '../../lib/api.ts';
import { DatasetPickForm, type PickResult } from './DatasetPickForm.tsx';
import { savePicks } from './pick-action.ts';
import { loaded, workspaceHead, workspaceOf } from './workspace-data.ts';

export const FEATURED_SAVED = 'The featured datasets have been saved. The home page shows them now.';

function FeaturedPage() {
  const featured = useLoaderData() as FeaturedDatasets;
  const result = useActionData() as PickResult | undefined;
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="workspace__edit">
      <h1>Featured datasets</h1>
      <DatasetPickForm
        id="featured"
        title="Featured datasets"
        intro="The datasets on the home page, in this order. Draft ones and those a shopper may not see are left out for them."
        intent="featured"
        items={featured.items}
        max={MAX_FEATURED_DATASETS}
        result={result}
        busy={busy}
      />
    </div>
  );
}

export function featuredRoute(getApi: () => StoreApi) {
  return {
    loader: ({ request }: LoaderFunctionArgs) =>
      loaded(workspaceOf(getApi).featuredDatasets({ signal: request.signal })),
    action: async ({ request }: ActionFunctionArgs) => {
      const w = workspaceOf(getApi);
      return savePicks(w, await request.formData(), 'featured', MAX_FEATURED_DATASETS, FEATURED_SAVED, (ids) =>
        w.setFeaturedDatasets(ids),
      );
    },
    Component: FeaturedPage,
    handle: workspaceHead(() => 'Featured datasets'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}
