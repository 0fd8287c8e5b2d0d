// Agent tokens (issue 18 item 5) through the REST API: a logged-in buyer makes one (shown once), lists and revokes
// theirs; bad input is a 400 that changes nothing; another user's token is an unknown one; guests are refused.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AGENT_TOKEN_PREFIX, AGENT_TOKENS_MAX_ACTIVE, type AgentToken } from '@store/core';
import { DEMO_USERS } from '../seed/access.ts';
import { BASE, errorOf, startTestServer, type Agent, type TestServer } from '../test-support/server.ts';
import { hashAgentToken } from '../services/agent/agent-tokens.ts';

let s: TestServer;
let casey: Agent;
let morgan: Agent;

before(async () => {
  s = await startTestServer();
  [casey, morgan] = await Promise.all([s.login(DEMO_USERS.consumer.email), s.login(DEMO_USERS.buyer.email)]);
});
after(async () => {
  await s?.close();
});

const list = async (a: Agent): Promise<AgentToken[]> => {
  const res = await a.api('/agent-tokens');
  assert.equal(res.status, 200, res.text);
  return res.body.agentTokens;
};
const rows = () => s.db.db.selectFrom('agent_token').selectAll().orderBy('id').execute();

describe('agent tokens', () => {
  test('made once, listed without the token, stored only as its SHA-256', async () => {
    const res = await casey.post(`${BASE}/agent-tokens`, { name: '  Shopping assistant  ', expiresInDays: 30 });
    assert.equal(res.status, 201, res.text);
    assert.match(res.headers.get('cache-control') ?? '', /no-store/);
    const made = res.body;
    assert.ok(made.token.startsWith(AGENT_TOKEN_PREFIX) && made.token.length > 40);
    assert.equal(made.name, 'Shopping assistant');
    assert.equal(made.active, true);
    const days = (Date.parse(made.expiresDate) - Date.parse(made.createdDate)) / 86_400_000;
    assert.equal(days, 30);
    const listed = (await list(casey)).find((t) => t.id === made.id)!;
    const { token: _shownOnce, ...withoutToken } = made;
    assert.deepEqual(listed, withoutToken);
    assert.equal(JSON.stringify(await list(casey)).includes(made.token), false, 'the list never shows a token');
    const row = (await rows()).find((r) => r.id === made.id)!;
    assert.equal(row.token_hash, hashAgentToken(made.token));
    assert.equal(JSON.stringify(await rows()).includes(made.token), false, 'the token itself is not stored');
  });

  test('using a token records when; revoking it is shown in the list and is idempotent', async () => {
    const made = (await casey.post(`${BASE}/agent-tokens`, { name: 'Revoke me' })).body;
    const ctx = await s.api('/shopperAgent/context', { headers: { authorization: `Bearer ${made.token}` } });
    assert.equal(ctx.status, 200, ctx.text);
    assert.ok((await list(casey)).find((t) => t.id === made.id)!.lastUsedDate);
    assert.equal((await casey.delete(`${BASE}/agent-tokens/${made.id}`)).status, 204);
    const revoked = (await list(casey)).find((t) => t.id === made.id)!;
    assert.equal(revoked.active, false);
    assert.ok(revoked.revokedDate);
    assert.equal((await casey.delete(`${BASE}/agent-tokens/${made.id}`)).status, 204);
    const refused = await s.api('/shopperAgent/context', { headers: { authorization: `Bearer ${made.token}` } });
    assert.equal(refused.status, 401);
  });

  test('bad input is a 400 in the error shape and makes nothing', async () => {
    const before = (await rows()).length;
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(81) },
      { name: 'Tab\tinside' },
      { name: 'ok', expiresInDays: 0 },
      { name: 'ok', expiresInDays: 366 },
      { name: 'ok', expiresInDays: 1.5 },
      { name: 'ok', expiresInDays: '30' },
      { name: 'ok', extra: true },
      { name: 42 },
    ]) {
      const res = await casey.post(`${BASE}/agent-tokens`, body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
      assert.equal(typeof errorOf(res).message, 'string');
    }
    assert.equal((await casey.delete(`${BASE}/agent-tokens/not-an-id`)).status, 400);
    assert.equal((await rows()).length, before);
  });

  test('another user’s token is answered as an unknown one and stays as it was', async () => {
    const theirs = (await morgan.post(`${BASE}/agent-tokens`, { name: 'Morgan’s' })).body;
    const unknown = `${theirs.id.slice(0, 3)}000000999999AAA`;
    const res = await casey.delete(`${BASE}/agent-tokens/${theirs.id}`);
    const none = await casey.delete(`${BASE}/agent-tokens/${unknown}`);
    assert.equal(res.status, 404);
    assert.equal(res.text.replaceAll(theirs.id, unknown), none.text);
    assert.equal(
      (await list(casey)).some((t) => t.id === theirs.id),
      false,
    );
    assert.equal((await list(morgan)).find((t) => t.id === theirs.id)!.active, true);
  });

  test('guests are refused (401), and a bearer token cannot manage tokens', async () => {
    const guest = s.agent();
    assert.equal((await guest.api('/agent-tokens')).status, 401);
    assert.equal((await guest.post(`${BASE}/agent-tokens`, { name: 'Mine' })).status, 401);
    const made = (await casey.post(`${BASE}/agent-tokens`, { name: 'No minting' })).body;
    const viaToken = await s.api('/agent-tokens', { headers: { authorization: `Bearer ${made.token}` } });
    assert.equal(viaToken.status, 401);
    assert.equal(errorOf(viaToken).errorCode, 'INVALID_SESSION_ID');
  });

  test('changing the password ends the user’s tokens with their sessions', async () => {
    const password = 'Tokens-2026-pass';
    const buyer = await s.register({
      firstName: 'Changes',
      lastName: 'Password',
      email: `pw-${Date.now().toString(36)}@example.com`,
      password,
    });
    const made = (await buyer.post(`${BASE}/agent-tokens`, { name: 'Before the change' })).body;
    const bearer = { headers: { authorization: `Bearer ${made.token}` } };
    assert.equal((await s.api('/shopperAgent/context', bearer)).status, 200);
    const changed = await buyer.post('/services/auth/password', {
      currentPassword: password,
      newPassword: 'Fresh-start-2027',
    });
    assert.equal(changed.status, 200, changed.text);
    assert.equal((await s.api('/shopperAgent/context', bearer)).status, 401);
    assert.equal((await list(buyer)).find((t) => t.id === made.id)!.active, false);
  });

  test(`at most ${AGENT_TOKENS_MAX_ACTIVE} active tokens; revoking one makes room`, async () => {
    const buyer = await s.register({
      firstName: 'Many',
      lastName: 'Tokens',
      email: `tokens-${Date.now().toString(36)}@example.com`,
      password: 'Tokens-2026-pass',
    });
    const ids: string[] = [];
    for (let i = 0; i < AGENT_TOKENS_MAX_ACTIVE; i++) {
      ids.push((await buyer.post(`${BASE}/agent-tokens`, { name: `Token ${i}` })).body.id);
    }
    const over = await buyer.post(`${BASE}/agent-tokens`, { name: 'One too many' });
    assert.equal(over.status, 409);
    assert.equal(errorOf(over).errorCode, 'LIMIT_EXCEEDED');
    await buyer.delete(`${BASE}/agent-tokens/${ids[0]}`);
    assert.equal((await buyer.post(`${BASE}/agent-tokens`, { name: 'Room again' })).status, 201);
  });
});
