// The product and price forms' rules and conversions: form fields to the workspace API's input and back, each
// field checked with the shared form-validation rules (core form-validation.ts, the messages of spec 01 §5) and
// the tiers with core's tier rules. The server checks everything again and has the last word.

import {
  checkField,
  RICH_DESCRIPTION_MAX_LENGTH,
  tierProblem,
  type AdminPriceBook,
  type AdminProduct,
  type PriceEntryInput,
  type ProductInput,
  type ProductPrices,
  type TierInput,
} from '@store/core';

export const PRODUCT_FIELDS = [
  'sku',
  'name',
  'status',
  'description',
  'richDescription',
  'recordCount',
  'countries',
  'sicCode',
  'listStatus',
  'lastUpdated',
  'includedFields',
  'categoryId',
] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];

const RULES: Partial<Record<ProductField, (v: string) => string | null>> = {
  sku: (v) => checkField(v, { required: true, maxLength: 40, pattern: /[A-Za-z0-9][A-Za-z0-9._-]*/ }),
  name: (v) => checkField(v, { required: true, maxLength: 255 }),
  description: (v) => checkField(v, { maxLength: 4000 }),
  richDescription: (v) => checkField(v, { maxLength: RICH_DESCRIPTION_MAX_LENGTH }),
  recordCount: (v) => checkField(v, { type: 'number', min: 0, max: 1e12, step: 1 }),
  sicCode: (v) => checkField(v, { pattern: /\d{4}/ }),
  listStatus: (v) => checkField(v, { maxLength: 40 }),
};
export const productRule = (field: ProductField) => RULES[field];

const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The form's fields as the product reads today (for the edit form's initial values). */
export function productValues(p: AdminProduct | null): Record<ProductField, string> {
  return {
    sku: p?.sku ?? '',
    name: p?.name ?? '',
    status: p?.status ?? 'Draft',
    description: p?.description ?? '',
    richDescription: p?.richDescription ?? '',
    recordCount: p?.recordCount == null ? '' : String(p.recordCount),
    countries: p?.countries.join(', ') ?? '',
    sicCode: p?.sicCode ?? '',
    listStatus: p?.listStatus ?? '',
    lastUpdated: p?.lastUpdated ?? '',
    includedFields: p?.includedFields.join(', ') ?? '',
    categoryId: p?.primaryCategoryId ?? '',
  };
}

export function productErrors(values: Record<ProductField, string>, creating: boolean) {
  const errors: Partial<Record<ProductField, string>> = {};
  for (const field of PRODUCT_FIELDS) {
    if (field === 'sku' && !creating) continue;
    const message = RULES[field]?.(values[field]);
    if (message) errors[field] = message;
  }
  return Object.keys(errors).length ? errors : null;
}

/**
 * The API input of a submitted form. The primary category replaces the first of the product's categories and
 * keeps the others (the form edits the primary only).
 */
export function productInput(v: Record<ProductField, string>, current: AdminProduct | null): ProductInput {
  const others = (current?.categoryIds ?? []).filter((c) => c !== current?.primaryCategoryId && c !== v.categoryId);
  return {
    ...(current ? {} : { sku: v.sku.trim() }),
    name: v.name.trim(),
    status: v.status === 'Live' ? 'Live' : 'Draft',
    description: orNull(v.description),
    richDescription: orNull(v.richDescription),
    recordCount: v.recordCount.trim() === '' ? null : Number(v.recordCount),
    countries: list(v.countries),
    sicCode: orNull(v.sicCode),
    listStatus: orNull(v.listStatus),
    lastUpdated: orNull(v.lastUpdated),
    includedFields: list(v.includedFields),
    categoryIds: v.categoryId ? [v.categoryId, ...others] : others,
  };
}

/** Rows the tier editor shows per book: the entry's tiers and one more, at least three. */
export function tierRows(tiers: readonly TierInput[]): number {
  return Math.max(3, tiers.length + 1);
}

const priceName = (bookId: string) => `price-${bookId}`;
export const tierName = (bookId: string, row: number, part: 'from' | 'to' | 'type' | 'value') =>
  `tier-${bookId}-${row}-${part}`;
export { priceName };

export interface PriceFormResult {
  /** Messages by price book id. */
  errors: Record<string, string>;
  entries: PriceEntryInput[] | null;
}

/**
 * The entries of a submitted price form: one plain one-time entry per book with a price (a book left blank is
 * not priced), its filled tier rows in order; the product's subscription prices are kept as they are.
 */
export function priceEntries(
  form: FormData,
  books: readonly AdminPriceBook[],
  current: ProductPrices,
  rowsOf: (bookId: string) => number,
): PriceFormResult {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v.trim() : '';
  };
  const errors: Record<string, string> = {};
  const entries: PriceEntryInput[] = current.entries
    .filter((e) => e.sellingModelId !== null)
    .map((e) => ({
      priceBookId: e.priceBookId,
      sellingModelId: e.sellingModelId,
      unitPrice: e.unitPrice,
      tiers: e.tiers,
    }));
  for (const book of books) {
    const unitPrice = text(priceName(book.id));
    if (unitPrice === '') continue;
    const priceMessage = checkField(unitPrice, { type: 'number', min: 0, step: '0.01' });
    if (priceMessage) {
      errors[book.id] = `Unit price: ${priceMessage}`;
      continue;
    }
    const tiers: TierInput[] = [];
    for (let row = 0; row < rowsOf(book.id); row++) {
      const from = text(tierName(book.id, row, 'from'));
      const value = text(tierName(book.id, row, 'value'));
      if (from === '' && value === '') continue;
      const to = text(tierName(book.id, row, 'to'));
      tiers.push({
        lowerBound: Number(from),
        upperBound: to === '' ? null : Number(to),
        adjustmentType:
          text(tierName(book.id, row, 'type')) === 'AmountBasedAdjustment'
            ? 'AmountBasedAdjustment'
            : 'PercentageBasedAdjustment',
        adjustmentValue: value || '0',
      });
    }
    const problem = tierProblem(unitPrice, tiers);
    if (problem) errors[book.id] = problem;
    else entries.push({ priceBookId: book.id, unitPrice, tiers });
  }
  return { errors, entries: Object.keys(errors).length ? null : entries };
}
