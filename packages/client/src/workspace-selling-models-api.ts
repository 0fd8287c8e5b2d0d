// The workspace's selling-model calls (issue 15 §3): the store's selling models, creating and changing a
// subscription model, and which models a product is offered with. Part of the `@store/client/workspace`
// entry (spread into workspace-api.ts's client).
import type { AdminSellingModel, ProductSellingModels, SellingModelCreate, SellingModelFields } from '@store/core';
import type { CallOptions } from './call-options.ts';
import { requireId } from './validate.ts';
import type { WorkspaceCall } from './workspace-call.ts';

export interface SellingModelCalls {
  sellingModels(o?: CallOptions): Promise<{ items: AdminSellingModel[] }>;
  createSellingModel(input: SellingModelCreate, o?: CallOptions): Promise<AdminSellingModel>;
  updateSellingModel(id: string, change: Partial<SellingModelFields>, o?: CallOptions): Promise<AdminSellingModel>;
  productSellingModels(productId: string, o?: CallOptions): Promise<ProductSellingModels>;
  /** The one-time model is always kept first; these are offered after it, in this order. */
  setProductSellingModels(productId: string, sellingModelIds: string[], o?: CallOptions): Promise<ProductSellingModels>;
}

export function sellingModelCalls(call: WorkspaceCall): SellingModelCalls {
  const model = (id: string) => `selling-models/${encodeURIComponent(requireId(id, 'sellingModelId'))}`;
  const offered = (id: string) => `products/${encodeURIComponent(requireId(id, 'productId'))}/selling-models`;
  return {
    sellingModels: (o = {}) => call('GET', 'selling-models', o),
    createSellingModel: (input, o = {}) => call('POST', 'selling-models', o, { body: input }),
    updateSellingModel: (id, change, o = {}) => call('PATCH', model(id), o, { body: change }),
    productSellingModels: (id, o = {}) => call('GET', offered(id), o),
    setProductSellingModels: (id, sellingModelIds, o = {}) =>
      call('PUT', offered(id), o, { body: { sellingModelIds } }),
  };
}
