// What the customer pages' forms share: a name checked with the shared form rules, and a list of accounts
// edited as the ones kept (ticked) plus account ids added (typed, comma-separated), sent as the whole list.

import { checkField } from '@store/core';

export interface CustomerResult {
  intent: string;
  fieldErrors?: Record<string, string>;
  formError?: string;
  /** The success note to show. */
  done?: string;
}

export const nameRule = (v: string) => checkField(v, { required: true, maxLength: 255 });

const texts = (form: FormData, name: string) =>
  form.getAll(name).filter((v): v is string => typeof v === 'string' && v.trim() !== '');

/** The ticked `keep` ids and the typed `add` ids, once each, in that order. */
export function accountList(form: FormData): string[] {
  const added = texts(form, 'add').flatMap((v) => v.split(/[\s,]+/).filter(Boolean));
  return [...new Set([...texts(form, 'keep'), ...added])];
}

/** The form's trimmed text value. */
export const textOf = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};
