// The list builder's state: the selection lives in the page's URL (replaced in place, no history entry per
// checkbox, no page load, no loader run: the product route does not revalidate on a query change), and the
// counts and preview shown are those of the last selection the server answered for. The server render's
// answers (the loader read the URL's selection) are the starting point, so a reload or a shared link shows the
// same numbers without a request. A change asks for the new selection's counts and preview at once, aborting
// the request for a selection that has been changed again, and keeps the previous numbers until the answer.

import { useEffect, useMemo, useState } from 'react';
import {
  canonicalListSelection,
  type DatasetListCounts,
  type DatasetListPreview,
  type ListSelection,
} from '@store/core';
import { useStoreApi } from '../api-context.tsx';
import { useChoiceSearch } from '../catalogue/use-choice-search.ts';
import type { DatasetKitData } from './dataset-kit.ts';
import { searchWithSelection } from './list-builder-view.ts';
import { selectionFromSearch } from './dataset-kit.ts';

export interface ListSelectionState {
  selection: ListSelection;
  /** The selection's canonical query ('' = the whole dataset). */
  canonical: string;
  counts: DatasetListCounts | null;
  preview: DatasetListPreview | null;
  /** Counts for `selection` are on their way; `counts` is still the previous selection's. */
  pending: boolean;
  /** The last request failed; `counts` is an earlier selection's. */
  failed: boolean;
  choose: (next: ListSelection) => void;
}

const isAbort = (e: unknown) => e instanceof Error && e.name === 'AbortError';

export function useListSelection(productId: string, kit: DatasetKitData): ListSelectionState {
  const api = useStoreApi();
  const [search, chooseSearch] = useChoiceSearch();
  const selection = useMemo(() => selectionFromSearch(search), [search]);
  const canonical = canonicalListSelection(selection);
  const [shown, setShown] = useState({
    // The selection the shown numbers answer: the loader's, read from the same URL.
    for: kit.counts?.selection ?? canonical,
    counts: kit.counts,
    preview: kit.preview,
    failed: false,
  });

  useEffect(() => {
    if (!api || shown.for === canonical) return;
    const controller = new AbortController();
    const { signal } = controller;
    const client = api.client;
    // The request is for the canonical selection (the URL may hold the same one in another order).
    const selection = selectionFromSearch(canonical);
    void (async () => {
      const previewCall = client.getListPreview(productId, selection, { signal }).catch(() => null);
      try {
        const counts = await client.getListCounts(productId, selection, { signal });
        const preview = await previewCall;
        if (!signal.aborted) setShown({ for: canonical, counts, preview, failed: false });
      } catch (e) {
        if (!isAbort(e) && !signal.aborted) setShown((s) => ({ ...s, for: canonical, failed: true }));
      }
    })();
    return () => controller.abort();
  }, [api, productId, canonical, shown.for]);

  return {
    selection,
    canonical,
    counts: shown.counts,
    preview: shown.preview,
    pending: shown.for !== canonical,
    failed: shown.failed,
    choose: (next) => chooseSearch(searchWithSelection(search, next)),
  };
}
