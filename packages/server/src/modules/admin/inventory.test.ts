// A product's stock in the workspace over real HTTP: its levels per location (on hand, reserved read-only),
// on hand set per location, and the storefront's stock answer after each change: the inventory levels the
// product page reads and the add-to-cart code core derives from them (spec 02 §8: 0 available → 100,
// more than available → 101). Bad input is a 400 (409 for a dataset, 404 for an unknown product) that
// changes nothing; every change is audited.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { productActionErrors } from '@store/core';
import { errorOf, startTestServer, WEBSTORE_ID, type Agent, type TestServer } from '../../test-support/server.ts';
import { DEMO_USERS } from '../../seed/access.ts';
import { CATALOGUE_MANAGER } from '../../seed/workspace-users.ts';
import { productIdOf } from '../../test-support/purchase.ts';
import { WORKSPACE_BASE as W } from '../../test-support/workspace-operations.ts';

let s: TestServer;
let admin: Agent;
let manager: Agent;
let productId: string;
let levels: Array<{ locationId: string; locationName: string; onHand: number; reserved: number }>;

before(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO_USERS.admin.email);
  manager = await s.login(CATALOGUE_MANAGER.email);
  productId = await productIdOf(s, 'PD-00004');
  // An order holds two units at the first location: reserved must survive every edit.
  const first = await s.db.db
    .selectFrom('inventory_level')
    .select('location_id')
    .where('product_id', '=', productId)
    .orderBy('location_id')
    .executeTakeFirstOrThrow();
  await s.db.db
    .updateTable('inventory_level')
    .set({ reserved: 2 })
    .where('product_id', '=', productId)
    .where('location_id', '=', first.location_id)
    .execute();
});
after(async () => {
  await s?.close();
});

const inventory = async () => (await admin.get(`${W}/products/${productId}/inventory`)).body;

/** What the product page reads: available to order at the store's default source, and the add-to-cart code. */
async function storefrontStock(quantity: number) {
  const scope = encodeURIComponent(`webStoreId Eq '${WEBSTORE_ID}'`);
  const res = await s.get(`/services/data/v65.0/commerce/inventory/levels?scope=${scope}&products=${productId}`);
  assert.equal(res.status, 200, res.text);
  const available = res.body.totalInventory[0].availableToOrder as number;
  const detail = (await s.api(`/products/${productId}`)).body;
  const codes = productActionErrors({
    productClass: detail.productClass,
    hasPricing: true,
    availableQuantity: available,
    quantity,
    quantityRule: detail.purchaseQuantityRule,
  });
  return { available, codes };
}

async function refused(send: () => Promise<{ status: number; body: any; text: string }>, status: number, code: string) {
  const beforeStock = JSON.stringify(await inventory());
  const res = await send();
  assert.equal(res.status, status, res.text);
  assert.equal(errorOf(res).errorCode, code, res.text);
  assert.equal(JSON.stringify(await inventory()), beforeStock, 'nothing changed');
  return errorOf(res);
}

describe("a product's inventory", () => {
  test('lists on hand and reserved at each of the store’s locations, as stored', async () => {
    const res = await manager.get(`${W}/products/${productId}/inventory`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.sku, 'PD-00004');
    assert.equal(res.body.fulfilment, 'Physical');
    levels = res.body.levels;
    const rows = await s.db.db
      .selectFrom('inventory_level')
      .select(['location_id', 'on_hand', 'reserved'])
      .where('product_id', '=', productId)
      .execute();
    assert.equal(levels.length, rows.length);
    for (const r of rows) {
      const shown = levels.find((l) => l.locationId === r.location_id)!;
      assert.equal(shown.onHand, r.on_hand);
      assert.equal(shown.reserved, r.reserved);
      assert.ok(shown.locationName.length > 0);
    }
    assert.ok(levels.some((l) => l.reserved === 2));
  });

  test('0 on hand everywhere: the storefront answers nothing available and code 100 (sold out)', async () => {
    const res = await manager.put(`${W}/products/${productId}/inventory`, {
      levels: levels.map((l) => ({ locationId: l.locationId, onHand: 0 })),
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.levels.map((l: { onHand: number }) => l.onHand),
      levels.map(() => 0),
    );
    assert.deepEqual(
      res.body.levels.map((l: { reserved: number }) => l.reserved),
      levels.map((l) => l.reserved),
      'reserved is left as orders set it',
    );
    assert.deepEqual(await storefrontStock(1), { available: 0, codes: [100] });
  });

  test('stock back at one location: available is on hand less reserved; more than that is code 101', async () => {
    const reservedAt = levels.find((l) => l.reserved === 2)!;
    const res = await admin.put(`${W}/products/${productId}/inventory`, {
      levels: [{ locationId: reservedAt.locationId, onHand: 7 }],
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(await storefrontStock(5), { available: 5, codes: [] });
    assert.deepEqual(await storefrontStock(6), { available: 5, codes: [101] });
    const log = (await admin.get(`${W}/audit-log?recordType=Inventory&recordId=${productId}&sort=occurredAt`)).body
      .items;
    assert.deepEqual(
      log.map((e: any) => e.user.email),
      [CATALOGUE_MANAGER.email, DEMO_USERS.admin.email],
    );
    assert.equal(log[1].before.find((l: any) => l.locationId === reservedAt.locationId).onHand, 0);
    assert.equal(log[1].after.find((l: any) => l.locationId === reservedAt.locationId).onHand, 7);
  });

  test('bad input is a 400, a dataset a 409, an unknown product a 404; nothing changes', async () => {
    const put = (body: unknown) => admin.put(`${W}/products/${productId}/inventory`, body);
    const at = levels[0]!.locationId;
    await refused(() => put({ levels: [{ locationId: at, onHand: -1 }] }), 400, 'INVALID_API_INPUT');
    await refused(() => put({ levels: [{ locationId: at, onHand: 1.5 }] }), 400, 'INVALID_API_INPUT');
    await refused(() => put({ levels: [{ locationId: at, onHand: '3' }] }), 400, 'INVALID_API_INPUT');
    await refused(() => put({ levels: [{ locationId: at, onHand: 3, reserved: 0 }] }), 400, 'INVALID_API_INPUT');
    await refused(() => put({ levels: [] }), 400, 'INVALID_API_INPUT');
    await refused(
      () =>
        put({
          levels: [
            { locationId: at, onHand: 3 },
            { locationId: at, onHand: 4 },
          ],
        }),
      400,
      'INVALID_API_INPUT',
    );
    const unknown = await refused(
      () => put({ levels: [{ locationId: '131999999999999AAA', onHand: 3 }] }),
      400,
      'INVALID_API_INPUT',
    );
    assert.match(unknown.message, /not one of the store's locations/);
    await refused(() => put({ levels: [{ locationId: productId, onHand: 3 }] }), 400, 'INVALID_ID_FIELD');

    const dataset = await productIdOf(s, 'DS-00001');
    const res = await admin.put(`${W}/products/${dataset}/inventory`, { levels: [{ locationId: at, onHand: 3 }] });
    assert.equal(res.status, 409, res.text);
    assert.equal(errorOf(res).errorCode, 'NOT_STOCKED');
    assert.deepEqual((await admin.get(`${W}/products/${dataset}/inventory`)).body.levels, []);
    assert.equal(
      (await admin.put(`${W}/products/01t999999999999AAA/inventory`, { levels: [{ locationId: at, onHand: 3 }] }))
        .status,
      404,
    );
    assert.equal((await admin.get(`${W}/products/01t999999999999AAA/inventory`)).status, 404);
  });
});
