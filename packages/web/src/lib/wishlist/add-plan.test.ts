import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_WISHLIST_NAME, type WishlistSummary } from '@store/core';
import { chosenAddPlan, defaultAddPlan } from './add-plan.ts';

const P = '01t000000000101AAA';
const list = (id: string, name: string, createdDate: string, count = 1): WishlistSummary => ({
  id,
  name,
  createdDate,
  modifiedDate: createdDate,
  wishlistProductCount: count,
});

describe('the first add (spec 02 §4)', () => {
  test('an account without lists gets "My List", made with the product in it', () => {
    assert.equal(DEFAULT_WISHLIST_NAME, 'My List');
    assert.deepEqual(defaultAddPlan([], P), {
      kind: 'create',
      name: 'My List',
      input: { name: 'My List', products: [{ productId: P }] },
    });
  });

  test('"My List" is used when the account has it, whatever else it has', () => {
    const lists = [list('0w1', 'Q3 reorder', '2026-11-02T00:00:00Z'), list('0w2', 'My List', '2026-10-01T00:00:00Z')];
    assert.deepEqual(defaultAddPlan(lists, P), { kind: 'add', wishlistId: '0w2', name: 'My List' });
  });

  test('without "My List", the newest list: the first in the API’s order, where the lists page opens', () => {
    const lists = [list('0w2', 'Newer', '2026-11-01T00:00:00Z'), list('0w1', 'Older', '2026-09-01T00:00:00Z')];
    assert.deepEqual(defaultAddPlan(lists, P), { kind: 'add', wishlistId: '0w2', name: 'Newer' });
  });
});

describe('a choice made in the control', () => {
  const lists = [list('0w1', 'Dental', '2026-11-01T00:00:00Z')];

  test('one of the lists', () => {
    assert.deepEqual(chosenAddPlan(lists, P, { wishlistId: '0w1' }), {
      kind: 'add',
      wishlistId: '0w1',
      name: 'Dental',
    });
  });

  test('a new list by its name (trimmed), made with the product', () => {
    assert.deepEqual(chosenAddPlan(lists, P, { newListName: '  Budget 2027 ' }), {
      kind: 'create',
      name: 'Budget 2027',
      input: { name: 'Budget 2027', products: [{ productId: P }] },
    });
  });

  test('a list that has gone since the control read them falls back to the default rule', () => {
    assert.deepEqual(chosenAddPlan([], P, { wishlistId: '0w9' }).kind, 'create');
  });
});
