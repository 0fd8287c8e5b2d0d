// The default stock allocation: the fullest warehouse first, never more than a warehouse has free.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fullestFirst } from './stock-allocation.ts';

describe('fullestFirst', () => {
  it('takes from the fullest warehouse first, then the next', () => {
    const takes = fullestFirst.allocate(7, [
      { locationId: 'A', free: 2 },
      { locationId: 'B', free: 5 },
      { locationId: 'C', free: 0 },
      { locationId: 'D', free: 4 },
    ]);
    assert.deepEqual(takes, [
      { locationId: 'B', quantity: 5 },
      { locationId: 'D', quantity: 2 },
    ]);
  });

  it('leaves out warehouses with nothing free', () => {
    assert.deepEqual(
      fullestFirst.allocate(1, [
        { locationId: 'A', free: 0 },
        { locationId: 'B', free: 1 },
      ]),
      [{ locationId: 'B', quantity: 1 }],
    );
  });
});
