// The lines page's kept line answers (line-page.ts) over real HTTP: a kept line is the line as built, and a change
// to the line or to its product shows on the next read, however it was made (here straight in the database).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, BASE, type Agent, type TestServer } from '../../test-support/server.ts';
import { onceOnlyDatasets } from '../../test-support/purchase.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer();
  await s.services.readModel.sweep();
});
after(async () => {
  await s?.close();
});

interface Line {
  cartItem: {
    cartId: string;
    productId: string;
    quantity: string;
    totalPrice: string;
    productDetails: { name: string; fields: Record<string, string> };
  };
}

/** Three datasets a guest can buy. */
async function datasets(): Promise<string[]> {
  const ids = (await onceOnlyDatasets(s)).slice(0, 3);
  assert.equal(ids.length, 3);
  return ids;
}

const add = (a: Agent, productId: string) =>
  a.post(`${BASE}/carts/current/cart-items`, { productId, quantity: '1', type: 'Product' });
/** The page's text without the request's own id, and its lines. */
async function page(a: Agent, query = ''): Promise<{ text: string; lines: Line[] }> {
  const r = await a.api(`/carts/current/cart-items?pageSize=2${query}`);
  assert.equal(r.status, 200, r.text);
  return { text: JSON.stringify({ ...r.body, correlationId: null }), lines: r.body.cartItems };
}
const line = (lines: Line[], productId: string) => lines.find((l) => l.cartItem.productId === productId)!.cartItem;

describe('the lines page, kept line by line', () => {
  test('a kept page is the page as built, and each cart shows its own id', async () => {
    const ids = await datasets();
    const [a, b] = [s.agent(), s.agent()];
    for (const id of ids) assert.equal((await add(a, id)).status, 201);
    assert.equal((await add(b, ids[2]!)).status, 201);
    const first = await page(a);
    const again = await page(a);
    // The fields the page shows by default, named: never kept, built every time.
    const built = await page(a, '&productFields=Name,StockKeepingUnit');
    assert.equal(again.text, first.text);
    assert.equal(built.text, first.text);
    assert.equal(first.lines.length, 2);
    // B's line of the same product, after A's was kept: B's cart, not A's.
    const bLine = (await page(b)).lines[0]!.cartItem;
    const aLine = line(first.lines, ids[2]!);
    assert.notEqual(bLine.cartId, aLine.cartId);
    assert.equal(bLine.cartId, (await b.api('/carts/current')).body.cartId);
    assert.equal(bLine.productDetails.name, aLine.productDetails.name);
  });

  test('a change to a line, or to its product, made straight in the database shows at once', async () => {
    const [id] = await datasets();
    const a = s.agent();
    assert.equal((await add(a, id!)).status, 201);
    const before = line((await page(a)).lines, id!);
    assert.equal(line((await page(a)).lines, id!).quantity, '1'); // kept now

    await s.db.db.updateTable('cart_item').set({ quantity: 3 }).where('product_id', '=', id!).execute();
    const more = line((await page(a)).lines, id!);
    assert.equal(more.quantity, '3');
    assert.notEqual(more.totalPrice, before.totalPrice);

    await s.db.db.updateTable('product').set({ name: 'Renamed in the database' }).where('id', '=', id!).execute();
    assert.equal(line((await page(a)).lines, id!).productDetails.name, 'Renamed in the database');
    await s.services.readModel.sweep(); // current again: kept under the new build
    assert.equal(line((await page(a)).lines, id!).productDetails.name, 'Renamed in the database');
    assert.equal(line((await page(a)).lines, id!).productDetails.name, 'Renamed in the database');

    // A product the store no longer shows stays in the cart, shown from its row (no fields).
    await s.db.db.updateTable('product').set({ is_active: 0 }).where('id', '=', id!).execute();
    await s.services.readModel.sweep();
    const gone = line((await page(a)).lines, id!);
    assert.equal(gone.productDetails.name, 'Renamed in the database');
    assert.deepEqual(gone.productDetails.fields, {});
  });

  test("the marks the kept pages go by move with the database's own writes", async () => {
    const db = s.db.db;
    const [x, y, z] = await datasets();
    const [a, b] = [s.agent(), s.agent()];
    assert.equal((await add(a, x!)).status, 201);
    assert.equal((await add(b, x!)).status, 201);
    const stamps = async () =>
      Object.fromEntries(
        (
          await db.selectFrom('cart').select(['owner_key', 'lines_stamp']).where('owner_key', 'is not', null).execute()
        ).map((r) => [r.owner_key, Number(r.lines_stamp)]),
      );
    const lineOf = async (agent: Agent) => (await agent.api('/carts/current/cart-items')).body.cartItems[0].cartItem;
    const [aLine, bLine] = [await lineOf(a), await lineOf(b)];
    // A cart's lines stamp: each insert, update and delete of its lines, and no other cart's.
    const before = await stamps();
    await db.updateTable('cart_item').set({ quantity: 2 }).where('id', '=', aLine.cartItemId).execute();
    const afterUpdate = await stamps();
    const aKey = Object.keys(before).find((k) => afterUpdate[k] !== before[k]);
    assert.ok(aKey, 'a cart line updated moves its cart’s stamp');
    assert.equal(Object.keys(before).filter((k) => afterUpdate[k] !== before[k]).length, 1, 'and only its cart’s');
    await db.deleteFrom('cart_item').where('id', '=', aLine.cartItemId).execute();
    assert.ok((await stamps())[aKey]! > afterUpdate[aKey]!, 'a line deleted moves it');
    assert.equal((await add(a, y!)).status, 201);
    assert.ok((await stamps())[aKey]! > afterUpdate[aKey]! + 1, 'a line added moves it');
    assert.notEqual(bLine.cartId, aLine.cartId);

    // The read model's clock: a product written straight in the database, alone or several in one transaction.
    const tick = async () =>
      Number(
        (await db.selectFrom('read_model_clock').select('tick').where('id', '=', 1).executeTakeFirstOrThrow()).tick,
      );
    const t0 = await tick();
    await db.updateTable('product').set({ name: 'Clock test' }).where('id', '=', x!).execute();
    const t1 = await tick();
    assert.ok(t1 > t0, 'a product renamed moves the clock');
    await db.transaction().execute(async (trx) => {
      for (const id of [x!, y!, z!])
        await trx.updateTable('product').set({ description: 'Clock test' }).where('id', '=', id).execute();
    });
    const t2 = await tick();
    assert.ok(t2 > t1, 'several products in one transaction move it');
    // A price change does not: a line keeps the prices it was added at.
    await db.updateTable('price_book_entry').set({ unit_price_minor: 12345 }).where('product_id', '=', z!).execute();
    assert.equal(await tick(), t2);
    // Nor does a cart's line.
    assert.equal((await add(b, y!)).status, 201);
    assert.equal(await tick(), t2);
  });
});
