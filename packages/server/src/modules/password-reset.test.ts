// "Forgot password" over real HTTP (issue 17): POST /services/auth/password-reset answers the same for every
// address, in about the same time, and mails a one-time link only to a user of the store; the link (the one the
// administrator can also send, customers.test.ts) works once, expires, and a newer one replaces it. Requests are
// limited per email address (past it nothing is mailed, the answer stays) and per client address (429).
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { passwordResetRequestedMessage } from '@store/core';
import { errorOf, startTestServer, type TestServer } from '../test-support/server.ts';
import { postFrom } from '../test-support/client-address.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../seed/access.ts';
import { DEFAULT_LIMITS } from '../auth/login-limiter.ts';
import { ANSWER_FLOOR_MS, FORGOT_PASSWORD_LIMITS } from '../services/forgot-password.ts';
import { INVALID_RESET_LINK, PASSWORD_RESET_TTL_MS } from '../services/password-reset.ts';

const ASK = '/services/auth/password-reset';
const CONFIRM = '/services/auth/password-reset/confirm';
const NEW_PASSWORD = 'Fresh-start-2027';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s?.close();
});
beforeEach(async () => {
  await s.db.db.deleteFrom('request_limit').execute();
});

/** The reset mails sent to an address, newest first. */
async function resetMails(email: string) {
  return s.db.db
    .selectFrom('mail_outbox')
    .select(['text_body', 'subject', 'created_at'])
    .where('to_address', '=', email.toLowerCase())
    .where('kind', '=', 'password-reset')
    .orderBy('created_at', 'desc')
    .execute();
}
const tokenOf = (text: string) => /\/password-reset\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
async function newestToken(email: string): Promise<string> {
  const token = tokenOf((await resetMails(email))[0]?.text_body ?? '');
  assert.ok(token, `a reset link mailed to ${email}`);
  return token;
}

let shoppers = 0;
/** A shopper of their own (registered through the mailed link), so tests do not share counts or passwords. */
async function newShopper(): Promise<string> {
  const email = `forgetful${++shoppers}@example.com`;
  await s.register({ firstName: 'Fran', lastName: 'Forgetful', email, password: DEMO_PASSWORD });
  return email;
}

const loginStatus = async (email: string, password: string) =>
  (await s.agent().post('/services/auth/login', { email, password })).status;

describe('asking for a link', () => {
  test('the same answer, in about the same time, for a user and an unknown address; only the user gets a link', async () => {
    const known = await newShopper();
    const unknown = 'nobody-here@example.com';
    const timed = async (email: string) => {
      const t = performance.now();
      const res = await s.agent().post(ASK, { email });
      return { res, ms: performance.now() - t };
    };
    const a = await timed(known);
    const b = await timed(unknown);
    for (const [{ res }, email] of [
      [a, known],
      [b, unknown],
    ] as const) {
      assert.equal(res.status, 202, res.text);
      assert.deepEqual(res.body, {
        status: 'ResetRequested',
        email,
        message: passwordResetRequestedMessage(email),
      });
    }
    assert.equal(
      a.res.text.replaceAll(known, 'EMAIL'),
      b.res.text.replaceAll(unknown, 'EMAIL'),
      'the bodies differ only by the address asked about',
    );
    // Both wait out the same floor, which issuing a link stays under.
    for (const { ms } of [a, b]) assert.ok(ms >= ANSWER_FLOOR_MS - 5, `answered after ${ms.toFixed(0)} ms`);
    assert.ok(Math.abs(a.ms - b.ms) < ANSWER_FLOOR_MS, `${a.ms.toFixed(0)} ms vs ${b.ms.toFixed(0)} ms`);

    const mails = await resetMails(known);
    assert.equal(mails.length, 1, 'one link for the user');
    assert.match(mails[0]!.subject, /choose a new password/);
    assert.match(mails[0]!.text_body, /Someone, perhaps you, asked to reset/);
    assert.equal((await resetMails(unknown)).length, 0, 'nothing mailed to an unknown address');
    assert.equal(
      (await s.db.db.selectFrom('mail_outbox').select('id').where('to_address', '=', unknown).execute()).length,
      0,
    );
    // The address is matched without regard to case or surrounding spaces.
    assert.equal((await s.agent().post(ASK, { email: ` ${known.toUpperCase()} ` })).status, 202);
    assert.equal((await resetMails(known)).length, 2);
  });

  test('the link resets the password once: the old password stops working, the new one logs in', async () => {
    const email = await newShopper();
    const session = await s.login(email);
    assert.equal((await s.agent().post(ASK, { email })).status, 202);
    const token = await newestToken(email);
    // Until the link is used the current password works, and the link alone changes nothing.
    assert.equal(await loginStatus(email, DEMO_PASSWORD), 200);

    const weak = await s.agent().post(CONFIRM, { token, password: 'short1' });
    assert.equal(weak.status, 400);
    assert.match(errorOf(weak).message, /at least 8 characters/);
    const done = await s.agent().post(CONFIRM, { token, password: NEW_PASSWORD });
    assert.equal(done.status, 204, done.text);
    const again = await s.agent().post(CONFIRM, { token, password: 'Another-one-2028' });
    assert.equal(again.status, 400, 'a link works once');
    assert.equal(errorOf(again).message, INVALID_RESET_LINK);

    assert.equal(await loginStatus(email, DEMO_PASSWORD), 401, 'the old password stops working');
    assert.equal(await loginStatus(email, NEW_PASSWORD), 200, 'the new one logs in');
    assert.equal((await session.api('/session-context')).body.isLoggedIn, false, 'earlier sessions ended');
  });

  test('a newer link replaces an older one, and a link expires after its hour', async () => {
    const email = await newShopper();
    await s.agent().post(ASK, { email });
    const first = await newestToken(email);
    await s.agent().post(ASK, { email });
    const second = await newestToken(email);
    assert.notEqual(first, second);
    const old = await s.agent().post(CONFIRM, { token: first, password: NEW_PASSWORD });
    assert.equal(old.status, 400);
    assert.equal(errorOf(old).message, INVALID_RESET_LINK);

    // An hour and a second later, the newer link has expired too.
    const resets = s.services.passwordResets;
    resets.now = () => Date.now() + PASSWORD_RESET_TTL_MS + 1000;
    try {
      const late = await s.agent().post(CONFIRM, { token: second, password: NEW_PASSWORD });
      assert.equal(late.status, 400);
      assert.equal(errorOf(late).message, INVALID_RESET_LINK);
    } finally {
      resets.now = Date.now;
    }
    assert.equal(await loginStatus(email, DEMO_PASSWORD), 200, 'nothing changed');
  });

  test('an owner who locked themselves out by mistyping logs in with the new password at once', async () => {
    await s.db.db.deleteFrom('login_attempt').execute();
    const email = await newShopper();
    const from = '127.0.0.5';
    const login = (password: string) => postFrom(s.url, from, '/services/auth/login', { email, password });
    for (let i = 0; i < DEFAULT_LIMITS.pair.maxFailures; i++) assert.equal((await login(`mistyped-${i}`)).status, 401);
    assert.equal((await login(DEMO_PASSWORD)).status, 429, 'locked out from their address');
    assert.equal((await postFrom(s.url, from, ASK, { email })).status, 202);
    const used = await postFrom(s.url, from, CONFIRM, { token: await newestToken(email), password: NEW_PASSWORD });
    assert.equal(used.status, 204);
    assert.equal((await login(NEW_PASSWORD)).status, 200);
  });

  test('a workspace user may use it too, as they log in at the same page', async () => {
    await s.agent().post(ASK, { email: DEMO_USERS.admin.email });
    assert.ok(await newestToken(DEMO_USERS.admin.email));
  });

  test('bad input is a 400 in the error shape and sends nothing', async () => {
    const before = (await s.db.db.selectFrom('mail_outbox').select('id').execute()).length;
    for (const body of [{}, { email: '' }, { email: 'not-an-email' }, { email: 42 }, { email: 'a@b.co', extra: 1 }]) {
      const res = await s.agent().post(ASK, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      errorOf(res);
    }
    assert.equal((await s.db.db.selectFrom('mail_outbox').select('id').execute()).length, before);
  });
});

describe('limits', () => {
  test(`per address: ${FORGOT_PASSWORD_LIMITS.perEmail.max} links an hour, then the same answer and no mail`, async () => {
    const email = await newShopper();
    const { max } = FORGOT_PASSWORD_LIMITS.perEmail;
    const answers = [];
    for (let i = 0; i <= max; i++) answers.push(await s.agent().post(ASK, { email }));
    assert.deepEqual(
      answers.map((a) => a.status),
      Array(max + 1).fill(202),
    );
    assert.equal(answers[max]!.text, answers[0]!.text, 'the answer past the limit is the same');
    assert.equal((await resetMails(email)).length, max, 'no link past the limit');
    // The newest link mailed still works.
    const ok = await s.agent().post(CONFIRM, { token: await newestToken(email), password: NEW_PASSWORD });
    assert.equal(ok.status, 204);
    // An hour on, the address may ask again.
    const limiter = s.services.requestLimiter;
    limiter.now = () => Date.now() + FORGOT_PASSWORD_LIMITS.perEmail.windowS * 1000 + 1000;
    try {
      assert.equal((await s.agent().post(ASK, { email })).status, 202);
    } finally {
      limiter.now = Date.now;
    }
    assert.equal((await resetMails(email)).length, max + 1);
  });

  test(`per client address: ${FORGOT_PASSWORD_LIMITS.perIp.max} requests in 15 minutes, then 429 with Retry-After`, async () => {
    const { max, windowS } = FORGOT_PASSWORD_LIMITS.perIp;
    const email = await newShopper();
    const from = '127.0.0.3';
    for (let i = 0; i < max; i++) {
      const res = await postFrom(s.url, from, ASK, { email: `walker${i}@example.com` });
      assert.equal(res.status, 202);
    }
    const refused = await postFrom(s.url, from, ASK, { email });
    assert.equal(refused.status, 429);
    assert.equal(errorOf(refused).errorCode, 'TOO_MANY_REQUESTS');
    assert.match(errorOf(refused).message, /Try again in \d+ minutes/);
    assert.ok(refused.retryAfterS > 0 && refused.retryAfterS <= windowS, `Retry-After ${refused.retryAfterS}`);
    assert.equal((await resetMails(email)).length, 0, 'nothing mailed once refused');
    // Another client is not held up by it.
    const other = await postFrom(s.url, '127.0.0.4', ASK, { email });
    assert.equal(other.status, 202);
    assert.equal((await resetMails(email)).length, 1);
  });
});
