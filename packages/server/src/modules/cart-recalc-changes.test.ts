// An add to cart is recalculated in proportion to what it changed (issue 20): it reads and prices the lines it
// wrote and moves the cart's kept totals by their difference; so are a quantity change and a removal. Over real
// HTTP against a real database (SQLite, or PostgreSQL with DATABASE_URL): after each the cart is exactly what a
// whole recalculation makes of it; each reads the same statements and no other line whatever the cart holds;
// and what the kept totals were worked out under (here, the instant a promotion starts) sends the next change
// back to every line.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TableNode, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { startTestServer, type Agent, type TestServer } from '../test-support/server.ts';
import { PRICE_BOOK_IDS, SELLING_MODEL_IDS, WEBSTORE_ID } from '../seed/store.ts';
import { DEMO_COUPONS } from '../seed/promotions.ts';
import { ASYNC_BATCH_THRESHOLD } from '../services/carts/cart-operations.ts';

/** What the server's queries read while `on`: statements, and rows of cart lines. */
const reads = { on: false, statements: 0, cartLines: 0, lineQueries: new WeakSet<object>() };
const fromCartItem = (node: RootOperationNode) =>
  node.kind === 'SelectQueryNode' &&
  (node.from?.froms ?? []).some((f) => TableNode.is(f) && f.table.identifier.name === 'cart_item');
const counting: KyselyPlugin = {
  transformQuery: (args) => {
    if (reads.on && fromCartItem(args.node)) reads.lineQueries.add(args.queryId);
    return args.node;
  },
  transformResult: async (args) => {
    if (reads.on) {
      reads.statements++;
      if (reads.lineQueries.has(args.queryId)) reads.cartLines += args.result.rows.length;
    }
    return args.result;
  },
};

let s: TestServer;
before(async () => {
  s = await startTestServer({ plugins: [counting] });
});
after(async () => {
  await s?.close();
});

const STORE = `/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}`;
const CART = `${STORE}/carts/current`;

/** Products a guest can buy on the store's price book, with the selling model they are priced on. */
async function guestProducts() {
  const rows = await s.db.db
    .selectFrom('product')
    .innerJoin('price_book_entry', 'price_book_entry.product_id', 'product.id')
    .select(['product.id', 'product.sku', 'product.fulfilment', 'product.qty_max', 'price_book_entry.selling_model_id'])
    .where('price_book_entry.price_book_id', '=', PRICE_BOOK_IDS.store)
    .where('price_book_entry.is_active', '=', 1)
    .where('product.is_active', '=', 1)
    .where('product.product_class', '=', 'Simple')
    .orderBy('product.sku')
    .execute();
  const oneTime = rows.filter((r) => r.selling_model_id === null);
  return {
    datasets: oneTime.filter((r) => r.fulfilment === 'Dataset' && r.qty_max === '1').map((r) => r.id),
    printed: oneTime.filter((r) => r.fulfilment === 'Physical' && r.qty_max !== '1').map((r) => r.id),
    feeds: rows.filter((r) => r.selling_model_id === SELLING_MODEL_IDS.monthlyRefresh).map((r) => r.id),
    annual: rows.filter((r) => r.selling_model_id === SELLING_MODEL_IDS.annual).map((r) => r.id),
  };
}

const add = (a: Agent, productId: string, more: Record<string, unknown> = {}) =>
  a.post(`${CART}/cart-items`, { productId, quantity: '1', type: 'Product', ...more });

/** Every amount the shopper sees of the cart: totals, each line's money and adjustments, the promotions. */
async function money(a: Agent) {
  const page = (await a.get(`${CART}/cart-items?pageSize=100`)).body;
  const { cartId: _id, ...summary } = page.cartSummary;
  const lines = page.cartItems.map(({ cartItem: i }: any) => [
    i.cartItemId,
    i.quantity,
    i.totalAmount,
    i.totalAdjustmentAmount,
    i.totalTax,
    i.adjustments.map((x: any) => [x.promotionId, x.adjustmentAmount, x.couponCode]),
  ]);
  const promotions = (await a.get(`${STORE}/carts/active/promotions`)).body.promotions.promotions.map((p: any) => [
    p.promotionId,
    p.adjustmentAmount,
    p.couponCode,
    p.targetType,
  ]);
  return { summary, lines, promotions };
}

/** The cart row's kept totals, as the recalculation wrote them. */
async function kept(a: Agent) {
  const { cartId } = (await a.get(CART)).body;
  const row = await s.db.db.selectFrom('cart').selectAll().where('id', '=', cartId).executeTakeFirstOrThrow();
  const { version: _v, updated_at: _u, recalc_basis: _b, ...totals } = row;
  return { totals, basis: row.recalc_basis };
}

/**
 * A change that names no lines (the gift options, set to what they are) makes the recalculation read every line:
 * the cart as a whole recalculation has it.
 */
async function wholeRecalculation(a: Agent) {
  const r = await a.put(`${CART}/gift-options`, {});
  assert.equal(r.status, 200, JSON.stringify(r.body));
}

/** The id of the cart's line of a product. */
async function lineOf(a: Agent, productId: string): Promise<string> {
  const page = (await a.get(`${CART}/cart-items?pageSize=100`)).body;
  return page.cartItems.find(({ cartItem }: any) => cartItem.productId === productId).cartItem.cartItemId;
}

describe('cart recalculation in proportion to the change', () => {
  test('after every kind of line change the cart is what a whole recalculation makes of it', async () => {
    const p = await guestProducts();
    assert.ok(p.datasets.length >= 8 && p.printed.length >= 1 && p.feeds.length >= 1 && p.annual.length >= 1);
    const a = s.agent();
    const steps: Array<[string, () => Promise<{ status: number; body: any }>]> = [
      ['a dataset', () => add(a, p.datasets[0]!)],
      ['a second dataset', () => add(a, p.datasets[1]!)],
      ['the welcome coupon', () => a.post(`${CART}/cart-coupons`, { couponCode: DEMO_COUPONS.welcome })],
      ['a monthly feed', () => add(a, p.feeds[0]!, { productSellingModelId: SELLING_MODEL_IDS.monthlyRefresh })],
      ['two printed directories', () => add(a, p.printed[0]!, { quantity: '2' })],
      ['one more of the same directory', () => add(a, p.printed[0]!)],
      ['an annual subscription', () => add(a, p.annual[0]!, { productSellingModelId: SELLING_MODEL_IDS.annual })],
      ['a third dataset (the cart tier)', () => add(a, p.datasets[2]!)],
      ['the $25 coupon', () => a.post(`${CART}/cart-coupons`, { couponCode: DEMO_COUPONS.data25 })],
      ['a fourth dataset', () => add(a, p.datasets[3]!)],
      [
        'the directories\u2019 quantity set to 5',
        async () => a.patch(`${CART}/cart-items/${await lineOf(a, p.printed[0]!)}`, { quantity: '5' }),
      ],
      ['the second dataset removed', async () => a.delete(`${CART}/cart-items/${await lineOf(a, p.datasets[1]!)}`)],
      ['the feed removed', async () => a.delete(`${CART}/cart-items/${await lineOf(a, p.feeds[0]!)}`)],
      [
        'a batch of three datasets',
        () =>
          a.post(`${CART}/cart-items/batch`, {
            inputs: p.datasets
              .slice(4, 7)
              .map((productId) => ({ richInput: { productId, quantity: '1', type: 'Product' } })),
          }),
      ],
    ];
    let proportional = 0;
    for (const [what, step] of steps) {
      const r = await step();
      assert.ok([200, 201, 204].includes(r.status), `${what}: ${r.status} ${JSON.stringify(r.body)}`);
      if (r.body?.hasErrors !== undefined) assert.equal(r.body.hasErrors, false, what);
      const added = await money(a);
      const addedTotals = await kept(a);
      if (addedTotals.basis !== null) proportional++;
      await wholeRecalculation(a);
      assert.deepEqual(await money(a), added, `${what}: what the shopper sees`);
      const whole = await kept(a);
      assert.deepEqual(whole.totals, addedTotals.totals, `${what}: the cart row`);
      assert.notEqual(whole.basis, null, 'a whole recalculation keeps what it was worked out under');
    }
    assert.ok(proportional >= steps.length - 1, 'the changes after the first ran with a kept basis');
    // The cart is not trivially priced: line, category, coupon and cart promotions all apply.
    const { summary, promotions } = await money(a);
    assert.equal(summary.totalProductCount, '12');
    const targets = promotions.map((x: any) => x[3]);
    assert.ok(targets.includes('Item') && targets.includes('Cart'), JSON.stringify(promotions));
    assert.ok(promotions.some((x: any) => x[2] === DEMO_COUPONS.data25.toUpperCase() || x[2] === DEMO_COUPONS.data25));
  });

  test('an add, a quantity change and a removal read the same statements and no other line, whatever the cart holds', async () => {
    const { datasets } = await guestProducts();
    const [kept, added] = [datasets[90]!, datasets[91]!];
    /** A guest cart of `linesBefore` datasets from `offset`, and `kept`. */
    const cartOf = async (linesBefore: number, offset: number) => {
      const a = s.agent();
      // Batches of at most ASYNC_BATCH_THRESHOLD lines, which are added in the request, not in the background.
      for (let at = offset; at < offset + linesBefore; at += ASYNC_BATCH_THRESHOLD) {
        const fill = datasets.slice(at, Math.min(at + ASYNC_BATCH_THRESHOLD, offset + linesBefore));
        const r = await a.post(`${CART}/cart-items/batch`, {
          inputs: fill.map((productId) => ({ richInput: { productId, quantity: '1', type: 'Product' } })),
        });
        assert.equal(r.body.hasErrors, false);
        assert.equal(r.body.results.length, fill.length);
      }
      assert.equal((await add(a, kept)).status, 201);
      return a;
    };
    const measured = async (request: () => Promise<{ status: number }>) => {
      Object.assign(reads, { on: true, statements: 0, cartLines: 0 });
      try {
        assert.ok([200, 201, 204].includes((await request()).status));
      } finally {
        reads.on = false;
      }
      return { statements: reads.statements, cartLines: reads.cartLines };
    };
    // Both carts change the same two lines (a line's own promotions and tax decide whether its row is written
    // again); what is kept per process about the two products is read once, before either count.
    const warm = s.agent();
    for (const id of [kept, added]) assert.equal((await add(warm, id)).status, 201);
    const costs = async (a: Agent) => {
      const add_ = await measured(() => add(a, added));
      const keptLine = await lineOf(a, kept);
      const quantity = await measured(() => a.patch(`${CART}/cart-items/${keptLine}`, { quantity: '1' }));
      const addedLine = await lineOf(a, added);
      const removal = await measured(() => a.delete(`${CART}/cart-items/${addedLine}`));
      return { add: add_, quantity, removal };
    };
    const small = await costs(await cartOf(1, 20));
    const large = await costs(await cartOf(30, 30));
    for (const change of ['add', 'quantity', 'removal'] as const)
      assert.equal(large[change].statements, small[change].statements, `${change}: the same statements, 3 lines or 32`);
    assert.deepEqual(
      [large.add.cartLines, large.quantity.cartLines, large.removal.cartLines],
      [0, 2, 1],
      'lines read: none for an add of a new product; the changed line only (looked up, then read in the change)',
    );
  });

  test('a promotion that starts after the cart was worked out applies to every line at the next add', async () => {
    const { datasets } = await guestProducts();
    const startsAt = new Date(Date.now() + 1500).toISOString();
    const id = '0c8000000000099AAA';
    await s.db.db
      .insertInto('promotion')
      .values({
        id,
        webstore_id: WEBSTORE_ID,
        name: 'Flash sale: 3% off',
        terms: null,
        priority: 99,
        stacking: 'Stackable',
        target: 'Item',
        discount_json: JSON.stringify({ type: 'PercentOff', percent: '3' }),
        starts_at: startsAt,
        ends_at: null,
        product_ids_json: null,
        category_ids_json: null,
        buyer_group_ids_json: null,
        account_ids_json: null,
        one_time_only: 1,
        is_active: 1,
      })
      .execute();
    try {
      const a = s.agent();
      const flash = async () => (await money(a)).lines.map((l: any) => l[5].filter((x: any) => x[0] === id).length);
      assert.equal((await add(a, datasets[70]!)).status, 201);
      assert.equal((await add(a, datasets[71]!)).status, 201);
      assert.deepEqual(await flash(), [0, 0], 'not started yet');
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(startsAt) - Date.now() + 50)));
      assert.equal((await add(a, datasets[72]!)).status, 201);
      assert.deepEqual(await flash(), [1, 1, 1], 'started: every line, not only the new one');
    } finally {
      await s.db.db.deleteFrom('promotion').where('id', '=', id).execute();
    }
  });
});
