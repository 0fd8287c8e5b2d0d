// Decimal money helpers (spec 01 §3/§7: money travels as decimal strings; spec 03 §5/§9: currency formatting).
// Every calculation goes through big.js so no value is ever computed with binary floats.
import Big from 'big.js';

/**
 * A private big.js constructor: `Big()` returns an independent copy, so another module changing
 * the global `Big.DP`/`Big.RM` cannot silently change how money rounds here.
 */
const D = Big();
D.DP = 20; // division precision (percentages); results are rounded explicitly afterwards
D.RM = 1; // ROUND_HALF_UP, the rounding the brief asks for

/** Anything we accept as a decimal. Numbers are accepted for quantities typed into forms; money should stay string. */
export type DecimalInput = string | number | Big;

// Plain decimal notation only (no exponent, no '+', no thousands separators): that is what the API sends.
const DECIMAL_RE = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** True when `value` is a plain decimal string such as "39.99", "-5", "2.0" (surrounding spaces allowed). */
export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL_RE.test(value.trim());
}

/** Parses a decimal; returns null instead of throwing so callers can treat bad data as "absent". */
export function tryParseDecimal(value: unknown): Big | null {
  // All big.js constructors share one prototype, so this also catches values made by other Big() copies.
  if (value instanceof Big) return new D(value);
  if (typeof value === 'number') return Number.isFinite(value) ? new D(value) : null;
  if (typeof value === 'string' && isDecimalString(value)) return new D(value.trim());
  return null;
}

/** Parses a decimal or throws a TypeError naming the bad value. */
export function parseDecimal(value: DecimalInput): Big {
  const parsed = tryParseDecimal(value);
  if (parsed === null) throw new TypeError(`Not a decimal value: ${String(value)}`);
  return parsed;
}

/** Plain-notation string (never exponent form, "-0" becomes "0"), e.g. "2.50" -> "2.5". */
export function normaliseDecimal(value: DecimalInput): string {
  return plain(parseDecimal(value));
}

function plain(value: Big): string {
  // toFixed() with no argument never switches to exponent notation, unlike toString().
  return value.eq(0) ? '0' : value.toFixed();
}

export function addDecimal(a: DecimalInput, b: DecimalInput): string {
  return plain(parseDecimal(a).plus(parseDecimal(b)));
}

export function subtractDecimal(a: DecimalInput, b: DecimalInput): string {
  return plain(parseDecimal(a).minus(parseDecimal(b)));
}

export function multiplyDecimal(a: DecimalInput, b: DecimalInput): string {
  return plain(parseDecimal(a).times(parseDecimal(b)));
}

export function sumDecimals(values: readonly DecimalInput[]): string {
  return plain(values.reduce<Big>((acc, v) => acc.plus(parseDecimal(v)), new D(0)));
}

/** -1, 0 or 1 as a < b, a = b, a > b. */
export function compareDecimal(a: DecimalInput, b: DecimalInput): -1 | 0 | 1 {
  return parseDecimal(a).cmp(parseDecimal(b));
}

export function isNegativeDecimal(value: DecimalInput): boolean {
  return parseDecimal(value).lt(0);
}

/** Round half-up to `dp` places and always show them: roundHalfUp("39.9") -> "39.90", ("1.005") -> "1.01". */
export function roundHalfUp(value: DecimalInput, dp = 2): string {
  const r = parseDecimal(value).round(dp, 1);
  return r.eq(0) ? new D(0).toFixed(dp) : r.toFixed(dp);
}

/** `amount` less `percent` percent, rounded half-up to 2 places: percentOff("35.99", "10") -> "32.39". */
export function percentOff(amount: DecimalInput, percent: DecimalInput): string {
  const factor = new D(100).minus(parseDecimal(percent)).div(100);
  return roundHalfUp(parseDecimal(amount).times(factor), 2);
}

/**
 * Whole-number percent saved going from `original` to `current`, rounded half-up
 * (used by the combined promotion message, spec 03 §5). Null when original is not positive.
 */
export function discountPercent(original: DecimalInput, current: DecimalInput): number | null {
  const o = parseDecimal(original);
  if (o.lte(0)) return null;
  const pct = o.minus(parseDecimal(current)).div(o).times(100).round(0, 1);
  return Number(pct.toFixed(0));
}

/** Minor units to a decimal string: ("3999", 2) -> "39.99", (5, 2) -> "0.05". Minor units must be whole. */
export function minorUnitsToDecimal(minor: string | number | bigint, fractionDigits = 2): string {
  // A whole number of minor units (what the database keeps) is its digits with the point moved: no arithmetic,
  // and no decimal object per price (every priced product shows several).
  if (typeof minor === 'number' && Number.isSafeInteger(minor)) return movePoint(minor, fractionDigits);
  const m = typeof minor === 'bigint' ? new D(minor.toString()) : parseDecimal(minor);
  if (!m.eq(m.round(0, 0))) throw new TypeError(`Minor units must be a whole number: ${String(minor)}`);
  return m.div(new D(10).pow(fractionDigits)).toFixed(fractionDigits);
}

/** `minor` (a safe integer) with the point moved `fractionDigits` places left, as toFixed(fractionDigits) writes it. */
function movePoint(minor: number, fractionDigits: number): string {
  const digits = String(Math.abs(minor)).padStart(fractionDigits + 1, '0');
  const whole = digits.slice(0, digits.length - fractionDigits);
  const sign = minor < 0 ? '-' : '';
  return fractionDigits ? `${sign}${whole}.${digits.slice(digits.length - fractionDigits)}` : `${sign}${whole}`;
}

/** Decimal string to minor units, rounding half-up beyond `fractionDigits`: "39.99" -> "3999", "0.125" -> "13". */
export function decimalToMinorUnits(amount: DecimalInput, fractionDigits = 2): string {
  // Cents of a plain price of at most 2 places need no rounding (every line added to a cart converts its prices).
  const cents = fractionDigits === 2 ? plainHundredths(amount) : null;
  if (cents !== null) return String(cents);
  return plain(parseDecimal(amount).times(new D(10).pow(fractionDigits)).round(0, 1));
}

/**
 * A plain decimal with at most 2 fraction digits (what prices, percentages and amounts are) as an integer count of
 * hundredths: "39.99" -> 3999, "-5" -> -500, "0.5" -> 50. null for anything else (more digits, exponents, spaces),
 * which the caller then works out with decimal objects.
 */
export function plainHundredths(value: unknown): number | null {
  const m = typeof value === 'string' ? PLAIN_AMOUNT.exec(value) : null;
  if (!m) return null;
  const n = Number(`${m[2]}${(m[3] ?? '').padEnd(2, '0')}`);
  return m[1] && n !== 0 ? -n : n;
}

/** A plain decimal (sign, whole digits, fraction digits) short enough to need no big number: 15 digits at most. */
const PLAIN_AMOUNT = /^(-?)(\d{1,13})(?:\.(\d{0,2}))?$/;

export interface FormatCurrencyOptions {
  /** Spec 03 §5/§9: up to 20 fraction digits by default. */
  maximumFractionDigits?: number;
  /** Defaults to the currency's own digits (2 for USD, 0 for JPY) so "$1,250.00" keeps its cents. */
  minimumFractionDigits?: number;
  /** Spec 03 §5: display style defaults to symbol. */
  currencyDisplay?: 'symbol' | 'narrowSymbol' | 'code' | 'name';
}

const formatterCache = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, currency: string, min: number, max: number, display: string): Intl.NumberFormat {
  const key = `${locale}|${currency}|${min}|${max}|${display}`;
  let f = formatterCache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: display as FormatCurrencyOptions['currencyDisplay'],
      minimumFractionDigits: min,
      maximumFractionDigits: max,
    });
    formatterCache.set(key, f);
  }
  return f;
}

function currencyDigits(locale: string, currency: string): number {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions().minimumFractionDigits ?? 2;
}

/**
 * Formats a decimal amount as currency: formatCurrency("39.99", "USD") -> "$39.99", ("1250", "USD") -> "$1,250.00".
 * The amount is handed to Intl as a plain decimal STRING (supported on Node 20 and current browsers), so
 * amounts of 15+ digits keep every digit instead of passing through a float (spec 03 §9).
 * Returns '' for a missing or non-numeric amount; an unknown currency code falls back to "amount CODE".
 */
export function formatCurrency(
  amount: DecimalInput | null | undefined,
  currency: string,
  locale = 'en-US',
  { maximumFractionDigits = 20, minimumFractionDigits, currencyDisplay = 'symbol' }: FormatCurrencyOptions = {},
): string {
  const value = amount === null || amount === undefined ? null : tryParseDecimal(amount);
  if (value === null) return '';
  const text = plain(value);
  const max = Math.min(Math.max(Math.trunc(maximumFractionDigits), 0), 20);
  try {
    const min = Math.min(minimumFractionDigits ?? currencyDigits(locale, currency), max);
    // The lib typing only lists `${number}` strings; a plain decimal string is exactly that.
    return formatter(locale, currency, min, max, currencyDisplay).format(text as `${number}`);
  } catch {
    return `${text} ${currency}`;
  }
}
