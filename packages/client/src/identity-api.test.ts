import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCommerceClient } from './api.ts';
import { CommerceFetchError } from './errors.ts';
import { json, recordingFetch, type Responder } from './test-support.ts';

function setup(respond?: Responder, baseUrl?: string) {
  const { fetch, calls } = recordingFetch(respond);
  const client = createCommerceClient({ webstoreId: '0ZE000000000001AAA', fetch, baseUrl, csrfToken: () => 'tok' });
  return { client, calls };
}

describe('login', () => {
  it('POSTs the credentials to /services/auth/login with the CSRF token and answers the session', async () => {
    const { client, calls } = setup(() => json({ userId: '005000000000002AAA', userName: 'Morgan' }));
    const session = await client.login({ email: ' morgan@northwind.example ', password: ' Datasets2026! ' });
    assert.equal(session.userName, 'Morgan');
    assert.equal(calls[0].url, '/services/auth/login');
    assert.equal(calls[0].method, 'POST');
    assert.equal(calls[0].headers['X-CSRF-Token'], 'tok');
    // The email is trimmed; the password travels exactly as typed.
    assert.deepEqual(JSON.parse(calls[0].body!), { email: 'morgan@northwind.example', password: ' Datasets2026! ' });
  });

  it('goes to the configured API origin', async () => {
    const { client, calls } = setup(undefined, 'https://shop.example');
    await client.login({ email: 'a@b.c', password: 'x' });
    assert.equal(calls[0].url, 'https://shop.example/services/auth/login');
  });

  it('requires both fields before any request', async () => {
    const { client, calls } = setup();
    await assert.rejects(client.login({ email: '', password: 'x' }), TypeError);
    await assert.rejects(client.login({ email: 'a@b.c', password: '' }), TypeError);
    await assert.rejects(client.login(undefined as never), TypeError);
    assert.equal(calls.length, 0);
  });

  it("a failed login carries the server's code and message", async () => {
    const message = 'Your login attempt has failed. Make sure the username and password are correct.';
    const { client } = setup(() => json([{ errorCode: 'INVALID_LOGIN', message }], { status: 401 }));
    await assert.rejects(client.login({ email: 'a@b.c', password: 'wrong' }), (e: unknown) => {
      assert.ok(e instanceof CommerceFetchError);
      assert.equal(e.status, 401);
      assert.deepEqual(e.errors[0], { type: 'INVALID_LOGIN', message, arguments: [] });
      return true;
    });
  });
});

describe('register', () => {
  it('POSTs the four fields, names and email trimmed, and answers that a confirmation email is on its way', async () => {
    const sent = { status: 'ConfirmationSent', email: 'ada@example.com', message: 'Check your inbox.' };
    const { client, calls } = setup(() => json(sent, { status: 202 }));
    const answer = await client.register({
      firstName: ' Ada ',
      lastName: 'Lovelace',
      email: 'ada@example.com ',
      password: 'abcdefg1',
    });
    assert.deepEqual(answer, sent);
    assert.equal(calls[0].url, '/services/auth/register');
    assert.deepEqual(JSON.parse(calls[0].body!), {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'abcdefg1',
    });
  });

  it('requires every field', async () => {
    const { client, calls } = setup();
    const full = { firstName: 'A', lastName: 'L', email: 'a@b.c', password: 'abcdefg1' };
    for (const field of Object.keys(full)) {
      await assert.rejects(client.register({ ...full, [field]: '  ' }), TypeError, field);
    }
    assert.equal(calls.length, 0);
  });
});

describe('confirmRegistration', () => {
  it("POSTs the link's token and answers with the new session", async () => {
    const { client, calls } = setup(() => json({ userId: '005000000000009AAA', userName: 'Ada' }, { status: 201 }));
    const session = await client.confirmRegistration(' tok123 ');
    assert.equal(session.userId, '005000000000009AAA');
    assert.equal(calls[0].url, '/services/auth/register/confirm');
    assert.deepEqual(JSON.parse(calls[0].body!), { token: 'tok123' });
    await assert.rejects(client.confirmRegistration(' '), TypeError);
  });
});

describe('confirmPasswordReset', () => {
  it("POSTs the link's token and the new password as typed, and resolves on 204", async () => {
    const { client, calls } = setup(() => new Response(null, { status: 204 }));
    assert.equal(await client.confirmPasswordReset(' tok456 ', ' new pass 1 '), undefined);
    assert.equal(calls[0].url, '/services/auth/password-reset/confirm');
    assert.deepEqual(JSON.parse(calls[0].body!), { token: 'tok456', password: ' new pass 1 ' });
    assert.equal(calls[0].headers['X-CSRF-Token'], 'tok');
    await assert.rejects(client.confirmPasswordReset('tok', ''), TypeError);
  });
});

describe('requestPasswordReset', () => {
  it('POSTs the trimmed email and answers the same-for-everyone message', async () => {
    const sent = { status: 'ResetRequested', email: 'ada@example.com', message: 'If an account exists…' };
    const { client, calls } = setup(() => json(sent, { status: 202 }));
    assert.deepEqual(await client.requestPasswordReset(' ada@example.com '), sent);
    assert.equal(calls[0].url, '/services/auth/password-reset');
    assert.equal(calls[0].method, 'POST');
    assert.deepEqual(JSON.parse(calls[0].body!), { email: 'ada@example.com' });
    assert.equal(calls[0].headers['X-CSRF-Token'], 'tok');
    await assert.rejects(client.requestPasswordReset(' '), TypeError);
    assert.equal(calls.length, 1);
  });
});

describe('changePassword', () => {
  it('POSTs both passwords exactly as typed', async () => {
    const changed = { status: 'PasswordChanged', message: 'Your password has been changed.' };
    const { client, calls } = setup(() => json(changed));
    assert.deepEqual(await client.changePassword({ currentPassword: ' old 1 ', newPassword: ' new pass 2 ' }), changed);
    assert.equal(calls[0].url, '/services/auth/password');
    assert.deepEqual(JSON.parse(calls[0].body!), { currentPassword: ' old 1 ', newPassword: ' new pass 2 ' });
    await assert.rejects(client.changePassword({ currentPassword: '', newPassword: 'x' }), TypeError);
    await assert.rejects(client.changePassword(undefined as never), TypeError);
    assert.equal(calls.length, 1);
  });

  it("a wrong current password carries the server's message", async () => {
    const message = 'Your current password is not correct.';
    const { client } = setup(() => json([{ errorCode: 'INVALID_API_INPUT', message }], { status: 400 }));
    await assert.rejects(client.changePassword({ currentPassword: 'a', newPassword: 'b' }), (e: unknown) => {
      assert.ok(e instanceof CommerceFetchError);
      assert.equal(e.status, 400);
      assert.equal(e.errors[0]!.message, message);
      return true;
    });
  });
});

describe('logout', () => {
  it('POSTs to /services/auth/logout with no body and resolves on 204', async () => {
    const { client, calls } = setup(() => new Response(null, { status: 204 }));
    assert.equal(await client.logout(), undefined);
    assert.equal(calls[0].url, '/services/auth/logout');
    assert.equal(calls[0].method, 'POST');
    assert.equal(calls[0].body, undefined);
    assert.equal(calls[0].headers['X-CSRF-Token'], 'tok');
  });
});

describe('updateProfile', () => {
  it('PATCHes the given names only and answers the profile', async () => {
    const profile = {
      firstName: 'Morgan',
      lastName: 'Lee-Smith',
      email: 'morgan@northwind.example',
      userName: 'Morgan',
    };
    const { client, calls } = setup(() => json(profile));
    assert.deepEqual(await client.updateProfile({ lastName: ' Lee-Smith ' }), profile);
    assert.equal(calls[0].url, '/services/auth/profile');
    assert.equal(calls[0].method, 'PATCH');
    assert.deepEqual(JSON.parse(calls[0].body!), { lastName: 'Lee-Smith' });
  });

  it('rejects an empty update or a blank name', async () => {
    const { client, calls } = setup();
    await assert.rejects(client.updateProfile({}), TypeError);
    await assert.rejects(client.updateProfile({ firstName: '' }), TypeError);
    await assert.rejects(client.updateProfile(null as never), TypeError);
    assert.equal(calls.length, 0);
  });
});
