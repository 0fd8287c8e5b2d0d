// Record id rules: 15/18-character ids, key prefixes (shared/reference/commerce-api.md), all-zero account (spec 01 §3).

/**
 * Key prefixes (first 3 characters) by record kind. Our ids are prefix + 12 digits + 'AAA'.
 */
export const KEY_PREFIXES = {
  webstore: '0ZE',
  category: '0ZG',
  product: '01t',
  sellingModel: '0jP',
  priceBookEntry: '01u',
  account: '001',
  user: '005',
  location: '131',
  locationGroup: '0gh',
  cart: '0a6',
  cartItem: '0a9',
  deliveryGroup: '0a7',
  checkout: '2z9',
  promotion: '0c8',
  media: '2pm',
  mediaGroup: '2mg',
  priceBook: '01s',
  priceTier: '0ta',
  buyerGroup: '0ZI',
  taxPolicy: '0tp',
  order: '801',
  address: '81W',
  wishlist: '0wl',
  wishlistItem: '0wi',
  session: '0sx',
  entitlementPolicy: '1Ce',
  deliveryMethod: '2Dm',
  payment: '0a3',
  orderItem: '802',
  orderDeliveryGroup: '0ag',
  orderAdjustment: '0oa',
  /** Money given back on an order (issue 15): a refund, a void or a purchase-order credit. */
  orderRefund: '0Rf',
  subscription: '1sb',
  mail: '0Ml',
  /** A workspace audit-log entry (the platform's setup audit trail prefix). */
  auditEntry: '0Ym',
  /** A catalogue upload in the workspace (issue 15). */
  importJob: '0Ij',
  /** A buyer's access token for an AI agent (issue 18). */
  agentToken: '0Ag',
  /** A version of a dataset's file as the seller uploaded it (issue 19). */
  datasetFile: '0Df',
} as const;

export type RecordKind = keyof typeof KEY_PREFIXES;

/** Spec 01 §3: an effectiveAccountId equal to this (the all-zero 15-character id) is ignored. */
export const ALL_ZERO_ACCOUNT_ID = '000000000000000';

/** The administrator's user id (spec 03 §2.2: the userId '1' sees the related-products list); not a record id. */
export const ADMIN_USER_ID = '1';

/** The 15 -> 18 suffix. The platform derives a case checksum; our ids always end 'AAA' by construction. */
const SUFFIX_18 = 'AAA';
const ID_RE = /^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/;

function prefixFor(prefix: string): string {
  return Object.hasOwn(KEY_PREFIXES, prefix) ? KEY_PREFIXES[prefix as RecordKind] : prefix;
}

/**
 * 15 or 18 characters of [a-zA-Z0-9]; with `prefix` (a 3-character key prefix or a kind name such as 'product')
 * the id must also start with it. Prefixes are case-sensitive, as record ids are.
 */
export function isRecordId(value: unknown, prefix?: RecordKind | string): value is string {
  if (typeof value !== 'string' || !ID_RE.test(value)) return false;
  return prefix === undefined || value.startsWith(prefixFor(prefix));
}

/** 18-character form: 15 characters get 'AAA' appended, 18 stay; anything else is null. */
export function normaliseRecordId(value: unknown): string | null {
  if (!isRecordId(value)) return null;
  return value.length === 15 ? value + SUFFIX_18 : value;
}

/** True when both ids name the same record (15 and 18 forms compare equal). */
export function sameRecordId(a: unknown, b: unknown): boolean {
  const na = normaliseRecordId(a);
  return na !== null && na === normaliseRecordId(b);
}

/** Builds one of our ids: prefix + sequence padded to 12 digits + 'AAA'. makeRecordId('product', 7) -> "01t000000000007AAA". */
export function makeRecordId(prefix: RecordKind | string, sequence: number | bigint): string {
  const p = prefixFor(prefix);
  const digits = BigInt(sequence).toString();
  if (p.length !== 3 || BigInt(sequence) < 0n || digits.length > 12)
    throw new RangeError(`Cannot make an id from ${p} and ${digits}`);
  return `${p}${digits.padStart(12, '0')}${SUFFIX_18}`;
}

/** The kind a record id belongs to, by its prefix; null when unknown or not an id. */
export function recordKindOf(value: unknown): RecordKind | null {
  if (!isRecordId(value)) return null;
  const p = value.slice(0, 3);
  return (Object.keys(KEY_PREFIXES) as RecordKind[]).find((k) => KEY_PREFIXES[k] === p) ?? null;
}

/** The all-zero account id, in its 15- or 18-character form. */
export function isAllZeroAccountId(value: unknown): boolean {
  return value === ALL_ZERO_ACCOUNT_ID || value === ALL_ZERO_ACCOUNT_ID + SUFFIX_18;
}

/** Spec 01 §3: the effective account id to use, or null when missing, blank or the all-zero id. */
export function effectiveAccountIdOrNull(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.trim() === '' || isAllZeroAccountId(value)) return null;
  return value;
}
