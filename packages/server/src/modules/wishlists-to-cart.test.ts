// POST wishlists/{id}/actions/add-wishlist-to-cart over real HTTP (issue 17; spec 02 §4): a buyer acting
// for Contoso moves a list with addable and refusable lines into the current cart. What can go in goes
// in, as an add from the product page would (the minimum purchase quantity, the spec's default selling
// model and its minimum term); each line that can't is reported with the cart's own code and message.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultSellingModelOf, subscriptionTermOptions, type ProductSellingModel } from '@store/core';
import { startTestServer, type Agent, type TestServer } from '../test-support/server.ts';
import { DEMO_USERS } from '../seed/access.ts';
import {
  actingFor,
  demoBuyer,
  makeList,
  outOfStockPrinted,
  productBySku,
  productsLike,
  type AccountCalls,
  type DemoAccounts,
} from '../test-support/wishlists.ts';

let s: TestServer;
let buyer: Agent;
let accounts: DemoAccounts;
let contoso: AccountCalls;
let northwind: AccountCalls;

before(async () => {
  s = await startTestServer();
  ({ accounts, buyer, contoso, northwind } = await demoBuyer(s));
});
after(async () => {
  await s?.close();
});

const toCart = (as: AccountCalls, id: string) => as.post(`/wishlists/${id}/actions/add-wishlist-to-cart`);
async function cartLines(as: AccountCalls) {
  const res = await as.get('/carts/current/cart-items?pageSize=100&sort=CreatedDateAsc');
  return res.status === 200 ? (res.body.cartItems as Array<{ cartItem: any }>).map((c) => c.cartItem) : [];
}

describe('add-wishlist-to-cart', () => {
  test('a buyer acting for Contoso moves a mixed list: the addable lines go in as from the product page, each refused one is reported with the cart’s reason', async () => {
    const [dataset, alreadyInCart, lapsing] = await productsLike(s, { sku: 'DS-000%', qtyMin: '1' }, 3);
    const [pack] = await productsLike(s, { sku: 'DS-%', qtyMin: '5' });
    const termOnly = await productBySku(s, 'DS-00067');
    const evergreenFirst = await productBySku(s, 'DS-00017');
    const parent = await productBySku(s, 'VP-00001');
    const printed = await outOfStockPrinted(s);
    const order = [dataset!, pack!, termOnly, evergreenFirst, parent, printed, lapsing!, alreadyInCart!];
    const list = await makeList(contoso, 'Reorder template', order);
    const items = [...list.page.items].reverse() as Array<{ wishlistItemId: string; productId: string }>;
    assert.deepEqual(
      items.map((i) => i.productId),
      order.map((p) => p.id),
    );

    // Contoso's cart already holds one of them; Northwind's cart holds something else and must stay as it is.
    assert.equal(
      (await contoso.post('/carts/current/cart-items', { productId: alreadyInCart!.id, quantity: '1' })).status,
      201,
    );
    assert.equal(
      (await northwind.post('/carts/current/cart-items', { productId: dataset!.id, quantity: '1' })).status,
      201,
    );
    const northwindBefore = await cartLines(northwind);
    // One product goes Draft after it was put on the list.
    await s.db.db.updateTable('product').set({ is_active: 0 }).where('id', '=', lapsing!.id).execute();
    await s.catalogueChanged();
    try {
      // What the cart itself answers for each refused line, from the product page (refused: nothing changes).
      const own = async (productId: string, quantity = '1') => {
        const res = await contoso.post('/carts/current/cart-items', { productId, quantity });
        assert.ok(res.status >= 400, `${productId} is refused by the cart too`);
        return res.body[0];
      };
      const expectedRefusals = new Map([
        [parent.id, await own(parent.id)],
        [printed.id, await own(printed.id)],
        [lapsing!.id, await own(lapsing!.id)],
        [alreadyInCart!.id, await own(alreadyInCart!.id)],
      ]);
      assert.equal(expectedRefusals.get(parent.id).errorCode, 'INVALID_API_INPUT');
      assert.match(expectedRefusals.get(parent.id).message, /variation parent/);
      assert.equal(expectedRefusals.get(printed.id).errorCode, 'INSUFFICIENT_INVENTORY');
      assert.equal(expectedRefusals.get(lapsing!.id).errorCode, 'ITEM_NOT_FOUND');
      assert.equal(expectedRefusals.get(alreadyInCart!.id).errorCode, 'MAX_LIMIT_EXCEEDED');
      const cartBefore = await cartLines(contoso);

      const res = await toCart(contoso, list.summary.id);
      assert.equal(res.status, 200, res.text);
      const result = res.body;
      assert.equal(result.productsRequestedCount, 8);
      assert.equal(result.productsSucceededCount, 4);
      assert.equal(result.productsFailedCount, 4);
      assert.deepEqual(
        result.failedWishlistToCartItems,
        [parent, printed, lapsing!, alreadyInCart!].map((p) => ({
          wishlistItemId: items.find((i) => i.productId === p.id)!.wishlistItemId,
          productId: p.id,
          name: p.name,
          errorCode: expectedRefusals.get(p.id).errorCode,
          message: expectedRefusals.get(p.id).message,
        })),
      );

      // The lines as the product page would add them: the minimum quantity, the default model and its minimum term.
      const added = result.succeededWishlistToCartItems.map((r: { cartItem: any; status: string }) => {
        assert.equal(r.status, 'Success');
        return r.cartItem;
      });
      assert.deepEqual(
        added.map((c: { productId: string }) => c.productId),
        [dataset!.id, pack!.id, termOnly.id, evergreenFirst.id],
      );
      assert.ok(added.every((c: { cartId: string }) => c.cartId === result.cartId));
      assert.deepEqual(
        added.map((c: { quantity: string }) => c.quantity),
        ['1', '5', '1', '1'],
      );
      for (const p of [dataset!, termOnly, evergreenFirst]) {
        const detail = (await contoso.get(`/products/${p.id}`)).body;
        const models = detail.productSellingModels as ProductSellingModel[];
        const expected = defaultSellingModelOf(models);
        const line = added.find((c: { productId: string }) => c.productId === p.id);
        assert.equal(line.productSellingModelId, expected?.id ?? null, p.sku);
        assert.equal(line.sellingModelType, expected?.sellingModelType ?? null, p.sku);
        const term =
          expected?.sellingModelType === 'TermDefined'
            ? subscriptionTermOptions(expected.subscriptionTermRule)[0]
            : null;
        assert.equal(line.subscriptionTerm, term, p.sku);
      }
      assert.equal(
        added.find((c: { productId: string }) => c.productId === termOnly.id).sellingModelType,
        'TermDefined',
      );
      assert.notEqual(
        added.find((c: { productId: string }) => c.productId === evergreenFirst.id).sellingModelType,
        'OneTime',
      );

      // The cart now holds what it held and the four new lines; Northwind's cart is as it was.
      const cartAfter = await cartLines(contoso);
      assert.deepEqual(
        cartAfter.map((c) => [c.productId, c.quantity]),
        [
          ...cartBefore.map((c) => [c.productId, c.quantity]),
          ...added.map((c: { productId: string; quantity: string }) => [c.productId, c.quantity]),
        ],
      );
      assert.equal((await contoso.get('/carts/current')).body.cartId, result.cartId);
      assert.deepEqual(await cartLines(northwind), northwindBefore);

      // The list keeps every item (moving is "add, then remove" in the storefront).
      const listAfter = (await contoso.get(`/wishlists/${list.summary.id}?pageSize=100`)).body;
      assert.equal(listAfter.summary.wishlistProductCount, 8);
      assert.equal(listAfter.summary.modifiedDate, list.summary.modifiedDate);
    } finally {
      await s.db.db.updateTable('product').set({ is_active: 1 }).where('id', '=', lapsing!.id).execute();
      await s.catalogueChanged();
    }
  });

  test('moving a list again adds only what the rules still allow: datasets bought once are already in the cart', async () => {
    const [once] = await productsLike(s, { sku: 'DS-001%', qtyMin: '1' });
    const [pack] = await productsLike(s, { sku: 'DS-%', qtyMin: '5' });
    const fabrikam = actingFor(buyer, accounts.fabrikam);
    const list = await makeList(fabrikam, 'Twice', [once!, pack!]);
    const first = (await toCart(fabrikam, list.summary.id)).body;
    assert.equal(first.productsSucceededCount, 2);
    const second = (await toCart(fabrikam, list.summary.id)).body;
    assert.equal(second.cartId, first.cartId);
    assert.deepEqual(
      second.failedWishlistToCartItems.map((f: { productId: string; errorCode: string }) => [f.productId, f.errorCode]),
      [[once!.id, 'MAX_LIMIT_EXCEEDED']],
    );
    assert.deepEqual(
      second.succeededWishlistToCartItems.map((r: { cartItem: { productId: string; quantity: string } }) => [
        r.cartItem.productId,
        r.cartItem.quantity,
      ]),
      [[pack!.id, '10']],
      'a seat pack gains its minimum again, as a second add from the product page would',
    );
  });

  test('an empty list, a list of nothing buyable, an unknown or malformed id, another account’s list: nothing added', async () => {
    const consumer = actingFor(await s.login(DEMO_USERS.consumer.email));
    const empty = await makeList(consumer, 'Empty', []);
    const res = await toCart(consumer, empty.summary.id);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.productsRequestedCount, 0);
    assert.equal(res.body.productsSucceededCount, 0);
    assert.equal(res.body.productsFailedCount, 0);
    assert.deepEqual(res.body.succeededWishlistToCartItems, []);
    assert.deepEqual(res.body.failedWishlistToCartItems, []);
    assert.equal(res.body.cartId, (await consumer.get('/carts/current')).body.cartId, 'the current cart');
    const parent = await productBySku(s, 'VP-00002');
    const unbuyable = await makeList(consumer, 'Parents only', [parent]);
    const linesBefore = await cartLines(consumer);
    const none = (await toCart(consumer, unbuyable.summary.id)).body;
    assert.equal(none.productsSucceededCount, 0);
    assert.deepEqual(
      none.failedWishlistToCartItems.map((f: { productId: string; errorCode: string }) => [f.productId, f.errorCode]),
      [[parent.id, 'INVALID_API_INPUT']],
    );
    assert.deepEqual(await cartLines(consumer), linesBefore, 'nothing went in');
    const unknown = await toCart(consumer, '0wl000000999999AAA');
    assert.equal(unknown.status, 404);
    assert.equal((await toCart(consumer, 'nope')).status, 400);
    const [p] = await productsLike(s, { sku: 'DS-002%', qtyMin: '1' });
    const theirs = await makeList(contoso, 'Contoso only', [p!]);
    const before = await cartLines(consumer);
    const refused = await toCart(consumer, theirs.summary.id);
    assert.equal(refused.status, 404);
    assert.deepEqual(await cartLines(consumer), before);
  });
});
