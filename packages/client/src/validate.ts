// Input rules checked before any request leaves the browser (spec 01 §5, spec 02 §5).
// A missing input is a programming error, so it raises a TypeError synchronously at the call
// site instead of a round trip that would come back as an opaque 404.

import { isAllZeroAccountId } from '@store/core';

function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

/** `what` names the argument in the message, e.g. 'productId'. */
export function requireId(value: unknown, what: string): string {
  if (isBlank(value)) throw new TypeError(`'${what}' is required and must be a non-empty string.`);
  return value as string;
}

/** A non-empty list of non-empty strings (pricing collection, inventory products). */
export function requireIdList(value: unknown, what: string): string[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new TypeError(`'${what}' is required and must be a non-empty list.`);
  }
  for (const item of value) {
    if (isBlank(item)) throw new TypeError(`'${what}' must contain only non-empty strings.`);
  }
  return value as string[];
}

/**
 * The products collection takes ids or skus, never both, and at least one (spec 02 §5).
 * An empty list counts as given-but-empty, not as absent, so `{ ids: [] }` is rejected too.
 */
export function requireIdsOrSkus(ids: unknown, skus: unknown): { ids?: string[]; skus?: string[] } {
  const hasIds = ids !== undefined;
  const hasSkus = skus !== undefined;
  if (hasIds === hasSkus) throw new TypeError("Exactly one of 'ids' or 'skus' must be given.");
  return hasIds ? { ids: requireIdList(ids, 'ids') } : { skus: requireIdList(skus, 'skus') };
}

/** The inventory API takes `locations` or `locationgroups`, not both (commerce-api §12). */
export function requireAtMostOne(a: unknown, aName: string, b: unknown, bName: string): void {
  if (a !== undefined && b !== undefined) {
    throw new TypeError(`Only one of '${aName}' or '${bName}' may be given.`);
  }
}

/** Spec 01 §5, word for word. */
export const EFFECTIVE_ACCOUNT_REQUIRED_MESSAGE =
  "The 'effectiveAccountId' param is required to be able to successfully execute this request.";

/** An account id a call cannot do without; the all-zero id means "no account" (spec 01 §3), so it counts as missing. */
export function requireEffectiveAccountId(value: unknown): string {
  if (isBlank(value) || isAllZeroAccountId(value)) throw new TypeError(EFFECTIVE_ACCOUNT_REQUIRED_MESSAGE);
  return value as string;
}

/** A non-empty text input such as an email address, a password or a name. */
export function requireText(value: unknown, what: string): string {
  if (isBlank(value)) throw new TypeError(`'${what}' is required and must be a non-empty string.`);
  return value as string;
}

/** A text input that may be left out, but not given blank or as another type. */
export function optionalText(value: unknown, what: string): string | undefined {
  return value === undefined ? undefined : requireText(value, what);
}

/** The body of an update call: a plain object with at least one of the given keys set. */
export function requireSomeOf<T extends object>(
  value: unknown,
  keys: ReadonlyArray<keyof T & string>,
  what: string,
): T {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new TypeError(`'${what}' is required and must be an object.`);
  if (!keys.some((k) => (value as Record<string, unknown>)[k] !== undefined)) {
    throw new TypeError(`'${what}' must set at least one of: ${keys.join(', ')}.`);
  }
  return value as T;
}
