import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCommerceClient } from './api.ts';
import { CommerceFetchError } from './errors.ts';
import { json, pathOf, queryOf, recordingFetch, type Responder } from './test-support.ts';
import { EFFECTIVE_ACCOUNT_REQUIRED_MESSAGE } from './validate.ts';

const WS = '0ZE000000000001AAA';
const BASE = `/services/data/v65.0/commerce/webstores/${WS}`;
const ACCOUNT = '001000000000002AAA';

function setup(respond?: Responder) {
  const { fetch, calls } = recordingFetch(respond);
  const client = createCommerceClient({ webstoreId: WS, fetch, csrfToken: () => 'tok' });
  return { client, calls };
}

describe('updateSessionContext', () => {
  it('PATCHes session-context with the known keys only, the CSRF token, and answers the new context', async () => {
    const { client, calls } = setup(() =>
      json({ effectiveAccountId: ACCOUNT, effectiveAccountName: 'Contoso Dental Group' }),
    );
    const ctx = await client.updateSessionContext({ effectiveAccountId: ACCOUNT, extra: 'dropped' } as never);
    assert.equal(ctx.effectiveAccountName, 'Contoso Dental Group');
    assert.equal(calls[0].method, 'PATCH');
    assert.equal(pathOf(calls[0].url), `${BASE}/session-context`);
    assert.equal(calls[0].headers['X-CSRF-Token'], 'tok');
    assert.equal(calls[0].headers['Content-Type'], 'application/json');
    assert.deepEqual(JSON.parse(calls[0].body!), { effectiveAccountId: ACCOUNT });
  });

  it('sends preview and currency changes', async () => {
    const { client, calls } = setup();
    await client.updateSessionContext({ isPreview: false, currencyIsoCode: 'EUR' });
    assert.deepEqual(JSON.parse(calls[0].body!), { isPreview: false, currencyIsoCode: 'EUR' });
  });

  it('rejects an empty update, the all-zero account, a blank currency and a non-boolean preview before any request', async () => {
    const { client, calls } = setup();
    await assert.rejects(client.updateSessionContext({}), TypeError);
    await assert.rejects(client.updateSessionContext(undefined as never), TypeError);
    await assert.rejects(client.updateSessionContext({ effectiveAccountId: '000000000000000' }), {
      name: 'TypeError',
      message: EFFECTIVE_ACCOUNT_REQUIRED_MESSAGE,
    });
    await assert.rejects(client.updateSessionContext({ effectiveAccountId: ' ' }), {
      message: EFFECTIVE_ACCOUNT_REQUIRED_MESSAGE,
    });
    await assert.rejects(client.updateSessionContext({ currencyIsoCode: '' }), TypeError);
    await assert.rejects(client.updateSessionContext({ isPreview: 'yes' as never }), TypeError);
    assert.equal(calls.length, 0);
  });

  it('a 403 for an account the user may not act for arrives as a CommerceFetchError with the server code', async () => {
    const { client } = setup(() =>
      json([{ errorCode: 'INSUFFICIENT_ACCESS', message: 'You cannot act for this account.' }], { status: 403 }),
    );
    await assert.rejects(client.updateSessionContext({ effectiveAccountId: ACCOUNT }), (e: unknown) => {
      assert.ok(e instanceof CommerceFetchError);
      assert.equal(e.status, 403);
      assert.equal(e.errors[0].type, 'INSUFFICIENT_ACCESS');
      return true;
    });
  });
});

describe('getManagedAccounts', () => {
  it('GETs external-managed-accounts, with includeMyAccount when asked', async () => {
    const list = {
      externalManagedAccounts: [
        { accountId: ACCOUNT, accountName: 'Northwind Traders', isMyAccount: true, address: null },
      ],
    };
    const { client, calls } = setup(() => json(list));
    assert.deepEqual(await client.getManagedAccounts({ includeMyAccount: true }), list);
    await client.getManagedAccounts();
    assert.equal(calls[0].method, 'GET');
    assert.equal(pathOf(calls[0].url), `${BASE}/external-managed-accounts`);
    assert.deepEqual(queryOf(calls[0].url), { includeMyAccount: 'true' });
    assert.deepEqual(queryOf(calls[1].url), {});
    assert.equal(calls[0].headers['X-CSRF-Token'], undefined);
  });
});

describe('getEffectiveAccount', () => {
  it('GETs effective-accounts/{id} with the fields comma-separated', async () => {
    const { client, calls } = setup(() =>
      json({ id: ACCOUNT, name: 'Contoso', isMyAccount: false, address: null, fields: { Name: 'Contoso' } }),
    );
    const account = await client.getEffectiveAccount(ACCOUNT, { fields: ['Name', 'BillingCity'] });
    assert.equal(account.fields.Name, 'Contoso');
    assert.equal(pathOf(calls[0].url), `${BASE}/effective-accounts/${ACCOUNT}`);
    assert.deepEqual(queryOf(calls[0].url), { fields: 'Name,BillingCity' });
  });

  it("a missing id raises spec 01 §5's message, and so does the all-zero id", async () => {
    const { client, calls } = setup();
    for (const id of [undefined, '', '000000000000000', '000000000000000AAA']) {
      await assert.rejects(client.getEffectiveAccount(id as never), {
        name: 'TypeError',
        message: EFFECTIVE_ACCOUNT_REQUIRED_MESSAGE,
      });
    }
    assert.equal(
      EFFECTIVE_ACCOUNT_REQUIRED_MESSAGE,
      "The 'effectiveAccountId' param is required to be able to successfully execute this request.",
    );
    assert.equal(calls.length, 0);
  });
});
