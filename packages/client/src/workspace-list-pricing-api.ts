// The workspace's calls for a dataset's per-record pricing (issue 19): read it with its default, set it, or
// return to the default (null).
import type { DatasetListPricingSetting, ListPricing } from '@store/core';
import type { CallOptions } from './call-options.ts';
import { requireId } from './validate.ts';
import type { WorkspaceCall } from './workspace-call.ts';

export interface WorkspaceListPricingCalls {
  listPricing(productId: string, o?: CallOptions): Promise<DatasetListPricingSetting>;
  setListPricing(
    productId: string,
    listPricing: ListPricing | null,
    o?: CallOptions,
  ): Promise<DatasetListPricingSetting>;
}

export function workspaceListPricingCalls(call: WorkspaceCall): WorkspaceListPricingCalls {
  const path = (id: string) => `products/${encodeURIComponent(requireId(id, 'productId'))}/list-pricing`;
  return {
    listPricing: (id, o = {}) => call('GET', path(id), o),
    setListPricing: (id, listPricing, o = {}) => call('PUT', path(id), o, { body: { listPricing } }),
  };
}
