// Changing one's password over real HTTP (issue 17): POST /services/auth/password with the current password. A
// wrong one changes nothing and counts with the failed logins (429 after as many as login allows); the new one
// keeps registration's rule and differs; on success every other session of the user ends while this one goes on
// under a new session id and CSRF token, reset links still out stop working, and the owner is mailed. Guests are
// refused.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PASSWORD_CHANGED_MESSAGE, SAME_PASSWORD_MESSAGE, WRONG_CURRENT_PASSWORD_MESSAGE } from '@store/core';
import { errorOf, startTestServer, type Agent, type TestServer } from '../test-support/server.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../seed/access.ts';
import { DEFAULT_LIMITS } from '../auth/login-limiter.ts';
import { INVALID_RESET_LINK } from '../services/password-reset.ts';

const CHANGE = '/services/auth/password';
const NEW_PASSWORD = 'Fresh-start-2027';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s?.close();
});
beforeEach(async () => {
  await s.db.db.deleteFrom('login_attempt').execute();
});

let shoppers = 0;
async function newShopper(): Promise<string> {
  const email = `changer${++shoppers}@example.com`;
  await s.register({ firstName: 'Chris', lastName: 'Changer', email, password: DEMO_PASSWORD });
  return email;
}
const loggedIn = async (a: Agent) => (await a.api('/session-context')).body.isLoggedIn === true;
const passwordHash = async (email: string) =>
  (await s.db.db.selectFrom('app_user').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow())
    .password_hash;

describe('changing the password', () => {
  test('ends every other session, keeps this one under a new id and CSRF token, kills reset links, mails the owner', async () => {
    const email = await newShopper();
    const here = await s.login(email);
    const elsewhere = await s.login(email);
    // A reset link is out (the owner asked for one, then remembered the password).
    assert.equal((await s.agent().post('/services/auth/password-reset', { email })).status, 202);
    const mail = await s.db.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .where('kind', '=', 'password-reset')
      .executeTakeFirstOrThrow();
    const token = /\/password-reset\?token=([A-Za-z0-9_-]+)/.exec(mail.text_body)![1];

    const sid = here.cookies.get('sid');
    const csrf = here.cookies.get('csrf_token');
    const res = await here.post(CHANGE, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { status: 'PasswordChanged', message: PASSWORD_CHANGED_MESSAGE });
    assert.notEqual(here.cookies.get('sid'), sid, 'a new session id');
    assert.notEqual(here.cookies.get('csrf_token'), csrf, 'a new CSRF token');

    assert.equal(await loggedIn(here), true, 'this browser stays logged in');
    assert.equal(await loggedIn(elsewhere), false, 'the other one is logged out');
    // The old session id is dead too (someone who copied it gets nowhere).
    const replay = s.agent();
    replay.cookies.set('sid', sid!);
    assert.equal(await loggedIn(replay), false);
    // This session still acts and writes (its new CSRF token works).
    assert.equal((await here.patch('/services/auth/profile', { firstName: 'Chrissy' })).status, 200);

    const link = await s.agent().post('/services/auth/password-reset/confirm', { token, password: 'Other-pass-99' });
    assert.equal(link.status, 400, 'the reset link stopped working');
    assert.equal(errorOf(link).message, INVALID_RESET_LINK);

    assert.equal((await s.agent().post('/services/auth/login', { email, password: DEMO_PASSWORD })).status, 401);
    assert.equal((await s.agent().post('/services/auth/login', { email, password: NEW_PASSWORD })).status, 200);

    const changed = await s.db.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', email)
      .where('kind', '=', 'password-changed')
      .execute();
    assert.equal(changed.length, 1, 'one confirmation email');
    assert.match(changed[0]!.subject, /your password was changed/);
    assert.match(changed[0]!.text_body, /\/forgot-password/);
  });

  test('a wrong current password changes nothing and is counted as a failed login', async () => {
    const email = await newShopper();
    const a = await s.login(email);
    const before = await passwordHash(email);
    const { maxFailures } = DEFAULT_LIMITS.pair;
    for (let i = 0; i < maxFailures; i++) {
      const res = await a.post(CHANGE, { currentPassword: `wrong-guess-${i}`, newPassword: NEW_PASSWORD });
      assert.equal(res.status, 400);
      assert.equal(errorOf(res).errorCode, 'INVALID_API_INPUT');
      assert.equal(errorOf(res).message, WRONG_CURRENT_PASSWORD_MESSAGE);
    }
    // As many misses as login allows from one address: now even the right password waits, here and at login.
    const throttled = await a.post(CHANGE, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD });
    assert.equal(throttled.status, 429);
    assert.equal(errorOf(throttled).errorCode, 'TOO_MANY_REQUESTS');
    assert.ok(Number(throttled.headers.get('retry-after')) > 0, 'Retry-After');
    assert.equal((await s.agent().post('/services/auth/login', { email, password: DEMO_PASSWORD })).status, 429);
    assert.equal(await passwordHash(email), before, 'nothing changed');
    assert.equal(await loggedIn(a), true, 'the session is not ended by it');
    assert.equal(
      (
        await s.db.db
          .selectFrom('mail_outbox')
          .select('id')
          .where('kind', '=', 'password-changed')
          .where('to_address', '=', email)
          .execute()
      ).length,
      0,
    );
  });

  test('the new password keeps the registration rule and differs from the current one', async () => {
    const email = await newShopper();
    const a = await s.login(email);
    const before = await passwordHash(email);
    const cases: Array<[unknown, RegExp | string]> = [
      [{ currentPassword: DEMO_PASSWORD, newPassword: 'short1' }, /at least 8 characters/],
      [{ currentPassword: DEMO_PASSWORD, newPassword: 'lettersonly' }, /one letter and one number/],
      [{ currentPassword: DEMO_PASSWORD, newPassword: 'password1' }, /too common/],
      [{ currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD }, SAME_PASSWORD_MESSAGE],
      [{ currentPassword: DEMO_PASSWORD, newPassword: 'x1'.repeat(101) }, /at most 200/],
      [{ currentPassword: '', newPassword: NEW_PASSWORD }, /Current password is required/],
      [{ newPassword: NEW_PASSWORD }, /Current password is required/],
      [{ currentPassword: DEMO_PASSWORD }, /New password is required/],
      [{ currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD, extra: true }, /./],
    ];
    for (const [body, message] of cases) {
      const res = await a.post(CHANGE, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      const e = errorOf(res);
      if (typeof message === 'string') assert.equal(e.message, message);
      else assert.match(e.message, message);
    }
    assert.equal(await passwordHash(email), before, 'nothing changed');
    assert.equal(await loggedIn(a), true);
  });

  test('guests, and sessions that logged out, are refused', async () => {
    const before = await passwordHash(DEMO_USERS.consumer.email);
    const guest = await s.agent().post(CHANGE, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD });
    assert.equal(guest.status, 401);
    assert.equal(errorOf(guest).errorCode, 'INVALID_SESSION_ID');
    const a = await s.login(DEMO_USERS.consumer.email);
    const cookies = new Map(a.cookies);
    await a.post('/services/auth/logout');
    const replay = s.agent();
    for (const [k, v] of cookies) replay.cookies.set(k, v);
    const res = await replay.post(CHANGE, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD });
    assert.equal(res.status, 401);
    assert.equal(await passwordHash(DEMO_USERS.consumer.email), before);
  });
});
