// Minor units to and from two-decimal strings for the cart's hot paths. A cart answer formats seven amounts per
// line and every recalculation converts each line's price and adjustment; core's general helpers go through
// big.js division at 20 digits, a large share of a page of lines. These do the same with integer digits only
// (no floats): whole minor units are safe integers, and amounts from the promotions engine have exactly two
// decimals. Anything else goes to core's helpers, so the results are always theirs (cart-money.test.ts).
import { decimalToMinorUnits, minorUnitsToDecimal } from '@store/core';

/** 1234 -> "12.34", -5 -> "-0.05", 0 -> "0.00": what minorUnitsToDecimal(minor) answers. */
export function moneyOf(minor: number): string {
  if (!Number.isSafeInteger(minor) || Object.is(minor, -0)) return minorUnitsToDecimal(minor);
  const digits = String(Math.abs(minor)).padStart(3, '0');
  return `${minor < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

const TWO_DECIMALS = /^(-?)(\d{1,13})\.(\d\d)$/;

/** "-12.50" -> -1250: what Number(decimalToMinorUnits(amount)) answers. */
export function minorOf(amount: string): number {
  const m = TWO_DECIMALS.exec(amount);
  if (!m) return Number(decimalToMinorUnits(amount));
  const value = Number(m[2]) * 100 + Number(m[3]);
  return m[1] && value !== 0 ? -value : value;
}
