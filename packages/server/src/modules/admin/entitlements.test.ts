// Entitlement policies in the workspace over real HTTP: which buyer groups see which category subtrees. After
// each change the storefront answers as the policy now says, for a buyer in the group and for others: search,
// the category menu and product detail. Bad input is a 400 (404 for an unknown policy) that changes nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { errorOf, startTestServer, type Agent, type TestServer } from '../../test-support/server.ts';
import { ACCESS_GROUP_IDS, DEMO_USERS } from '../../seed/access.ts';
import { BUYER_GROUP_IDS } from '../../seed/store.ts';
import { WORKSPACE_BASE as W } from '../../test-support/workspace-operations.ts';

let s: TestServer;
let admin: Agent;
let consumer: Agent; // Shoppers buyer group
let buyer: Agent; // acting for Northwind Traders: Wholesale Partners
let guest: Agent;
let briefings: { id: string; urlName: string };
let weekly: { id: string };
let productId: string;
let policyId: string;

before(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO_USERS.admin.email);
  consumer = await s.login(DEMO_USERS.consumer.email);
  buyer = await s.login(DEMO_USERS.buyer.email);
  guest = s.agent();
  // A new top level (no policy grants it yet) with a subcategory holding one Live product.
  briefings = (await admin.post(`${W}/categories`, { name: 'Analyst Briefings', status: 'Live' })).body;
  weekly = (await admin.post(`${W}/categories`, { name: 'Weekly Briefings', parentId: briefings.id, status: 'Live' }))
    .body;
  const made = await admin.post(`${W}/products`, {
    sku: 'WS-BRIEF-1',
    name: 'Quarterly Zanzibar Briefing',
    status: 'Live',
    categoryIds: [weekly.id],
  });
  assert.equal(made.status, 201, made.text);
  productId = made.body.id;
});
after(async () => {
  await s?.close();
});

const labels = (items: any[]): string[] => items.flatMap((i) => [i.label, ...labels(i.subMenu)]);

/** What this shopper is shown of the briefing: in search, in the menu, its detail. */
async function sees(who: Agent) {
  const found = await who.api('/search/products?searchTerm=zanzibar');
  assert.equal(found.status, 200, found.text);
  const menu = await who.api('/category-menu-items?maxLevels=5&maxItems=500');
  const detail = await who.api(`/products/${productId}`);
  return {
    search: found.body.productsPage.products.some((p: { id: string }) => p.id === productId),
    menu: labels(menu.body.menuItems).includes('Weekly Briefings'),
    detail: detail.status,
  };
}
const shown = { search: true, menu: true, detail: 200 };
const hidden = { search: false, menu: false, detail: 404 };

async function policies(): Promise<any[]> {
  return (await admin.get(`${W}/entitlement-policies`)).body.items;
}

async function refused(send: () => Promise<{ status: number; body: any; text: string }>, status: number, code: string) {
  const beforeList = JSON.stringify(await policies());
  const res = await send();
  assert.equal(res.status, status, res.text);
  assert.equal(errorOf(res).errorCode, code, res.text);
  assert.equal(JSON.stringify(await policies()), beforeList, 'nothing changed');
  return errorOf(res);
}

describe('entitlement policies', () => {
  test('the demo store lists its two policies with their buyer groups and categories', async () => {
    const list = await policies();
    assert.deepEqual(
      list.map((p) => p.name),
      ['Partner Exclusives', 'Public Catalogue'],
    );
    const partner = list.find((p) => p.name === 'Partner Exclusives');
    assert.deepEqual(
      partner.buyerGroups.map((g: { id: string }) => g.id),
      [BUYER_GROUP_IDS.wholesale],
    );
    assert.deepEqual(
      partner.categories.map((c: { name: string }) => c.name),
      ['Partner Exclusives'],
    );
  });

  test('a category no policy grants is seen by nobody', async () => {
    assert.deepEqual(await sees(consumer), hidden);
    assert.deepEqual(await sees(guest), hidden);
    assert.deepEqual(await sees(buyer), hidden);
  });

  test('a policy granting the top of a subtree to the Shoppers group: a shopper sees the product below it, others do not', async () => {
    const res = await admin.post(`${W}/entitlement-policies`, {
      name: 'Shopper Briefings',
      buyerGroupIds: [ACCESS_GROUP_IDS.shoppers],
      categoryIds: [briefings.id],
    });
    assert.equal(res.status, 201, res.text);
    policyId = res.body.id;
    assert.match(policyId, /^1Ce\w{15}$/);
    assert.equal(res.body.categories[0].path, 'Analyst Briefings');
    assert.equal(res.body.buyerGroups[0].id, ACCESS_GROUP_IDS.shoppers);

    assert.deepEqual(await sees(consumer), shown);
    assert.deepEqual(await sees(guest), hidden);
    assert.deepEqual(await sees(buyer), hidden);
  });

  test('editing the buyer groups moves the subtree from one audience to the other at once', async () => {
    const res = await admin.patch(`${W}/entitlement-policies/${policyId}`, {
      name: 'Wholesale Briefings',
      buyerGroupIds: [BUYER_GROUP_IDS.wholesale],
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.name, 'Wholesale Briefings');
    assert.equal(res.body.categories.length, 1, 'the categories not sent are kept');
    assert.deepEqual(await sees(buyer), shown);
    assert.deepEqual(await sees(consumer), hidden);
  });

  test('bad input is a 400 (an unknown policy 404) and changes nothing', async () => {
    const p = `${W}/entitlement-policies`;
    await refused(() => admin.post(p, { name: ' ', buyerGroupIds: [], categoryIds: [] }), 400, 'INVALID_API_INPUT');
    await refused(() => admin.post(p, { name: 'X', buyerGroupIds: [] }), 400, 'INVALID_API_INPUT');
    const group = await refused(
      () => admin.post(p, { name: 'X', buyerGroupIds: ['0ZI999999999999AAA'], categoryIds: [] }),
      400,
      'INVALID_API_INPUT',
    );
    assert.match(group.message, /unknown buyer groups 0ZI999999999999AAA/);
    await refused(
      () => admin.post(p, { name: 'X', buyerGroupIds: [], categoryIds: ['0ZG999999999999AAA'] }),
      400,
      'INVALID_API_INPUT',
    );
    await refused(
      () => admin.post(p, { name: 'X', buyerGroupIds: [weekly.id], categoryIds: [] }),
      400,
      'INVALID_ID_FIELD',
    );
    await refused(
      () => admin.post(p, { name: 'X', buyerGroupIds: [], categoryIds: [], all: true }),
      400,
      'INVALID_API_INPUT',
    );
    await refused(() => admin.patch(`${p}/${policyId}`, {}), 400, 'INVALID_API_INPUT');
    await refused(() => admin.patch(`${p}/1Ce999999999999AAA`, { name: 'Y' }), 404, 'NOT_FOUND');
    await refused(() => admin.delete(`${p}/1Ce999999999999AAA`), 404, 'NOT_FOUND');
    await refused(() => admin.delete(`${p}/nope`), 400, 'INVALID_ID_FIELD');
  });

  test('deleting the policy hides the subtree again; the changes are in the audit log', async () => {
    const res = await admin.delete(`${W}/entitlement-policies/${policyId}`);
    assert.equal(res.status, 204, res.text);
    assert.deepEqual(await sees(buyer), hidden);
    assert.ok(!(await policies()).some((p) => p.id === policyId));
    const log = (await admin.get(`${W}/audit-log?recordType=EntitlementPolicy&recordId=${policyId}&sort=occurredAt`))
      .body.items;
    assert.deepEqual(
      log.map((e: { action: string }) => e.action),
      ['create', 'update', 'delete'],
    );
    assert.equal(log[1].before.name, 'Shopper Briefings');
    assert.equal(log[1].after.name, 'Wholesale Briefings');
  });
});
