// The product form's class sections, rules and conversions (issue 15 item 3): the class and variation attribute
// a new product starts with, a new variation's fields and values, a set's or bundle's component list after a
// move, removal or addition, and the quantity rule. Core's rules (checkField, variationAttributesProblem,
// variationValuesProblem, quantityRuleProblem) decide here as on the server, which checks again.

import {
  checkField,
  CREATABLE_PRODUCT_CLASSES,
  quantityRuleProblem,
  variationAttributesProblem,
  variationValuesProblem,
  type AdminComponent,
  type CreatableProductClass,
  type PurchaseQuantityRule,
  type VariationAttribute,
} from '@store/core';

/** What "New product" offers, with the words the select shows. */
export const CLASS_CHOICES: ReadonlyArray<readonly [CreatableProductClass, string]> = [
  ['Simple', 'Dataset (Simple)'],
  ['VariationParent', 'Variation parent (buyers choose a variation)'],
  ['Set', 'Set (components added to the cart together)'],
  ['Bundle', 'Bundle (one product of several datasets)'],
];

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};
const values = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export const classOf = (v: string): CreatableProductClass =>
  (CREATABLE_PRODUCT_CLASSES as readonly string[]).includes(v) ? (v as CreatableProductClass) : 'Simple';

/** A new parent's attribute from the form ("Coverage" and "Email Only, Email + Phone, Full Contact"). */
export function attributeOf(form: FormData): { attributes: VariationAttribute[]; problem: string | null } {
  const attributes = [{ name: text(form, 'attributeName'), values: values(text(form, 'attributeValues')) }];
  return { attributes, problem: variationAttributesProblem(attributes) };
}

/** A new variation's fields; errors by field name (sku, name, value-{attribute}) or null. */
export function variationInput(form: FormData, attributes: VariationAttribute[]) {
  const sku = text(form, 'sku');
  const name = text(form, 'name');
  const chosen = Object.fromEntries(attributes.map((a) => [a.name, text(form, valueName(a.name))]));
  const errors: Record<string, string> = {};
  const skuMessage = checkField(sku, { required: true, maxLength: 40, pattern: /[A-Za-z0-9][A-Za-z0-9._-]*/ });
  if (skuMessage) errors.sku = skuMessage;
  const nameMessage = checkField(name, { required: true, maxLength: 255 });
  if (nameMessage) errors.name = nameMessage;
  const problem = variationValuesProblem(attributes, chosen);
  if (problem) errors.values = problem;
  const input = {
    sku,
    name,
    status: text(form, 'status') === 'Live' ? ('Live' as const) : ('Draft' as const),
    values: chosen,
  };
  return { input, errors: Object.keys(errors).length ? errors : null };
}

export const valueName = (attribute: string) => `value-${attribute}`;

export type ComponentOp = 'up' | 'down' | 'remove' | 'add';

/** The SKUs in their new order after a move, a removal or an addition (at the end); null when nothing changes. */
export function reorderedSkus(current: readonly AdminComponent[], op: ComponentOp, index: number, sku: string) {
  const skus = current.map((c) => c.sku);
  if (op === 'add') return sku ? [...skus, sku] : null;
  if (index < 0 || index >= skus.length) return null;
  if (op === 'remove') return skus.filter((_, i) => i !== index);
  const to = op === 'up' ? index - 1 : index + 1;
  if (to < 0 || to >= skus.length) return null;
  [skus[index], skus[to]] = [skus[to]!, skus[index]!];
  return skus;
}

export const RULE_FIELDS = ['minimum', 'maximum', 'increment'] as const;
export type RuleField = (typeof RULE_FIELDS)[number];
export const ruleFieldCheck = (v: string) => checkField(v, { required: true, type: 'number', min: 1, step: 1 });

/** The quantity rule from the form: field messages first, then core's rule over the three together. */
export function quantityRuleOf(form: FormData) {
  const rule = Object.fromEntries(RULE_FIELDS.map((f) => [f, text(form, f)])) as unknown as PurchaseQuantityRule;
  const fieldErrors: Partial<Record<RuleField, string>> = {};
  for (const f of RULE_FIELDS) {
    const message = ruleFieldCheck(rule[f]);
    if (message) fieldErrors[f] = message;
  }
  const problem = Object.keys(fieldErrors).length ? null : quantityRuleProblem(rule);
  return { rule, fieldErrors, problem };
}
