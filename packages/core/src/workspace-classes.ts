// The product classes beyond Simple as the workspace edits them (issue 15 item 3): a variation parent's
// attributes and its variations, a set's or bundle's ordered components, and any product's quantity rule.
// The rules live here so the product form says what the server would refuse before anything is sent.
import Big from 'big.js';
import type { ProductInput, ProductStatus } from './workspace-wire.ts';
import type { PurchaseQuantityRule } from './wire.ts';

/** The classes "New product" offers; a Variation is made from its parent's page. */
export const CREATABLE_PRODUCT_CLASSES = ['Simple', 'VariationParent', 'Set', 'Bundle'] as const;
export type CreatableProductClass = (typeof CREATABLE_PRODUCT_CLASSES)[number];
/** Classes that hold components (product_relation rows of type `${class}Component`). */
export const COMPONENT_HOLDER_CLASSES = ['Set', 'Bundle'] as const;
/** Classes a set or bundle may hold: things a buyer can buy on their own (no parent, no set, so no cycle). */
export const COMPONENT_CLASSES = ['Simple', 'Variation'] as const;

export const MAX_VARIATION_ATTRIBUTES = 3;
export const MAX_ATTRIBUTE_VALUES = 30;
export const MAX_COMPONENTS = 50;

/** A variation attribute of a parent and the values its variations may take, in the picker's order. */
export interface VariationAttribute {
  name: string;
  values: string[];
}

export interface AdminVariation {
  id: string;
  sku: string;
  name: string;
  status: ProductStatus;
  /** Attribute name → value, in the parent's attribute order. */
  values: Record<string, string>;
}

/** A variation parent as its section of the product form reads it. */
export interface AdminVariationFamily {
  parentId: string;
  attributes: VariationAttribute[];
  variations: AdminVariation[];
}

/** A new product of a class "New product" offers; a VariationParent names its attributes, no other class does. */
export interface ProductCreate extends ProductInput {
  sku: string;
  name: string;
  productClass?: CreatableProductClass;
  variationAttributes?: VariationAttribute[];
}

/** A new variation: its own product fields plus one value per attribute of the parent. */
export interface VariationCreate extends ProductInput {
  sku: string;
  name: string;
  values: Record<string, string>;
}

export interface AdminComponent {
  productId: string;
  sku: string;
  name: string;
  productClass: string;
  status: ProductStatus;
  /** 1-based, the order the storefront lists them in. */
  position: number;
}

export interface AdminComponentList {
  productId: string;
  components: AdminComponent[];
}

/** One component as sent: by record id or by SKU (exactly one). */
export type ComponentRef = { productId: string; sku?: never } | { sku: string; productId?: never };

/** What is wrong with a parent's attributes, or null: names and values unique (ignoring case), none blank. */
export function variationAttributesProblem(attributes: VariationAttribute[]): string | null {
  if (!attributes.length) return 'A variation parent needs at least one variation attribute.';
  if (attributes.length > MAX_VARIATION_ATTRIBUTES)
    return `A variation parent has at most ${MAX_VARIATION_ATTRIBUTES} variation attributes.`;
  const names = new Set<string>();
  for (const a of attributes) {
    const name = a.name.trim();
    if (!name) return 'Every variation attribute needs a name.';
    if (names.has(name.toLowerCase())) return `The attribute ${name} is named twice.`;
    names.add(name.toLowerCase());
    if (!a.values.length) return `The attribute ${name} needs at least one value.`;
    if (a.values.length > MAX_ATTRIBUTE_VALUES)
      return `The attribute ${name} has more than ${MAX_ATTRIBUTE_VALUES} values.`;
    const seen = new Set<string>();
    for (const v of a.values) {
      if (!v.trim()) return `The attribute ${name} has a blank value.`;
      if (seen.has(v.trim().toLowerCase())) return `The value ${v.trim()} of ${name} is listed twice.`;
      seen.add(v.trim().toLowerCase());
    }
  }
  return null;
}

/**
 * What is wrong with a variation's values against its parent's attributes, or null: one allowed value for
 * every attribute and nothing else. (Whether another variation already has the combination is the server's.)
 */
export function variationValuesProblem(
  attributes: VariationAttribute[],
  values: Record<string, string>,
): string | null {
  for (const name of Object.keys(values))
    if (!attributes.some((a) => a.name === name)) return `The parent has no variation attribute ${name}.`;
  for (const a of attributes) {
    const v = values[a.name];
    if (v === undefined || !v.trim()) return `Choose a value of ${a.name}.`;
    if (!a.values.includes(v)) return `${v} is not a value of ${a.name} (${a.values.join(', ')}).`;
  }
  return null;
}

/** The combination's key: the values in the parent's attribute order (as the storefront's mappings key them). */
export function combinationKey(attributes: VariationAttribute[], values: Record<string, string>): string {
  return attributes.map((a) => values[a.name] ?? '').join('_');
}

const WHOLE = /^\d{1,15}$/;

/**
 * What is wrong with a purchase quantity rule (spec 02 §3), or null: whole numbers, a minimum of at least 1,
 * a maximum not below the minimum, an increment of at least 1, and the maximum reachable from the minimum in
 * steps of the increment (otherwise the maximum shown could never be bought).
 */
export function quantityRuleProblem(rule: PurchaseQuantityRule): string | null {
  for (const [field, v] of Object.entries(rule))
    if (!WHOLE.test(String(v).trim())) return `The ${field} must be a whole number.`;
  const min = new Big(rule.minimum);
  const max = new Big(rule.maximum);
  const step = new Big(rule.increment);
  if (min.lt(1)) return 'The minimum must be at least 1.';
  if (step.lt(1)) return 'The increment must be at least 1.';
  if (max.lt(min)) return 'The maximum must not be less than the minimum.';
  if (max.gt(Number.MAX_SAFE_INTEGER)) return `The maximum must be at most ${Number.MAX_SAFE_INTEGER}.`;
  if (!max.minus(min).mod(step).eq(0))
    return `The maximum must be the minimum plus a whole number of increments (${rule.minimum}, ${min.plus(step)}, …).`;
  return null;
}
