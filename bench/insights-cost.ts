// What one seller-insights call costs on a busy store (issue 18 item 4): a year of activities and orders made up
// in a fresh test database (SQLite, or PostgreSQL with DATABASE_URL), then the insights of the last 30 days and of
// the longest period (366 days) read through the service, the median of 5 reads each. Numbers go to the notes.
// Usage: node --import tsx bench/insights-cost.ts [activityRows=300000] [orders=20000]
import { performance } from 'node:perf_hooks';
import { addDays, SHOPPER_ACTIVITIES } from '@store/core';
import { mulberry32 } from '../packages/server/src/datasets/random.ts';
import type { OrderItemTable, SalesOrderTable, ShopperActivityTable } from '../packages/server/src/db/schema.ts';
import { WEBSTORE_ID } from '../packages/server/src/seed/store.ts';
import { EMPTY_ACTIVITY_COLUMNS } from '../packages/server/src/services/activities/activity-row.ts';
import { InsightsReport } from '../packages/server/src/services/admin/insights/index.ts';
import { openTestDatabase } from '../packages/server/src/test-support/test-database.ts';

const ACTIVITY_ROWS = Number(process.argv[2] ?? 300_000);
const ORDERS = Number(process.argv[3] ?? 20_000);
const BATCH = 500;
const today = new Date().toISOString().slice(0, 10);
const rand = mulberry32(18);
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
/** A time in the last 365 days. */
const someTime = () => new Date(Date.now() - rand() * 365 * 86_400_000).toISOString();

const { db, drop } = await openTestDatabase(500);
try {
  const products = await db.db.selectFrom('product').select(['id', 'sku', 'name']).execute();
  const terms = Array.from({ length: 2000 }, (_, i) => `term ${i}`);
  let t = performance.now();
  for (let done = 0; done < ACTIVITY_ROWS; done += BATCH) {
    const rows: ShopperActivityTable[] = Array.from({ length: Math.min(BATCH, ACTIVITY_ROWS - done) }, (_, i) => {
      const r = rand();
      // Mostly product views, some adds, reco clicks and searches, a few other activities.
      const activity =
        r < 0.6
          ? 'viewProduct'
          : r < 0.7
            ? 'addToCart'
            : r < 0.73
              ? 'clickReco'
              : r < 0.9
                ? 'viewSearch'
                : pick(SHOPPER_ACTIVITIES);
      const search = activity === 'viewSearch';
      return {
        id: `a${done + i}`,
        webstore_id: WEBSTORE_ID,
        activity,
        occurred_at: someTime(),
        visitor_id: `v${Math.floor(rand() * 20_000)}`,
        ...EMPTY_ACTIVITY_COLUMNS,
        product_id: search ? null : pick(products).id,
        search_term: search ? pick(terms) : null,
        result_count: search ? (rand() < 0.1 ? 0 : 12) : null,
      };
    });
    await db.db.transaction().execute((tx) => tx.insertInto('shopper_activity').values(rows).execute());
  }
  console.log(`${ACTIVITY_ROWS} activity rows written in ${Math.round(performance.now() - t)} ms`);
  t = performance.now();
  for (let done = 0; done < ORDERS; done += BATCH) {
    const orders: SalesOrderTable[] = [];
    const items: OrderItemTable[] = [];
    for (let i = done; i < Math.min(done + BATCH, ORDERS); i++) {
      const id = `o${i}`;
      orders.push({
        id,
        webstore_id: WEBSTORE_ID,
        order_number: `B${i}`,
        checkout_id: `c${i}`,
        cart_id: `k${i}`,
        payment_id: `p${i}`,
        idempotency_key: null,
        owner_user_id: null,
        guest_session_id: null,
        account_id: null,
        email: 'bench@example.com',
        contact_json: '{}',
        billing_json: null,
        status: 'Activated',
        currency: 'USD',
        tax_type: 'Net',
        payment_method: 'Card',
        po_number: null,
        total_list_minor: 0,
        total_product_minor: 0,
        total_adjust_minor: 0,
        total_charge_minor: 0,
        total_tax_minor: 0,
        grand_total_minor: 0,
        total_quantity: 2,
        adjustments_json: '[]',
        created_at: someTime(),
        gift_wrap: 0,
        gift_message: null,
        gift_to_name: null,
        total_gift_wrap_minor: 0,
        refunded_minor: 0,
      });
      for (const seq of [1, 2]) {
        const p = pick(products);
        items.push({
          id: `${id}-${seq}`,
          order_id: id,
          delivery_group_id: null,
          product_id: p.id,
          sku: p.sku,
          name: p.name,
          fulfilment: 'Digital',
          selling_model_id: null,
          selling_model_type: null,
          subscription_term: null,
          quantity: 1,
          list_price_minor: 0,
          sales_price_minor: 0,
          adjust_minor: 0,
          tax_minor: 0,
          total_minor: 0,
          seq,
          refunded_minor: 0,
          refunded_at: null,
          list_selection: null,
          list_records: null,
          list_file_version: null,
        });
      }
    }
    await db.db.transaction().execute(async (tx) => {
      await tx.insertInto('sales_order').values(orders).execute();
      await tx.insertInto('order_item').values(items).execute();
    });
  }
  console.log(`${ORDERS} orders (2 lines each) written in ${Math.round(performance.now() - t)} ms`);
  const report = new InsightsReport(db.db);
  for (const days of [30, 366]) {
    const period = { from: addDays(today, -(days - 1)), to: today };
    const times: number[] = [];
    let funnel = 0;
    for (let i = 0; i < 5; i++) {
      t = performance.now();
      funnel = (await report.read(WEBSTORE_ID, period)).funnel.length;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${db.dialect}: insights of ${days} days: median ${times[2]!.toFixed(1)} ms (min ${times[0]!.toFixed(1)}, max ${times[4]!.toFixed(1)}), ${funnel} funnel rows`,
    );
  }
} finally {
  await drop();
}
