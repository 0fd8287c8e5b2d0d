import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lineRefundShares, refundForLines, shareByWeight } from './refund-split.ts';

test('the order-level promotion is shared in proportion to the line totals, adding up exactly', () => {
  // $10.00 off an order of $100.00, $50.00 and $50.00: $5.00, $2.50, $2.50.
  assert.deepEqual(shareByWeight(-1000n, [10000n, 5000n, 5000n]), [-500n, -250n, -250n]);
  // A cent that cannot be split evenly goes to the largest remainder, and the shares still add up.
  const thirds = shareByWeight(-100n, [1n, 1n, 1n]);
  assert.deepEqual(thirds, [-34n, -33n, -33n]);
  assert.equal(
    thirds.reduce((a, b) => a + b, 0n),
    -100n,
  );
  const odd = shareByWeight(-997n, [3333n, 1234n, 4321n, 7n]);
  assert.equal(
    odd.reduce((a, b) => a + b, 0n),
    -997n,
  );
  assert.deepEqual(shareByWeight(0n, [5n, 5n]), [0n, 0n]);
  assert.deepEqual(shareByWeight(-50n, [0n, 0n]), [0n, 0n], 'nothing to share over');
});

test('a Net store refunds a line with its tax and its part of the order promotion', () => {
  const order = {
    taxType: 'Net' as const,
    orderAdjustmentMinor: -1000,
    lines: [
      { id: 'a', totalMinor: 15000, taxMinor: 1238 },
      { id: 'b', totalMinor: 5000, taxMinor: 413 },
    ],
  };
  const shares = lineRefundShares(order);
  assert.equal(shares.get('a'), 15000 - 750 + 1238);
  assert.equal(shares.get('b'), 5000 - 250 + 413);
  // Refunding both gives back what the lines cost together: totals, promotion and tax.
  assert.equal(refundForLines(order, ['a', 'b']), 20000 - 1000 + 1238 + 413);
});

test('a Gross store’s line totals already include the tax', () => {
  const order = {
    taxType: 'Gross' as const,
    orderAdjustmentMinor: 0,
    lines: [{ id: 'a', totalMinor: 11900, taxMinor: 1900 }],
  };
  assert.equal(refundForLines(order, ['a']), 11900);
});

test('amounts beyond 2^53 when multiplied stay exact (BigInt, never a float)', () => {
  const big = 9_000_000_000_000;
  const shares = lineRefundShares({
    taxType: 'Gross',
    orderAdjustmentMinor: -3_000_000_000_001,
    lines: [
      { id: 'a', totalMinor: big, taxMinor: 0 },
      { id: 'b', totalMinor: big, taxMinor: 0 },
    ],
  });
  assert.equal(shares.get('a')! + shares.get('b')!, 2 * big - 3_000_000_000_001);
  assert.equal(shares.get('a'), big - 1_500_000_000_001);
});

test('a line is never refunded a negative amount, and an unknown line gives nothing', () => {
  const order = {
    taxType: 'Net' as const,
    orderAdjustmentMinor: 0,
    lines: [{ id: 'free', totalMinor: 0, taxMinor: 0 }],
  };
  assert.equal(lineRefundShares(order).get('free'), 0);
  assert.equal(refundForLines(order, ['nope']), 0);
});
