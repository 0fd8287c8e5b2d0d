// The workspace's category, entitlement-policy and inventory calls (issue 15 item 3), part of the workspace
// client (workspace-api.ts): categories created, changed, reordered and deleted; entitlement policies; a
// product's stock per location.

import type {
  AdminCategory,
  CategoryChange,
  CategoryCreate,
  CategoryOrder,
  EntitlementPolicy,
  EntitlementPolicyInput,
  InventoryChange,
  ProductInventory,
} from '@store/core';
import type { CallOptions } from './call-options.ts';
import { requireId } from './validate.ts';
import type { WorkspaceCall } from './workspace-call.ts';

export interface TaxonomyCalls {
  createCategory(input: CategoryCreate, o?: CallOptions): Promise<AdminCategory>;
  /** Only the fields sent change; a new parentId moves the category with its subtree. */
  updateCategory(categoryId: string, change: CategoryChange, o?: CallOptions): Promise<AdminCategory>;
  /** One parent's children (null: the top level) in a new order; every child once. */
  reorderCategories(order: CategoryOrder, o?: CallOptions): Promise<{ items: AdminCategory[] }>;
  /** Refused (409) while the category holds products or subcategories. */
  deleteCategory(categoryId: string, o?: CallOptions): Promise<void>;
  entitlementPolicies(o?: CallOptions): Promise<{ items: EntitlementPolicy[] }>;
  createEntitlementPolicy(input: EntitlementPolicyInput, o?: CallOptions): Promise<EntitlementPolicy>;
  /** A list sent replaces the list; one not sent is kept. */
  updateEntitlementPolicy(
    policyId: string,
    change: Partial<EntitlementPolicyInput>,
    o?: CallOptions,
  ): Promise<EntitlementPolicy>;
  deleteEntitlementPolicy(policyId: string, o?: CallOptions): Promise<void>;
  getInventory(productId: string, o?: CallOptions): Promise<ProductInventory>;
  /** On hand at the locations named; the others are kept. */
  setInventory(productId: string, change: InventoryChange, o?: CallOptions): Promise<ProductInventory>;
}

export function taxonomyCalls(call: WorkspaceCall): TaxonomyCalls {
  const category = (id: string) => `categories/${encodeURIComponent(requireId(id, 'categoryId'))}`;
  const policy = (id: string) => `entitlement-policies/${encodeURIComponent(requireId(id, 'policyId'))}`;
  const inventory = (id: string) => `products/${encodeURIComponent(requireId(id, 'productId'))}/inventory`;
  return {
    createCategory: (input, o = {}) => call('POST', 'categories', o, { body: input }),
    updateCategory: (id, change, o = {}) => call('PATCH', category(id), o, { body: change }),
    reorderCategories: (order, o = {}) => call('POST', 'categories/actions/reorder', o, { body: order }),
    deleteCategory: (id, o = {}) => call('DELETE', category(id), o),
    entitlementPolicies: (o = {}) => call('GET', 'entitlement-policies', o),
    createEntitlementPolicy: (input, o = {}) => call('POST', 'entitlement-policies', o, { body: input }),
    updateEntitlementPolicy: (id, change, o = {}) => call('PATCH', policy(id), o, { body: change }),
    deleteEntitlementPolicy: (id, o = {}) => call('DELETE', policy(id), o),
    getInventory: (id, o = {}) => call('GET', inventory(id), o),
    setInventory: (id, change, o = {}) => call('PUT', inventory(id), o, { body: change }),
  };
}
