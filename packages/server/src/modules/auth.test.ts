// Identity and sessions over real HTTP: registration, login, logout, cookies, CSRF, the login rate
// limit, guest browsing switched off, and sessions shared by two server processes.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, errorOf, registrationLinkToken, startTestServer, type TestServer } from '../test-support/server.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../seed/access.ts';
import { parseHash } from '../auth/passwords.ts';
import { COMMON_PASSWORD_MESSAGE, REGISTRATION_SENT_MESSAGE } from '@store/core';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s?.close();
});

const userCount = async () =>
  Number(
    (
      await s.db.db
        .selectFrom('app_user')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('login and logout', () => {
  test('login sets an httpOnly SameSite session cookie and a readable CSRF cookie; the session context follows', async () => {
    const a = s.agent();
    await a.api('/session-context');
    const res = await a.post('/services/auth/login', { email: DEMO_USERS.consumer.email, password: DEMO_PASSWORD });
    assert.equal(res.status, 200);
    assert.equal(res.body.userName, 'Casey');
    const cookies = res.headers.getSetCookie();
    const sid = cookies.find((c) => c.startsWith('sid='))!;
    assert.match(sid, /HttpOnly/i);
    assert.match(sid, /SameSite=Lax/i);
    assert.match(sid, /Path=\//);
    const csrf = cookies.find((c) => c.startsWith('csrf_token='))!;
    assert.doesNotMatch(csrf, /HttpOnly/i, 'page scripts must read the CSRF token');
    assert.equal((await a.api('/session-context')).body.isLoggedIn, true);
    // The database holds a hash of the token, never the token itself.
    const token = a.cookies.get('sid')!;
    assert.equal(
      await s.db.db.selectFrom('session').select('id').where('id', '=', token).executeTakeFirst(),
      undefined,
    );
  });

  test('each login starts a new session; logout ends it and the old cookie is a guest again', async () => {
    const a = await s.login(DEMO_USERS.buyer.email);
    const first = a.cookies.get('sid')!;
    const again = await a.post('/services/auth/login', { email: DEMO_USERS.buyer.email, password: DEMO_PASSWORD });
    assert.equal(again.status, 200);
    const second = a.cookies.get('sid')!;
    assert.notEqual(first, second, 'a new session id at login');
    const stale = await s.api('/session-context', { headers: { cookie: `sid=${first}` } });
    assert.equal(stale.body.isLoggedIn, false, 'the previous session ended');

    const out = await a.post('/services/auth/logout');
    assert.equal(out.status, 204);
    assert.equal((await s.api('/session-context', { headers: { cookie: `sid=${second}` } })).body.isLoggedIn, false);
  });

  test('the logout address ends the session when the storefront (or the address bar) asks, and returns home', async () => {
    for (const site of ['same-origin', 'none']) {
      const a = await s.login(DEMO_USERS.consumer.email);
      const sid = a.cookies.get('sid')!;
      const res = await a.get('/webruntime/logout', { headers: { 'sec-fetch-site': site } });
      assert.equal(res.status, 303, site);
      assert.equal(res.headers.get('location'), '/');
      assert.equal((await s.api('/session-context', { headers: { cookie: `sid=${sid}` } })).body.isLoggedIn, false);
    }
  });

  test('a logout link on another site, or a request without fetch metadata, only asks to confirm', async () => {
    const a = await s.login(DEMO_USERS.consumer.email);
    const cases: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, {}];
    for (const headers of cases) {
      const res = await a.get('/webruntime/logout', { headers });
      assert.equal(res.status, 200, JSON.stringify(headers));
      assert.match(res.headers.get('content-type')!, /^text\/html/);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.match(res.text, /<form method="post" action="\/webruntime\/logout">/);
      assert.match(res.text, /<button type="submit">Log out<\/button>/);
      assert.equal((await a.api('/session-context')).body.isLoggedIn, true, 'still logged in');
    }
  });

  test('the confirmation form logs out with the session\u2019s token; without it, or from another origin, nothing changes', async () => {
    const a = await s.login(DEMO_USERS.consumer.email);
    const page = await a.get('/webruntime/logout');
    const token = /name="csrfToken" value="([^"]+)"/.exec(page.text)![1]!;
    assert.equal(token, a.cookies.get('csrf_token'), 'the page carries the session\u2019s token');
    const form = (body: string, headers: Record<string, string> = {}) =>
      a.get('/webruntime/logout', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': '', ...headers },
      });
    for (const [body, headers] of [
      ['', {}],
      ['csrfToken=guessed', {}],
      [`csrfToken=${encodeURIComponent(token)}`, { origin: 'https://evil.example' }],
    ] as const) {
      const refused = await form(body, headers);
      assert.equal(refused.status, 403, body);
      assert.equal(errorOf(refused).errorCode, 'INVALID_CSRF_TOKEN');
      assert.equal((await a.api('/session-context')).body.isLoggedIn, true);
    }
    const out = await form(`csrfToken=${encodeURIComponent(token)}`);
    assert.equal(out.status, 303);
    assert.equal(out.headers.get('location'), '/');
    assert.equal((await a.api('/session-context')).body.isLoggedIn, false);
  });

  test('a wrong password or unknown email is one message, a 401', async () => {
    for (const body of [
      { email: DEMO_USERS.admin.email, password: 'wrong-password1' },
      { email: 'nobody@example.com', password: DEMO_PASSWORD },
    ]) {
      const res = await s.agent().post('/services/auth/login', body);
      assert.equal(res.status, 401);
      assert.deepEqual(errorOf(res), {
        errorCode: 'INVALID_LOGIN',
        message: 'Your login attempt has failed. Make sure the username and password are correct.',
      });
    }
    const empty = await s.agent().post('/services/auth/login', { email: '', password: '' });
    assert.equal(empty.status, 400);
    assert.equal(errorOf(empty).errorCode, 'INVALID_API_INPUT');
  });

  test('login attempts are rate-limited per email and client address, even with the right password, until the window passes', async () => {
    const email = DEMO_USERS.buyer.email.toUpperCase();
    for (let i = 0; i < 5; i++)
      assert.equal(
        (await s.agent().post('/services/auth/login', { email, password: `wrong-${i}-password` })).status,
        401,
      );
    const limited = await s
      .agent()
      .post('/services/auth/login', { email: DEMO_USERS.buyer.email, password: DEMO_PASSWORD });
    assert.equal(limited.status, 429);
    assert.equal(errorOf(limited).errorCode, 'TOO_MANY_REQUESTS');
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    // Other users are not locked out by someone guessing this one's password.
    assert.equal(
      (await s.agent().post('/services/auth/login', { email: DEMO_USERS.consumer.email, password: DEMO_PASSWORD }))
        .status,
      200,
    );
    // Once the window has passed, the right password works again.
    await s.db.db
      .updateTable('login_attempt')
      .set({ window_start: new Date(Date.now() - 16 * 60_000).toISOString() })
      .execute();
    assert.equal(
      (await s.agent().post('/services/auth/login', { email: DEMO_USERS.buyer.email, password: DEMO_PASSWORD })).status,
      200,
    );
  });
});

/** The newest mail the store queued for an address (what its transport sends). */
async function mailTo(to: string) {
  return s.db.db
    .selectFrom('mail_outbox')
    .select(['kind', 'subject', 'text_body'])
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

describe('registration', () => {
  test('a shopper registers, confirms the mailed link, is logged in, and their password is stored as a memory-hard hash', async () => {
    const a = s.agent();
    const res = await a.post('/services/auth/register', {
      firstName: 'Robin',
      lastName: 'Park',
      email: 'Robin.Park@Example.com',
      password: 'Lists4Sale',
    });
    assert.equal(res.status, 202);
    assert.deepEqual(res.body, {
      status: 'ConfirmationSent',
      email: 'robin.park@example.com',
      message: REGISTRATION_SENT_MESSAGE,
    });
    assert.equal((await a.api('/session-context')).body.isLoggedIn, false, 'not logged in before confirming');
    const mail = (await mailTo('robin.park@example.com'))!;
    assert.equal(mail.kind, 'confirm-registration');
    const token = registrationLinkToken(mail.text_body)!;
    assert.ok(token, mail.text_body);
    const pending = await s.db.db.selectFrom('registration_request').selectAll().execute();
    assert.ok(!JSON.stringify(pending).includes(token), 'only a hash of the token is stored');

    const confirmed = await a.post('/services/auth/register/confirm', { token });
    assert.equal(confirmed.status, 201, confirmed.text);
    assert.equal(confirmed.body.userName, 'Robin');
    const ctx = (await a.api('/session-context')).body;
    assert.deepEqual(
      [ctx.isLoggedIn, ctx.effectiveAccountName, ctx.buyerGroups.map((g: any) => g.name)],
      [true, 'Robin Park', ['Shoppers']],
    );
    const row = await s.db.db
      .selectFrom('app_user')
      .selectAll()
      .where('email', '=', 'robin.park@example.com')
      .executeTakeFirstOrThrow();
    assert.ok(!row.password_hash!.includes('Lists4Sale'));
    const hash = parseHash(row.password_hash!)!;
    assert.ok(hash && 128 * hash.N * hash.r >= 64 * 1024 * 1024, 'scrypt with at least 64 MiB');
    assert.equal(
      (await s.agent().post('/services/auth/login', { email: 'robin.park@example.com', password: 'Lists4Sale' }))
        .status,
      200,
    );
    const again = await s.agent().post('/services/auth/register/confirm', { token });
    assert.equal(again.status, 400, 'a link works once');
    assert.equal(errorOf(again).errorCode, 'INVALID_API_INPUT');
  });

  test('registering a taken email answers exactly as for a new one; the owner is told, nothing changes', async () => {
    const before = await userCount();
    const owner = DEMO_USERS.consumer.email;
    const body = (email: string) => ({ firstName: 'Casey', lastName: 'Again', email, password: 'Lists4Sale' });
    const taken = await s.agent().post('/services/auth/register', body(owner));
    const fresh = await s.agent().post('/services/auth/register', body('casey.new@example.com'));
    assert.equal(taken.status, 202);
    assert.deepEqual(
      { ...taken.body, email: null },
      { ...fresh.body, email: null },
      'the same answer, but for the address echoed',
    );
    const note = (await mailTo(owner))!;
    assert.equal(note.kind, 'registration-attempt');
    assert.match(note.text_body, /tried to create a new account with this email address/);
    assert.equal(registrationLinkToken(note.text_body), undefined, 'no link that could create a second account');
    assert.equal(await userCount(), before);
    const ownerLogin = await s.agent().post('/services/auth/login', { email: owner, password: DEMO_PASSWORD });
    assert.equal(ownerLogin.status, 200, 'the owner\u2019s password is unchanged');
  });

  test('a made-up or expired confirmation token is refused', async () => {
    assert.equal((await s.agent().post('/services/auth/register/confirm', { token: 'made-up' })).status, 400);
    await s.agent().post('/services/auth/register', {
      firstName: 'Late',
      lastName: 'Comer',
      email: 'late.comer@example.com',
      password: 'Lists4Sale',
    });
    const token = registrationLinkToken((await mailTo('late.comer@example.com'))!.text_body)!;
    await s.db.db
      .updateTable('registration_request')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', 'late.comer@example.com')
      .execute();
    const late = await s.agent().post('/services/auth/register/confirm', { token });
    assert.equal(late.status, 400);
    assert.equal(
      await s.db.db
        .selectFrom('app_user')
        .select('id')
        .where('email', '=', 'late.comer@example.com')
        .executeTakeFirst(),
      undefined,
    );
  });

  test('bad input is refused and creates nothing', async () => {
    const before = await userCount();
    const cases: Array<[object, number, string]> = [
      [{ firstName: 'A', lastName: 'B', email: 'not-an-email', password: 'Lists4Sale' }, 400, 'INVALID_API_INPUT'],
      [{ firstName: 'A', lastName: 'B', email: 'a.b@example.com', password: 'short1' }, 400, 'INVALID_API_INPUT'],
      [{ firstName: 'A', lastName: 'B', email: 'a.b@example.com', password: 'lettersonly' }, 400, 'INVALID_API_INPUT'],
      [{ firstName: ' ', lastName: 'B', email: 'a.b@example.com', password: 'Lists4Sale' }, 400, 'INVALID_API_INPUT'],
      [{ firstName: 'A', lastName: 'B', email: 'a.b@example.com', password: 'password1' }, 400, 'INVALID_API_INPUT'],
      [{ firstName: 'A', lastName: 'B', email: 'a.b@example.com', password: 'Summer2024!' }, 400, 'INVALID_API_INPUT'],
    ];
    for (const [body, status, code] of cases) {
      const res = await s.agent().post('/services/auth/register', body);
      assert.equal(res.status, status, JSON.stringify(body));
      assert.equal(errorOf(res).errorCode, code);
      if (/password1|Summer/.test(JSON.stringify(body))) assert.equal(errorOf(res).message, COMMON_PASSWORD_MESSAGE);
    }
    assert.equal(await userCount(), before);
    assert.equal(await mailTo('a.b@example.com'), undefined, 'and mails nothing');
  });

  test('the profile names can be changed by their owner only', async () => {
    const a = await s.login(DEMO_USERS.consumer.email);
    const res = await a.patch('/services/auth/profile', { firstName: 'Cassidy' });
    assert.equal(res.status, 200);
    assert.equal((await a.api('/session-context')).body.userName, 'Cassidy');
    await a.patch('/services/auth/profile', { firstName: 'Casey' });
    assert.equal((await s.agent().patch('/services/auth/profile', { firstName: 'X' })).status, 401);
  });
});

describe('CSRF protection', () => {
  test('a state-changing call without the token, with a wrong one, or from another origin is refused and changes nothing', async () => {
    const before = await userCount();
    const body = JSON.stringify({
      firstName: 'Eve',
      lastName: 'Forger',
      email: 'eve@example.com',
      password: 'Forged123',
    });
    const json = { 'content-type': 'application/json' };
    const a = s.agent();
    await a.api('/session-context');
    const attempts: RequestInit[] = [
      { method: 'POST', body, headers: json },
      { method: 'POST', body, headers: { ...json, cookie: a.cookieHeader(), 'x-csrf-token': 'guessed' } },
      {
        method: 'POST',
        body,
        headers: {
          ...json,
          cookie: a.cookieHeader(),
          'x-csrf-token': a.cookies.get('csrf_token')!,
          origin: 'https://evil.example',
        },
      },
    ];
    for (const init of attempts) {
      const res = await s.get('/services/auth/register', init);
      assert.equal(res.status, 403);
      assert.equal(errorOf(res).errorCode, 'INVALID_CSRF_TOKEN');
    }
    assert.equal(await userCount(), before);
  });

  test('a logged-in call must carry the token of its own session', async () => {
    const a = await s.login(DEMO_USERS.buyer.email);
    const other = s.agent();
    await other.api('/session-context');
    // The attacker's own (valid-looking) token pair does not match the victim session's token.
    const res = await s.get(`${BASE}/session-context`, {
      method: 'PATCH',
      body: JSON.stringify({ isPreview: false }),
      headers: {
        'content-type': 'application/json',
        cookie: `sid=${a.cookies.get('sid')}; csrf_token=${other.cookies.get('csrf_token')}`,
        'x-csrf-token': other.cookies.get('csrf_token')!,
      },
    });
    assert.equal(res.status, 403);
    assert.equal(errorOf(res).errorCode, 'INVALID_CSRF_TOKEN');
  });

  test('read-only POSTs (price lists) need no token', async () => {
    const id = (
      await s.db.db.selectFrom('product').select('id').where('sku', '=', 'DS-00002').executeTakeFirstOrThrow()
    ).id;
    const res = await s.api('/pricing/products', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pricingLineItems: [{ productId: id }] }),
    });
    assert.equal(res.status, 200);
  });
});

describe('guest browsing switched off', () => {
  test('guests get 401 from the catalogue; contexts stay open; logged-in shoppers browse', async () => {
    const row = await s.db.db.selectFrom('webstore').selectAll().executeTakeFirstOrThrow();
    const settings = JSON.parse(row.settings_json);
    await s.db.db
      .updateTable('webstore')
      .set({ settings_json: JSON.stringify({ ...settings, guestBrowsingEnabled: false }) })
      .execute();
    s.services.webstores.invalidate();
    try {
      const id = (
        await s.db.db.selectFrom('product').select('id').where('sku', '=', 'DS-00001').executeTakeFirstOrThrow()
      ).id;
      for (const call of [
        `/products/${id}`,
        `/pricing/products/${id}`,
        '/category-menu-items',
        '/product-categories/children',
        '/search/products?categoryId=business-lists',
        `/products?ids=${id}`,
      ]) {
        const res = await s.api(call);
        assert.equal(res.status, 401, call);
        assert.equal(errorOf(res).errorCode, 'INVALID_SESSION_ID');
      }
      assert.equal((await s.api('/application-context')).body.guestBrowsingEnabled, false);
      assert.equal((await s.api('/session-context')).status, 200);
      const shopper = await s.login(DEMO_USERS.consumer.email);
      assert.equal((await shopper.api(`/products/${id}`)).status, 200);
    } finally {
      await s.db.db.updateTable('webstore').set({ settings_json: row.settings_json }).execute();
      s.services.webstores.invalidate();
    }
  });
});

describe('sessions outlive a server process', () => {
  test('a second process on the same database serves the session; it survives the first one stopping', async () => {
    const first = await startTestServer({ shareDatabaseOf: s });
    const second = await startTestServer({ shareDatabaseOf: s });
    try {
      const a = s.agent();
      const login = await (async () => {
        await a.get(`${BASE}/session-context`);
        return fetch(`${first.url}/services/auth/login`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            cookie: a.cookieHeader(),
            'x-csrf-token': a.cookies.get('csrf_token')!,
          },
          body: JSON.stringify({ email: DEMO_USERS.buyer.email, password: DEMO_PASSWORD }),
        });
      })();
      assert.equal(login.status, 200);
      const sid = login.headers
        .getSetCookie()
        .find((c) => c.startsWith('sid='))!
        .split(';')[0]!;
      await first.close();
      const res = await second.api('/session-context', { headers: { cookie: sid } });
      assert.deepEqual([res.body.isLoggedIn, res.body.userName], [true, 'Morgan']);
    } finally {
      await second.close();
    }
  });
});
