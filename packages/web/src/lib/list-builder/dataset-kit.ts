// What the dataset page's list builder and evaluation kit need from the server (issue 19), read by the product
// route's loader beside its other calls so the server render shows them: the file's evaluation facts, the counts
// and price of the selection in the page's URL, and the masked preview of that selection's first records.
// A product without a file (the evaluation answers 404) has no kit; the counts or the preview failing only
// hides their part (the preview call is a 404 until the preview API lands).

import {
  ListSelectionError,
  parseListSelection,
  type DatasetEvaluation,
  type DatasetListCounts,
  type DatasetListPreview,
  type ListSelection,
} from '@store/core';
import { optional, type StoreApi } from '../api.ts';

export interface DatasetKitData {
  evaluation: DatasetEvaluation;
  /** The counts of the URL's selection; null when the call failed (the builder then shows no filters). */
  counts: DatasetListCounts | null;
  /** The masked first records of the URL's selection; null when the call failed (the section is left out). */
  preview: DatasetListPreview | null;
  /** The store's name, the dataset's creator and publisher in its schema.org Dataset. */
  storeName: string;
}

/** The selection a page URL's query carries; a malformed one (too many or too long values) is the whole list. */
export function selectionFromSearch(search: URLSearchParams | string): ListSelection {
  try {
    return parseListSelection(search);
  } catch (e) {
    if (e instanceof ListSelectionError) return {};
    throw e;
  }
}

/** The kit for a product and the URL's selection; null when the product has no dataset file for this buyer. */
export async function loadDatasetKit(
  api: StoreApi,
  productId: string,
  search: URLSearchParams,
  storeName: Promise<string>,
  signal: AbortSignal,
): Promise<DatasetKitData | null> {
  const selection = selectionFromSearch(search);
  // All three at once: the counts and preview calls do not wait on the evaluation (one round trip, not two).
  const [evaluation, counts, preview, store] = await Promise.all([
    optional(api.client.getDatasetEvaluation(productId, { signal })),
    optional(api.client.getListCounts(productId, selection, { signal })),
    optional(api.client.getListPreview(productId, selection, { signal })),
    storeName,
  ]);
  return evaluation ? { evaluation, counts, preview, storeName: store } : null;
}
