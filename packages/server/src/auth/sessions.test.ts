// The session store on a real database with a controllable clock: idle timeout, absolute lifetime,
// and at most one refresh write per interval.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../test-support/server.ts';
import { SessionStore } from './sessions.ts';

let s: TestServer;
let now = Date.parse('2026-11-21T10:00:00Z');
let store: SessionStore;
let userId: string;

before(async () => {
  s = await startTestServer();
  store = new SessionStore(s.db.db, { idleTimeoutS: 600, maxAgeS: 3600 }, () => now);
  userId = (
    await s.db.db.selectFrom('app_user').select('id').where('email', '=', 'casey@example.com').executeTakeFirstOrThrow()
  ).id;
});
after(async () => {
  await s?.close();
});

const lastSeen = async (id: string) =>
  (await s.db.db.selectFrom('session').select('last_seen_at').where('id', '=', id).executeTakeFirstOrThrow())
    .last_seen_at;

test('use keeps a session alive; idleness ends it and removes the row', async () => {
  const { token, session } = await store.create({ userId, effectiveAccountId: null, csrfToken: 'c' });
  now += 9 * 60_000;
  assert.ok(await store.load(token), 'used within the idle timeout');
  now += 9 * 60_000;
  assert.ok(await store.load(token), 'each use restarts the idle clock');
  now += 10 * 60_000;
  assert.equal(await store.load(token), null, 'idle for the whole timeout');
  assert.equal(
    await s.db.db.selectFrom('session').select('id').where('id', '=', session.id).executeTakeFirst(),
    undefined,
  );
});

test('a session ends at its absolute lifetime however busy it is', async () => {
  const { token } = await store.create({ userId, effectiveAccountId: null, csrfToken: 'c' });
  for (let i = 0; i < 6; i++) {
    now += 9 * 60_000;
    assert.ok(await store.load(token));
  }
  now += 9 * 60_000;
  assert.equal(await store.load(token), null, 'an hour after login');
});

test('refreshes are written at most once a minute; malformed and unknown tokens are no session', async () => {
  const { token, session } = await store.create({ userId, effectiveAccountId: null, csrfToken: 'c' });
  const created = await lastSeen(session.id);
  now += 30_000;
  await store.load(token);
  assert.equal(await lastSeen(session.id), created, 'no write within the interval');
  now += 31_000;
  await store.load(token);
  assert.notEqual(await lastSeen(session.id), created);
  assert.equal(await store.load('x'), null);
  assert.equal(await store.load('A'.repeat(43)), null);
  assert.equal(await store.load(undefined), null);
});

test('purgeExpired removes only dead sessions', async () => {
  const live = await store.create({ userId, effectiveAccountId: null, csrfToken: 'c' });
  await store.create({ userId, effectiveAccountId: null, csrfToken: 'c' });
  now += 5 * 60_000;
  await store.load(live.token);
  now += 6 * 60_000;
  assert.ok((await store.purgeExpired()) >= 1);
  assert.ok(await store.load(live.token));
});

test('the store\u2019s idle timeout is read only when it could matter, and then it is the one in force', async () => {
  // A store whose setting is the shortest it may be (300 s), over a server default of 600 s.
  let reads = 0;
  const withSetting = new SessionStore(s.db.db, { idleTimeoutS: 600, maxAgeS: 3600 }, () => now);
  withSetting.takeIdleTimeoutFrom(async () => {
    reads++;
    return 300;
  });
  const { token, session } = await withSetting.create({ userId, effectiveAccountId: null, csrfToken: 'c' });
  const created = await lastSeen(session.id);
  now += 59_000;
  assert.ok(await withSetting.load(token), 'used within the minute');
  assert.equal(reads, 0, 'seen within the minute: neither idle nor due for a touch, whatever the setting');
  assert.equal(await lastSeen(session.id), created);
  now += 2_000;
  assert.ok(await withSetting.load(token), 'used after a minute: touched');
  assert.equal(reads, 1);
  assert.notEqual(await lastSeen(session.id), created);
  now += 301_000;
  assert.equal(await withSetting.load(token), null, 'idle for the store\u2019s 300 s, within the server\u2019s 600 s');
});
