// The list builder's selection (issue 19): which records of a dataset's file a buyer takes. A dataset file is the
// seller's CSV; the filters below read the columns a business list has (State, City, ZIP, SIC Code, Employees,
// Annual Sales, Email, Phone, Direct Dial, under any of their usual names). Within a filter the values are
// alternatives (Texas or Oklahoma); across filters every one must hold (Texas and has email).
//
// One encoding everywhere: URL query parameters (`region=Oklahoma&region=Texas&email=1`), in a canonical order
// (filters as listed here, values sorted), so the same selection is the same string in the page's URL, on the
// cart line, on the order line and in the count cache's key. The whole dataset is the empty selection ('').

/** How a filter reads a record: one of several values, or whether a field is filled in. */
export type ListFilterKind = 'values' | 'flag';

export interface ListFilter {
  key: string;
  label: string;
  kind: ListFilterKind;
  /** Header names that hold the filter's field (the first one a file has is used), compared case-insensitively. */
  columns: readonly string[];
}

export const LIST_FILTERS = [
  { key: 'region', label: 'State or region', kind: 'values', columns: ['State', 'Province', 'County', 'Region'] },
  { key: 'city', label: 'City', kind: 'values', columns: ['City', 'Town'] },
  {
    key: 'postal',
    label: 'Postal code area',
    kind: 'values',
    columns: ['ZIP', 'ZIP Code', 'Postcode', 'Postal Code', 'Eircode', 'PIN Code'],
  },
  { key: 'sic', label: 'SIC code', kind: 'values', columns: ['SIC Code', 'SIC'] },
  { key: 'employees', label: 'Employees', kind: 'values', columns: ['Employees', 'Employee Size'] },
  { key: 'sales', label: 'Annual sales', kind: 'values', columns: ['Annual Sales', 'Sales Volume'] },
  { key: 'email', label: 'Has email', kind: 'flag', columns: ['Email', 'Email Address'] },
  { key: 'phone', label: 'Has phone', kind: 'flag', columns: ['Phone', 'Telephone'] },
  { key: 'directDial', label: 'Has direct dial', kind: 'flag', columns: ['Direct Dial'] },
] as const satisfies readonly ListFilter[];

export type ListFilterKey = (typeof LIST_FILTERS)[number]['key'];
export const LIST_FILTER_KEYS: readonly ListFilterKey[] = LIST_FILTERS.map((f) => f.key);

/** The postal code area is the code's first characters: a US ZIP3 or a UK/CA/… outward area. */
export const POSTAL_AREA_LENGTH = 3;
/** Bounds that keep a selection (and the URL carrying it) small. */
export const MAX_VALUES_PER_FILTER = 100;
export const MAX_SELECTION_VALUE_LENGTH = 80;

/** Values chosen per values-filter, and the flags that are on. A filter that is absent does not narrow. */
export type ListSelection = Partial<Record<ListFilterKey, string[] | true>>;

export const isFlagFilter = (key: ListFilterKey) => LIST_FILTERS.find((f) => f.key === key)!.kind === 'flag';

export class ListSelectionError extends Error {}

/**
 * Reads a selection from query parameters. Parameters that are not filters are ignored (the page's URL carries
 * others); a flag is on with `1` or `true`; blank values are dropped and duplicates merged. Too many or too long
 * values throw ListSelectionError (the API answers 400).
 */
export function parseListSelection(params: URLSearchParams | string): ListSelection {
  const search = typeof params === 'string' ? new URLSearchParams(params) : params;
  const out: ListSelection = {};
  for (const f of LIST_FILTERS) {
    const raw = search.getAll(f.key);
    if (!raw.length) continue;
    if (f.kind === 'flag') {
      const on = raw.some((v) => v === '1' || v === 'true');
      const bad = raw.find((v) => !['1', 'true', '0', 'false', ''].includes(v));
      if (bad !== undefined) throw new ListSelectionError(`${f.label} is on with 1 or off with 0, not "${bad}".`);
      if (on) out[f.key] = true;
      continue;
    }
    const values = [...new Set(raw.map((v) => v.trim()).filter(Boolean))];
    if (values.length > MAX_VALUES_PER_FILTER)
      throw new ListSelectionError(`${f.label}: choose at most ${MAX_VALUES_PER_FILTER} values.`);
    const long = values.find((v) => v.length > MAX_SELECTION_VALUE_LENGTH);
    if (long) throw new ListSelectionError(`${f.label}: a value is at most ${MAX_SELECTION_VALUE_LENGTH} characters.`);
    if (values.length) out[f.key] = values.sort();
  }
  return out;
}

/** The canonical query string of a selection ('' for the whole dataset). */
export function canonicalListSelection(selection: ListSelection): string {
  const q = new URLSearchParams();
  for (const f of LIST_FILTERS) {
    const v = selection[f.key];
    if (v === true) q.append(f.key, '1');
    else if (Array.isArray(v)) for (const value of [...new Set(v)].sort()) q.append(f.key, value);
  }
  return q.toString();
}

export const isWholeList = (selection: ListSelection) => canonicalListSelection(selection) === '';

/**
 * A short, readable account of a selection for the cart, the order and emails:
 * "State or region: Oklahoma, Texas · Has email". '' for the whole dataset.
 */
export function listSelectionLabel(selection: ListSelection): string {
  const parts: string[] = [];
  for (const f of LIST_FILTERS) {
    const v = selection[f.key];
    if (v === true) parts.push(f.label);
    else if (Array.isArray(v) && v.length) parts.push(`${f.label}: ${[...v].sort().join(', ')}`);
  }
  return parts.join(' · ');
}

/** Where each filter's field is in a file: the column index, or -1 when the file has no such column. */
export type ListColumns = Record<ListFilterKey, number>;

export function listColumnsOf(header: readonly string[]): ListColumns {
  const lower = header.map((h) => h.trim().toLowerCase());
  const out = {} as ListColumns;
  for (const f of LIST_FILTERS) {
    out[f.key] = -1;
    for (const name of f.columns) {
      const i = lower.indexOf(name.toLowerCase());
      if (i >= 0) {
        out[f.key] = i;
        break;
      }
    }
  }
  return out;
}

/** The filters a file supports (those whose column it has). */
export const availableListFilters = (columns: ListColumns): ListFilterKey[] =>
  LIST_FILTER_KEYS.filter((k) => columns[k] >= 0);

/**
 * A record's value for a filter, as the filter compares it: the trimmed cell, the postal code's area (first
 * characters, upper case, spaces dropped), or for a flag '1' when the field is filled in and '' when not.
 * '' means the record has no value there (it never matches a chosen value).
 */
export function listFilterValue(key: ListFilterKey, cell: string | undefined): string {
  const v = (cell ?? '').trim();
  if (isFlagFilter(key)) return v ? '1' : '';
  if (key === 'postal') return v.replace(/\s+/g, '').toUpperCase().slice(0, POSTAL_AREA_LENGTH);
  return v;
}

/**
 * Whether a record is in the selection. A filter the file has no column for matches nothing when chosen, so a
 * selection can never quietly widen. The download applies exactly this to the file's rows, which is why the
 * count the buyer was shown is the number of rows delivered.
 */
export function recordInSelection(selection: ListSelection, columns: ListColumns, record: readonly string[]): boolean {
  for (const f of LIST_FILTERS) {
    const chosen = selection[f.key];
    if (chosen === undefined) continue;
    const i = columns[f.key];
    if (i < 0) return false;
    const value = listFilterValue(f.key, record[i]);
    if (chosen === true) {
      if (value !== '1') return false;
    } else if (!chosen.includes(value)) return false;
  }
  return true;
}
