// Customers in the workspace (issue 15): the administrator finds accounts and buyers, changes buyer groups,
// their members and the accounts a buyer may act for (the buyer's next call follows, while logged in), and
// starts a buyer's password reset, whose mailed one-time link sets a new password through
// POST /services/auth/password-reset/confirm. Bad input is a 400 (unknown records 404) and changes nothing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { errorOf, startTestServer, type Agent, type TestServer } from '../../test-support/server.ts';
import { DEMO_USERS } from '../../seed/access.ts';
import { BUYER_GROUP_IDS, WEBSTORE_ID } from '../../seed/store.ts';

const WS = `/services/admin/webstores/${WEBSTORE_ID}`;
const NEW_PASSWORD = 'Harbour-Lights-2031';

let s: TestServer;
let admin: Agent;
let accountId: (name: string) => Promise<string>;
let buyerId: string;
before(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO_USERS.admin.email);
  accountId = async (name) =>
    (await s.db.db.selectFrom('account').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  buyerId = (
    await s.db.db
      .selectFrom('app_user')
      .select('id')
      .where('email', '=', DEMO_USERS.buyer.email)
      .executeTakeFirstOrThrow()
  ).id;
});
after(async () => {
  await s.close();
});

const groupIdsOf = async (a: Agent) =>
  ((await a.api('/session-context')).body.buyerGroups as Array<{ id: string }>).map((g) => g.id);
const managedOf = async (a: Agent) =>
  ((await a.api('/external-managed-accounts')).body.externalManagedAccounts as Array<{ accountName: string }>).map(
    (x) => x.accountName,
  );

test('accounts and buyers are found by name, paged and sorted, with their groups and accounts', async () => {
  const accounts = await admin.get(`${WS}/accounts?q=north`);
  assert.equal(accounts.status, 200, accounts.text);
  assert.equal(accounts.body.total, 1);
  assert.equal(accounts.body.items[0].name, 'Northwind Traders');
  assert.deepEqual(
    accounts.body.items[0].buyerGroups.map((g: any) => g.id),
    [BUYER_GROUP_IDS.wholesale],
  );
  const paged = await admin.get(`${WS}/accounts?pageSize=2&page=2&sort=-name`);
  assert.equal(paged.body.items.length, 2);
  assert.equal(paged.body.page, 2);
  assert.ok(paged.body.items[0].name >= paged.body.items[1].name);

  const buyers = await admin.get(`${WS}/buyers?q=MORGAN`);
  assert.equal(buyers.body.total, 1);
  assert.equal(buyers.body.items[0].accountName, 'Northwind Traders');
  const buyer = await admin.get(`${WS}/buyers/${buyerId}`);
  assert.deepEqual(
    buyer.body.managedAccounts.map((a: any) => a.name),
    ['Contoso Dental Group', 'Fabrikam Research'],
  );
  const detail = await admin.get(`${WS}/accounts/${await accountId('Contoso Dental Group')}`);
  assert.deepEqual(
    detail.body.managedBy.map((u: any) => u.email),
    [DEMO_USERS.buyer.email],
  );
});

test('buyer groups, their members and managed accounts change; a logged-in buyer follows at once', async () => {
  const buyer = await s.login(DEMO_USERS.buyer.email);
  const northwind = await accountId('Northwind Traders');
  assert.deepEqual(await groupIdsOf(buyer), [BUYER_GROUP_IDS.wholesale]);

  const made = await admin.post(`${WS}/buyer-groups`, { name: 'Gold Partners' });
  assert.equal(made.status, 201, made.text);
  const members = await admin.patch(`${WS}/buyer-groups/${made.body.id}`, { memberAccountIds: [northwind] });
  assert.equal(members.status, 200, members.text);
  assert.deepEqual(
    members.body.members.map((m: any) => m.name),
    ['Northwind Traders'],
  );
  assert.deepEqual((await groupIdsOf(buyer)).sort(), [BUYER_GROUP_IDS.wholesale, made.body.id].sort());

  const regrouped = await admin.patch(`${WS}/accounts/${northwind}`, { buyerGroupIds: [made.body.id] });
  assert.equal(regrouped.status, 200, regrouped.text);
  assert.deepEqual(await groupIdsOf(buyer), [made.body.id]);
  const groups = await admin.get(`${WS}/buyer-groups`);
  assert.equal(groups.body.items.find((g: any) => g.id === made.body.id).memberCount, 1);

  assert.deepEqual(await managedOf(buyer), ['Contoso Dental Group', 'Fabrikam Research']);
  const contoso = await accountId('Contoso Dental Group');
  const set = await admin.put(`${WS}/buyers/${buyerId}/managed-accounts`, { accountIds: [contoso] });
  assert.equal(set.status, 200, set.text);
  assert.deepEqual(await managedOf(buyer), ['Contoso Dental Group']);
  const fabrikam = await accountId('Fabrikam Research');
  const refused = await buyer.api(`/session-context?effectiveAccountId=${fabrikam}`);
  assert.equal(refused.status, 403, 'access withdrawn while logged in');

  const audit = await admin.get(`${WS}/audit-log?recordId=${buyerId}`);
  assert.equal(audit.body.items[0].action, 'setManagedAccounts');
  assert.equal(audit.body.items[0].before.length, 2);
  assert.equal(audit.body.items[0].after.length, 1);
  const groupAudit = await admin.get(`${WS}/audit-log?recordType=BuyerGroup`);
  assert.deepEqual(
    groupAudit.body.items.map((e: any) => e.action),
    ['update', 'create'],
  );
});

test('a password reset mails a one-time link that sets a new password and ends the buyer’s sessions', async () => {
  const consumer = await s.db.db
    .selectFrom('app_user')
    .select('id')
    .where('email', '=', DEMO_USERS.consumer.email)
    .executeTakeFirstOrThrow();
  const shopper = await s.login(DEMO_USERS.consumer.email);
  const sent = await admin.post(`${WS}/buyers/${consumer.id}/password-reset`);
  assert.equal(sent.status, 202, sent.text);
  assert.equal(sent.body.email, DEMO_USERS.consumer.email);
  const mail = await s.db.db
    .selectFrom('mail_outbox')
    .select(['text_body', 'subject'])
    .where('to_address', '=', DEMO_USERS.consumer.email)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  assert.match(mail.subject, /new password/);
  const token = /\/password-reset\?token=([A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1];
  assert.ok(token, 'the mail carries the link');
  // Until the link is used, the old password still works.
  assert.equal((await shopper.api('/session-context')).body.userId !== null, true);

  const confirm = (body: unknown) => s.agent().post('/services/auth/password-reset/confirm', body);
  const weak = await confirm({ token, password: 'password1' });
  assert.equal(weak.status, 400);
  assert.equal(errorOf(weak).errorCode, 'INVALID_API_INPUT');
  const wrong = await confirm({ token: 'not-the-token', password: NEW_PASSWORD });
  assert.equal(wrong.status, 400);
  assert.match(errorOf(wrong).message, /not valid/);

  const done = await confirm({ token, password: NEW_PASSWORD });
  assert.equal(done.status, 204, done.text);
  const again = await confirm({ token, password: NEW_PASSWORD });
  assert.equal(again.status, 400, 'the link works once');

  const ctx = (await shopper.api('/session-context')).body;
  assert.equal(ctx.userId ?? null, null, 'the old session has ended');
  const old = await s
    .agent()
    .post('/services/auth/login', { email: DEMO_USERS.consumer.email, password: 'Datasets2026!' });
  assert.equal(old.status, 401);
  const fresh = await s
    .agent()
    .post('/services/auth/login', { email: DEMO_USERS.consumer.email, password: NEW_PASSWORD });
  assert.equal(fresh.status, 200, fresh.text);

  const audit = await admin.get(`${WS}/audit-log?recordId=${consumer.id}&action=passwordReset`);
  assert.equal(audit.body.total, 1);
  assert.equal(JSON.stringify(audit.body).includes(token!), false, 'the token is never in the log');
});

test('bad input is a 400 (unknown records 404) in the error shape, and nothing changes', async () => {
  const snapshot = async () =>
    JSON.stringify(
      await Promise.all([
        s.db.db.selectFrom('account_buyer_group').selectAll().orderBy('account_id').orderBy('buyer_group_id').execute(),
        s.db.db.selectFrom('user_managed_account').selectAll().orderBy('user_id').orderBy('account_id').execute(),
        s.db.db.selectFrom('buyer_group').selectAll().orderBy('id').execute(),
        s.db.db.selectFrom('account').select(['id', 'name']).orderBy('id').execute(),
        s.db.db.selectFrom('audit_log').select('id').execute(),
      ]),
    );
  const before = await snapshot();
  const northwind = await accountId('Northwind Traders');
  const cases: Array<[Promise<{ status: number; body: any }>, number, RegExp]> = [
    [
      admin.patch(`${WS}/accounts/${northwind}`, { buyerGroupIds: ['0ZI999999999999AAA'] }),
      400,
      /isn't one of this store's/,
    ],
    [admin.patch(`${WS}/accounts/${northwind}`, { name: ' ' }), 400, /blank/],
    [admin.patch(`${WS}/accounts/${northwind}`, {}), 400, /at least one/],
    [admin.patch(`${WS}/accounts/001999999999999AAA`, { name: 'Ghost' }), 404, /doesn't exist/],
    [admin.get(`${WS}/accounts/not-an-id`), 400, /Invalid identifier/],
    [
      admin.put(`${WS}/buyers/${buyerId}/managed-accounts`, { accountIds: ['001999999999999AAA'] }),
      400,
      /doesn't exist/,
    ],
    [admin.put(`${WS}/buyers/005999999999999AAA/managed-accounts`, { accountIds: [] }), 404, /doesn't exist/],
    [admin.post(`${WS}/buyers/005999999999999AAA/password-reset`), 404, /doesn't exist/],
    [admin.post(`${WS}/buyer-groups`, { name: '' }), 400, /./],
    [
      admin.patch(`${WS}/buyer-groups/${BUYER_GROUP_IDS.wholesale}`, { memberAccountIds: ['001999999999999AAA'] }),
      400,
      /doesn't exist/,
    ],
    [admin.get(`${WS}/buyer-groups/0ZI999999999999AAA`), 404, /doesn't exist/],
  ];
  for (const [call, status, message] of cases) {
    const res = await call;
    assert.equal(res.status, status, JSON.stringify(res.body));
    assert.match(errorOf(res).message, message);
  }
  assert.equal(await snapshot(), before);
});
