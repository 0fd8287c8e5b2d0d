// What ai/recommendations costs on a bigger store: `node --import tsx bench/recommendations.ts [--products N]`
// (DATABASE_URL for PostgreSQL). A test server over N datasets, one real order copied into ORDERS orders of 1 to 4
// lines (popular datasets more often), VIEWS viewProduct rows over 1,000 visitors; then each recommender asked
// RUNS times over HTTP, the median and the slowest printed. Not part of npm run bench (bench/results.md).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { RECOMMENDERS } from '@store/core';
import { DEMO_USERS } from '../packages/server/src/seed/access.ts';
import { insertActivities } from '../packages/server/src/test-support/activity-rows.ts';
import { placeCardOrder, productIdOf } from '../packages/server/src/test-support/purchase.ts';
import { startTestServer } from '../packages/server/src/test-support/server.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const PRODUCTS = arg('products', 20_000);
const ORDERS = arg('orders', 5_000);
const VIEWS = arg('views', 50_000);
const RUNS = 20;

const s = await startTestServer({ products: PRODUCTS });
try {
  const db = s.db.db;
  const ids = (
    await db.selectFrom('product').select('id').where('sku', 'like', 'DS-%').where('is_active', '=', 1).execute()
  ).map((r) => r.id);
  // Popular datasets more often: a square makes low indexes likelier.
  const pick = () => ids[Math.floor(Math.random() ** 2 * ids.length)]!;
  const buyer = await s.login(DEMO_USERS.consumer.email);
  const orderId = await placeCardOrder(buyer, await productIdOf(s, 'DS-00001'));
  const order = await db.selectFrom('sales_order').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const line = await db.selectFrom('order_item').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
  let t = performance.now();
  for (let start = 0; start < ORDERS; start += 200) {
    const orders = Array.from({ length: Math.min(200, ORDERS - start) }, (_, i) => ({
      ...order,
      id: `801B${String(start + i).padStart(11, '0')}AAA`,
      order_number: `BENCH-${start + i}`,
      checkout_id: randomUUID(),
      cart_id: randomUUID(),
      payment_id: randomUUID(),
      idempotency_key: null,
    }));
    await db.insertInto('sales_order').values(orders).execute();
    const lines = orders.flatMap((o) =>
      [...new Set(Array.from({ length: 1 + Math.floor(Math.random() * 4) }, pick))].map((productId, seq) => ({
        ...line,
        id: randomUUID().slice(0, 18),
        order_id: o.id,
        product_id: productId,
        seq,
      })),
    );
    await db.insertInto('order_item').values(lines).execute();
  }
  for (let start = 0; start < VIEWS; start += 500)
    await insertActivities(
      s,
      Array.from({ length: Math.min(500, VIEWS - start) }, (_, i) => ({
        activity: 'viewProduct',
        visitor_id: `bench-visitor-${(start + i) % 1000}`,
        product_id: pick(),
        occurred_at: new Date(Date.now() - (start + i) * 1000).toISOString(),
      })),
    );
  console.log(
    `${ids.length} datasets, ${ORDERS} orders, ${VIEWS} views written in ${Math.round(performance.now() - t)} ms`,
  );
  const guest = s.agent();
  guest.cookies.set('store_aid', 'bench-visitor-7');
  const cart = await s.login(DEMO_USERS.consumer.email);
  await cart.post('/services/data/v65.0/commerce/webstores/0ZE000000000001AAA/carts/current/cart-items', {
    productId: ids[0],
    quantity: '1',
    type: 'Product',
  });
  const category = (
    await db.selectFrom('product').select('primary_category_id').where('id', '=', ids[0]!).executeTakeFirstOrThrow()
  ).primary_category_id;
  for (const recommender of RECOMMENDERS) {
    const anchor = recommender === 'TopSelling' ? `&anchorValues=${category}` : `&anchorValues=${ids[0]}`;
    const a = recommender === 'CompleteTheCart' ? cart : guest;
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < RUNS; i++) {
      t = performance.now();
      const res = await a.api(
        `/ai/recommendations?recommender=${recommender}${anchor}&includePricingAndProductInformation=true`,
      );
      times.push(performance.now() - t);
      if (res.status !== 200) throw new Error(res.text);
      count = res.body.productPage.total;
    }
    times.sort((x, y) => x - y);
    console.log(
      `${recommender.padEnd(30)} ${count} products  median ${times[RUNS >> 1]!.toFixed(1)} ms  slowest ${times.at(-1)!.toFixed(1)} ms`,
    );
  }
} finally {
  await s.close();
}
