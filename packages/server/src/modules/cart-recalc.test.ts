// The cart's recalculation after issue 20's speed work, over real HTTP against a real database (SQLite, or
// PostgreSQL with DATABASE_URL): a cart built add by add ends with exactly the money of the same lines added in
// one change; a page of lines reports the promotions of the whole cart (kept on the cart row) as every line sums
// them; and what the recalculation keeps per process about products follows a catalogue change.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type Agent, type TestServer } from '../test-support/server.ts';
import { WEBSTORE_ID } from '../seed/store.ts';
import { onceOnlyDatasets } from '../test-support/purchase.ts';
import { DEMO_COUPONS } from '../seed/promotions.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s?.close();
});

const STORE = `/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}`;
const CART = '/carts/current';

/** Category ids of a category and everything under it, by the category's name (the store's own tree). */
async function subtree(name: string): Promise<Set<string>> {
  const store = await s.services.webstores.fresh(WEBSTORE_ID);
  const tree = await s.services.categories.get(store.id, store.catalogVersion);
  const { id } = await s.db.db.selectFrom('category').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return new Set(tree.subtreeIds(id));
}

/** Once-only datasets a guest can buy (store price book, one-time), split by whether they are in Services. */
async function datasets(): Promise<{ services: string[]; others: string[] }> {
  const ids = await onceOnlyDatasets(s);
  const services = await subtree('Services');
  const inServices = new Set(
    (
      await s.db.db
        .selectFrom('product_category')
        .select('product_id')
        .where('category_id', 'in', [...services])
        .execute()
    ).map((r) => r.product_id),
  );
  return { services: ids.filter((id) => inServices.has(id)), others: ids.filter((id) => !inServices.has(id)) };
}

const add = (a: Agent, productId: string) =>
  a.post(`${STORE}${CART}/cart-items`, { productId, quantity: '1', type: 'Product' });
const lines = async (a: Agent, pageSize = 100) => (await a.get(`${STORE}${CART}/cart-items?pageSize=${pageSize}`)).body;

/** Every amount the shopper sees of a cart: its totals, each line's money and adjustments, its promotions. */
async function money(a: Agent) {
  const all = await lines(a);
  const { cartId: _id, ...summary } = all.cartSummary;
  const byProduct = all.cartItems
    .map(({ cartItem: i }: any) => ({
      productId: i.productId,
      totalAmount: i.totalAmount,
      totalAdjustmentAmount: i.totalAdjustmentAmount,
      totalTax: i.totalTax,
      adjustments: i.adjustments.map((x: any) => [x.displayName, x.adjustmentAmount, x.couponCode]),
    }))
    .sort((x: any, y: any) => x.productId.localeCompare(y.productId));
  return { summary, lines: byProduct, promotions: promotionsOf(all.cartPromotions) };
}

const promotionsOf = (view: any) =>
  view.promotions.promotions
    .map((p: any) => [p.promotionId, p.displayName, p.adjustmentAmount, p.couponCode, p.targetType])
    .sort((x: any, y: any) => x[0].localeCompare(y[0]));

describe('cart recalculation', () => {
  test('a cart built add by add has the money of the same lines added in one change', async () => {
    const { services, others } = await datasets();
    const products = [...services.slice(0, 3), ...others.slice(0, 4)];
    assert.equal(products.length, 7, 'the demo has 3 Services datasets and 4 others');

    const oneByOne = s.agent();
    for (const [i, id] of products.entries()) {
      const r = await add(oneByOne, id);
      assert.equal(r.status, 201, `${id}: ${JSON.stringify(r.body)}`);
      if (i === 1)
        assert.equal(
          (await oneByOne.post(`${STORE}${CART}/cart-coupons`, { couponCode: DEMO_COUPONS.welcome })).status,
          201,
        );
    }
    const atOnce = s.agent();
    assert.equal((await atOnce.put(`${STORE}${CART}`)).status, 201);
    assert.equal((await atOnce.post(`${STORE}${CART}/cart-coupons`, { couponCode: DEMO_COUPONS.welcome })).status, 201);
    const batch = await atOnce.post(`${STORE}${CART}/cart-items/batch`, {
      inputs: products.map((productId) => ({ richInput: { productId, quantity: '1', type: 'Product' } })),
    });
    assert.equal(batch.status, 200);
    assert.equal(batch.body.hasErrors, false);

    const built = await money(oneByOne);
    assert.deepEqual(built, await money(atOnce));
    // The money is not trivially equal: the coupon, the category promotion and the cart tier all apply.
    const names = built.promotions.map((p: any) => p[1]);
    for (const name of ['Welcome: 10% off', 'Services lists: 15% off', 'Buy more, save more'])
      assert.ok(names.includes(name), `${name} applies (${names.join(', ')})`);
    assert.equal(built.summary.totalProductCount, '7');
  });

  test('a page of lines reports the promotions of the whole cart, as every line sums them', async () => {
    const { services, others } = await datasets();
    const a = s.agent();
    for (const id of [...others.slice(4, 6), ...services.slice(3, 5), others[6]!])
      assert.equal((await add(a, id)).status, 201);
    assert.equal((await a.post(`${STORE}${CART}/cart-coupons`, { couponCode: DEMO_COUPONS.welcome })).status, 201);
    const whole = await lines(a, 100);
    assert.equal(whole.cartItems.length, 5);
    const page = await lines(a, 2);
    assert.equal(page.cartItems.length, 2);
    assert.equal(page.totalItemCount, 5);
    const expected = promotionsOf(whole.cartPromotions);
    assert.ok(expected.length >= 3, 'coupon, category and tier promotions');
    assert.deepEqual(promotionsOf(page.cartPromotions), expected);
    assert.deepEqual(promotionsOf((await a.get(`${STORE}/carts/active/promotions`)).body), expected);
    // Each promotion's total is what its adjustments on the lines add up to (item) or the cart-level one.
    for (const [id, , amount, , target] of expected) {
      if (target !== 'Item') continue;
      const cents = whole.cartItems
        .flatMap(({ cartItem }: any) => cartItem.adjustments)
        .filter((x: any) => x.promotionId === id)
        .reduce((sum: number, x: any) => sum + Math.round(Number(x.adjustmentAmount) * 100), 0);
      assert.equal(Math.round(Number(amount) * 100), cents, id);
    }
  });

  test('what an add answers is the line as the cart\u2019s lines show it (single and batch adds)', async () => {
    const { services, others } = await datasets();
    const a = s.agent();
    const shown = async (id: string) =>
      (await lines(a)).cartItems.map(({ cartItem }: any) => cartItem).find((i: any) => i.cartItemId === id);
    for (const id of [others[9]!, services[5]!]) {
      const r = await add(a, id);
      assert.equal(r.status, 201);
      assert.deepEqual(r.body, await shown(r.body.cartItemId));
    }
    // The Services line's answer carries its category's promotion (its categories read with the product's facts).
    const servicesLine = await shown(
      (await lines(a)).cartItems.find(({ cartItem }: any) => cartItem.productId === services[5]).cartItem.cartItemId,
    );
    assert.deepEqual(
      servicesLine.adjustments.map((x: any) => x.displayName),
      ['Services lists: 15% off'],
    );
    const batch = await a.post(`${STORE}${CART}/cart-items/batch`, {
      inputs: [others[10]!, services[6]!, 'not-a-product-id'].map((productId) => ({
        richInput: { productId, quantity: '1', type: 'Product' },
      })),
    });
    assert.equal(batch.status, 200);
    assert.equal(batch.body.hasErrors, true);
    assert.deepEqual(
      batch.body.results.map((r: any) => r.statusCode),
      [201, 201, 400],
    );
    for (const r of batch.body.results.slice(0, 2)) assert.deepEqual(r.result, await shown(r.result.cartItemId));
  });

  test('a product moved into a promoted category is discounted at the cart\u2019s next change', async () => {
    const { others } = await datasets();
    const [moved, next] = [others[7]!, others[8]!];
    const a = s.agent();
    assert.equal((await add(a, moved)).status, 201);
    const servicesLine = (await lines(a)).cartItems[0].cartItem;
    assert.deepEqual(
      servicesLine.adjustments.map((x: any) => x.displayName),
      [],
      'not in Services: no category promotion',
    );
    const services = [...(await subtree('Services'))][0]!;
    await s.db.db
      .insertInto('product_category')
      .values({ product_id: moved, category_id: services, is_primary: 0 })
      .execute();
    try {
      await s.catalogueChanged();
      assert.equal((await add(a, next)).status, 201);
      const line = (await lines(a)).cartItems.find(({ cartItem }: any) => cartItem.productId === moved).cartItem;
      assert.deepEqual(
        line.adjustments.map((x: any) => x.displayName),
        ['Services lists: 15% off'],
      );
    } finally {
      await s.db.db
        .deleteFrom('product_category')
        .where('product_id', '=', moved)
        .where('category_id', '=', services)
        .execute();
      await s.catalogueChanged();
    }
  });
});
