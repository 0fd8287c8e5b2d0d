// The cell types of the catalogue files. Each column reads a value as it arrives (a CSV cell is always a
// string; a JSON value may be a string, number, boolean, array or object) into one normalised value, and
// writes that value back for either format, so an export parses back to exactly what was exported.
// An empty cell (CSV "" or JSON null / "") is null: the value is cleared, which is what an export of an
// empty field writes. A column missing from the file is never read (the importer keeps what is stored).
import { compareDecimal, hasUnsafeTextCharacters, isDecimalString, UNSAFE_TEXT_MESSAGE } from '@store/core';
import { isDangerousUrl, MAX_URL_LENGTH } from '@store/core';

/** What a cell read gives: its value, or why it is refused. */
export type Read<T> = { value: T } | { reason: string };

export interface Column<T> {
  name: string;
  /** A value is needed whenever the column is in the file (and for a new record when it is not). */
  required?: boolean;
  read(raw: unknown): Read<T | null>;
  csv(value: T | null): string;
  json(value: T | null): unknown;
}

/** In a CSV cell, list items are separated by this; an item may not contain it, so every list round-trips. */
export const LIST_SEPARATOR = '|';

const isEmpty = (raw: unknown) => raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '');

function column<T>(
  name: string,
  read: (raw: unknown) => Read<T>,
  csv: (value: T) => string,
  json: (value: T) => unknown = (v) => v,
  required = false,
): Column<T> {
  return {
    name,
    required,
    read: (raw) => (isEmpty(raw) ? (required ? { reason: 'is required' } : { value: null }) : read(raw)),
    csv: (v) => (v === null ? '' : csv(v)),
    json: (v) => (v === null ? null : json(v)),
  };
}

function checkText(value: string, max: number, multiline: boolean): Read<string> {
  if (value.length > max) return { reason: `is longer than ${max} characters` };
  if (hasUnsafeTextCharacters(value, { multiline })) return { reason: UNSAFE_TEXT_MESSAGE };
  return { value };
}

/** Free text, trimmed; one line unless `multiline`. */
export function textColumn(
  name: string,
  opts: { max?: number; multiline?: boolean; required?: boolean; pattern?: [RegExp, string] } = {},
): Column<string> {
  const max = opts.max ?? 255;
  return column<string>(
    name,
    (raw) => {
      if (typeof raw !== 'string' && typeof raw !== 'number') return { reason: 'must be text' };
      const value = String(raw).trim();
      if (opts.pattern && !opts.pattern[0].test(value)) return { reason: opts.pattern[1] };
      return checkText(value, max, !!opts.multiline);
    },
    String,
    String,
    opts.required,
  );
}

/** One of a fixed set of words, matched without regard to case and stored as listed. */
export function choiceColumn<T extends string>(name: string, choices: readonly T[]): Column<T> {
  return column<T>(
    name,
    (raw) => {
      const found = choices.find((c) => typeof raw === 'string' && c.toLowerCase() === raw.trim().toLowerCase());
      return found ? { value: found } : { reason: `must be one of ${choices.join(', ')}` };
    },
    String,
  );
}

/** A whole number within bounds; JSON numbers or digit strings. */
export function integerColumn(name: string, min: number, max: number, required = false): Column<number> {
  return column<number>(
    name,
    (raw) => {
      const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
      if (!/^-?\d+$/.test(text)) return { reason: 'must be a whole number' };
      const n = Number(text);
      if (n < min || n > max) return { reason: `must be between ${min} and ${max}` };
      return { value: n };
    },
    String,
    (v) => v,
    required,
  );
}

export function booleanColumn(name: string): Column<boolean> {
  return column<boolean>(
    name,
    (raw) => {
      if (typeof raw === 'boolean') return { value: raw };
      const text = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
      if (text === 'true' || text === 'false') return { value: text === 'true' };
      return { reason: 'must be true or false' };
    },
    String,
  );
}

/**
 * A non-negative decimal with at most `decimals` places, kept as the text given (so "0.00" stays "0.00"
 * and compares equal to "0"): money and tier values are never binary floats.
 */
export function decimalColumn(
  name: string,
  opts: { decimals: number; max: string; required?: boolean },
): Column<string> {
  return column<string>(name, (raw) => readDecimal(raw, opts.decimals, opts.max), String, String, opts.required);
}

/** A non-negative decimal written as text, with at most `decimals` places and at most `max`. */
export function readDecimal(raw: unknown, decimals: number, max: string): Read<string> {
  // A JSON number is refused: 0.1 + 0.2 style values have no exact decimal, and money travels as text.
  if (typeof raw !== 'string' || !isDecimalString(raw)) return { reason: 'must be a decimal number written as text' };
  const value = raw.trim();
  if (value.startsWith('-')) return { reason: 'must not be negative' };
  if ((value.split('.')[1] ?? '').length > decimals) return { reason: `must have at most ${decimals} decimal places` };
  if (compareDecimal(value, max) > 0) return { reason: `must be at most ${max}` };
  return { value };
}

/** A calendar date, YYYY-MM-DD. */
export function dateColumn(name: string): Column<string> {
  return column<string>(
    name,
    (raw) => {
      const text = typeof raw === 'string' ? raw.trim() : '';
      const date = new Date(`${text}T00:00:00Z`);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text)
        return { reason: 'must be a date written YYYY-MM-DD' };
      return { value: text };
    },
    String,
  );
}

/** A link: a site path (/…) or an http(s) address. */
export function urlColumn(name: string): Column<string> {
  return column<string>(
    name,
    (raw) => {
      const text = typeof raw === 'string' ? raw.trim() : '';
      const ok = /^(\/(?!\/)|https?:\/\/)\S*$/i.test(text) && !isDangerousUrl(text);
      if (!ok) return { reason: 'must be a path starting with / or an http(s) address' };
      if (text.length > MAX_URL_LENGTH) return { reason: `is longer than ${MAX_URL_LENGTH} characters` };
      return { value: text };
    },
    String,
  );
}

/** A list of short texts: "a|b|c" in CSV, an array in JSON. Empty items are dropped. */
export function listColumn(name: string, opts: { maxItems: number; maxLength?: number }): Column<string[]> {
  return column<string[]>(
    name,
    (raw) => {
      let items: unknown[];
      if (Array.isArray(raw)) items = raw;
      else if (typeof raw === 'string') items = raw.split(LIST_SEPARATOR);
      else return { reason: `must be a list (items separated by ${LIST_SEPARATOR})` };
      const out: string[] = [];
      for (const item of items) {
        if (typeof item !== 'string') return { reason: 'must be a list of texts' };
        const text = item.trim();
        if (!text) continue;
        if (text.includes(LIST_SEPARATOR)) return { reason: `list items may not contain ${LIST_SEPARATOR}` };
        const checked = checkText(text, opts.maxLength ?? 255, false);
        if ('reason' in checked) return { reason: `"${text.slice(0, 40)}" ${checked.reason}` };
        out.push(text);
      }
      if (out.length > opts.maxItems) return { reason: `has more than ${opts.maxItems} items` };
      return { value: out };
    },
    (v) => v.join(LIST_SEPARATOR),
  );
}

/** Attribute=value pairs (a variation's attributes): "Coverage=Email Only|Region=US" in CSV, an object in JSON. */
export function attributesColumn(name: string): Column<Record<string, string>> {
  return column<Record<string, string>>(
    name,
    (raw) => {
      let pairs: [string, unknown][];
      if (typeof raw === 'string')
        pairs = raw
          .split(LIST_SEPARATOR)
          .filter((p) => p.trim())
          .map((p) => {
            const at = p.indexOf('=');
            return at < 0 ? [p, undefined] : [p.slice(0, at), p.slice(at + 1)];
          });
      else if (raw && typeof raw === 'object' && !Array.isArray(raw)) pairs = Object.entries(raw);
      else return { reason: 'must be attribute=value pairs' };
      const out: Record<string, string> = {};
      for (const [key, value] of pairs) {
        const k = key.trim();
        if (typeof value !== 'string' || !k) return { reason: `"${k}" must be written attribute=value` };
        const v = value.trim();
        const bad = checkText(`${k}${v}`, 200, false);
        if ('reason' in bad) return bad;
        if (`${k}${v}`.includes(LIST_SEPARATOR) || k.includes('=')) return { reason: `"${k}" has a | or = in it` };
        out[k] = v;
      }
      return { value: out };
    },
    (v) =>
      Object.entries(v)
        .map(([k, x]) => `${k}=${x}`)
        .join(LIST_SEPARATOR),
  );
}
