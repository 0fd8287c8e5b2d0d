// The cart over real HTTP against a real database (SQLite, or PostgreSQL with DATABASE_URL): every cart
// call, quantity rules, stock and reservations, coupons and promotion stacking, the guest cart merged
// at login, background batch adds, and refusals that change nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, errorOf, type Agent, type TestServer } from '../test-support/server.ts';
import { DEMO_USERS } from '../seed/access.ts';
import { PRICE_BOOK_IDS, WEBSTORE_ID } from '../seed/store.ts';
import { DEMO_COUPONS } from '../seed/promotions.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer({ cartOperationPauseMs: 40 });
});
after(async () => {
  await s?.close();
});

const CART = '/carts/current';
interface Product {
  id: string;
  sku: string;
  name: string;
}

/** Active, guest-priced (store book, one-time) products matching a filter, by SKU. */
async function priced(
  filter: (p: {
    sku: string;
    qty_min: string;
    qty_max: string;
    qty_increment: string;
    fulfilment: string;
    id: string;
  }) => boolean,
  n = 1,
): Promise<Product[]> {
  const rows = await s.db.db
    .selectFrom('product')
    .innerJoin('price_book_entry', 'price_book_entry.product_id', 'product.id')
    .select([
      'product.id',
      'product.sku',
      'product.name',
      'product.qty_min',
      'product.qty_max',
      'product.qty_increment',
      'product.fulfilment',
    ])
    .where('price_book_entry.price_book_id', '=', PRICE_BOOK_IDS.store)
    .where('price_book_entry.selling_model_id', 'is', null)
    .where('product.is_active', '=', 1)
    .where('product.product_class', 'in', ['Simple', 'Variation'])
    .where('product.sku', 'not like', 'PX-%')
    .orderBy('product.sku')
    .execute();
  const out = rows.filter(filter);
  assert.ok(out.length >= n, `need ${n} products, found ${out.length}`);
  return out.slice(0, n);
}
const onceOnly = (p: { qty_max: string; sku: string }) => p.qty_max === '1' && p.sku.startsWith('DS-');

/** Products of a category subtree (by category name), priced for guests. */
async function inCategory(name: string, n: number): Promise<Product[]> {
  const cats = await s.db.db.selectFrom('category').select(['id', 'parent_id', 'name']).execute();
  const root = cats.find((c) => c.name === name)!;
  const ids = new Set([root.id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of cats)
      if (c.parent_id && ids.has(c.parent_id) && !ids.has(c.id)) {
        ids.add(c.id);
        grew = true;
      }
  }
  const members = await s.db.db
    .selectFrom('product_category')
    .select('product_id')
    .where('category_id', 'in', [...ids])
    .execute();
  const set = new Set(members.map((m) => m.product_id));
  return priced((p) => set.has(p.id) && onceOnly(p), n);
}

const add = (a: Agent, productId: string, quantity: string | number = '1', extra: Record<string, unknown> = {}) =>
  a.post(`/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}${CART}/cart-items`, {
    productId,
    quantity,
    type: 'Product',
    ...extra,
  });
const api = (a: Agent, method: 'post' | 'patch' | 'put', path: string, body?: unknown) =>
  a[method](`/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}${path}`, body);
const del = (a: Agent, path: string) =>
  a.get(`/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}${path}`, {
    method: 'DELETE',
    headers: { 'x-csrf-token': a.cookies.get('csrf_token') ?? '' },
  });
const compact = async (a: Agent) => (await a.api('/carts/compact-summary')).body;
const cents = (amount: string) => Math.round(Number(amount) * 100);
/** percent of an amount in cents, rounded half-up, in integers (no float rounding surprises). */
const pct = (amountCents: number, percent: number) => Math.floor((amountCents * percent + 50) / 100);

describe('a guest cart', () => {
  test('current is empty until the first write; PUT carts makes it once and sets an httpOnly session cookie', async () => {
    const a = s.agent();
    const empty = await a.api(CART);
    assert.equal(empty.status, 200);
    assert.equal(empty.body.cartId, null);
    assert.equal(empty.body.totalProductCount, '0');
    assert.equal(a.cookies.has('sid'), false, 'reading makes no session');
    const made = await api(a, 'put', '/carts');
    assert.equal(made.status, 201);
    assert.match(made.body.cartId, /^0a6[A-Za-z0-9]{15}$/);
    assert.equal(made.body.status, 'Active');
    assert.equal(made.body.asyncOperationStatus, 'Completed');
    assert.ok(a.cookies.has('sid'));
    assert.match(made.headers.getSetCookie().find((c) => c.startsWith('sid='))!, /HttpOnly/i);
    const again = await api(a, 'put', '/carts/current');
    assert.equal(again.status, 200);
    assert.equal(again.body.cartId, made.body.cartId);
    assert.deepEqual(await compact(a), {
      cartId: made.body.cartId,
      currencyIsoCode: 'USD',
      totalProductCount: '0',
      uniqueProductCount: 0,
      asyncOperationStatus: 'Completed',
      totalProductAmount: '0.00',
      totalPromotionalAdjustmentAmount: '0.00',
      grandTotalAmount: '0.00',
    });
  });

  test('a once-only dataset is added once; adding it again is MAX_LIMIT_EXCEEDED and changes nothing', async () => {
    const a = s.agent();
    const [ds] = await priced(onceOnly);
    const added = await add(a, ds!.id);
    assert.equal(added.status, 201);
    assert.equal(added.body.productId, ds!.id);
    assert.equal(added.body.quantity, '1');
    assert.equal(added.body.productDetails.sku, ds!.sku);
    assert.equal(added.body.totalPrice, added.body.salesPrice);
    const before = await compact(a);
    assert.equal(before.totalProductCount, '1');
    const again = await add(a, ds!.id);
    assert.equal(again.status, 409);
    assert.equal(errorOf(again).errorCode, 'MAX_LIMIT_EXCEEDED');
    assert.deepEqual(await compact(a), before);
  });

  test('a product the buyer is not entitled to, an unknown one, a malformed id: refused, nothing added', async () => {
    const a = s.agent();
    const [ds] = await priced(onceOnly);
    await add(a, ds!.id);
    const before = await compact(a);
    const partner = await s.db.db
      .selectFrom('product')
      .select('id')
      .where('sku', '=', 'PX-00001')
      .executeTakeFirstOrThrow();
    const refused = await add(a, partner.id);
    assert.equal(refused.status, 404);
    assert.equal(errorOf(refused).errorCode, 'ITEM_NOT_FOUND');
    assert.equal((await add(a, '01t999999999999AAA')).status, 404);
    const bad = await add(a, 'not-an-id');
    assert.equal(bad.status, 400);
    assert.equal(errorOf(bad).errorCode, 'INVALID_ID_FIELD');
    assert.deepEqual(await compact(a), before);
  });

  test('negative, zero, fractional and non-numeric quantities are 400s; unknown body fields too', async () => {
    const a = s.agent();
    const [ds] = await priced(onceOnly);
    for (const q of ['-1', '0', '1.5', 'abc', -2, 0.5]) {
      const res = await add(a, ds!.id, q);
      assert.equal(res.status, 400, `quantity ${q}`);
      assert.equal(errorOf(res).errorCode, 'INVALID_API_INPUT');
    }
    const extra = await api(a, 'post', `${CART}/cart-items`, { productId: ds!.id, quantity: '1', price: '0.01' });
    assert.equal(extra.status, 400);
    assert.equal((await compact(a)).totalProductCount, '0');
  });
});

describe('quantity rules and lines', () => {
  test('a seat pack takes 5, 10, 15… (CART_VALIDATION_ERROR keeps its message); PATCH follows the same rule', async () => {
    const a = s.agent();
    const [pack] = await priced((p) => p.qty_min === '5' && p.qty_increment === '5');
    const low = await add(a, pack!.id, '3');
    assert.equal(low.status, 400);
    assert.equal(errorOf(low).errorCode, 'CART_VALIDATION_ERROR');
    assert.match(errorOf(low).message, /at least 5/);
    const step = await add(a, pack!.id, '7');
    assert.equal(errorOf(step).errorCode, 'CART_VALIDATION_ERROR');
    assert.match(errorOf(step).message, /steps of 5/);
    const ok = await add(a, pack!.id, '10');
    assert.equal(ok.status, 201);
    const id = ok.body.cartItemId;
    const patched = await api(a, 'patch', `${CART}/cart-items/${id}`, { quantity: '15' });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.quantity, '15');
    assert.equal(cents(patched.body.totalPrice), cents(patched.body.salesPrice) * 15);
    const refused = await api(a, 'patch', `${CART}/cart-items/${id}`, { quantity: '12' });
    assert.equal(refused.status, 400);
    assert.equal((await compact(a)).totalProductCount, '15');
    const removed = await del(a, `${CART}/cart-items/${id}`);
    assert.equal(removed.status, 204);
    assert.equal((await compact(a)).uniqueProductCount, 0);
    assert.equal((await del(a, `${CART}/cart-items/${id}`)).status, 404);
  });

  test('volume tiers price the line at once, from the buyer\u2019s price list', async () => {
    const a = s.agent();
    const tiered = await s.db.db
      .selectFrom('price_adjustment_tier')
      .innerJoin('price_book_entry', 'price_book_entry.id', 'price_adjustment_tier.price_book_entry_id')
      .innerJoin('product', 'product.id', 'price_book_entry.product_id')
      .select(['product.id', 'product.qty_max', 'product.qty_min', 'product.fulfilment'])
      .where('price_book_entry.price_book_id', '=', PRICE_BOOK_IDS.store)
      .where('price_adjustment_tier.lower_bound', '=', 10)
      .where('product.fulfilment', '=', 'Dataset')
      .where('product.is_active', '=', 1)
      .where('product.qty_min', '=', '1')
      .execute();
    const product = tiered.find((p) => Number(p.qty_max) >= 10)!;
    assert.ok(product, 'a tiered multi-user dataset');
    const price = (await s.api(`/pricing/products/${product.id}`)).body;
    const tier = price.priceAdjustment.priceAdjustmentTiers.find((t: any) => t.lowerBound === '10');
    const one = await add(a, product.id, '1');
    assert.equal(one.body.salesPrice, price.unitPrice);
    const ten = await api(a, 'patch', `${CART}/cart-items/${one.body.cartItemId}`, { quantity: '10' });
    assert.equal(ten.body.salesPrice, tier.tierUnitPrice);
    assert.equal(ten.body.listPrice, price.listPrice);
    assert.ok(cents(tier.tierUnitPrice) < cents(price.unitPrice));
  });

  test('cart-items pages 25 at a time by default, newest first, other sorts and product fields on request', async () => {
    const a = await s.login(DEMO_USERS.consumer.email);
    const products = await priced(onceOnly, 28);
    const batch = await api(a, 'post', `${CART}/cart-items/batch`, {
      inputs: products.slice(0, 8).map((p) => ({ richInput: { productId: p.id, quantity: '1', type: 'Product' } })),
    });
    assert.equal(batch.status, 200);
    let added: any;
    for (const p of products.slice(8)) {
      added = await add(a, p.id);
      assert.equal(added.status, 201);
    }
    const page1 = await a.api(`${CART}/cart-items`);
    assert.equal(page1.status, 200);
    assert.equal(page1.body.cartItems.length, 25);
    assert.equal(page1.body.totalItemCount, 28);
    assert.equal(page1.body.totalNumberOfPages, 2);
    assert.equal(page1.body.nextPageToken, '2');
    assert.equal(page1.body.cartItems[0].status, 'Success');
    assert.equal(page1.body.cartItems[0].cartItem.productId, products[27]!.id, 'newest first');
    assert.equal(page1.body.cartSummary.uniqueProductCount, 28);
    // A line's product: its name, SKU, link, image and quantity rule, and of its fields only the name and SKU
    // unless the request names others (`*` for every one).
    const newest = page1.body.cartItems[0].cartItem.productDetails;
    assert.deepEqual(newest.fields, { Name: products[27]!.name, StockKeepingUnit: products[27]!.sku });
    assert.equal(newest.sku, products[27]!.sku);
    assert.ok(newest.productUrlName && newest.thumbnailImage?.url && newest.purchaseQuantityRule?.minimum);
    const everyField = (await a.api(`${CART}/cart-items?productFields=*`)).body.cartItems[0].cartItem.productDetails;
    assert.match(everyField.fields.B2B_Record_Count__c, /^\d+$/);
    assert.deepEqual({ ...everyField, fields: {} }, { ...newest, fields: {} }, 'the rest of the product alike');
    assert.deepEqual(added.body.productDetails, newest, 'the add answered with the line as the page shows it');
    const page2 = await a.api(`${CART}/cart-items?pageNumber=2`);
    assert.equal(page2.body.cartItems.length, 3);
    assert.equal(page2.body.cartItems.at(-1).cartItem.productId, products[0]!.id);
    const byName = await a.api(`${CART}/cart-items?sort=NameAsc&pageSize=100&productFields=Name`);
    const names = byName.body.cartItems.map((i: any) => i.cartItem.name);
    assert.deepEqual(
      names,
      [...names].sort((x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)),
    );
    assert.deepEqual(Object.keys(byName.body.cartItems[0].cartItem.productDetails.fields), ['Name']);
    assert.equal((await a.api(`${CART}/cart-items?pageSize=101`)).status, 400);
    assert.equal((await a.api(`${CART}/cart-items?sort=Cheapest`)).status, 400);
    assert.equal((await del(a, CART)).status, 204);
    assert.equal((await a.api(CART)).body.cartId, null);
  });

  test('a line whose product the store stopped selling after the add stays, with its name and SKU, not an error', async () => {
    const a = s.agent();
    const [kept, withdrawn] = await priced(onceOnly, 2);
    for (const p of [kept!, withdrawn!]) assert.equal((await add(a, p.id)).status, 201);
    await s.db.db.updateTable('product').set({ is_active: 0 }).where('id', '=', withdrawn!.id).execute();
    try {
      const page = await a.api(`${CART}/cart-items`);
      assert.equal(page.status, 200);
      const lines = page.body.cartItems.map((i: any) => i.cartItem);
      assert.deepEqual(lines.map((l: any) => l.productId).sort(), [kept!.id, withdrawn!.id].sort());
      const gone = lines.find((l: any) => l.productId === withdrawn!.id);
      assert.equal(gone.name, withdrawn!.name);
      assert.equal(gone.productDetails.sku, withdrawn!.sku);
      assert.equal(gone.productDetails.thumbnailImage, null);
      const shown = lines.find((l: any) => l.productId === kept!.id);
      assert.ok(shown.productDetails.thumbnailImage, 'a product still sold keeps its image');
      assert.equal((await del(a, `${CART}/cart-items/${gone.cartItemId}`)).status, 204, 'and can be removed');
    } finally {
      await s.db.db.updateTable('product').set({ is_active: 1 }).where('id', '=', withdrawn!.id).execute();
    }
  });
});

describe('stock', () => {
  test('a printed directory takes no more than its stock; out of stock is refused', async () => {
    const levels = await s.db.db
      .selectFrom('inventory_level')
      .innerJoin('product', 'product.id', 'inventory_level.product_id')
      .select(['product.id', 'inventory_level.on_hand', 'inventory_level.reserved'])
      .where('product.is_active', '=', 1)
      .execute();
    const stock = new Map<string, number>();
    for (const l of levels) stock.set(l.id, (stock.get(l.id) ?? 0) + Math.max(0, l.on_hand - l.reserved));
    const empty = [...stock].find(([, n]) => n === 0)![0];
    const a = s.agent();
    const none = await add(a, empty);
    assert.equal(none.status, 409);
    assert.equal(errorOf(none).errorCode, 'INSUFFICIENT_INVENTORY');
    const [id, n] = [...stock].find(([, q]) => q > 0 && q < 50)!;
    const over = await add(a, id, String(n + 1));
    assert.equal(over.status, 409);
    assert.equal(errorOf(over).errorCode, 'INSUFFICIENT_INVENTORY');
    assert.match(errorOf(over).message, new RegExp(`Only ${n}`));
    assert.equal((await compact(a)).totalProductCount, '0');
  });

  test('a reservation holds stock from other carts until it lapses', async () => {
    const levels = await s.db.db
      .selectFrom('inventory_level')
      .innerJoin('product', 'product.id', 'inventory_level.product_id')
      .select(['product.id', 'inventory_level.on_hand', 'inventory_level.reserved'])
      .where('product.is_active', '=', 1)
      .execute();
    const stock = new Map<string, number>();
    for (const l of levels) stock.set(l.id, (stock.get(l.id) ?? 0) + Math.max(0, l.on_hand - l.reserved));
    const [id, n] = [...stock].filter(([, q]) => q > 1 && q <= 50).at(-1)!;
    const holder = s.agent();
    const other = s.agent();
    assert.equal((await add(holder, id, String(n))).status, 201);
    const held = await api(holder, 'put', `${CART}/inventory-reservations`, { durationInSeconds: 1 });
    assert.equal(held.status, 200);
    assert.deepEqual(
      held.body.reservations.map((r: any) => [r.productId, r.quantity]),
      [[id, String(n)]],
    );
    const scope = encodeURIComponent(`webStoreId Eq '${WEBSTORE_ID}'`);
    const group = (await s.api('/application-context')).body.inventoryConfiguration.inventoryDefaultSource
      .locationSourceId;
    const orderable = async () =>
      (
        await s.get(
          `/services/data/v65.0/commerce/inventory/levels?scope=${scope}&products=${id}&locationgroups=${group}`,
        )
      ).body.totalInventory[0].availableToOrder;
    assert.equal(await orderable(), 0, 'inventory levels show the held stock as not orderable');
    const blocked = await add(other, id, '1');
    assert.equal(blocked.status, 409);
    assert.equal(errorOf(blocked).errorCode, 'INSUFFICIENT_INVENTORY');
    assert.equal((await api(holder, 'put', `${CART}/inventory-reservations`, { durationInSeconds: 0 })).status, 400);
    await new Promise((r) => setTimeout(r, 1100));
    assert.equal(await orderable(), n);
    assert.equal((await add(other, id, '1')).status, 201, 'the lapsed reservation no longer holds the stock');
  });
});

describe('coupons and promotions', () => {
  test('a coupon takes its discount off each line; unknown and expired codes are refused; at most two', async () => {
    const a = s.agent();
    const [ds] = await priced((p) => onceOnly(p));
    const item = (await add(a, ds!.id)).body;
    const base = cents(item.totalPrice);
    const unknown = await api(a, 'post', `${CART}/cart-coupons`, { couponCode: 'NOPE' });
    assert.equal(unknown.status, 400);
    assert.equal(errorOf(unknown).errorCode, 'INVALID_COUPON');
    const expired = await api(a, 'post', `${CART}/cart-coupons`, { couponCode: DEMO_COUPONS.spring });
    assert.equal(expired.status, 400);
    assert.equal((await a.api(`${CART}/cart-coupons`)).body.cartCoupons.coupons.length, 0);
    assert.equal((await compact(a)).totalPromotionalAdjustmentAmount, item.totalAdjustmentAmount);

    const applied = await api(a, 'post', `${CART}/cart-coupons`, { couponCode: 'welcome10' });
    assert.equal(applied.status, 201);
    assert.deepEqual(
      applied.body.cartCoupons.coupons.map((c: any) => c.couponCode),
      ['WELCOME10'],
    );
    const lines = (await a.api(`${CART}/cart-items`)).body;
    const line = lines.cartItems[0].cartItem;
    const welcome = line.adjustments.find((x: any) => x.couponCode === 'WELCOME10');
    assert.ok(welcome, 'the line shows the coupon\u2019s adjustment');
    assert.equal(
      cents(welcome.adjustmentAmount),
      -pct(base, 10),
      'the coupon has the first priority: 10% of the full price',
    );
    assert.equal(
      cents(lines.cartSummary.grandTotalAmount),
      cents(lines.cartSummary.totalProductAmount) +
        cents(lines.cartSummary.totalPromotionalAdjustmentAmount) +
        cents(lines.cartSummary.totalTaxAmount),
    );
    assert.ok(
      lines.cartPromotions.promotions.promotions.some(
        (p: any) => p.couponCode === 'WELCOME10' && p.adjustmentAmount === welcome.adjustmentAmount,
      ),
    );

    const promotions = await a.api('/carts/active/promotions');
    assert.equal(promotions.status, 200);
    assert.deepEqual(
      promotions.body.promotions.promotions.map((p: any) => [p.displayName, p.adjustmentAmount, p.targetType]),
      lines.cartPromotions.promotions.promotions.map((p: any) => [p.displayName, p.adjustmentAmount, p.targetType]),
    );
    // The promotions' terms are kept per the store's promotions version: a change made anywhere (here straight in
    // the database, as another process would) shows on the next read.
    const welcomeId = promotions.body.promotions.promotions.find((p: any) => p.couponCode === 'WELCOME10').promotionId;
    await s.db.db
      .updateTable('promotion')
      .set({ terms: 'Changed terms: one use per order.' })
      .where('id', '=', welcomeId)
      .execute();
    const changed = (await a.api('/carts/active/promotions')).body.promotions.promotions;
    assert.equal(
      changed.find((p: any) => p.promotionId === welcomeId).termsAndConditions,
      'Changed terms: one use per order.',
    );
    assert.equal(
      (await s.agent().api('/carts/active')).status,
      404,
      'active without a cart is an error, unlike current',
    );
    assert.equal((await api(a, 'post', `${CART}/cart-coupons`, { couponCode: DEMO_COUPONS.thanks })).status, 201);
    const third = await api(a, 'post', `${CART}/cart-coupons`, { couponCode: DEMO_COUPONS.data25 });
    assert.equal(third.status, 409);
    assert.equal(errorOf(third).errorCode, 'MAX_LIMIT_EXCEEDED');
    const coupons = (await a.api(`${CART}/cart-coupons`)).body.cartCoupons.coupons;
    assert.equal(coupons.length, 2);
    const removed = await del(a, `${CART}/cart-coupons/${coupons[0].cartCouponId}`);
    assert.equal(removed.status, 204);
    const after = (await a.api(`${CART}/cart-items`)).body.cartItems[0].cartItem;
    assert.equal(
      after.adjustments.some((x: any) => x.couponCode === 'WELCOME10'),
      false,
    );
  });

  test('stacking: an automatic category promotion and a coupon compound; a cart tier applies from 3 datasets', async () => {
    const a = s.agent();
    const listed = await inCategory('Services', 3);
    const first = (await add(a, listed[0]!.id)).body;
    const price = cents(first.salesPrice);
    assert.equal(cents(first.totalAdjustmentAmount), -pct(price, 15), 'Services lists: 15% off, automatically');
    await api(a, 'post', `${CART}/cart-coupons`, { couponCode: DEMO_COUPONS.welcome });
    const line = (await a.api(`${CART}/cart-items`)).body.cartItems[0].cartItem;
    // By priority: the coupon (10) first on the full price, then the category promotion (20) on what is left.
    const welcome = pct(price, 10);
    const services = pct(price - welcome, 15);
    assert.deepEqual(
      line.adjustments.map((x: any) => [x.displayName, cents(x.adjustmentAmount)]),
      [
        ['Welcome: 10% off', -welcome],
        ['Services lists: 15% off', -services],
      ],
    );
    assert.equal(cents(line.totalAdjustmentAmount), -(welcome + services));
    await add(a, listed[1]!.id);
    await add(a, listed[2]!.id);
    const summary = (await a.api(CART)).body;
    const lines = (await a.api(`${CART}/cart-items`)).body;
    const afterItems = lines.cartItems.reduce((n: number, r: any) => n + cents(r.cartItem.totalAmount), 0);
    assert.equal(
      cents(summary.totalCartLevelAdjustmentAmount),
      -pct(afterItems, 5),
      'buy more, save more: 5% from 3 datasets',
    );
    assert.ok(
      lines.cartPromotions.promotions.promotions.some(
        (p: any) => p.targetType === 'Cart' && p.displayName === 'Buy more, save more',
      ),
    );
  });

  test('an exclusive partner promotion stands alone for a wholesale buyer', async () => {
    const a = await s.login(DEMO_USERS.buyer.email);
    const [ds] = await inCategory('Services', 1);
    const line = (await add(a, ds!.id)).body;
    await api(a, 'post', `${CART}/cart-coupons`, { couponCode: DEMO_COUPONS.welcome });
    const after = (await a.api(`${CART}/cart-items`)).body.cartItems[0].cartItem;
    assert.deepEqual(
      after.adjustments.map((x: any) => x.displayName),
      ['Partner pricing: 20% off everything'],
    );
    assert.equal(cents(after.totalAdjustmentAmount), -pct(cents(line.salesPrice), 20));
    await del(a, CART);
  });

  test('promotions/products, evaluate-products and evaluate answer without touching a cart', async () => {
    const [ds] = await inCategory('Services', 1);
    const listed = await s.api(`/promotions/products?productIds=${ds!.id}`);
    assert.equal(listed.status, 200);
    const names = listed.body.promotionProducts[0].promotions.map((p: any) => [p.displayName, p.requiresCoupon]);
    assert.ok(names.some(([n, c]: [string, boolean]) => n === 'Services lists: 15% off' && !c));
    assert.ok(names.some(([n, c]: [string, boolean]) => n === 'Welcome: 10% off' && c));
    assert.ok(!names.some(([n]: [string]) => n.startsWith('Spring')), 'ended promotions are not offered');
    assert.ok(!names.some(([n]: [string]) => n.startsWith('Partner')), 'promotions for other buyers are not shown');

    const a = s.agent();
    const evaluated = await a.post('/services/data/v65.0/commerce/promotions/actions/evaluate-products', {
      webStoreId: WEBSTORE_ID,
      products: [{ productId: ds!.id }],
    });
    assert.equal(evaluated.status, 200);
    const r = evaluated.body.promotionProductEvaluationResults[0];
    assert.equal(r.isSuccess, true);
    assert.equal(cents(r.promotionalPrice), cents(r.salesPrice) - pct(cents(r.salesPrice), 15));
    assert.deepEqual(
      r.promotionPriceAdjustmentList.map((p: any) => p.displayName),
      ['Services lists: 15% off'],
    );

    const dry = await a.post('/services/data/v65.0/commerce/promotions/actions/evaluate', {
      webStoreId: WEBSTORE_ID,
      couponCodes: ['WELCOME10', 'BOGUS'],
      cart: { cartItems: [{ product2Id: ds!.id, quantity: '1', salesPrice: '100.00' }] },
    });
    assert.equal(dry.status, 200);
    assert.equal(dry.body.cart.cartItems[0].totalNetAmount, '76.50', '15% then 10%');
    assert.deepEqual(
      dry.body.coupons.map((c: any) => [c.couponCode, c.isValidCoupon]),
      [
        ['WELCOME10', true],
        ['BOGUS', false],
      ],
    );
    assert.equal(a.cookies.has('sid'), false, 'no cart, no session');
    const bad = await a.post('/services/data/v65.0/commerce/promotions/actions/evaluate', {
      webStoreId: WEBSTORE_ID,
      cart: { cartItems: [{ product2Id: ds!.id, quantity: '-1', salesPrice: '1' }] },
    });
    assert.equal(bad.status, 400);
    assert.equal((await s.api('/promotions/products')).status, 400);
  });
});

describe('the guest cart at login', () => {
  test('is merged once into the shopper\u2019s cart, with its error count; the guest cart is gone', async () => {
    const [shared, mine] = await priced(onceOnly, 2);
    const [pack] = await priced((p) => p.qty_min === '5' && p.qty_increment === '5');
    const shopper = await s.login(DEMO_USERS.consumer.email);
    assert.equal((await add(shopper, shared!.id)).status, 201);

    const guest = s.agent();
    await add(guest, shared!.id);
    await add(guest, mine!.id);
    await add(guest, pack!.id, '5');
    await api(guest, 'post', `${CART}/cart-coupons`, { couponCode: DEMO_COUPONS.welcome });
    const guestCartId = (await guest.api(CART)).body.cartId;

    const login = await guest.post('/services/auth/login', {
      email: DEMO_USERS.consumer.email,
      password: 'Datasets2026!',
    });
    assert.equal(login.status, 200);
    assert.equal(login.body.cartMerge.mergedLineCount, 2);
    assert.equal(login.body.cartMerge.errorCount, 1, 'the dataset already in the shopper\u2019s cart');
    const cart = (await guest.api(`${CART}/cart-items`)).body;
    assert.deepEqual(
      cart.cartItems.map((i: any) => i.cartItem.productId).sort(),
      [shared!.id, mine!.id, pack!.id].sort(),
    );
    assert.deepEqual(
      cart.cartCoupons.cartCoupons.coupons.map((c: any) => c.couponCode),
      ['WELCOME10'],
    );
    assert.equal(
      (await shopper.api(CART)).body.cartId,
      cart.cartSummary.cartId,
      'the shopper\u2019s other session sees the same cart',
    );

    const preserved = await api(guest, 'post', `/carts/${guestCartId}/actions/preserve`);
    assert.equal(preserved.status, 200);
    assert.deepEqual([preserved.body.mergedLineCount, preserved.body.errorCount], [2, 1]);
    assert.equal((await guest.api(`/carts/${guestCartId}`)).status, 404, 'the guest cart is gone');
    const relogin = await guest.post('/services/auth/login', {
      email: DEMO_USERS.consumer.email,
      password: 'Datasets2026!',
    });
    assert.equal(relogin.body.cartMerge, null, 'nothing to merge a second time');
    assert.equal((await guest.api('/carts/compact-summary')).body.uniqueProductCount, 3);
    await del(guest, CART);
  });
});

describe('background batch adds', () => {
  test('a large batch answers 202, reports Processing, refuses other changes meanwhile, then completes', async () => {
    const a = await s.login(DEMO_USERS.consumer.email);
    await del(a, CART);
    const products = await priced(onceOnly, 30);
    const started = await api(a, 'post', `${CART}/cart-items/batch`, {
      inputs: products.map((p) => ({ richInput: { productId: p.id, quantity: '1', type: 'Product' } })),
    });
    assert.equal(started.status, 202);
    assert.equal(started.body.asyncOperationStatus, 'Processing');
    assert.equal((await compact(a)).asyncOperationStatus, 'Processing');
    const busy = await add(a, products[0]!.id);
    assert.equal(busy.status, 409);
    assert.equal(errorOf(busy).errorCode, 'CART_PROCESSING');
    let summary = await compact(a);
    for (let i = 0; i < 100 && summary.asyncOperationStatus === 'Processing'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      summary = await compact(a);
    }
    assert.equal(summary.asyncOperationStatus, 'Completed');
    assert.equal(summary.uniqueProductCount, 30);
    assert.equal(summary.totalProductCount, '30');
    await del(a, CART);
  });

  test('a small batch answers each line in order, errors included', async () => {
    const a = s.agent();
    const [one, two] = await priced(onceOnly, 2);
    const res = await api(a, 'post', `${CART}/cart-items/batch`, {
      inputs: [
        { richInput: { productId: one!.id, quantity: '1' } },
        { richInput: { productId: one!.id, quantity: '1' } },
        { richInput: { productId: two!.id, quantity: '2' } },
      ],
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.hasErrors, true);
    assert.deepEqual(
      res.body.results.map((r: any) => r.statusCode),
      [201, 409, 400],
    );
    assert.equal(res.body.results[0].result.productId, one!.id);
    assert.equal(res.body.results[1].result[0].errorCode, 'MAX_LIMIT_EXCEEDED');
    assert.equal(res.body.results[2].result[0].errorCode, 'CART_VALIDATION_ERROR');
    assert.equal((await api(a, 'post', `${CART}/cart-items/batch`, { inputs: [] })).status, 400);
  });
});

describe('whose cart', () => {
  test('another shopper\u2019s cart id is a 404 and changes nothing; a malformed id is a 400', async () => {
    const owner = await s.login(DEMO_USERS.consumer.email);
    const [ds, other] = await priced(onceOnly, 2);
    await add(owner, ds!.id);
    const cartId = (await owner.api(CART)).body.cartId;
    const before = await compact(owner);
    for (const intruder of [s.agent(), await s.login(DEMO_USERS.buyer.email)]) {
      assert.equal((await intruder.api(`/carts/${cartId}`)).status, 404);
      assert.equal((await intruder.api(`/carts/${cartId}/cart-items`)).status, 404);
      const added = await api(intruder, 'post', `/carts/${cartId}/cart-items`, { productId: other!.id, quantity: '1' });
      assert.equal(added.status, 404);
      assert.equal(errorOf(added).errorCode, 'ITEM_NOT_FOUND');
      assert.equal((await del(intruder, `/carts/${cartId}`)).status, 404);
    }
    assert.deepEqual(await compact(owner), before);
    const malformed = await owner.api('/carts/0a6!bad');
    assert.equal(malformed.status, 400);
    await del(owner, CART);
  });

  test('without the CSRF token a cart write is refused', async () => {
    const a = s.agent();
    await a.api('/session-context');
    const [ds] = await priced(onceOnly);
    const res = await a.post(
      `/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}${CART}/cart-items`,
      { productId: ds!.id, quantity: '1' },
      { headers: { 'x-csrf-token': 'wrong' } },
    );
    assert.equal(res.status, 403);
    assert.equal(a.cookies.has('sid'), false);
  });
});

describe('delivery groups and copies', () => {
  test('the default group, a new one, arrange-items (202 then done), update and delete', async () => {
    const a = s.agent();
    const [one, two] = await priced(onceOnly, 2);
    const first = (await add(a, one!.id)).body;
    await add(a, two!.id);
    const list = await a.api(`${CART}/delivery-groups?cartItemLimit=5`);
    assert.equal(list.status, 200);
    assert.equal(list.body.deliveryGroups.length, 1);
    assert.equal(list.body.deliveryGroups[0].isDefault, true);
    assert.equal(list.body.deliveryGroups[0].totalCartItemCount, 2);
    assert.equal(list.body.deliveryGroups[0].cartItems.length, 2);
    const bad = await api(a, 'post', `${CART}/delivery-groups`, {
      name: 'Moon office',
      deliveryAddress: { country: 'ZZ', city: 'Tranquility' },
    });
    assert.equal(bad.status, 400);
    const made = await api(a, 'post', `${CART}/delivery-groups`, {
      name: 'Austin office',
      deliveryAddress: { street: '48 Congress Ave', city: 'Austin', region: 'TX', postalCode: '78701', country: 'us' },
    });
    assert.equal(made.status, 201);
    assert.equal(made.body.deliveryAddress.country, 'US');
    const moved = await api(a, 'post', `${CART}/delivery-groups/actions/arrange-items`, {
      arrangements: [{ deliveryGroupId: made.body.id, cartItemIds: [first.cartItemId] }],
    });
    assert.equal(moved.status, 202);
    let group = (await a.api(`${CART}/delivery-groups/${made.body.id}?cartItemLimit=5`)).body;
    for (let i = 0; i < 60 && group.totalCartItemCount === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      group = (await a.api(`${CART}/delivery-groups/${made.body.id}?cartItemLimit=5`)).body;
    }
    assert.equal(group.totalCartItemCount, 1);
    assert.equal(group.cartItems[0].cartItemId, first.cartItemId);
    const renamed = await api(a, 'patch', `${CART}/delivery-groups/${made.body.id}`, {
      shippingInstructions: 'Leave at reception',
    });
    assert.equal(renamed.body.shippingInstructions, 'Leave at reception');
    assert.equal(
      (
        await api(a, 'post', `${CART}/delivery-groups/actions/arrange-items`, {
          arrangements: [{ deliveryGroupId: made.body.id, cartItemIds: ['0a9000000000000AAA'] }],
        })
      ).status,
      404,
    );
    assert.equal((await del(a, `${CART}/delivery-groups/${made.body.id}`)).status, 204);
    const after = (await a.api(`${CART}/delivery-groups`)).body;
    assert.equal(after.deliveryGroups.length, 1);
    assert.equal(after.deliveryGroups[0].totalCartItemCount, 2);
    assert.equal((await del(a, `${CART}/delivery-groups/${after.deliveryGroups[0].id}`)).status, 400);
  });

  test('a PayNowReadOnly clone copies the cart and refuses changes', async () => {
    const a = s.agent();
    const [one, two] = await priced(onceOnly, 2);
    await add(a, one!.id);
    const original = (await a.api(CART)).body;
    const clone = await api(a, 'post', `${CART}/actions/clone`, { targetType: 'PayNowReadOnly' });
    assert.equal(clone.status, 201);
    assert.equal(clone.body.type, 'PayNowReadOnly');
    assert.notEqual(clone.body.cartId, original.cartId);
    assert.equal(clone.body.grandTotalAmount, original.grandTotalAmount);
    const refused = await api(a, 'post', `/carts/${clone.body.cartId}/cart-items`, {
      productId: two!.id,
      quantity: '1',
    });
    assert.equal(refused.status, 409);
    assert.equal((await a.api(CART)).body.cartId, original.cartId, 'the current cart is still the original');
    assert.equal((await api(a, 'post', `${CART}/actions/clone`, { targetType: 'Cart' })).status, 400);
  });
});

describe('store settings', () => {
  test('with guest carts off, guests get a 401 and no session; shoppers keep their carts', async () => {
    const row = await s.db.db
      .selectFrom('webstore')
      .select('settings_json')
      .where('id', '=', WEBSTORE_ID)
      .executeTakeFirstOrThrow();
    const settings = JSON.parse(row.settings_json);
    await s.db.db
      .updateTable('webstore')
      .set({ settings_json: JSON.stringify({ ...settings, guestCartEnabled: false }) })
      .where('id', '=', WEBSTORE_ID)
      .execute();
    s.services.webstores.invalidate();
    try {
      const [ds] = await priced(onceOnly);
      const guest = s.agent();
      const res = await add(guest, ds!.id);
      assert.equal(res.status, 401);
      assert.equal(guest.cookies.has('sid'), false);
      const shopper = await s.login(DEMO_USERS.consumer.email);
      assert.equal((await shopper.api(CART)).status, 200);
    } finally {
      await s.db.db
        .updateTable('webstore')
        .set({ settings_json: row.settings_json })
        .where('id', '=', WEBSTORE_ID)
        .execute();
      s.services.webstores.invalidate();
    }
  });
});
