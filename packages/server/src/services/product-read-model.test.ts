// The product read model answers exactly what the ordinary assembly answers, for every product and audience, and
// never an answer older than the data: each kind of write makes the next read show it, before and after the
// builder runs again.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { BASE, startTestServer, type Agent, type TestServer } from '../test-support/server.ts';
import { DEMO_USERS } from '../seed/access.ts';
import { BUYER_GROUP_IDS, PRICE_BOOK_IDS } from '../seed/store.ts';
import { isPostgres } from '../db/locks.ts';

let s: TestServer;
let guest: Agent;
let buyer: Agent;
let northwind: string;
let ids: string[];

const db = () => s.db.db;
/** Marks every row stale: the next reads are built the ordinary way. */
const staleAll = () => sql`update product_read set stamp = stamp + 1`.execute(db());
const current = async () =>
  Number(
    (
      await db()
        .selectFrom('product_read')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .whereRef('body_stamp', '=', 'stamp')
        .executeTakeFirstOrThrow()
    ).n,
  );
const idOf = async (sku: string) =>
  (await db().selectFrom('product').select('id').where('sku', '=', sku).executeTakeFirstOrThrow()).id;
/** A product's detail as the agent reads it now (the answer cache forgotten, so the database is read). */
const detail = async (a: Agent, id: string, q = '') => {
  s.services.responses.clear();
  return a.api(`/products/${id}${q}`);
};

before(async () => {
  s = await startTestServer({ products: 120 });
  guest = s.agent();
  buyer = await s.login(DEMO_USERS.buyer.email);
  northwind = (
    await db().selectFrom('account').select('id').where('name', '=', 'Northwind Traders').executeTakeFirstOrThrow()
  ).id;
  ids = (await db().selectFrom('product').select('id').where('is_active', '=', 1).orderBy('id').execute()).map(
    (r) => r.id,
  );
});
after(async () => {
  await s?.close();
});

describe('the product read model', () => {
  test('every product, in batches and one by one, with its price, is the same answer kept and built, for a guest and a partner buyer', async () => {
    assert.equal(await s.services.readModel.staleCount(), 0, 'the seed built every row');
    const audiences: Array<[string, Agent, string]> = [
      ['guest', guest, ''],
      ['Northwind buyer', buyer, `effectiveAccountId=${northwind}`],
    ];
    const read = async () => {
      const out: string[] = [];
      for (const [, a, q] of audiences) {
        for (let i = 0; i < ids.length; i += 100) {
          const r = await a.api(`/products?ids=${ids.slice(i, i + 100).join(',')}${q ? `&${q}` : ''}`);
          assert.equal(r.status, 200);
          out.push(r.text);
        }
        for (const id of ids.slice(0, 40)) {
          out.push((await detail(a, id, q ? `?${q}` : '')).text);
          out.push((await a.api(`/pricing/products/${id}${q ? `?${q}` : ''}`)).text);
        }
      }
      return out;
    };
    const kept = await read();
    await staleAll();
    assert.equal(await current(), 0);
    const built = await read();
    assert.equal(kept.length, built.length);
    for (let i = 0; i < kept.length; i++) assert.equal(kept[i], built[i], `answer ${i}: the same bytes`);
    // Partner editions are among them: the buyer's batches name products the guest's do not.
    assert.notEqual(kept[0], kept[Math.ceil(ids.length / 100) + 80]);
    const sweep = await s.services.readModel.sweep();
    const products = ids.length + (await inactiveCount());
    assert.equal(sweep.built, products, 'every product');
    assert.equal(sweep.rows, 3 * products, 'a detail, a summary and the prices of each');
    assert.equal(await s.services.readModel.staleCount(), 0);
  });

  test('search results, with prices and without, for a guest and a partner buyer, are the same kept and built', async () => {
    assert.equal(await s.services.readModel.staleCount(), 0);
    const bodies = [
      { searchTerm: 'dentists', pageSize: 20, includePrices: true },
      { searchTerm: 'email', page: 1, pageSize: 50, includePrices: true },
      { searchTerm: 'software', pageSize: 20 },
      { searchTerm: 'email', page: 2, pageSize: 5, includePrices: true },
    ];
    const read = async () => {
      const out: string[] = [];
      for (const [a, q] of [
        [guest, ''],
        [buyer, `?effectiveAccountId=${northwind}`],
      ] as const) {
        for (const body of bodies) {
          const r = await a.api(`/search/product-search${q}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          assert.equal(r.status, 201);
          assert.ok(r.body.productsPage.products.length > 0, `${body.searchTerm}: found`);
          out.push(JSON.stringify({ ...r.body, correlationId: null }));
        }
        s.services.responses.clear();
        const got = (await a.api(`/search/products?searchTerm=email${q ? `&${q.slice(1)}` : ''}`)).body;
        assert.ok(got.productsPage.products.length > 0, 'GET: found');
        out.push(JSON.stringify({ ...got, correlationId: null }));
      }
      return out;
    };
    const kept = await read();
    await staleAll();
    s.services.responses.clear();
    const built = await read();
    for (let i = 0; i < kept.length; i++) assert.equal(kept[i], built[i], `search ${i}: the same answer`);
    await s.services.readModel.sweep();
  });

  test("a cart's lines show their products the same kept and built, for a guest and a partner buyer", async () => {
    assert.equal(await s.services.readModel.staleCount(), 0);
    const carts: Array<[Agent, string]> = [
      [s.agent(), ''],
      [buyer, `effectiveAccountId=${northwind}`],
    ];
    for (const [a, q] of carts) {
      let added = 0;
      for (const id of ids.slice(0, 40)) {
        const r = await a.post(`${BASE}/carts/current/cart-items${q ? `?${q}` : ''}`, {
          productId: id,
          quantity: '1',
          type: 'Product',
        });
        if (r.status === 201) added++;
      }
      assert.ok(added >= 10, `lines added: ${added}`);
    }
    const read = async () => {
      const out: string[] = [];
      for (const [a, q] of carts) {
        for (const page of [0, 1]) {
          const r = await a.api(`/carts/current/cart-items?pageSize=8&pageToken=${page}${q ? `&${q}` : ''}`);
          assert.equal(r.status, 200);
          assert.ok(r.body.cartItems.length > 0);
          assert.ok(
            r.body.cartItems.every(
              (i: { cartItem: { productDetails: { name: string } } }) => i.cartItem.productDetails.name,
            ),
          );
          out.push(JSON.stringify({ ...r.body, correlationId: null }));
        }
      }
      return out;
    };
    const kept = await read();
    await staleAll();
    const built = await read();
    for (let i = 0; i < kept.length; i++) assert.equal(kept[i], built[i], `page ${i}: the same lines`);
    await s.services.readModel.sweep();
  });

  test("an add to cart answers the same line, its product's rows kept or stale, for a guest and a partner buyer", async () => {
    await s.services.readModel.sweep();
    assert.equal(await s.services.readModel.staleCount(), 0);
    // Each add goes to a fresh cart (a guest's, or the buyer's cart emptied first), so the answers compare as wholes.
    const add = async (who: 'guest' | 'partner', id: string) => {
      const a = who === 'guest' ? s.agent() : buyer;
      const q = who === 'guest' ? '' : `?effectiveAccountId=${northwind}`;
      if (who === 'partner') await a.delete(`${BASE}/carts/current${q}`);
      const r = await a.post(`${BASE}/carts/current/cart-items${q}`, { productId: id, quantity: '1', type: 'Product' });
      const { cartItemId: _i, cartId: _c, cartDeliveryGroupId: _g, createdDate: _d, ...line } = r.body;
      return { status: r.status, body: JSON.stringify(line) };
    };
    const sample = ids.slice(40, 70);
    let compared = 0;
    for (const who of ['guest', 'partner'] as const) {
      for (const id of sample) {
        const kept = await add(who, id);
        await staleAll();
        const built = await add(who, id);
        await s.services.readModel.sweep();
        assert.equal(built.status, kept.status, `${who} ${id}`);
        assert.equal(built.body, kept.body, `${who} ${id}: the same line`);
        if (kept.status === 201) compared++;
      }
    }
    assert.ok(compared >= 20, `answers compared: ${compared}`);
  });

  test('a rename, made straight in the database, shows at once in the product and in the products that name it', async () => {
    const renamed = await idOf('DS-00007');
    // A dataset that names it (a print edition's detail shows no related datasets).
    const naming = await db()
      .selectFrom('product_relation as r')
      .innerJoin('product as p', 'p.id', 'r.product_id')
      .select(['r.product_id', 'r.position'])
      .where('r.related_id', '=', renamed)
      .where('r.relationship_type', '=', 'RelatedDataset')
      .where('p.fulfilment', '=', 'Dataset')
      .executeTakeFirstOrThrow();
    // A cart line shows it too (its product kept per build of the summary: read once before the rename).
    const shopper = s.agent();
    assert.equal(
      (await shopper.post(`${BASE}/carts/current/cart-items`, { productId: renamed, quantity: '1', type: 'Product' }))
        .status,
      201,
    );
    const lineName = async () =>
      (await shopper.api('/carts/current/cart-items')).body.cartItems[0].cartItem.productDetails;
    assert.notEqual((await lineName()).name, 'US Dentists – Renamed');
    await db().updateTable('product').set({ name: 'US Dentists – Renamed' }).where('id', '=', renamed).execute();
    const check = async () => {
      const line = await lineName();
      assert.equal(line.name, 'US Dentists – Renamed');
      assert.equal(line.fields.Name, 'US Dentists – Renamed');
      assert.equal((await detail(guest, renamed)).body.fields.Name, 'US Dentists – Renamed');
      const other = (await detail(guest, naming.product_id)).body;
      assert.equal(other.fields[`B2B_Related_Product${naming.position}__r.Name`], 'US Dentists – Renamed');
      const batch = (await guest.api(`/products?ids=${renamed},${naming.product_id}`)).body;
      assert.equal(batch.products[0].name, 'US Dentists – Renamed');
    };
    await check(); // built the ordinary way: the rows are stale
    assert.ok((await s.services.readModel.sweep()).built >= 2, 'the renamed product and the one that names it');
    await check(); // kept again, with the new name
  });

  test("a change to a product's media, selling model, relations or variations shows on the next read", async () => {
    const id = await idOf('DS-00003');
    const media = await db()
      .selectFrom('product_media')
      .select('id')
      .where('product_id', '=', id)
      .executeTakeFirstOrThrow();
    await db().updateTable('product_media').set({ alt_text: 'A new picture' }).where('id', '=', media.id).execute();
    const altOf = (p: any) =>
      p.mediaGroups.flatMap((g: any) => g.mediaItems).find((m: any) => m.id === media.id)?.alternateText;
    assert.equal(altOf((await detail(guest, id)).body), 'A new picture');
    await s.services.readModel.sweep();
    assert.equal(altOf((await detail(guest, id)).body), 'A new picture');

    const model = (await detail(guest, id)).body.productSellingModels[0];
    await db().updateTable('selling_model').set({ name: 'Buy once' }).where('id', '=', model.id).execute();
    assert.equal((await detail(guest, id)).body.productSellingModels[0].name, 'Buy once');
    await s.services.readModel.sweep();
    assert.equal((await detail(guest, id)).body.productSellingModels[0].name, 'Buy once');

    await db().deleteFrom('product_relation').where('product_id', '=', id).where('position', '=', 1).execute();
    assert.equal((await detail(guest, id)).body.fields.B2B_Related_Product1__c, null);
    await s.services.readModel.sweep();
    assert.equal((await detail(guest, id)).body.fields.B2B_Related_Product1__c, null);

    // A variation parent lists its variations: a variation deactivated leaves it.
    const variation = await db()
      .selectFrom('product')
      .select(['id', 'parent_id'])
      .where('product_class', '=', 'Variation')
      .where('is_active', '=', 1)
      .executeTakeFirstOrThrow();
    const listed = async () =>
      (await detail(guest, variation.parent_id!)).body.variationInfo.attributesToProductMappings.map(
        (m: any) => m.productId,
      );
    assert.ok((await listed()).includes(variation.id));
    await db().updateTable('product').set({ is_active: 0 }).where('id', '=', variation.id).execute();
    assert.ok(!(await listed()).includes(variation.id));
    assert.equal((await detail(guest, variation.id)).status, 404);
    await s.services.readModel.sweep();
    assert.ok(!(await listed()).includes(variation.id));
    assert.equal((await detail(guest, variation.id)).status, 404, 'a kept inactive product is not there either');
    assert.equal((await guest.api(`/products?ids=${variation.id}`)).body.products[0].success, false);
  });

  test('a price change made straight in the database shows on the next priced read, before and after the builder', async () => {
    // A product the partner buyer gets from the wholesale book, whose store-book price a guest pays.
    const both = await db()
      .selectFrom('price_book_entry as w')
      .innerJoin('price_book_entry as st', (j) =>
        j.onRef('st.product_id', '=', 'w.product_id').on('st.selling_model_id', 'is', null),
      )
      .innerJoin('product as p', 'p.id', 'w.product_id')
      .select(['w.product_id', 'w.id as wholesale', 'st.id as store', 'w.unit_price_minor as wholesaleMinor'])
      .where('w.price_book_id', '=', PRICE_BOOK_IDS.wholesale)
      .where('st.price_book_id', '=', PRICE_BOOK_IDS.store)
      .where('w.selling_model_id', 'is', null)
      .where('p.is_active', '=', 1)
      .where('p.fulfilment', '=', 'Dataset')
      .orderBy('w.product_id')
      .executeTakeFirstOrThrow();
    const id = both.product_id;
    const price = async (a: Agent, q = '') => {
      s.services.responses.clear();
      return a.api(`/pricing/products/${id}${q}`);
    };
    const partner = `?effectiveAccountId=${northwind}`;
    /** Each check twice: while the row is stale (the long way), and kept again after the builder. */
    const twice = async (check: () => Promise<void>) => {
      await check();
      assert.ok((await s.services.readModel.sweep()).built >= 1, 'the prices row was stale');
      await check();
    };
    await s.services.readModel.sweep();

    await db().updateTable('price_book_entry').set({ unit_price_minor: 123456 }).where('id', '=', both.store).execute();
    await twice(async () => {
      const r = await price(guest);
      assert.equal(r.body.unitPrice, '1234.56');
      assert.equal(r.body.pricebookEntryId, both.store);
    });

    await db()
      .insertInto('price_adjustment_tier')
      .values({
        id: '0TRkeptpricetier1',
        price_book_entry_id: both.store,
        lower_bound: 10,
        upper_bound: null,
        adjustment_type: 'PercentageBasedAdjustment',
        adjustment_value: '10',
      })
      .execute();
    await twice(async () => {
      const tiers = (await price(guest)).body.priceAdjustment.priceAdjustmentTiers;
      assert.deepEqual(
        tiers.map((t: any) => [t.lowerBound, t.tierUnitPrice]),
        [['10', '1111.10']],
      );
    });

    assert.equal((await price(buyer, partner)).body.pricebookEntryId, both.wholesale);
    // The store book first for the wholesale group: the partner now pays the store price.
    await db()
      .updateTable('buyer_group_price_book')
      .set({ priority: 0 })
      .where('buyer_group_id', '=', BUYER_GROUP_IDS.wholesale)
      .where('price_book_id', '=', PRICE_BOOK_IDS.store)
      .execute();
    const afterLink = await price(buyer, partner);
    assert.equal(
      afterLink.body.pricebookEntryId,
      both.store,
      'no row of the product changed: the books are read again',
    );
    assert.equal(afterLink.body.unitPrice, '1234.56');
    await db()
      .updateTable('buyer_group_price_book')
      .set({ priority: 2 })
      .where('buyer_group_id', '=', BUYER_GROUP_IDS.wholesale)
      .where('price_book_id', '=', PRICE_BOOK_IDS.store)
      .execute();
    assert.equal((await price(buyer, partner)).body.pricebookEntryId, both.wholesale);

    // The store book withdrawn: a guest has no price for it (the partner still has the wholesale one).
    await db().updateTable('price_book').set({ is_active: 0 }).where('id', '=', PRICE_BOOK_IDS.store).execute();
    try {
      assert.equal((await price(guest)).status, 404);
      assert.equal((await price(buyer, partner)).body.pricebookEntryId, both.wholesale);
      const batch = (await guest.api(`/products?ids=${id}`)).body.products[0];
      assert.equal(batch.prices ?? null, null, 'the batch carries no price for the guest either');
    } finally {
      await db().updateTable('price_book').set({ is_active: 1 }).where('id', '=', PRICE_BOOK_IDS.store).execute();
    }
    assert.equal((await price(guest)).body.unitPrice, '1234.56');

    await db().deleteFrom('price_adjustment_tier').where('id', '=', '0TRkeptpricetier1').execute();
    await db().updateTable('price_book_entry').set({ is_active: 0 }).where('id', '=', both.wholesale).execute();
    await twice(async () => {
      const r = await price(buyer, partner);
      assert.equal(r.body.pricebookEntryId, both.store, 'the partner falls back to the store book');
      assert.equal(r.body.priceAdjustment, null);
    });
    await db()
      .updateTable('price_book_entry')
      .set({ is_active: 1, unit_price_minor: both.wholesaleMinor })
      .where('id', '=', both.wholesale)
      .execute();
    await twice(async () => assert.equal((await price(buyer, partner)).body.pricebookEntryId, both.wholesale));
  });

  test('a public dataset that names a partner-only one: the guest is not told of it, the partner buyer is', async () => {
    const pub = await idOf('DS-00011');
    const partner = await idOf('PX-00001');
    await db()
      .updateTable('product_relation')
      .set({ related_id: partner, related_name: null })
      .where('product_id', '=', pub)
      .where('relationship_type', '=', 'RelatedDataset')
      .where('position', '=', 2)
      .execute();
    await s.services.readModel.sweep();
    assert.equal(await s.services.readModel.staleCount(), 0, 'kept, naming the partner edition');
    const forGuest = (await detail(guest, pub)).body.fields;
    assert.equal(forGuest.B2B_Related_Product2__c, null);
    assert.equal(forGuest['B2B_Related_Product2__r.Name'], null);
    assert.ok(!JSON.stringify((await guest.api(`/products?ids=${pub}`)).body).includes(partner));
    const forBuyer = (await detail(buyer, pub, `?effectiveAccountId=${northwind}`)).body.fields;
    assert.equal(forBuyer.B2B_Related_Product2__c, partner);
    assert.ok(forBuyer['B2B_Related_Product2__r.Name']);
  });

  test('options that change a detail are answered as asked (the kept text is the full answer)', async () => {
    const id = await idOf('DS-00002');
    const p = (await detail(guest, id, '?fields=Name&excludeMedia=true&mediaGroups=productListImage')).body;
    assert.deepEqual(Object.keys(p.fields), ['Name']);
    assert.deepEqual(p.mediaGroups, []);
    const batch = (await guest.api(`/products?ids=${id}&fields=StockKeepingUnit&excludePrices=true`)).body.products[0];
    assert.deepEqual(Object.keys(batch.fields), ['StockKeepingUnit']);
    assert.equal('prices' in batch, false);
  });

  test('the trigger on product watches every column but the search index mark', async () => {
    const columns = isPostgres(db())
      ? (
          await sql<{ c: string }>`select column_name as c from information_schema.columns
            where table_name = 'product' and table_schema = current_schema()`.execute(db())
        ).rows.map((r) => r.c)
      : (await sql<{ c: string }>`select name as c from pragma_table_info('product')`.execute(db())).rows.map(
          (r) => r.c,
        );
    const text = isPostgres(db())
      ? (
          await sql<{
            t: string;
          }>`select pg_get_triggerdef(oid) as t from pg_trigger where tgname = 'product_read_product'
            and tgrelid = 'product'::regclass`.execute(db())
        ).rows[0]!.t
      : (
          await sql<{
            t: string;
          }>`select sql as t from sqlite_master where name = 'product_read_product_update'`.execute(db())
        ).rows[0]!.t;
    const watched = columns.filter((c) => new RegExp(`\\b${c}\\b`).test(text.split(/ on /i)[0]!));
    assert.deepEqual(
      columns.filter((c) => !watched.includes(c)),
      ['changed_version'],
      'a product column the read model does not watch: add it to the trigger (migration 033)',
    );
  });
});

async function inactiveCount(): Promise<number> {
  const { n } = await db()
    .selectFrom('product')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_active', '<>', 1)
    .executeTakeFirstOrThrow();
  return Number(n);
}
