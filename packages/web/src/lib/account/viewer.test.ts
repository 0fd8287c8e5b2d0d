import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createStoreApi } from '../api.ts';
import { toUserSession } from './viewer.ts';
import {
  buyerSession,
  CONTOSO,
  fakeApiFetch,
  MANAGED_ACCOUNTS,
  NORTHWIND,
  session,
  WEBSTORE_ID,
} from '../../test-support/fixtures.ts';

describe('toUserSession', () => {
  test('a guest keeps no user data', () => {
    const s = toUserSession({ ...session(null), userId: 'leaked', idleTimeoutSeconds: 60 });
    assert.equal(s.isGuest, true);
    assert.equal(s.userId, null);
    assert.equal(s.idleTimeoutSeconds, null);
    assert.equal(toUserSession(null).isGuest, true);
  });

  test('a buyer: first name, own and effective account, idle timeout', () => {
    const s = toUserSession(buyerSession());
    assert.deepEqual(
      {
        isGuest: s.isGuest,
        firstName: s.firstName,
        accountId: s.accountId,
        effectiveAccountId: s.effectiveAccountId,
        effectiveAccountName: s.effectiveAccountName,
        idle: s.idleTimeoutSeconds,
      },
      {
        isGuest: false,
        firstName: 'Morgan',
        accountId: NORTHWIND,
        effectiveAccountId: CONTOSO,
        effectiveAccountName: 'Contoso Dental Group',
        idle: 1800,
      },
    );
  });

  test('the all-zero account id is no account; a missing or odd idle timeout is none', () => {
    const s = toUserSession({ ...buyerSession(), effectiveAccountId: '000000000000000', idleTimeoutSeconds: -5 });
    assert.equal(s.effectiveAccountId, null);
    assert.equal(s.idleTimeoutSeconds, null);
    assert.equal(toUserSession({ ...buyerSession(), idleTimeoutSeconds: undefined }).idleTimeoutSeconds, null);
  });

  test('the first name falls back to userName (spec 01 §3)', () => {
    assert.equal(toUserSession({ ...buyerSession(), profile: null, userName: 'Morgan' }).firstName, 'Morgan');
  });
});

describe('StoreApi.viewer', () => {
  test('loads session and settings once, managed accounts only for a logged-in user', async () => {
    const fetch = fakeApiFetch({ session: buyerSession(), managedAccounts: MANAGED_ACCOUNTS });
    const api = createStoreApi({ baseUrl: 'http://store.internal', webstoreId: WEBSTORE_ID, fetch });
    const [a, b] = await Promise.all([api.viewer(), api.viewer()]);
    assert.equal(a, b);
    assert.equal(a.managedAccounts.length, 3);
    assert.equal(fetch.calls.filter((c) => c.includes('/session-context')).length, 1);
    assert.ok(fetch.calls.some((c) => c.endsWith('/external-managed-accounts?includeMyAccount=true')));
    api.invalidateViewer();
    await api.viewer();
    assert.equal(fetch.calls.filter((c) => c.includes('/session-context')).length, 2);

    const guestFetch = fakeApiFetch({ guestBrowsingEnabled: false });
    const guest = await createStoreApi({
      baseUrl: 'http://store.internal',
      webstoreId: WEBSTORE_ID,
      fetch: guestFetch,
    }).viewer();
    assert.equal(guest.session.isGuest, true);
    assert.equal(guest.guestBrowsingEnabled, false);
    assert.deepEqual(guest.managedAccounts, []);
    assert.ok(!guestFetch.calls.some((c) => c.includes('external-managed-accounts')));
  });

  test('every API answer is reported as activity', async () => {
    const api = createStoreApi({ baseUrl: 'http://store.internal', webstoreId: WEBSTORE_ID, fetch: fakeApiFetch() });
    const seen: number[] = [];
    const stop = api.onActivity((info) => seen.push(info.status));
    await api.client.getSessionContext();
    await api.client.getProduct('01t999999999999AAA').catch(() => undefined);
    stop();
    await api.client.getSessionContext();
    assert.deepEqual(seen, [200, 404]);
  });
});
