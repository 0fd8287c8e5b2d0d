// The variation picker's rules (issue 14, spec 02 §8 code 105): a variation parent's attributes and their
// values from its variationInfo, which variation a choice of values is, and the choice in the page's query
// string (`?Coverage=Email%20Only`), so a chosen variation can be shared, reloaded and server-rendered.

import type { ProductVariationInfo } from '@store/core';

/** Attribute api name → chosen value. */
export type VariationChoice = Readonly<Record<string, string>>;

export interface VariationOption {
  value: string;
  label: string;
  /** A variation that can be ordered has this value together with the other values chosen. */
  available: boolean;
}

export interface VariationAttribute {
  apiName: string;
  label: string;
  options: VariationOption[];
}

/**
 * What a choice amounts to: not every attribute has a value yet (the parent stays the product: code 103),
 * a variation that can be ordered, or a combination no orderable variation has (code 105).
 */
export type VariationResolution =
  | { state: 'incomplete' }
  | { state: 'valid'; productId: string }
  | { state: 'invalid' };

type Mapping = ProductVariationInfo['attributesToProductMappings'][number];

const mappingValues = (m: Mapping): Record<string, string> =>
  Object.fromEntries(m.selectedAttributes.map((a) => [a.apiName, a.value]));

/** The attributes in their sequence, each value in the order the API gives. */
function attributeInfos(info: ProductVariationInfo) {
  return Object.values(info.variationAttributeInfo ?? {}).sort((a, b) => a.sequence - b.sequence);
}

/** The variation with exactly these values, whether or not it can be ordered. */
function mappingFor(info: ProductVariationInfo, choice: VariationChoice): Mapping | undefined {
  const names = attributeInfos(info).map((a) => a.apiName);
  return info.attributesToProductMappings.find((m) => {
    const values = mappingValues(m);
    return names.every((n) => values[n] === choice[n]);
  });
}

export function resolveVariation(info: ProductVariationInfo, choice: VariationChoice): VariationResolution {
  if (attributeInfos(info).some((a) => !choice[a.apiName])) return { state: 'incomplete' };
  const mapping = mappingFor(info, choice);
  return mapping?.availableToOrder ? { state: 'valid', productId: mapping.productId } : { state: 'invalid' };
}

/**
 * Each attribute with its values; a value is available when picking it (the other values kept) gives an
 * orderable variation, or, while another attribute is still open, when some orderable variation has it
 * with the values already chosen.
 */
export function variationAttributes(info: ProductVariationInfo, choice: VariationChoice): VariationAttribute[] {
  const orderable = info.attributesToProductMappings.filter((m) => m.availableToOrder).map(mappingValues);
  return attributeInfos(info).map((attr) => {
    const others = Object.entries(choice).filter(([name, value]) => name !== attr.apiName && value);
    const labels = new Map((attr.options ?? []).map((o) => [o.apiName, o.label]));
    return {
      apiName: attr.apiName,
      label: attr.label || attr.apiName,
      options: attr.allowableValues.map((value) => ({
        value,
        label: labels.get(value) ?? value,
        available: orderable.some((m) => m[attr.apiName] === value && others.every(([n, v]) => m[n] === v)),
      })),
    };
  });
}

/** A variation's own values, as the choice that names it. */
export function choiceOfVariation(info: ProductVariationInfo, productId: string): VariationChoice {
  const mapping = info.attributesToProductMappings.find((m) => m.productId === productId);
  return mapping ? mappingValues(mapping) : {};
}

/**
 * The choice a page's query string holds: the attributes' names as parameters. A value the family does
 * not have is kept (it is what was asked for, and shows as "not available"); blank ones are not a choice.
 */
export function choiceFromSearch(info: ProductVariationInfo, search: URLSearchParams): VariationChoice {
  const out: Record<string, string> = {};
  for (const attr of attributeInfos(info)) {
    const value = search.get(attr.apiName)?.trim();
    if (value) out[attr.apiName] = value;
  }
  return out;
}

/** True when the query string names any of the family's attributes (it then decides the choice). */
export function searchNamesChoice(info: ProductVariationInfo, search: URLSearchParams): boolean {
  return attributeInfos(info).some((a) => search.has(a.apiName));
}

/** The query string for a choice: the attributes in their sequence, other parameters kept as they were. */
export function searchForChoice(info: ProductVariationInfo, choice: VariationChoice, current: URLSearchParams): string {
  const next = new URLSearchParams(current);
  for (const attr of attributeInfos(info)) next.delete(attr.apiName);
  for (const attr of attributeInfos(info)) {
    const value = choice[attr.apiName];
    if (value) next.set(attr.apiName, value);
  }
  const text = next.toString();
  return text ? `?${text}` : '';
}
