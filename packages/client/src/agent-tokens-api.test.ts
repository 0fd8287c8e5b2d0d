import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCommerceClient } from './api.ts';
import { json, pathOf, recordingFetch, type Responder } from './test-support.ts';

const WS = '0ZE000000000001AAA';
const BASE = `/services/data/v65.0/commerce/webstores/${WS}`;
const TOKEN_ID = '0AgABCDEFGHIJKLAAA';

function setup(respond?: Responder) {
  const { fetch, calls } = recordingFetch(respond);
  return { client: createCommerceClient({ webstoreId: WS, fetch, csrfToken: () => 'tok' }), calls };
}

describe('agent token calls', () => {
  it('GET agent-tokens answers the list', async () => {
    const { client, calls } = setup(() => json({ agentTokens: [{ id: TOKEN_ID, name: 'A' }] }));
    assert.deepEqual(await client.getAgentTokens(), [{ id: TOKEN_ID, name: 'A' }]);
    assert.equal(pathOf(calls[0]!.url), `${BASE}/agent-tokens`);
  });

  it('POST agent-tokens sends only the known keys, with the CSRF token', async () => {
    const { client, calls } = setup(() => json({ id: TOKEN_ID, token: 'ddat_x' }, { status: 201 }));
    const input = { name: 'Assistant', expiresInDays: 30, userId: '005000000000001AAA' };
    assert.equal((await client.createAgentToken(input)).token, 'ddat_x');
    assert.equal(calls[0]!.method, 'POST');
    assert.deepEqual(JSON.parse(calls[0]!.body!), { name: 'Assistant', expiresInDays: 30 });
    assert.equal(new Headers(calls[0]!.headers).get('x-csrf-token'), 'tok');
  });

  it('a blank name and a blank id are refused before any request', async () => {
    const { client, calls } = setup();
    await assert.rejects(() => client.createAgentToken({ name: ' ' }), TypeError);
    await assert.rejects(() => client.revokeAgentToken(''), TypeError);
    assert.equal(calls.length, 0);
  });

  it('DELETE agent-tokens/{id}', async () => {
    const { client, calls } = setup(() => new Response(null, { status: 204 }));
    await client.revokeAgentToken(TOKEN_ID);
    assert.equal(calls[0]!.method, 'DELETE');
    assert.equal(pathOf(calls[0]!.url), `${BASE}/agent-tokens/${TOKEN_ID}`);
  });
});
