// What the category pages' forms do: the field rules (core's checkField with the url-name rule, so the form
// says what the server would refuse), the fields read from a form, and the new order of siblings a "move up"
// or "move down" asks for.

import {
  checkField,
  urlNameProblem,
  type AdminCategory,
  type CategoryChange,
  type CategoryOrder,
  type CategoryStatus,
} from '@store/core';
import { nameRule, textOf } from './customer-form.ts';

export const categoryNameRule = nameRule;
/** Blank is allowed on creation (the server makes one from the name). */
export const urlNameRule = (v: string) =>
  checkField(v, { maxLength: 80, custom: (x) => (x ? urlNameProblem(x) : null) });
export const requiredUrlNameRule = (v: string) =>
  checkField(v, { required: true, maxLength: 80, custom: (x) => (x ? urlNameProblem(x) : null) });

/** A category form's outcome: the shape every customer form answers. */
export type { CustomerResult as CategoryResult } from './customer-form.ts';

/** The category fields of a create or edit form; a blank parent is the top level. */
export function categoryFields(form: FormData): CategoryChange & { name: string } {
  const urlName = textOf(form, 'urlName');
  const status = textOf(form, 'status');
  return {
    name: textOf(form, 'name'),
    ...(urlName ? { urlName } : {}),
    parentId: textOf(form, 'parentId') || null,
    description: textOf(form, 'description') || null,
    ...(status === 'Live' || status === 'Draft' ? { status: status as CategoryStatus } : {}),
  };
}

/** The form's field messages, or null when it may be sent. */
export function categoryProblems(
  fields: { name: string; urlName?: string },
  urlNameRequired: boolean,
): Record<string, string> | null {
  const errors: Record<string, string> = {};
  const name = categoryNameRule(fields.name);
  if (name) errors.name = name;
  const url = (urlNameRequired ? requiredUrlNameRule : urlNameRule)(fields.urlName ?? '');
  if (url) errors.urlName = url;
  return Object.keys(errors).length ? errors : null;
}

/** The siblings' order with one category moved a step up (-1) or down (+1); null when it is already at that end. */
export function movedOrder(all: readonly AdminCategory[], id: string, step: -1 | 1): CategoryOrder | null {
  const me = all.find((c) => c.id === id);
  if (!me) return null;
  const siblings = all.filter((c) => c.parentId === me.parentId).map((c) => c.id);
  const at = siblings.indexOf(id);
  const to = at + step;
  if (to < 0 || to >= siblings.length) return null;
  [siblings[at], siblings[to]] = [siblings[to]!, siblings[at]!];
  return { parentId: me.parentId, categoryIds: siblings };
}

/** The categories a category may move under: any but itself and those inside it. */
export function possibleParents(all: readonly AdminCategory[], id: string | null): AdminCategory[] {
  if (!id) return [...all];
  const inside = new Set([id]);
  for (const c of all) if (c.parentId && inside.has(c.parentId)) inside.add(c.id);
  return all.filter((c) => !inside.has(c.id));
}
