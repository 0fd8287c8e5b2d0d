// The failed-login limits over real HTTP from real, different client addresses (the loopback network's
// 127.0.0.x, bound as the connection's local address): a stranger guessing a shopper's password cannot
// lock the shopper out, password spraying from one address stops, and guesses spread over many addresses
// meet a progressive delay on the account that never grows past a minute.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { errorOf, startTestServer, type TestServer } from '../test-support/server.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../seed/access.ts';
import { DEFAULT_LIMITS } from '../auth/login-limiter.ts';
import { postFrom } from '../test-support/client-address.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s?.close();
});

/** POST /services/auth/login from the given local address, as a guest. */
const loginFrom = (localAddress: string, email: string, password: string) =>
  postFrom(s.url, localAddress, '/services/auth/login', { email, password });

const attacker = '127.0.0.2';
const owner = '127.0.0.1';

async function clearAttempts() {
  await s.db.db.deleteFrom('login_attempt').execute();
}

describe('failed logins', () => {
  test('guessing a shopper\u2019s password from one address locks out that address, never the shopper', async () => {
    await clearAttempts();
    const email = DEMO_USERS.consumer.email;
    for (let i = 0; i < DEFAULT_LIMITS.pair.maxFailures; i++)
      assert.equal((await loginFrom(attacker, email, `wrong-${i}-password`)).status, 401);
    const locked = await loginFrom(attacker, email, DEMO_PASSWORD);
    assert.equal(locked.status, 429, 'the guessing address waits, even with the right password');
    assert.equal(errorOf(locked).errorCode, 'TOO_MANY_REQUESTS');
    assert.ok(locked.retryAfterS > 60, `the rest of the window (${locked.retryAfterS} s)`);
    const mine = await loginFrom(owner, email, DEMO_PASSWORD);
    assert.equal(mine.status, 200, 'the shopper, from their own address, logs in');
  });

  test('one address spraying a common password over many accounts is stopped', async () => {
    await clearAttempts();
    for (let i = 0; i < DEFAULT_LIMITS.ip.maxFailures; i++)
      assert.equal((await loginFrom(attacker, `user${i}@example.com`, 'Password1!')).status, 401);
    const next = await loginFrom(attacker, DEMO_USERS.buyer.email, 'Password1!');
    assert.equal(next.status, 429);
    assert.equal((await loginFrom(owner, DEMO_USERS.buyer.email, DEMO_PASSWORD)).status, 200, 'others unaffected');
  });

  test('guesses from many addresses meet a growing delay on the account, at most a minute, never a lock', async () => {
    await clearAttempts();
    const email = DEMO_USERS.admin.email;
    const { freeFailures, maxDelayS } = DEFAULT_LIMITS.account;
    for (let i = 0; i < freeFailures; i++)
      assert.equal((await loginFrom(`127.0.1.${i + 1}`, email, `wrong-${i}-password`)).status, 401);
    const slowed = await loginFrom('127.0.2.1', email, 'another-guess-1');
    assert.equal(slowed.status, 429, 'past the free failures, the next guess waits');
    assert.ok(slowed.retryAfterS >= 1 && slowed.retryAfterS <= maxDelayS, `${slowed.retryAfterS} s`);
    // Time passes: the delay after the latest failure has run out, and the owner logs in.
    await s.db.db
      .updateTable('login_attempt')
      .set({ last_failure_at: new Date(Date.now() - maxDelayS * 1000).toISOString() })
      .execute();
    assert.equal((await loginFrom(owner, email, DEMO_PASSWORD)).status, 200);
    // The success cleared the account's count: a later slip of the owner's is not delayed.
    assert.equal((await loginFrom(owner, email, 'a-typo-1')).status, 401);
    assert.equal((await loginFrom(owner, email, DEMO_PASSWORD)).status, 200);
  });

  test('the delay doubles with each further failure and stops at a minute', async () => {
    await clearAttempts();
    const email = DEMO_USERS.buyer.email;
    const { freeFailures, maxDelayS } = DEFAULT_LIMITS.account;
    const key = `account:${email}`;
    const delays: number[] = [];
    for (let extra = 0; extra < 9; extra++) {
      await s.db.db.deleteFrom('login_attempt').where('key', '=', key).execute();
      const now = new Date().toISOString();
      await s.db.db
        .insertInto('login_attempt')
        .values({ key, window_start: now, failures: freeFailures + extra, last_failure_at: now })
        .execute();
      delays.push((await loginFrom(owner, email, DEMO_PASSWORD)).retryAfterS);
    }
    assert.deepEqual(delays, [1, 2, 4, 8, 16, 32, maxDelayS, maxDelayS, maxDelayS]);
  });
});
