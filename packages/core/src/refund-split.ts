// What a refund of some order lines gives back, in integer minor units (issue 15 §6). A line's share is what
// the buyer paid for it: its own total after its promotions, its part of the order-level promotions (spread
// over the lines in proportion to their totals), and, in a Net store, its tax (a Gross store's totals already
// include it). Delivery fees and gift wrap belong to the order, not a line: they go back with a whole-order
// refund. The arithmetic is BigInt throughout (no binary floats), and the order-level promotion is shared by
// the largest-remainder method, so the shares of every line add up to exactly the order's discount: refunding
// all lines one by one gives back the same cents as refunding them together.

export interface RefundableLine {
  id: string;
  /** The line's total after its own promotions (sales price × quantity + its adjustments), minor units. */
  totalMinor: number;
  /** The line's tax, minor units. */
  taxMinor: number;
}

export interface RefundableOrder {
  taxType: 'Net' | 'Gross';
  /** Order-level (cart) promotions, minor units: zero or negative. */
  orderAdjustmentMinor: number;
  lines: readonly RefundableLine[];
}

/** The share of an amount each weight gets, by largest remainder: whole units that add up to the amount exactly. */
export function shareByWeight(amount: bigint, weights: readonly bigint[]): bigint[] {
  const total = weights.reduce((a, w) => a + w, 0n);
  if (total <= 0n) return weights.map(() => 0n);
  const sign = amount < 0n ? -1n : 1n;
  const magnitude = amount * sign;
  const floors = weights.map((w) => (magnitude * w) / total);
  const remainders = weights.map((w, i) => ({ i, r: (magnitude * w) % total }));
  let left = magnitude - floors.reduce((a, f) => a + f, 0n);
  // The largest remainders get the units the floors left over; ties go to the earlier line (stable).
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    floors[i]! += 1n;
    left -= 1n;
  }
  return floors.map((f) => f * sign);
}

/** Each line's refundable share of the order, minor units, by line id (never negative). */
export function lineRefundShares(order: RefundableOrder): Map<string, number> {
  const weights = order.lines.map((l) => BigInt(Math.max(0, l.totalMinor)));
  const promotion = shareByWeight(BigInt(order.orderAdjustmentMinor), weights);
  const shares = new Map<string, number>();
  order.lines.forEach((l, i) => {
    const tax = order.taxType === 'Net' ? BigInt(l.taxMinor) : 0n;
    const share = BigInt(l.totalMinor) + promotion[i]! + tax;
    shares.set(l.id, Number(share > 0n ? share : 0n));
  });
  return shares;
}

/** What refunding these lines gives back: the sum of their shares. */
export function refundForLines(order: RefundableOrder, lineIds: readonly string[]): number {
  const shares = lineRefundShares(order);
  return lineIds.reduce((sum, id) => sum + (shares.get(id) ?? 0), 0);
}
