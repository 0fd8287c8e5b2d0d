// The workspace's calls for the product classes beyond Simple (issue 15 item 3): a variation parent's family
// (read, add a variation, take one out), a set's or bundle's ordered components (read, replace by id or SKU)
// and a product's quantity rule. Creating a parent, set or bundle is createProduct with its productClass.
// Part of the `@store/client/workspace` entry (workspace-api.ts spreads them into its client).

import type {
  AdminComponentList,
  AdminProduct,
  AdminVariationFamily,
  ComponentRef,
  PurchaseQuantityRule,
  VariationCreate,
} from '@store/core';
import type { CallOptions } from './call-options.ts';
import type { WorkspaceCall } from './workspace-call.ts';
import { requireId } from './validate.ts';

export interface ProductClassCalls {
  getVariations(parentId: string, o?: CallOptions): Promise<AdminVariationFamily>;
  addVariation(parentId: string, input: VariationCreate, o?: CallOptions): Promise<AdminProduct>;
  removeVariation(parentId: string, variationId: string, o?: CallOptions): Promise<AdminVariationFamily>;
  getComponents(productId: string, o?: CallOptions): Promise<AdminComponentList>;
  replaceComponents(productId: string, components: ComponentRef[], o?: CallOptions): Promise<AdminComponentList>;
  setQuantityRule(productId: string, rule: PurchaseQuantityRule, o?: CallOptions): Promise<AdminProduct>;
}

export function productClassCalls(call: WorkspaceCall): ProductClassCalls {
  const product = (id: string) => `products/${encodeURIComponent(requireId(id, 'productId'))}`;
  return {
    getVariations: (id, o = {}) => call('GET', `${product(id)}/variations`, o),
    addVariation: (id, input, o = {}) => call('POST', `${product(id)}/variations`, o, { body: input }),
    removeVariation: (id, variationId, o = {}) =>
      call('DELETE', `${product(id)}/variations/${encodeURIComponent(requireId(variationId, 'variationId'))}`, o),
    getComponents: (id, o = {}) => call('GET', `${product(id)}/components`, o),
    replaceComponents: (id, components, o = {}) =>
      call('PUT', `${product(id)}/components`, o, { body: { components } }),
    setQuantityRule: (id, rule, o = {}) => call('PUT', `${product(id)}/quantity-rule`, o, { body: rule }),
  };
}
