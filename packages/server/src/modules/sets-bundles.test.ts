// Sets and bundles (issue 14): their components through products/{id}/children (each with its name, SKU,
// record count and the caller's price, hidden ones left out), a set's components into the cart in one
// batch, and a bundle's order delivering one download per dataset it contains.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DATASET_FIELDS } from '@store/core';
import { BASE, errorOf, startTestServer, type Agent, type TestServer } from '../test-support/server.ts';
import { placeCardOrder, productIdOf } from '../test-support/purchase.ts';
import { componentsOf } from '../test-support/product-components.ts';
import { DEMO_USERS, PARTNER_SKUS } from '../seed/access.ts';
import { datasetFileName } from '../downloads/dataset-file.ts';
import { DOWNLOAD_LINK_SECRET, serverSecret } from '../downloads/secret.ts';
import { signDownload } from '../downloads/signed-link.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s.close();
});

const seededComponents = (sku: string) => componentsOf(s.db, sku);

/** Adds a partner-only dataset (seen by Wholesale Partners alone) as the last component of a set or bundle. */
async function addPartnerComponent(sku: string, type: 'SetComponent' | 'BundleComponent') {
  const partnerId = await productIdOf(s, PARTNER_SKUS[0]!);
  await s.db.db
    .insertInto('product_relation')
    .values({ product_id: await productIdOf(s, sku), related_id: partnerId, relationship_type: type, position: 9 })
    .execute();
  await s.catalogueChanged();
  return {
    partnerId,
    remove: async () => {
      await s.db.db
        .deleteFrom('product_relation')
        .where('related_id', '=', partnerId)
        .where('relationship_type', '=', type)
        .execute();
      await s.catalogueChanged();
    },
  };
}

describe('a set or bundle lists its components (products/{id}/children)', () => {
  for (const sku of ['ST-00001', 'BN-00001']) {
    test(`${sku}: every component in order, with its name, SKU, record count and the caller's own price`, async () => {
      const seeded = await seededComponents(sku);
      assert.equal(seeded.length, 3, 'the seed gives three components');
      const parentId = await productIdOf(s, sku);
      const consumer = await s.login(DEMO_USERS.consumer.email);
      const wholesale = await s.login(DEMO_USERS.buyer.email); // acts for Northwind: wholesale prices
      for (const who of [s.agent(), consumer, wholesale]) {
        const res = await who.api(`/products/${parentId}/children`);
        assert.equal(res.status, 200, res.text);
        assert.equal(res.body.total, 3);
        assert.deepEqual(
          res.body.products.map((p: any) => [p.id, p.sku, p.name, p.fields[DATASET_FIELDS.recordCount]]),
          seeded.map((c) => [c.id, c.sku, c.name, String(c.record_count)]),
        );
        for (const p of res.body.products) {
          const own = await who.api(`/pricing/products/${p.id}`);
          assert.equal(own.status, 200);
          assert.deepEqual(p.prices, {
            listPrice: own.body.listPrice,
            unitPrice: own.body.unitPrice,
            pricebookEntryId: own.body.pricebookEntryId,
            currencyIsoCode: own.body.currencyIsoCode,
          });
        }
      }
      const [guestPrice, partnerPrice] = await Promise.all(
        [s.agent(), wholesale].map(
          async (a) => (await a.api(`/products/${parentId}/children`)).body.products[0].prices.unitPrice,
        ),
      );
      assert.notEqual(guestPrice, partnerPrice, 'a wholesale partner is shown the wholesale price');
    });
  }

  test('a component the caller may not see is neither listed nor counted; one who may see it gets it', async () => {
    const { partnerId, remove } = await addPartnerComponent('ST-00002', 'SetComponent');
    try {
      const setId = await productIdOf(s, 'ST-00002');
      const guest = await s.agent().api(`/products/${setId}/children`);
      assert.equal(guest.body.total, 3);
      assert.ok(!guest.text.includes(partnerId), 'the partner dataset is not named');
      const wholesale = await s.login(DEMO_USERS.buyer.email);
      const partner = await wholesale.api(`/products/${setId}/children`);
      assert.equal(partner.body.total, 4);
      assert.equal(partner.body.products[3].id, partnerId);
    } finally {
      await remove();
    }
  });

  test('pages through the components; a malformed id is 400, an unknown one 404', async () => {
    const setId = await productIdOf(s, 'ST-00001');
    const first = await s.api(`/products/${setId}/children?pageSize=2`);
    assert.equal(first.body.products.length, 2);
    assert.equal(first.body.nextPageToken, '1');
    const second = await s.api(`/products/${setId}/children?pageSize=2&pageToken=1`);
    assert.equal(second.body.products.length, 1);
    assert.equal(second.body.nextPageToken, null);
    const seeded = await seededComponents('ST-00001');
    assert.deepEqual(
      [...first.body.products, ...second.body.products].map((p: any) => p.id),
      seeded.map((c) => c.id),
    );
    assert.equal(errorOf(await s.api('/products/not-an-id/children')).errorCode, 'INVALID_ID_FIELD');
    const unknown = await s.api('/products/01t000099999999AAA/children');
    assert.equal(unknown.status, 404);
    assert.equal(errorOf(unknown).errorCode, 'NOT_FOUND');
  });
});

describe("a set's components go into the cart together", () => {
  test('the set itself is refused; its components are added in one batch, and a second time each line says why not', async () => {
    const shopper = s.agent();
    const setId = await productIdOf(s, 'ST-00001');
    const whole = await shopper.post(`${BASE}/carts/current/cart-items`, {
      productId: setId,
      quantity: '1',
      type: 'Product',
    });
    assert.equal(whole.status, 400);
    assert.match(errorOf(whole).message, /is a set and can't be bought on its own/);

    const components = (await shopper.api(`/products/${setId}/children`)).body.products;
    const inputs = components.map((c: any) => ({ richInput: { productId: c.id, quantity: '1', type: 'Product' } }));
    const added = await shopper.post(`${BASE}/carts/current/cart-items/batch`, { inputs });
    assert.equal(added.status, 200, added.text);
    assert.equal(added.body.hasErrors, false);
    assert.deepEqual(
      added.body.results.map((r: any) => [r.statusCode, r.result.productId]),
      components.map((c: any) => [201, c.id]),
    );
    const lines = (await shopper.api('/carts/current/cart-items')).body.cartItems.map((i: any) => i.cartItem);
    assert.deepEqual(lines.map((l: any) => l.productId).sort(), components.map((c: any) => c.id).sort());

    // A dataset is sold one at a time: adding the set again is refused line by line, and the cart is unchanged.
    const again = await shopper.post(`${BASE}/carts/current/cart-items/batch`, { inputs });
    assert.equal(again.status, 200);
    assert.equal(again.body.hasErrors, true);
    for (const r of again.body.results) {
      assert.ok(r.statusCode >= 400 && r.statusCode < 500, JSON.stringify(r));
      assert.equal(typeof r.result[0].message, 'string');
    }
    const after = (await shopper.api('/carts/current/cart-items')).body.cartItems;
    assert.deepEqual(
      after.map((i: any) => i.cartItem.quantity),
      lines.map(() => '1'),
    );
  });
});

describe('a bundle order delivers a download per dataset in the bundle', () => {
  let buyer: Agent;
  let orderId: string;
  let links: any[];
  let seeded: Awaited<ReturnType<typeof seededComponents>>;
  before(async () => {
    seeded = await seededComponents('BN-00001');
    buyer = await s.login(DEMO_USERS.consumer.email);
    orderId = await placeCardOrder(buyer, await productIdOf(s, 'BN-00001'));
    const res = await buyer.api(`/order-summaries/${orderId}/downloads`);
    assert.equal(res.status, 200, res.text);
    links = res.body.items;
  });

  test("one link per component, named for the component and its file, each link in the bundle's line", async () => {
    const line = await s.db.db
      .selectFrom('order_item')
      .select(['id', 'name'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      links.map((l) => [l.orderItemId, l.productId, l.productName, l.bundleName, l.fileName]),
      seeded.map((c) => [line.id, c.id, c.name, line.name, datasetFileName(c)]),
    );
    assert.equal(new Set(links.map((l) => l.url)).size, 3, 'three different links');
  });

  test("each link delivers that dataset's own file: its fields, its records, its sample's first rows", async () => {
    for (const [i, link] of links.entries()) {
      const component = await s.db.db
        .selectFrom('product')
        .select(['included_fields_json', 'record_count', 'sku'])
        .where('id', '=', seeded[i]!.id)
        .executeTakeFirstOrThrow();
      const file = await buyer.get(link.url);
      assert.equal(file.status, 200);
      assert.equal(file.headers.get('content-disposition'), `attachment; filename="${link.fileName}"`);
      const rows = file.text.split('\r\n').filter(Boolean);
      assert.equal(rows[0], (JSON.parse(component.included_fields_json) as string[]).join(','));
      assert.equal(rows.length - 1, Math.min(component.record_count ?? 0, 250_000));
      const sample = await buyer.get(`/samples/${component.sku}.csv`);
      assert.equal(sample.status, 200);
      assert.ok(
        file.text.startsWith(sample.text.replace(/^\uFEFF/, '')),
        `${component.sku}: the sample is the file's start`,
      );
    }
  });

  test('another account, a guest and a link for an item the order lacks are refused', async () => {
    const other = await s.login(DEMO_USERS.buyer.email);
    for (const link of links) {
      const foreign = await other.get(link.url);
      assert.equal(foreign.status, 403);
      assert.equal(errorOf(foreign).errorCode, 'INSUFFICIENT_ACCESS');
      assert.equal((await s.agent().get(link.url)).status, 401);
    }
    // A correctly signed link for an item this order does not have delivers nothing.
    const secret = await serverSecret(s.db.db, DOWNLOAD_LINK_SECRET);
    const components = await s.db.db
      .selectFrom('order_item_component')
      .select(['id', 'product_id'])
      .where('order_item_id', '=', links[0].orderItemId)
      .orderBy('position')
      .execute();
    assert.deepEqual(
      components.map((c) => c.product_id),
      seeded.map((c) => c.id),
    );
    const stray = await buyer.api(
      `/downloads/${signDownload(secret, { orderId, orderItemId: '802000099999999AAA', expiresAt: Date.now() + 60_000 })}`,
    );
    assert.equal(stray.status, 404);
    assert.equal(errorOf(stray).errorCode, 'ITEM_NOT_FOUND');
    const otherOrder = await s.db.db
      .selectFrom('sales_order')
      .select('id')
      .where('id', '!=', orderId)
      .executeTakeFirst();
    if (otherOrder) {
      const crossed = signDownload(secret, {
        orderId: otherOrder.id,
        orderItemId: components[0]!.id,
        expiresAt: Date.now() + 60_000,
      });
      assert.equal((await buyer.api(`/downloads/${crossed}`)).status, 404, 'a component of another order');
    }
  });

  test('the downloads email has a link per dataset, and each works', async () => {
    await s.services.mail.tick();
    const mail = await s.db.db
      .selectFrom('mail_outbox')
      .select(['text_body'])
      .where('kind', '=', 'downloads-ready')
      .where('to_address', '=', DEMO_USERS.consumer.email)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    for (const c of seeded) assert.ok(mail.text_body.includes(c.name), `the email names ${c.name}`);
    const urls = [...mail.text_body.matchAll(/https?:\/\/\S+\/downloads\/[A-Za-z0-9_.-]+/g)].map((m) => m[0]);
    assert.equal(urls.length, 3);
    for (const url of urls) assert.equal((await buyer.get(new URL(url).pathname)).status, 200);
  });

  test('what was bought stays delivered when the bundle changes later; hidden components are never delivered', async () => {
    const { partnerId, remove } = await addPartnerComponent('BN-00001', 'BundleComponent');
    try {
      // The consumer's order is unchanged by the new component, and a new order of theirs leaves it out.
      assert.equal((await buyer.api(`/order-summaries/${orderId}/downloads`)).body.items.length, 3);
      const second = await placeCardOrder(buyer, await productIdOf(s, 'BN-00001'));
      const mine = (await buyer.api(`/order-summaries/${second}/downloads`)).body.items;
      assert.deepEqual(
        mine.map((l: any) => l.productId),
        seeded.map((c) => c.id),
      );
      // A wholesale partner, who may see it, gets it with the rest.
      const partner = await s.login(DEMO_USERS.buyer.email);
      const theirs = await placeCardOrder(partner, await productIdOf(s, 'BN-00001'));
      const items = (await partner.api(`/order-summaries/${theirs}/downloads`)).body.items;
      assert.deepEqual(
        items.map((l: any) => l.productId),
        [...seeded.map((c) => c.id), partnerId],
      );
      assert.equal((await partner.get(items[3].url)).status, 200);
    } finally {
      await remove();
    }
  });
});
