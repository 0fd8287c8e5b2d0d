// The list builder's pure parts: changing a selection one checkbox at a time, carrying it in the page's query
// string beside the page's other parameters (a variation's choice), and the words and numbers it shows.

import {
  LIST_FILTER_KEYS,
  canonicalListSelection,
  formatCurrency,
  type ListFilterKey,
  type ListSelection,
  type ListSelectionPrice,
} from '@store/core';

/** What the add-to-cart control adds when it is a part of the dataset (null: the whole dataset). */
export interface SelectionToAdd {
  /** Canonical selection query, sent as the cart line's listSelection. */
  selection: string;
  /** The selection's records, when the counts shown are for it. */
  records: number | null;
}

const countFormat = new Intl.NumberFormat('en-US');

/** "1,234". */
export const formatRecords = (n: number) => countFormat.format(n);

/** "1 record", "1,234 records". */
export const recordsText = (n: number) => `${formatRecords(n)} ${n === 1 ? 'record' : 'records'}`;

/** The selection with one value of a values-filter chosen or not. */
export function withValue(selection: ListSelection, key: ListFilterKey, value: string, on: boolean): ListSelection {
  const current = selection[key];
  const values = Array.isArray(current) ? current.filter((v) => v !== value) : [];
  if (on) values.push(value);
  const next = { ...selection };
  if (values.length) next[key] = values.sort();
  else delete next[key];
  return next;
}

/** The selection with a flag on or off. */
export function withFlag(selection: ListSelection, key: ListFilterKey, on: boolean): ListSelection {
  const next = { ...selection };
  if (on) next[key] = true;
  else delete next[key];
  return next;
}

/**
 * The page's query string ('?…' or '') showing `selection`: the filter parameters replaced by the selection's
 * canonical ones, every other parameter kept as it was.
 */
export function searchWithSelection(search: string, selection: ListSelection): string {
  const params = new URLSearchParams(search);
  for (const key of LIST_FILTER_KEYS) params.delete(key);
  for (const [key, value] of new URLSearchParams(canonicalListSelection(selection))) params.append(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The selection's price as shown: "$99.99", or null when the buyer has no price for the dataset. */
export const selectionPriceText = (price: ListSelectionPrice | null) =>
  price ? formatCurrency(price.amount, price.currencyIsoCode) : null;

/** How the price was reached, in a line: "$1,525.93 per 1,000 records · minimum order applied". */
export function selectionPriceBasis(price: ListSelectionPrice | null): string | null {
  if (!price) return null;
  const rate = `${formatCurrency(price.per1000, price.currencyIsoCode)} per 1,000 records`;
  if (price.minimumApplied) return `${rate} · minimum order applied`;
  if (price.wholeListPrice && price.amount === price.wholeListPrice) return 'the whole list’s price';
  return rate;
}
