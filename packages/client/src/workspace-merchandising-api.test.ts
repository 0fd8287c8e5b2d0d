import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CommerceFetchError } from './errors.ts';
import { json, pathOf, queryOf, recordingFetch, type Responder } from './test-support.ts';
import { createWorkspaceClient } from './workspace-api.ts';

const WS = '0ZE000000000001AAA';
const ROOT = `/services/admin/webstores/${WS}`;
const PROMOTION = '0c8000000000001AAA';
const USER = '005000000000002AAA';

function setup(respond?: Responder) {
  const { fetch, calls } = recordingFetch(respond);
  return { w: createWorkspaceClient({ webstoreId: WS, fetch, csrfToken: () => 'tok' }), calls };
}
const sent = (call: { body?: string }) => JSON.parse(call.body!);

describe('workspace promotion calls', () => {
  it('lists promotions with the table query, leaving out what is not set', async () => {
    const { w, calls } = setup(() => json({ items: [], total: 0, page: 1, pageSize: 25, pageCount: 0, sort: 'name' }));
    await w.listPromotions({ q: 'spring', status: 'Active', sort: '-priority', page: undefined });
    assert.equal(calls[0]!.method, 'GET');
    assert.equal(pathOf(calls[0]!.url), `${ROOT}/promotions`);
    assert.deepEqual(queryOf(calls[0]!.url), { q: 'spring', status: 'Active', sort: '-priority' });
  });

  it('creates with POST and changes with PATCH, sending the fields as JSON with the CSRF token', async () => {
    const { w, calls } = setup(() => json({ id: PROMOTION }));
    const input = {
      name: 'Spring',
      discount: { type: 'PercentOff' as const, percent: '10' },
      coupons: [{ code: 'SPRING-DATA', maxUses: 5 }],
    };
    await w.createPromotion(input);
    await w.updatePromotion(PROMOTION, { isActive: false });
    assert.deepEqual(
      calls.map((c) => [c.method, pathOf(c.url)]),
      [
        ['POST', `${ROOT}/promotions`],
        ['PATCH', `${ROOT}/promotions/${PROMOTION}`],
      ],
    );
    assert.deepEqual(sent(calls[0]!), input);
    assert.deepEqual(sent(calls[1]!), { isActive: false });
    assert.equal(calls[1]!.headers['X-CSRF-Token'] ?? calls[1]!.headers['x-csrf-token'], 'tok');
  });

  it('tries a promotion with POST …/promotions/actions/try and answers the priced sample cart', async () => {
    const answer = { promotion: { id: 'draft', applies: true, adjustmentAmount: '-10.00' }, total: '90.00' };
    const { w, calls } = setup(() => json(answer));
    const trial = { promotion: { name: 'x' }, lines: [{ productId: '01t000000000101AAA', quantity: 2 }], alone: true };
    const result = await w.tryPromotion(trial);
    assert.equal(calls[0]!.method, 'POST');
    assert.equal(pathOf(calls[0]!.url), `${ROOT}/promotions/actions/try`);
    assert.deepEqual(sent(calls[0]!), trial);
    assert.equal(result.total, '90.00');
  });

  it('refuses a blank promotion id before sending anything, and keeps any id inside its segment', async () => {
    const { w, calls } = setup();
    await assert.rejects(async () => w.getPromotion(''), TypeError);
    assert.equal(calls.length, 0);
    await w.getPromotion('actions/try');
    assert.equal(pathOf(calls[0]!.url), `${ROOT}/promotions/actions%2Ftry`);
  });
});

describe('workspace settings calls', () => {
  it('reads with GET and changes only the settings sent with PATCH', async () => {
    const { w, calls } = setup(() => json({ storeName: 'Data Depot' }));
    assert.equal((await w.settings()).storeName, 'Data Depot');
    const gifting = { isGiftingEnabled: true, isGiftMessageEnabled: false, isGiftWrapEnabled: true };
    await w.updateSettings({ giftingConfig: gifting });
    assert.deepEqual(
      calls.map((c) => [c.method, pathOf(c.url)]),
      [
        ['GET', `${ROOT}/settings`],
        ['PATCH', `${ROOT}/settings`],
      ],
    );
    assert.deepEqual(sent(calls[1]!), { giftingConfig: gifting });
  });

  it('a 400 is a CommerceFetchError with the server’s message (shown at the form)', async () => {
    const { w } = setup(() =>
      json([{ errorCode: 'INVALID_API_INPUT', message: 'Guest carts need guest browsing to be on.' }], { status: 400 }),
    );
    await assert.rejects(w.updateSettings({ guestBrowsingEnabled: false }), (e: unknown) => {
      assert.ok(e instanceof CommerceFetchError);
      assert.equal(e.status, 400);
      assert.equal(e.errors[0]?.message, 'Guest carts need guest browsing to be on.');
      return true;
    });
  });
});

describe('workspace customer calls', () => {
  it('pages accounts and buyers with their queries', async () => {
    const { w, calls } = setup(() => json({ items: [], total: 0, page: 1, pageSize: 25, pageCount: 0, sort: 'name' }));
    await w.listAccounts({ q: 'north', page: 2 });
    await w.listBuyers({ sort: '-createdAt' });
    assert.equal(pathOf(calls[0]!.url), `${ROOT}/accounts`);
    assert.deepEqual(queryOf(calls[0]!.url), { q: 'north', page: '2' });
    assert.equal(pathOf(calls[1]!.url), `${ROOT}/buyers`);
    assert.deepEqual(queryOf(calls[1]!.url), { sort: '-createdAt' });
  });

  it('each customer operation goes to its path with its method and body', async () => {
    const { w, calls } = setup(() => json({}));
    const ACCOUNT = '001000000000005AAA';
    const GROUP = '0ZI000000000003AAA';
    await w.getAccount(ACCOUNT);
    await w.updateAccount(ACCOUNT, { buyerGroupIds: [GROUP] });
    await w.getBuyer(USER);
    await w.setManagedAccounts(USER, [ACCOUNT]);
    await w.sendPasswordReset(USER);
    await w.buyerGroups();
    await w.createBuyerGroup('Universities');
    await w.getBuyerGroup(GROUP);
    await w.updateBuyerGroup(GROUP, { memberAccountIds: [] });
    assert.deepEqual(
      calls.map((c) => [c.method, pathOf(c.url).slice(ROOT.length), c.body === undefined ? null : sent(c)]),
      [
        ['GET', `/accounts/${ACCOUNT}`, null],
        ['PATCH', `/accounts/${ACCOUNT}`, { buyerGroupIds: [GROUP] }],
        ['GET', `/buyers/${USER}`, null],
        ['PUT', `/buyers/${USER}/managed-accounts`, { accountIds: [ACCOUNT] }],
        ['POST', `/buyers/${USER}/password-reset`, null],
        ['GET', '/buyer-groups', null],
        ['POST', '/buyer-groups', { name: 'Universities' }],
        ['GET', `/buyer-groups/${GROUP}`, null],
        ['PATCH', `/buyer-groups/${GROUP}`, { memberAccountIds: [] }],
      ],
    );
  });

  it('refuses blank account, buyer and group ids before sending anything', async () => {
    const { w, calls } = setup();
    await assert.rejects(async () => w.getAccount(' '), TypeError);
    await assert.rejects(async () => w.sendPasswordReset(''), TypeError);
    await assert.rejects(async () => w.updateBuyerGroup('', { name: 'x' }), TypeError);
    assert.equal(calls.length, 0);
  });
});
