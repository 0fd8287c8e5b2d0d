// A page of wishlist items is read in a fixed number of queries (issue 17): the products' summaries, their
// selling models and one pricing call, never a query per item. Counted on the real database with a Kysely
// plugin over the same services the API uses.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KyselyPlugin } from 'kysely';
import type { WishlistItemTable } from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/access.ts';
import { WEBSTORE_ID } from '../../seed/store.ts';
import { startTestServer, type TestServer } from '../../test-support/server.ts';
import type { Services } from '../index.ts';
import { PricingService } from '../pricing.ts';
import { ProductService } from '../products.ts';
import { wishlistItemViews } from './wishlist-item-views.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s?.close();
});

test('2 items and 100 items cost the same few queries', async () => {
  let queries = 0;
  // Counted as results come back: a query compiled once and run again (db/prepared.ts) counts every run.
  const counting: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      queries++;
      return args.result;
    },
  };
  const db = s.db.db.withPlugin(counting);
  const services = { ...s.services, db, products: new ProductService(db), pricing: new PricingService(db) } as Services;
  const store = await s.services.webstores.get(WEBSTORE_ID);
  const user = await s.db.db
    .selectFrom('app_user')
    .selectAll()
    .where('email', '=', DEMO_USERS.buyer.email)
    .executeTakeFirstOrThrow();
  const ctx = await s.services.buyers.catalogue({ session: null, user }, store);
  const products = await s.db.db
    .selectFrom('product')
    .select(['id', 'name'])
    .where('is_active', '=', 1)
    .where('sku', 'like', 'DS-%')
    .orderBy('sku')
    .limit(100)
    .execute();
  assert.equal(products.length, 100);
  const rows: WishlistItemTable[] = products.map((p, i) => ({
    id: `0wi${String(i).padStart(12, '0')}AAA`,
    wishlist_id: '0wl000000000001AAA',
    product_id: p.id,
    product_name: p.name,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
  }));
  const costOf = async (n: number) => {
    queries = 0;
    const items = await wishlistItemViews(services, ctx, store.id, rows.slice(0, n));
    assert.equal(items.length, n);
    assert.ok(items.some((i) => i.salesPrice !== null && i.productSummary.sku !== ''));
    return queries;
  };
  // The price books are read once per process and version (services/kept-prices.ts): not a cost of the page.
  await costOf(2);
  const few = await costOf(2);
  const many = await costOf(100);
  assert.equal(many, few, 'no query per item');
  assert.ok(few <= 8, `${few} queries`);
  console.log(`a page of wishlist items: ${few} queries for 2 items, ${many} for 100`);
});
