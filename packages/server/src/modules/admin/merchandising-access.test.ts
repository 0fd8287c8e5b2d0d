// Who may use the workspace's promotions, customers and settings (issue 15): every new operation answers 403
// in the error shape to a guest, a shopper and a buyer, and the customers and settings operations also to a
// catalogue manager, with nothing changed; the administrator may use them all.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { errorOf, startTestServer, type Agent, type TestServer } from '../../test-support/server.ts';
import { DEMO_USERS } from '../../seed/access.ts';
import { CATALOGUE_MANAGER } from '../../seed/workspace-users.ts';
import { PROMOTION_IDS } from '../../seed/promotions.ts';
import { BUYER_GROUP_IDS, WEBSTORE_ID } from '../../seed/store.ts';

const WS = `/services/admin/webstores/${WEBSTORE_ID}`;

let s: TestServer;
let ids: { account: string; user: string; product: string };
before(async () => {
  s = await startTestServer();
  const account = await s.db.db.selectFrom('account').select('id').limit(1).executeTakeFirstOrThrow();
  const user = await s.db.db
    .selectFrom('app_user')
    .select('id')
    .where('email', '=', DEMO_USERS.buyer.email)
    .executeTakeFirstOrThrow();
  const product = await s.db.db.selectFrom('product').select('id').limit(1).executeTakeFirstOrThrow();
  ids = { account: account.id, user: user.id, product: product.id };
});
after(async () => {
  await s.close();
});

type Op = { method: 'GET' | 'POST' | 'PATCH' | 'PUT'; path: () => string; body?: () => unknown };
const promotionOps: Op[] = [
  { method: 'GET', path: () => '/promotions' },
  {
    method: 'POST',
    path: () => '/promotions',
    body: () => ({ name: 'X', discount: { type: 'PercentOff', percent: '5' } }),
  },
  { method: 'GET', path: () => `/promotions/${PROMOTION_IDS.welcome}` },
  { method: 'PATCH', path: () => `/promotions/${PROMOTION_IDS.welcome}`, body: () => ({ priority: 1 }) },
  {
    method: 'POST',
    path: () => '/promotions/actions/try',
    body: () => ({ promotionId: PROMOTION_IDS.welcome, lines: [{ productId: ids.product, quantity: 1 }] }),
  },
];
const adminOnlyOps: Op[] = [
  { method: 'GET', path: () => '/settings' },
  { method: 'PATCH', path: () => '/settings', body: () => ({ guestCheckoutEnabled: false }) },
  { method: 'GET', path: () => '/accounts' },
  { method: 'GET', path: () => `/accounts/${ids.account}` },
  { method: 'PATCH', path: () => `/accounts/${ids.account}`, body: () => ({ buyerGroupIds: [] }) },
  { method: 'GET', path: () => '/buyers' },
  { method: 'GET', path: () => `/buyers/${ids.user}` },
  { method: 'PUT', path: () => `/buyers/${ids.user}/managed-accounts`, body: () => ({ accountIds: [] }) },
  { method: 'POST', path: () => `/buyers/${ids.user}/password-reset` },
  { method: 'GET', path: () => '/buyer-groups' },
  { method: 'POST', path: () => '/buyer-groups', body: () => ({ name: 'Intruders' }) },
  { method: 'GET', path: () => `/buyer-groups/${BUYER_GROUP_IDS.wholesale}` },
  { method: 'PATCH', path: () => `/buyer-groups/${BUYER_GROUP_IDS.wholesale}`, body: () => ({ memberAccountIds: [] }) },
];

function call(a: Agent, op: Op) {
  const path = WS + op.path();
  const body = op.body?.();
  if (op.method === 'GET') return a.get(path);
  if (op.method === 'POST') return a.post(path, body ?? {});
  return op.method === 'PATCH' ? a.patch(path, body) : a.put(path, body);
}

/** Everything these operations could change, as rows. */
async function snapshot(): Promise<string> {
  const db = s.db.db;
  const [promotions, coupons, settings, groups, members, managed, resets, audit, mails] = await Promise.all([
    db.selectFrom('promotion').selectAll().orderBy('id').execute(),
    db.selectFrom('coupon').selectAll().orderBy('id').execute(),
    db.selectFrom('webstore').select(['name', 'settings_json']).execute(),
    db.selectFrom('buyer_group').selectAll().orderBy('id').execute(),
    db.selectFrom('account_buyer_group').selectAll().orderBy('account_id').orderBy('buyer_group_id').execute(),
    db.selectFrom('user_managed_account').selectAll().orderBy('user_id').orderBy('account_id').execute(),
    db.selectFrom('password_reset').select('user_id').execute(),
    db.selectFrom('audit_log').select('id').execute(),
    db.selectFrom('mail_outbox').select('id').execute(),
  ]);
  return JSON.stringify({ promotions, coupons, settings, groups, members, managed, resets, audit, mails });
}

async function refusedAll(who: string, a: Agent, ops: Op[]) {
  const before = await snapshot();
  for (const op of ops) {
    const res = await call(a, op);
    assert.equal(res.status, 403, `${who}: ${op.method} ${op.path()} → ${res.status} ${res.text}`);
    assert.equal(errorOf(res).errorCode, 'INSUFFICIENT_ACCESS');
  }
  assert.equal(await snapshot(), before, `${who} changed nothing`);
}

test('a guest, a shopper and a buyer get 403 on every promotions, customers and settings operation', async () => {
  const parties: Array<[string, Agent]> = [
    ['guest', s.agent()],
    ['shopper', await s.login(DEMO_USERS.consumer.email)],
    ['buyer', await s.login(DEMO_USERS.buyer.email)],
  ];
  for (const [who, a] of parties) await refusedAll(who, a, [...promotionOps, ...adminOnlyOps]);
});

test('a catalogue manager may use promotions but gets 403 on customers and settings', async () => {
  const manager = await s.login(CATALOGUE_MANAGER.email);
  await refusedAll('catalogue manager', manager, adminOnlyOps);
  for (const op of promotionOps) {
    const res = await call(manager, op);
    assert.ok(res.status === 200 || res.status === 201, `${op.method} ${op.path()} → ${res.status} ${res.text}`);
  }
});

test('the administrator may use every one of them', async () => {
  const admin = await s.login(DEMO_USERS.admin.email);
  for (const op of [...promotionOps, ...adminOnlyOps]) {
    const res = await call(admin, op);
    assert.ok(res.status >= 200 && res.status < 300, `${op.method} ${op.path()} → ${res.status} ${res.text}`);
  }
});
