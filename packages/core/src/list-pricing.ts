// The price of a selection from a dataset (issue 19): per 1,000 records, with volume tiers and a minimum order.
// Chosen: a rate per 1,000 records (list sellers quote "per M"), and the tier the selection's size reaches prices
// every record of it (as the store's quantity tiers price every unit at the tier a line's quantity reaches).
// The total is rounded half up to the cent, raised to the minimum, and never more than the whole dataset's
// price for this buyer: a part of a list never costs more than all of it.
// Arithmetic is in integer minor units (BigInt): records x rate in cents / 1000.
import { compareDecimal, decimalToMinorUnits, minorUnitsToDecimal } from './money.ts';

export interface ListPriceTier {
  /** The tier applies from this many records on (the first tier's bound is above 0). */
  fromRecords: number;
  per1000: string;
}

export interface ListPricing {
  /** Decimal string in the store currency, e.g. "45.00" per 1,000 records. */
  per1000: string;
  /** The least a selection costs, e.g. "49.00". */
  minimum: string;
  /** Ascending by fromRecords. */
  tiers: ListPriceTier[];
}

export interface ListPrice {
  /** Decimal string; '0.00' for an empty selection (which can't be bought). */
  amount: string;
  /** The rate that priced it. */
  per1000: string;
  minimumApplied: boolean;
  /** True when the whole dataset's price was lower and is charged instead. */
  capped: boolean;
}

/** The rate for a selection of `records`: the last tier it reaches, else the base rate. */
export function listRateFor(pricing: ListPricing, records: number): string {
  let rate = pricing.per1000;
  for (const t of [...pricing.tiers].sort((a, b) => a.fromRecords - b.fromRecords))
    if (records >= t.fromRecords) rate = t.per1000;
  return rate;
}

/** The price of `records` records; `wholeListPrice` (the buyer's price for the whole dataset) caps it. */
export function listPriceFor(pricing: ListPricing, records: number, wholeListPrice?: string | null): ListPrice {
  const per1000 = listRateFor(pricing, records);
  if (records <= 0) return { amount: '0.00', per1000, minimumApplied: false, capped: false };
  const cents = (BigInt(records) * BigInt(decimalToMinorUnits(per1000)) + 500n) / 1000n;
  let amount = minorUnitsToDecimal(cents);
  let minimumApplied = false;
  let capped = false;
  if (compareDecimal(amount, pricing.minimum) < 0) {
    amount = minorUnitsToDecimal(decimalToMinorUnits(pricing.minimum));
    minimumApplied = true;
  }
  if (wholeListPrice && compareDecimal(amount, wholeListPrice) > 0) {
    amount = minorUnitsToDecimal(decimalToMinorUnits(wholeListPrice));
    capped = true;
    minimumApplied = false;
  }
  return { amount, per1000, minimumApplied, capped };
}

/**
 * A dataset's list pricing when the seller has set none, from its whole price: a selection's records cost half
 * as much again per record as the whole list's (small cuts cost more to serve); from a tenth of the list the
 * rate is the whole list's plus a quarter, from half of it the whole list's own rate. The minimum is a tenth of
 * the whole price, at least 25.00. Rates round up to the cent.
 */
export function defaultListPricing(wholeListPrice: string, totalRecords: number): ListPricing {
  const whole = BigInt(decimalToMinorUnits(wholeListPrice));
  const total = BigInt(Math.max(1, totalRecords));
  // cents per 1,000 records of the whole list, times a factor in percent, rounded up.
  const rate = (percent: bigint) => minorUnitsToDecimal((whole * 1000n * percent + total * 100n - 1n) / (total * 100n));
  const tenth = whole / 10n;
  return {
    per1000: rate(150n),
    minimum: minorUnitsToDecimal(tenth > 2500n ? tenth : 2500n),
    tiers: [
      { fromRecords: Math.max(1, Math.ceil(totalRecords / 10)), per1000: rate(125n) },
      { fromRecords: Math.max(1, Math.ceil(totalRecords / 2)), per1000: rate(100n) },
    ],
  };
}
