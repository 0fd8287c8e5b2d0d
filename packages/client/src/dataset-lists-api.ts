// The dataset page's list builder and evaluation kit (issue 19): the live counts and price of a selection, the
// masked preview of its first records, and the evaluation facts (data dictionary, freshness, licence). The
// selection travels as its canonical query (core/list-selection.ts) on the GET's query string.
import {
  canonicalListSelection,
  effectiveAccountIdOrNull,
  type DatasetEvaluation,
  type DatasetListCounts,
  type DatasetListPreview,
  type ListSelection,
} from '@store/core';
import type { CallOptions } from './call-options.ts';
import type { Http } from './http.ts';
import { requireId } from './validate.ts';

export interface DatasetListCallOptions extends CallOptions {
  effectiveAccountId?: string;
}

export interface DatasetListCalls {
  /** GET datasets/{productId}: the file's dictionary, freshness, licence and filters. */
  getDatasetEvaluation(productId: string, options?: DatasetListCallOptions): Promise<DatasetEvaluation>;
  /** GET datasets/{productId}/counts?{selection}: the live count, price and per-value counts. */
  getListCounts(
    productId: string,
    selection: ListSelection,
    options?: DatasetListCallOptions,
  ): Promise<DatasetListCounts>;
  /** GET datasets/{productId}/preview?{selection}: the first records of the selection, masked. */
  getListPreview(
    productId: string,
    selection: ListSelection,
    options?: DatasetListCallOptions,
  ): Promise<DatasetListPreview>;
}

/**
 * The path with the selection's canonical query: repeated keys (`region=OK&region=TX`), not the comma-joined
 * lists of other calls, because a value (a city, a sales band) may itself hold a comma.
 */
function withSelection(path: string, selection: ListSelection, effectiveAccountId?: string): string {
  const q = new URLSearchParams(canonicalListSelection(selection));
  const account = effectiveAccountIdOrNull(effectiveAccountId);
  if (account) q.append('effectiveAccountId', account);
  const text = q.toString();
  return text ? `${path}?${text}` : path;
}

export function createDatasetListCalls(http: Http): DatasetListCalls {
  const ws = http.webstorePath;
  const dataset = (productId: string, ...rest: string[]) => ws('datasets', requireId(productId, 'productId'), ...rest);
  return {
    async getDatasetEvaluation(productId, o = {}) {
      const account = effectiveAccountIdOrNull(o.effectiveAccountId);
      return (
        await http.request<DatasetEvaluation>({
          path: dataset(productId),
          query: account ? { effectiveAccountId: account } : undefined,
          signal: o.signal,
        })
      ).data;
    },
    async getListCounts(productId, selection, o = {}) {
      return (
        await http.request<DatasetListCounts>({
          path: withSelection(dataset(productId, 'counts'), selection, o.effectiveAccountId),
          signal: o.signal,
        })
      ).data;
    },
    async getListPreview(productId, selection, o = {}) {
      return (
        await http.request<DatasetListPreview>({
          path: withSelection(dataset(productId, 'preview'), selection, o.effectiveAccountId),
          signal: o.signal,
        })
      ).data;
    },
  };
}
