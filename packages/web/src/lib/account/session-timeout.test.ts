import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createMemoryStorage, type StorageLike } from '@store/client';
import {
  LAST_ACTIVITY_KEY,
  markSessionTimedOut,
  SESSION_MESSAGES,
  sharedActivity,
  takeSessionTimedOut,
  TIMED_OUT_KEY,
} from './session-timeout.ts';

describe('session messages', () => {
  test('spec 03 §8, word for word', () => {
    assert.equal(SESSION_MESSAGES.title, 'Still there?');
    assert.equal(SESSION_MESSAGES.timedOut, 'Your session has timed out. Try again.');
    assert.equal(
      SESSION_MESSAGES.warning,
      "For security, we suspend your session if you're inactive too long. If you don't click Continue Working within approximately 30 seconds, we log you out.",
    );
    assert.deepEqual(
      [SESSION_MESSAGES.continueWorking, SESSION_MESSAGES.logOut, SESSION_MESSAGES.close],
      ['Continue Working', 'Log Out', 'Close'],
    );
  });
});

describe('the timed-out flag', () => {
  test('is read once: the toast shows on the next page only', () => {
    const storage = createMemoryStorage();
    assert.equal(takeSessionTimedOut(storage), false);
    markSessionTimedOut(storage);
    assert.equal(storage.getItem(TIMED_OUT_KEY), '1');
    assert.equal(takeSessionTimedOut(storage), true);
    assert.equal(takeSessionTimedOut(storage), false);
  });

  test('no storage, or storage that throws, is simply no flag', () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    markSessionTimedOut(broken);
    assert.equal(takeSessionTimedOut(broken), false);
    markSessionTimedOut(null);
    assert.equal(takeSessionTimedOut(null), false);
  });
});

describe('shared activity', () => {
  test('keeps the last activity time for the other tabs', () => {
    const storage = createMemoryStorage();
    const shared = sharedActivity(storage);
    assert.equal(shared.read(), null);
    shared.write(1_700_000_000_000);
    assert.equal(storage.getItem(LAST_ACTIVITY_KEY), '1700000000000');
    assert.equal(shared.read(), 1_700_000_000_000);
    storage.setItem(LAST_ACTIVITY_KEY, 'garbage');
    assert.equal(shared.read(), null);
  });
});
