// Store settings in the workspace (issue 15): the administrator reads and changes them; the next
// application-context read answers the change, from another agent and from a second server process on the
// same database (whose store cache was warm); bad settings are a 400 in the error shape and change nothing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { errorOf, startTestServer, type Agent, type TestServer } from '../../test-support/server.ts';
import { DEMO_USERS } from '../../seed/access.ts';
import { WEBSTORE_ID } from '../../seed/store.ts';

const WS = `/services/admin/webstores/${WEBSTORE_ID}`;

let s: TestServer;
let second: TestServer;
let admin: Agent;
before(async () => {
  s = await startTestServer();
  second = await startTestServer({ shareDatabaseOf: s });
  admin = await s.login(DEMO_USERS.admin.email);
});
after(async () => {
  await second.close();
  await s.close();
});

const stored = async () =>
  JSON.stringify(await s.db.db.selectFrom('webstore').select(['name', 'settings_json']).executeTakeFirstOrThrow());
const auditCount = async () => (await s.db.db.selectFrom('audit_log').select('id').execute()).length;

test('the settings read as the application context has them', async () => {
  const res = await admin.get(`${WS}/settings`);
  assert.equal(res.status, 200, res.text);
  const ctx = (await s.api('/application-context')).body;
  assert.equal(res.body.storeName, ctx.storeName);
  for (const key of ['guestBrowsingEnabled', 'guestCartEnabled', 'guestCheckoutEnabled', 'splitShipmentEnabled'])
    assert.equal(res.body[key], ctx[key], key);
  assert.deepEqual(res.body.supportedCurrencies, ctx.supportedCurrencies);
  assert.deepEqual(res.body.shippingCountries, ctx.shippingCountries);
  assert.deepEqual(res.body.giftingConfig, ctx.giftingConfig);
  assert.equal(res.body.taxType, ctx.taxType);
});

test('a change shows on the next application-context read, in this process and another', async () => {
  // Both processes have read (and cached) the store first.
  const guest = s.agent();
  const elsewhere = second.agent();
  assert.equal((await guest.api('/application-context')).body.guestCheckoutEnabled, true);
  assert.equal((await elsewhere.api('/application-context')).body.guestCheckoutEnabled, true);
  assert.equal((await elsewhere.api('/products/01t000000000101AAA')).status, 200);

  const changed = await admin.patch(`${WS}/settings`, {
    guestCheckoutEnabled: false,
    splitShipmentEnabled: false,
    taxType: 'Gross',
    shippingCountries: ['US', 'CA', 'MX'],
    storeName: 'Data Depot Outlet',
    giftingConfig: { isGiftingEnabled: true, isGiftMessageEnabled: false, isGiftWrapEnabled: true },
  });
  assert.equal(changed.status, 200, changed.text);
  assert.equal(changed.body.guestCheckoutEnabled, false);
  assert.equal(changed.body.guestCartEnabled, true, 'settings not sent are kept');

  for (const [who, a] of [
    ['this process', guest],
    ['the second process', elsewhere],
  ] as const) {
    const ctx = (await a.api('/application-context')).body;
    assert.equal(ctx.guestCheckoutEnabled, false, who);
    assert.equal(ctx.guestCartCheckoutEnabled, false, `${who}: guest cart checkout follows`);
    assert.equal(ctx.splitShipmentEnabled, false, who);
    assert.equal(ctx.taxType, 'Gross', who);
    assert.deepEqual(ctx.shippingCountries, ['US', 'CA', 'MX'], who);
    assert.equal(ctx.storeName, 'Data Depot Outlet', who);
    assert.equal(ctx.giftingConfig.isGiftMessageEnabled, false, who);
  }

  const audit = await admin.get(`${WS}/audit-log?recordType=StoreSettings`);
  assert.equal(audit.body.items[0].action, 'update');
  assert.equal(audit.body.items[0].before.guestCheckoutEnabled, true);
  assert.equal(audit.body.items[0].after.guestCheckoutEnabled, false);
  assert.equal(audit.body.items[0].user.email, DEMO_USERS.admin.email);
});

test('bad settings are a 400 in the error shape, and nothing changes', async () => {
  const before = await stored();
  const audits = await auditCount();
  const bad: Array<[Record<string, unknown>, RegExp]> = [
    [{ supportedCurrencies: ['USD', 'EUR'] }, /EUR has no active price book/],
    [{ supportedCurrencies: ['USD', 'XYZ'] }, /XYZ isn't a known ISO 4217 code/],
    [{ defaultCurrency: 'CAD' }, /must be one of the supported currencies/],
    [{ shippingCountries: ['US', 'QQ'] }, /QQ isn't a known country code/],
    [{ shippingCountries: [] }, /./],
    [{ guestCartEnabled: false, guestCheckoutEnabled: true }, /Guest checkout needs guest carts/],
    [{ giftingConfig: { isGiftingEnabled: false, isGiftMessageEnabled: true, isGiftWrapEnabled: false } }, /gifting/],
    [{ storeName: '   ' }, /blank/],
    [{ taxType: 'Flat' }, /./],
    [{ sessionTimeout: 5 }, /./],
    [{}, /at least one/],
  ];
  for (const [body, message] of bad) {
    const res = await admin.patch(`${WS}/settings`, body);
    assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
    assert.match(errorOf(res).message, message, JSON.stringify(body));
  }
  assert.equal(await stored(), before);
  assert.equal(await auditCount(), audits);
});

test('the session timeout is a setting: sessions idle longer than it end, and session context says it', async () => {
  const buyer = await s.login(DEMO_USERS.buyer.email);
  assert.equal((await buyer.api('/session-context')).body.idleTimeoutSeconds, 7200, 'the server default first');
  const buyerId = (await buyer.api('/session-context')).body.userId as string;
  // The buyer's sessions, as if they had been idle that long (the administrator's stay active).
  const idleFor = async (seconds: number) => {
    const at = new Date(Date.now() - seconds * 1000).toISOString();
    await s.db.db.updateTable('session').set({ last_seen_at: at }).where('user_id', '=', buyerId).execute();
  };
  await idleFor(400);
  assert.equal((await buyer.api('/session-context')).body.isLoggedIn, true, '400 s idle is within 2 hours');

  const changed = await admin.patch(`${WS}/settings`, { sessionIdleTimeoutSeconds: 300 });
  assert.equal(changed.status, 200, changed.text);
  assert.equal((await s.agent().api('/application-context')).body.sessionIdleTimeoutSeconds, 300);
  const fresh = await s.login(DEMO_USERS.consumer.email);
  assert.equal((await fresh.api('/session-context')).body.idleTimeoutSeconds, 300);
  await idleFor(400);
  assert.equal((await buyer.api('/session-context')).body.isLoggedIn, false, '400 s idle is past 5 minutes');

  const tooShort = await admin.patch(`${WS}/settings`, { sessionIdleTimeoutSeconds: 30 });
  assert.equal(tooShort.status, 400, tooShort.text);
  assert.match(errorOf(tooShort).message, /from 300 to 604800/);
  const reset = await admin.patch(`${WS}/settings`, { sessionIdleTimeoutSeconds: null });
  assert.equal(reset.status, 200, reset.text);
  assert.equal((await admin.get(`${WS}/settings`)).body.sessionIdleTimeoutSeconds, null);
});
