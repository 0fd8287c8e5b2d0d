// The product classes beyond Simple through the workspace, over real HTTP (issue 15 item 3): a variation parent
// made with its Coverage values and two variations, which the storefront's picker data and children endpoint
// answer at once; a variation taken out again; a bundle and a set with ordered components, as the children
// endpoint lists them; a quantity rule the cart applies on the next add. Every bad input is a 400 (409 for a
// combination another variation has) that changes nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, errorOf, startTestServer, type Agent, type TestServer } from '../../test-support/server.ts';
import { DEMO_USERS } from '../../seed/access.ts';
import { CATALOGUE_MANAGER } from '../../seed/workspace-users.ts';
import { productIdOf } from '../../test-support/purchase.ts';
import { WORKSPACE_BASE as W } from '../../test-support/workspace-operations.ts';

let s: TestServer;
let admin: Agent;
let manager: Agent;
let categoryId: string;

before(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO_USERS.admin.email);
  manager = await s.login(CATALOGUE_MANAGER.email);
  // The demo parent's category: a guest may browse it.
  categoryId = (await admin.get(`${W}/products/${await productIdOf(s, 'VP-00001')}`)).body.categoryIds[0];
});
after(async () => {
  await s?.close();
});

const COVERAGE = { name: 'Coverage', values: ['Email Only', 'Email + Phone', 'Full Contact'] };

/** What a refused call must leave as it was: the products, their relations and the audit log. */
async function state(): Promise<string> {
  const db = s.db.db;
  const [products, relations, audit, store] = await Promise.all([
    db
      .selectFrom('product')
      .select([
        'id',
        'product_class',
        'parent_id',
        'variation_json',
        'qty_min',
        'qty_max',
        'qty_increment',
        'is_active',
      ])
      .orderBy('id')
      .execute(),
    db
      .selectFrom('product_relation')
      .selectAll()
      .orderBy('product_id')
      .orderBy('relationship_type')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db.selectFrom('webstore').select('catalog_version').executeTakeFirstOrThrow(),
  ]);
  return JSON.stringify({ products, relations, audit: Number(audit.n), version: store.catalog_version });
}

async function refused(
  call: () => Promise<{ status: number; body: any; text: string }>,
  status: number,
  message: RegExp,
) {
  const before = await state();
  const res = await call();
  assert.equal(res.status, status, res.text);
  assert.match(errorOf(res).message, message);
  assert.equal(await state(), before, 'a refused call changed nothing');
  return res;
}

describe('a variation parent and its variations', () => {
  let parentId: string;
  const kids: Record<string, string> = {};

  test('the administrator creates a Live parent with its Coverage values', async () => {
    const res = await admin.post(`${W}/products`, {
      sku: 'WS-VP-1',
      name: 'Lakeshore Dentists – choose your coverage',
      productClass: 'VariationParent',
      status: 'Live',
      categoryIds: [categoryId],
      variationAttributes: [COVERAGE],
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.productClass, 'VariationParent');
    parentId = res.body.id;
    const family = await admin.get(`${W}/products/${parentId}/variations`);
    assert.equal(family.status, 200, family.text);
    assert.deepEqual(family.body, { parentId, attributes: [COVERAGE], variations: [] });
  });

  test('two variations: the storefront offers exactly their values and lists them as the children', async () => {
    for (const [sku, coverage] of [
      ['WS-VA-1', 'Email Only'],
      ['WS-VA-3', 'Full Contact'],
    ] as const) {
      const res = await manager.post(`${W}/products/${parentId}/variations`, {
        sku,
        name: `Lakeshore Dentists – ${coverage}`,
        status: 'Live',
        recordCount: 1200,
        values: { Coverage: coverage },
      });
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.productClass, 'Variation');
      assert.equal(res.body.parentId, parentId);
      assert.deepEqual(res.body.categoryIds, [categoryId], "the parent's categories");
      kids[coverage] = res.body.id;
    }
    const info = (await s.api(`/products/${parentId}`)).body.variationInfo;
    assert.deepEqual(
      info.attributesToProductMappings.map((m: any) => [m.productId, m.selectedAttributes[0].value]),
      [
        [kids['Email Only'], 'Email Only'],
        [kids['Full Contact'], 'Full Contact'],
      ],
    );
    assert.deepEqual(info.variationAttributeInfo.Coverage.allowableValues, ['Email Only', 'Full Contact']);
    const children = await s.api(`/products/${parentId}/children`);
    assert.equal(children.status, 200, children.text);
    assert.deepEqual(
      children.body.products.map((p: any) => p.id).sort(),
      [kids['Email Only'], kids['Full Contact']].sort(),
    );
    const variation = (await s.api(`/products/${kids['Full Contact']}`)).body;
    assert.equal(variation.variationParentId, parentId);
    assert.deepEqual(variation.variationAttributeSet.attributes, { Coverage: 'Full Contact' });

    const family = (await admin.get(`${W}/products/${parentId}/variations`)).body;
    assert.deepEqual(
      family.variations.map((v: any) => [v.sku, v.status, v.values.Coverage]),
      [
        ['WS-VA-1', 'Live', 'Email Only'],
        ['WS-VA-3', 'Live', 'Full Contact'],
      ],
    );
    const log = (await admin.get(`${W}/audit-log?recordId=${kids['Email Only']}`)).body.items;
    assert.equal(log[0].action, 'create');
    assert.equal(log[0].user.email, CATALOGUE_MANAGER.email);
  });

  test('an impossible or taken combination is refused and changes nothing', async () => {
    const add =
      (values: Record<string, string>, sku = 'WS-VA-X') =>
      () =>
        admin.post(`${W}/products/${parentId}/variations`, { sku, name: 'Another', values });
    await refused(add({ Coverage: 'Fax Only' }), 400, /Fax Only is not a value of Coverage/);
    await refused(add({}), 400, /Choose a value of Coverage/);
    await refused(add({ Coverage: 'Email Only', Region: 'North' }), 400, /no variation attribute Region/);
    const taken = await refused(add({ Coverage: 'Email Only' }), 409, /WS-VA-1 already is Coverage: Email Only/);
    assert.equal(errorOf(taken).errorCode, 'DUPLICATE_VALUE');
    await refused(add({ Coverage: 'Email + Phone' }, 'WS-VA-1'), 409, /sku WS-VA-1 is already used/);
    const simple = await productIdOf(s, 'DS-00001');
    await refused(
      () =>
        admin.post(`${W}/products/${simple}/variations`, {
          sku: 'WS-VA-Y',
          name: 'Y',
          values: { Coverage: 'Email Only' },
        }),
      400,
      /not a variation parent/,
    );
    await refused(
      () =>
        admin.post(`${W}/products/01t000000009999AAA/variations`, {
          sku: 'WS-VA-Y',
          name: 'Y',
          values: { Coverage: 'Email Only' },
        }),
      404,
      /doesn't exist/,
    );
  });

  test('a parent without attributes, with a repeated value, or attributes on another class is refused', async () => {
    const create = (body: object) => () =>
      admin.post(`${W}/products`, { sku: 'WS-VP-BAD', name: 'Bad parent', ...body });
    await refused(create({ productClass: 'VariationParent' }), 400, /variationAttributes/);
    await refused(create({ productClass: 'VariationParent', variationAttributes: [] }), 400, /variationAttributes/);
    await refused(
      create({ productClass: 'VariationParent', variationAttributes: [{ name: 'Coverage', values: ['A', 'a'] }] }),
      400,
      /The value a of Coverage is listed twice/,
    );
    await refused(
      create({
        productClass: 'VariationParent',
        variationAttributes: [COVERAGE, { name: 'coverage', values: ['X'] }],
      }),
      400,
      /named twice/,
    );
    await refused(create({ productClass: 'Simple', variationAttributes: [COVERAGE] }), 400, /variationAttributes/);
    await refused(create({ productClass: 'Variation' }), 400, /productClass/);
  });

  test('a variation taken out of its family leaves the picker and the storefront', async () => {
    const before = (await s.api(`/products/${kids['Email Only']}`)).status;
    assert.equal(before, 200);
    const res = await admin.delete(`${W}/products/${parentId}/variations/${kids['Email Only']}`);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.variations.map((v: any) => v.sku),
      ['WS-VA-3'],
    );
    const info = (await s.api(`/products/${parentId}`)).body.variationInfo;
    assert.deepEqual(
      info.attributesToProductMappings.map((m: any) => m.productId),
      [kids['Full Contact']],
    );
    assert.equal((await s.api(`/products/${kids['Email Only']}`)).status, 404, 'now a Draft product');
    const gone = (await admin.get(`${W}/products/${kids['Email Only']}`)).body;
    assert.deepEqual([gone.productClass, gone.status, gone.parentId], ['Simple', 'Draft', null]);
    await refused(
      () => admin.delete(`${W}/products/${parentId}/variations/${kids['Email Only']}`),
      404,
      /not a variation of WS-VP-1/,
    );
    // Its combination is free again.
    const again = await admin.post(`${W}/products/${parentId}/variations`, {
      sku: 'WS-VA-1B',
      name: 'Lakeshore Dentists – Email Only',
      values: { Coverage: 'Email Only' },
    });
    assert.equal(again.status, 201, again.text);
  });

  test('a demo parent made before the attribute table takes its values from its variations', async () => {
    const vp = await productIdOf(s, 'VP-00001');
    const family = (await admin.get(`${W}/products/${vp}/variations`)).body;
    assert.deepEqual(family.attributes, [COVERAGE]);
    await refused(
      () =>
        admin.post(`${W}/products/${vp}/variations`, {
          sku: 'WS-VA-Z',
          name: 'Z',
          values: { Coverage: 'Full Contact' },
        }),
      409,
      /VA-00013 already is Coverage: Full Contact/,
    );
  });
});

describe("a bundle's and a set's components", () => {
  let bundleId: string;
  const ids: Record<string, string> = {};

  before(async () => {
    for (const sku of ['DS-00001', 'DS-00002', 'DS-00003', 'ST-00001', 'VP-00001', 'VA-00011'])
      ids[sku] = await productIdOf(s, sku);
  });

  test('a new bundle with two datasets by SKU: the children endpoint lists them in order, then reordered', async () => {
    const made = await admin.post(`${W}/products`, {
      sku: 'WS-BN-1',
      name: 'Two dental lists',
      productClass: 'Bundle',
      status: 'Live',
      categoryIds: [categoryId],
    });
    assert.equal(made.status, 201, made.text);
    bundleId = made.body.id;
    assert.deepEqual((await admin.get(`${W}/products/${bundleId}/components`)).body.components, []);

    const res = await admin.put(`${W}/products/${bundleId}/components`, {
      components: [{ sku: 'DS-00002' }, { productId: ids['DS-00001'] }],
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.components.map((c: any) => [c.sku, c.position]),
      [
        ['DS-00002', 1],
        ['DS-00001', 2],
      ],
    );
    const children = (await s.api(`/products/${bundleId}/children`)).body;
    assert.deepEqual(
      children.products.map((p: any) => p.id),
      [ids['DS-00002'], ids['DS-00001']],
    );
    const reordered = await manager.put(`${W}/products/${bundleId}/components`, {
      components: [{ sku: 'DS-00001' }, { sku: 'DS-00002' }, { sku: 'VA-00011' }],
    });
    assert.equal(reordered.status, 200, reordered.text);
    assert.deepEqual(
      (await s.api(`/products/${bundleId}/children`)).body.products.map((p: any) => p.id),
      [ids['DS-00001'], ids['DS-00002'], ids['VA-00011']],
    );
    const log = (await admin.get(`${W}/audit-log?recordId=${bundleId}&action=replaceComponents`)).body.items;
    assert.equal(log.length, 2);
    assert.deepEqual(
      log[0].before.components.map((c: any) => c.sku),
      ['DS-00002', 'DS-00001'],
    );
  });

  test('a set takes the same components and the storefront lists them for "Add all to cart"', async () => {
    const made = await admin.post(`${W}/products`, {
      sku: 'WS-ST-1',
      name: 'Dental set',
      productClass: 'Set',
      status: 'Live',
      categoryIds: [categoryId],
    });
    assert.equal(made.status, 201, made.text);
    const res = await admin.put(`${W}/products/${made.body.id}/components`, {
      components: [{ sku: 'DS-00003' }, { sku: 'DS-00001' }],
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      (await s.api(`/products/${made.body.id}/children`)).body.products.map((p: any) => p.id),
      [ids['DS-00003'], ids['DS-00001']],
    );
  });

  test('no set inside a set, no parent, no self, no unknown product, no repeat, only sets and bundles hold them', async () => {
    const put =
      (components: unknown[], id = bundleId) =>
      () =>
        admin.put(`${W}/products/${id}/components`, { components });
    await refused(put([{ sku: 'ST-00001' }]), 400, /ST-00001 is a Set product; a component must be/);
    await refused(put([{ productId: ids['VP-00001'] }]), 400, /VP-00001 is a VariationParent product/);
    await refused(put([{ sku: 'WS-BN-1' }]), 400, /WS-BN-1 can't hold itself/);
    await refused(put([{ sku: 'NO-SUCH-SKU' }]), 400, /no product NO-SUCH-SKU/);
    await refused(put([{ sku: 'DS-00001' }, { productId: ids['DS-00001'] }]), 400, /DS-00001 is listed twice/);
    await refused(put([{ sku: 'DS-00001', productId: ids['DS-00001'] }]), 400, /components/);
    await refused(put([{ sku: 'DS-00001' }], ids['DS-00002']), 400, /only a set or a bundle has components/);
    await refused(put([{ sku: 'DS-00001' }], ids['VA-00011']), 400, /only a set or a bundle has components/);
  });
});

describe('a quantity rule', () => {
  let id: string;
  before(async () => {
    id = await productIdOf(s, 'DS-00004');
  });

  const add = (a: Agent, quantity: string) =>
    a.post(`${BASE}/carts/current/cart-items`, { productId: id, quantity, type: 'Product' });

  test('the cart applies a new minimum, maximum and increment on the next add', async () => {
    const res = await admin.put(`${W}/products/${id}/quantity-rule`, { minimum: '2', maximum: '10', increment: '2' });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.quantityRule, { minimum: '2', maximum: '10', increment: '2' });
    assert.deepEqual((await s.api(`/products/${id}`)).body.purchaseQuantityRule, {
      minimum: '2',
      maximum: '10',
      increment: '2',
    });
    const guest = s.agent();
    const one = await add(guest, '1');
    assert.equal(one.status, 400, one.text);
    assert.match(errorOf(one).message, /at least 2/);
    const three = await add(guest, '3');
    assert.equal(three.status, 400, three.text);
    assert.match(errorOf(three).message, /steps of 2 from 2/);
    const four = await add(guest, '4');
    assert.equal(four.status, 201, four.text);
    assert.equal(four.body.quantity, '4');
    const log = (await admin.get(`${W}/audit-log?recordId=${id}&action=updateQuantityRule`)).body.items[0];
    assert.deepEqual(log.before, { minimum: '1', maximum: '1', increment: '1' });
  });

  test('a rule that could never be met is refused and changes nothing', async () => {
    const put = (rule: object) => () => admin.put(`${W}/products/${id}/quantity-rule`, rule);
    await refused(
      put({ minimum: '5', maximum: '4', increment: '1' }),
      400,
      /maximum must not be less than the minimum/,
    );
    await refused(put({ minimum: '0', maximum: '4', increment: '1' }), 400, /minimum must be at least 1/);
    await refused(put({ minimum: '1', maximum: '4', increment: '0' }), 400, /increment must be at least 1/);
    await refused(put({ minimum: '2', maximum: '9', increment: '2' }), 400, /whole number of increments/);
    await refused(put({ minimum: '1.5', maximum: '4', increment: '1' }), 400, /whole number/);
    await refused(put({ minimum: 1, maximum: 4, increment: 1 }), 400, /string/i);
    await refused(
      () => admin.put(`${W}/products/01t000000009999AAA/quantity-rule`, { minimum: '1', maximum: '1', increment: '1' }),
      404,
      /doesn't exist/,
    );
  });
});
