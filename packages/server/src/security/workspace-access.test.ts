// The workspace access matrix, generated from the OpenAPI document: every operation under /services/admin/ is
// tried by a guest, a freshly registered shopper, the demo consumer, a B2B buyer, the catalogue manager and the
// administrator. The operation's description names its workspace action (core workspace-permissions.ts); only
// the roles that action allows get through, everyone else gets 403 INSUFFICIENT_ACCESS in the error shape and
// nothing changes: not the audit log, the catalogue version, the products, their prices or the target
// product. A refused party's malformed body is refused the same way (the guard runs before validation).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { mayDo, WORKSPACE_ACTIONS, type WorkspaceAction, type WorkspaceRole } from '@store/core';
import { DEMO_USERS } from '../seed/access.ts';
import { BASE, errorOf, startTestServer, type Agent, type TestServer } from '../test-support/server.ts';
import { placeCardOrder, placeGuestOrder, productIdOf } from '../test-support/purchase.ts';
import { CATALOGUE_MANAGER } from '../seed/workspace-users.ts';
import { WORKSPACE_OPERATION } from '../test-support/owned-operations.ts';
import {
  importFinished,
  prepareClassWorld,
  prepareContentWorld,
  sendAs,
  uploadFile,
  WORKSPACE_BASE,
  WORKSPACE_CASES,
  type WorkspaceWorld,
} from '../test-support/workspace-operations.ts';

interface Party {
  name: string;
  role: WorkspaceRole | null;
  agent: Agent;
}

let s: TestServer;
let parties: Party[];
let world: WorkspaceWorld;

before(async () => {
  s = await startTestServer();
  const registered = await s.register({
    firstName: 'Riley',
    lastName: 'Shopper',
    email: 'riley.workspace@example.com',
    password: 'Shopping2026!',
  });
  parties = [
    { name: 'guest', role: null, agent: s.agent() },
    { name: 'registered shopper', role: null, agent: registered },
    { name: 'consumer', role: null, agent: await s.login(DEMO_USERS.consumer.email) },
    { name: 'buyer', role: null, agent: await s.login(DEMO_USERS.buyer.email) },
    { name: 'catalogue manager', role: 'catalogue_manager', agent: await s.login(CATALOGUE_MANAGER.email) },
    { name: 'administrator', role: 'admin', agent: await s.login(DEMO_USERS.admin.email) },
  ];
  const admin = parties.at(-1)!.agent;
  const productId = (await admin.get(`${WORKSPACE_BASE}/products?q=DS-00007`)).body.items[0].id;
  const prices = (await admin.get(`${WORKSPACE_BASE}/products/${productId}/prices`)).body.entries;
  world = {
    productId,
    prices: prices.map((e: any) => ({
      priceBookId: e.priceBookId,
      sellingModelId: e.sellingModelId,
      unitPrice: e.unitPrice,
      tiers: e.tiers,
    })),
    serial: 0,
    otherProductIds: [await productIdOf(s, 'DS-00011'), await productIdOf(s, 'DS-00012')],
    png: await sharp({ create: { width: 200, height: 100, channels: 3, background: '#36c' } })
      .png()
      .toBuffer(),
    ensureImage: async () => {
      const image = await s.db.db
        .selectFrom('product_image')
        .select('version')
        .where('product_id', '=', productId)
        .executeTakeFirst();
      if (image) return;
      const res = await admin.sendBytes(
        'PUT',
        `${WORKSPACE_BASE}/products/${productId}/image?altText=Prepared`,
        world.png,
        'image/png',
      );
      assert.equal(res.status, 200, res.text);
    },
    classes: await prepareClassWorld(admin),
    content: await prepareContentWorld(admin, parties.length),
    ...(await placeOrders()),
    accountId: (await s.db.db.selectFrom('account').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
    buyerUserId: (
      await s.db.db
        .selectFrom('app_user')
        .select('id')
        .where('email', '=', DEMO_USERS.buyer.email)
        .executeTakeFirstOrThrow()
    ).id,
    ...(await uploads(admin)),
    ...(await taxonomyWorld(admin)),
  };
});

/** A finished upload to read, and a refused one (a good row and a bad one) for each party to apply. */
async function uploads(admin: Agent): Promise<Pick<WorkspaceWorld, 'importJobId' | 'refusedImportJobIds'>> {
  const done = await uploadFile(admin, 'sku,name\nMATRIX-READ-1,Matrix read\n', '?fileName=read.csv');
  assert.equal((await importFinished(admin, done.body.id)).body.status, 'done');
  const refused: string[] = [];
  for (let i = 1; i <= parties.length; i++) {
    const file = `sku,name,recordCount\nMATRIX-GOOD-${i},Good ${i},5\nMATRIX-BAD-${i},Bad ${i},lots\n`;
    const job = await uploadFile(admin, file, `?fileName=refused-${i}.csv`);
    assert.equal((await importFinished(admin, job.body.id)).body.status, 'refused');
    refused.push(job.body.id);
  }
  return { importJobId: done.body.id, refusedImportJobIds: refused };
}

/** What the category, entitlement-policy and inventory cases work on, made through the API before the matrix runs. */
async function taxonomyWorld(admin: Agent) {
  const make = async (path: string, body: unknown) => {
    const res = await admin.post(`${WORKSPACE_BASE}/${path}`, body);
    assert.equal(res.status, 201, res.text);
    return res.body.id as string;
  };
  const all = (await admin.get(`${WORKSPACE_BASE}/categories`)).body.items as Array<{
    id: string;
    parentId: string | null;
  }>;
  const root = all.find((c) => c.parentId === null && all.filter((k) => k.parentId === c.id).length >= 2)!;
  const policies = (await admin.get(`${WORKSPACE_BASE}/entitlement-policies`)).body.items as Array<{
    id: string;
    name: string;
  }>;
  const physicalProductId = await productIdOf(s, 'PD-00002');
  const stock = (await admin.get(`${WORKSPACE_BASE}/products/${physicalProductId}/inventory`)).body;
  const spare = [...Array(parties.length).keys()];
  return {
    categoryId: all.find((c) => c.parentId === root.id)!.id,
    categoryOrder: { parentId: root.id, categoryIds: all.filter((c) => c.parentId === root.id).map((c) => c.id) },
    emptyCategoryIds: await Promise.all(spare.map((i) => make('categories', { name: `Matrix empty ${i}` }))),
    sparePolicyIds: await Promise.all(
      spare.map((i) => make('entitlement-policies', { name: `Matrix spare ${i}`, buyerGroupIds: [], categoryIds: [] })),
    ),
    policyId: policies.find((p) => p.name === 'Partner Exclusives')!.id,
    physicalProductId,
    locationId: stock.levels[0].locationId as string,
  };
}

/** Orders for the order operations: a consumer's printed directory and dataset, and a guest's dataset. */
async function placeOrders(): Promise<Pick<WorkspaceWorld, 'printedOrder' | 'datasetOrder' | 'cancellableOrderId'>> {
  const consumer = parties.find((p) => p.name === 'consumer')!.agent;
  const printed = await placeCardOrder(consumer, await productIdOf(s, 'PD-00001'));
  const dataset = await placeCardOrder(consumer, await productIdOf(s, 'DS-00002'));
  const read = async (id: string) => (await consumer.get(`${BASE}/order-summaries/${id}`)).body;
  const shipped = (await read(printed)).deliveryGroups.find((g: any) => g.deliveryKind === 'Shipped');
  return {
    printedOrder: { id: printed, deliveryGroupId: shipped.id },
    datasetOrder: { id: dataset, orderItemId: (await read(dataset)).lines[0].orderItemId },
    cancellableOrderId: await placeGuestOrder(s, 'DS-00003'),
  };
}
after(async () => {
  await s?.close();
});

/** Everything a workspace call could change, read straight from the database. */
async function snapshot(): Promise<string> {
  const db = s.db.db;
  const count = async (
    table:
      | 'audit_log'
      | 'product'
      | 'price_book_entry'
      | 'price_adjustment_tier'
      | 'order_refund'
      | 'mail_outbox'
      | 'password_reset'
      | 'import_job',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const store = await db.selectFrom('webstore').select('catalog_version').executeTakeFirstOrThrow();
  const orderIds = [world.printedOrder.id, world.datasetOrder.id, world.cancellableOrderId];
  const orders = await db
    .selectFrom('sales_order')
    .select(['id', 'status'])
    .where('id', 'in', orderIds)
    .orderBy('id')
    .execute();
  const groups = await db
    .selectFrom('order_delivery_group')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
  const target = await db.selectFrom('product').selectAll().where('id', '=', world.productId).executeTakeFirstOrThrow();
  // Media upload and the pick lists (migration 015): the image's identity and alt text, the media, the lists.
  const image = await db
    .selectFrom('product_image')
    .select(['product_id', 'version', 'alt_text', 'width', 'height', 'byte_size'])
    .orderBy('product_id')
    .execute();
  const media = await db
    .selectFrom('product_media')
    .selectAll()
    .where('product_id', '=', world.productId)
    .orderBy('id')
    .execute();
  const featured = await db
    .selectFrom('featured_product')
    .selectAll()
    .orderBy('webstore_id')
    .orderBy('position')
    .execute();
  const related = await db
    .selectFrom('product_relation')
    .selectAll()
    .where('product_id', '=', world.productId)
    .orderBy('relationship_type')
    .orderBy('position')
    .execute();
  const prices = await db
    .selectFrom('price_book_entry')
    .select(['id', 'unit_price_minor'])
    .where('product_id', '=', world.productId)
    .orderBy('id')
    .execute();
  return JSON.stringify({
    audit: await count('audit_log'),
    products: await count('product'),
    entries: await count('price_book_entry'),
    tiers: await count('price_adjustment_tier'),
    version: store.catalog_version,
    target,
    prices,
    orders,
    groups,
    refunds: await count('order_refund'),
    mail: await count('mail_outbox'),
    // Promotions, customers and settings.
    promotions: await db.selectFrom('promotion').selectAll().orderBy('id').execute(),
    coupons: await db.selectFrom('coupon').selectAll().orderBy('id').execute(),
    settings: (await db.selectFrom('webstore').select('settings_json').executeTakeFirstOrThrow()).settings_json,
    buyerGroups: await db.selectFrom('buyer_group').selectAll().orderBy('id').execute(),
    members: await db
      .selectFrom('account_buyer_group')
      .selectAll()
      .orderBy('account_id')
      .orderBy('buyer_group_id')
      .execute(),
    managed: await db.selectFrom('user_managed_account').selectAll().orderBy('user_id').orderBy('account_id').execute(),
    resets: await count('password_reset'),
    image,
    media,
    featured,
    related,
    // Catalogue uploads: the jobs and what each has become (a refused job marked as applied).
    imports: await count('import_job'),
    importStates: await db
      .selectFrom('import_job')
      .select(['id', 'status', 'applied_by_job_id'])
      .orderBy('id')
      .execute(),
    // Categories, entitlement policies and the physical product's stock.
    categories: await db.selectFrom('category').selectAll().orderBy('id').execute(),
    policies: await db.selectFrom('entitlement_policy').selectAll().orderBy('id').execute(),
    policyGroups: await db
      .selectFrom('entitlement_policy_buyer_group')
      .selectAll()
      .orderBy('policy_id')
      .orderBy('buyer_group_id')
      .execute(),
    policyCategories: await db
      .selectFrom('entitlement_policy_category')
      .selectAll()
      .orderBy('policy_id')
      .orderBy('category_id')
      .execute(),
    // The product classes: attributes, components, and the variations the matrix may take out.
    attributes: await db.selectFrom('variation_attribute').selectAll().orderBy('parent_id').orderBy('name').execute(),
    relations: await db
      .selectFrom('product_relation')
      .selectAll()
      .where('product_id', '=', world.classes.bundleId)
      .orderBy('relationship_type')
      .orderBy('position')
      .execute(),
    family: await db
      .selectFrom('product')
      .select(['id', 'product_class', 'parent_id', 'variation_json', 'is_active'])
      .where('id', 'in', world.classes.variationIds)
      .orderBy('id')
      .execute(),
    // Restock on cancel, per-customer coupon uses (migration 017) and the store's selling models.
    stock: await db.selectFrom('inventory_level').selectAll().orderBy('product_id').orderBy('location_id').execute(),
    stockTakes: await db.selectFrom('order_stock_take').selectAll().orderBy('order_id').orderBy('product_id').execute(),
    couponCustomerUses: await db.selectFrom('coupon_customer_use').selectAll().orderBy('coupon_id').execute(),
    sellingModels: await db.selectFrom('selling_model').selectAll().orderBy('id').execute(),
  });
}

const actionOf = (description: string | undefined): WorkspaceAction | 'any role' | null => {
  const m = /Workspace action: ([a-z.]+|any role)\./.exec(description ?? '');
  if (!m) return null;
  return m[1] === 'any role' ? 'any role' : (WORKSPACE_ACTIONS.find((a) => a === m[1]) ?? null);
};

describe('the workspace access matrix', () => {
  test('every workspace operation in the OpenAPI document names its action and has a case', async () => {
    const doc = (await s.get('/api/docs')).body as {
      paths: Record<string, Record<string, { description?: string; tags?: string[] }>>;
    };
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([m, o]) => ({ op: `${m.toUpperCase()} ${path}`, description: o.description })),
    );
    const workspace = ops.filter((o) => WORKSPACE_OPERATION.test(o.op));
    assert.ok(workspace.length >= 10, `workspace operations in the document: ${workspace.length}`);
    assert.deepEqual(
      workspace.filter((o) => actionOf(o.description) === null).map((o) => o.op),
      [],
      'operations whose description names no workspace action',
    );
    const cased = new Set(WORKSPACE_CASES.map((c) => c.op));
    assert.deepEqual(
      workspace.filter((o) => !cased.has(o.op)).map((o) => o.op),
      [],
      'workspace operations without a case',
    );
    assert.deepEqual(
      [...cased].filter((o) => !workspace.some((w) => w.op === o)),
      [],
      'cases for operations the document no longer has',
    );
  });

  test('only the roles an operation’s action allows get through; every refusal is a 403 that changes nothing', async () => {
    const doc = (await s.get('/api/docs')).body as { paths: Record<string, Record<string, { description?: string }>> };
    const actions = new Map<string, WorkspaceAction | 'any role' | null>(
      Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([m, o]) => [`${m.toUpperCase()} ${path}`, actionOf(o.description)]),
      ),
    );
    const tally = { tried: 0, refused: 0, allowed: 0, malformedRefused: 0 };
    const refusedBy = new Map<string, number>();
    for (const c of WORKSPACE_CASES) {
      const action = actions.get(c.op)!;
      for (const p of parties) {
        const allowed = p.role !== null && (action === 'any role' || mayDo(p.role, action));
        await c.prepare?.(world);
        const req = c.call(world);
        const what = `${p.name}: ${c.op}`;
        const before = await snapshot();
        if (process.env.MATRIX_TRACE) console.error(what);
        const res = await sendAs(p.agent, req);
        tally.tried++;
        if (allowed) {
          assert.ok(res.status < 400, `${what} must succeed: ${res.status} ${res.text.slice(0, 300)}`);
          await c.settle?.(p.agent, res);
          if (req.method !== 'GET' && !c.readsOnly)
            assert.notEqual(await snapshot(), before, `${what} changed something`);
          else assert.equal(await snapshot(), before, `${what} (a read) changed something`);
          tally.allowed++;
          continue;
        }
        assert.equal(res.status, 403, `${what} is refused: ${res.status} ${res.text.slice(0, 300)}`);
        assert.equal(errorOf(res).errorCode, 'INSUFFICIENT_ACCESS', what);
        assert.equal(await snapshot(), before, `${what} changed something`);
        if (req.method !== 'GET') {
          // Bad input from someone without the role is still a 403: nothing about the body is revealed.
          const malformed = await sendAs(p.agent, { ...req, body: { sku: 42, entries: 'x' } });
          assert.equal(malformed.status, 403, `${what} with a malformed body: ${malformed.status}`);
          assert.equal(await snapshot(), before, `${what} with a malformed body changed something`);
          tally.malformedRefused++;
        }
        refusedBy.set(p.name, (refusedBy.get(p.name) ?? 0) + 1);
        tally.refused++;
      }
    }
    const { tried, refused, allowed, malformedRefused } = tally;
    console.log(
      `workspace access matrix: ${WORKSPACE_CASES.length} operations x ${parties.length} parties = ${tried} tried, ${allowed} allowed, ${refused} refused (+${malformedRefused} malformed bodies refused); refusals by party ${JSON.stringify(Object.fromEntries(refusedBy))}`,
    );
    assert.equal(refusedBy.get('guest'), WORKSPACE_CASES.length);
    assert.equal(refusedBy.get('buyer'), WORKSPACE_CASES.length);
    assert.equal(refusedBy.get('registered shopper'), WORKSPACE_CASES.length);
    const managerRefused = WORKSPACE_CASES.filter((c) => {
      const action = actions.get(c.op);
      return action !== 'any role' && !mayDo('catalogue_manager', action!);
    });
    assert.deepEqual(
      managerRefused.map((c) => actions.get(c.op)?.split('.')[0]).filter((a, i, all) => all.indexOf(a) === i),
      ['orders', 'settings', 'customers', 'audit'],
      'the catalogue manager is refused the orders, settings, customers and the audit log only',
    );
    assert.equal(refusedBy.get('catalogue manager'), managerRefused.length);
    assert.equal(refusedBy.get('administrator'), undefined);
  });
});
