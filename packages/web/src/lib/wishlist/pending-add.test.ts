import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createMemoryStorage } from '@store/client';
import { PENDING_ADD_MAX_AGE_MS, PENDING_WISHLIST_ADD_KEY, savePendingAdd, takePendingAdd } from './pending-add.ts';

const add = {
  productId: '01t000000000101AAA',
  productName: 'US Dentists',
  returnPath: '/product/01t000000000101AAA',
  savedAt: 1_000,
};

describe('a guest’s pending add-to-list', () => {
  test('is handed back once, on the page it was saved on, after the login', () => {
    const storage = createMemoryStorage();
    savePendingAdd(add, storage);
    assert.deepEqual(takePendingAdd({ path: add.returnPath, now: 2_000 }, storage), add);
    // Performed once: a reload of the page adds nothing more.
    assert.equal(takePendingAdd({ path: add.returnPath, now: 3_000 }, storage), null);
    assert.equal(storage.getItem(PENDING_WISHLIST_ADD_KEY), null);
  });

  test('a logged-in page elsewhere drops it: it never follows the buyer to another page', () => {
    const storage = createMemoryStorage();
    savePendingAdd(add, storage);
    assert.equal(takePendingAdd({ path: '/search?term=dentists', now: 2_000 }, storage), null);
    assert.equal(takePendingAdd({ path: add.returnPath, now: 2_100 }, storage), null);
  });

  test('a stale one (an abandoned login) is dropped', () => {
    const storage = createMemoryStorage();
    savePendingAdd(add, storage);
    assert.equal(
      takePendingAdd({ path: add.returnPath, now: add.savedAt + PENDING_ADD_MAX_AGE_MS + 1 }, storage),
      null,
    );
  });

  test('anything else under the key (another script, an older version) is ignored and removed', () => {
    const storage = createMemoryStorage();
    for (const junk of ['not json', '{"productId":5}', 'null', '[]']) {
      storage.setItem(PENDING_WISHLIST_ADD_KEY, junk);
      assert.equal(takePendingAdd({ path: add.returnPath, now: 2_000 }, storage), null);
      assert.equal(storage.getItem(PENDING_WISHLIST_ADD_KEY), null);
    }
  });

  test('storage that throws never breaks the page', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    savePendingAdd(add, broken);
    assert.equal(takePendingAdd({ path: add.returnPath, now: 2_000 }, broken), null);
  });
});
