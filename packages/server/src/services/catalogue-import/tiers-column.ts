// Volume tiers of a price book entry in one cell: "1-9:0|10-49:10|50+:20" in CSV (lower-upper:value, the
// last band may be open, "50+"), an array of {lowerBound, upperBound, value} in JSON. The bands must rise
// without overlapping; only the last may be open. Whether the values are percentages or amounts off the
// unit price is the row's tierType.
import { compareDecimal } from '@store/core';
import { type Column, LIST_SEPARATOR, type Read, readDecimal } from './fields.ts';

export interface TierBand {
  lower: number;
  upper: number | null;
  /** Decimal text as given ("10", "12.50"). */
  value: string;
}

const MAX_BOUND = 1_000_000_000;

function band(raw: unknown): Read<TierBand> {
  let lower: unknown;
  let upper: unknown;
  let value: unknown;
  if (typeof raw === 'string') {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)|(\+))\s*:\s*(\S+)\s*$/.exec(raw);
    if (!m) return { reason: `"${raw.trim().slice(0, 40)}" is not a band written lower-upper:value or lower+:value` };
    lower = Number(m[1]);
    upper = m[3] ? null : Number(m[2]);
    value = m[4];
  } else if (raw && typeof raw === 'object') {
    ({ lowerBound: lower, upperBound: upper, value } = raw as Record<string, unknown>);
    upper ??= null;
  } else return { reason: 'must be a list of bands' };
  if (!Number.isInteger(lower) || (lower as number) < 1 || (lower as number) > MAX_BOUND)
    return { reason: 'a band starts at a whole number of at least 1' };
  if (
    upper !== null &&
    (!Number.isInteger(upper) || (upper as number) < (lower as number) || (upper as number) > MAX_BOUND)
  )
    return { reason: 'a band ends at a whole number not below its start' };
  const v = readDecimal(value, 2, '99999999999.99');
  if ('reason' in v) return { reason: `a band's value ${v.reason}` };
  return { value: { lower: lower as number, upper: upper as number | null, value: v.value } };
}

function readBands(raw: unknown): Read<TierBand[]> {
  const items = typeof raw === 'string' ? raw.split(LIST_SEPARATOR).filter((x) => x.trim()) : raw;
  if (!Array.isArray(items)) return { reason: 'must be a list of bands' };
  const bands: TierBand[] = [];
  for (const item of items) {
    const b = band(item);
    if ('reason' in b) return b;
    const prev = bands[bands.length - 1];
    if (prev && (prev.upper === null || b.value.lower <= prev.upper))
      return { reason: 'bands must rise without overlapping, and only the last may be open' };
    bands.push(b.value);
  }
  if (bands.length > 50) return { reason: 'has more than 50 bands' };
  return { value: bands };
}

export function tiersColumn(name: string): Column<TierBand[]> {
  return {
    name,
    read: (raw) =>
      raw === null || raw === undefined || (typeof raw === 'string' && !raw.trim()) ? { value: null } : readBands(raw),
    csv: (v) =>
      (v ?? []).map((b) => `${b.lower}${b.upper === null ? '+' : `-${b.upper}`}:${b.value}`).join(LIST_SEPARATOR),
    json: (v) => (v?.length ? v.map((b) => ({ lowerBound: b.lower, upperBound: b.upper, value: b.value })) : null),
  };
}

/** Same bands (values compared as numbers: "10.00" is "10"). */
export function sameBands(a: TierBand[], b: TierBand[]): boolean {
  return (
    a.length === b.length &&
    a.every((x, i) => x.lower === b[i]!.lower && x.upper === b[i]!.upper && compareDecimal(x.value, b[i]!.value) === 0)
  );
}
