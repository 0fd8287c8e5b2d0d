// The workspace's catalogue calls over real HTTP: the administrator creates a dataset and prices it with
// volume tiers, and the storefront's own answers (product detail, prices, search, category browse) follow at
// once; the catalogue manager edits a price; Draft hides a product again; bad input is a 400 (409 for a taken
// SKU) that changes nothing; every change is in the audit log with who, what, before and after.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { errorOf, startTestServer, type Agent, type TestServer } from '../../test-support/server.ts';
import { DEMO_USERS } from '../../seed/access.ts';
import { CATALOGUE_MANAGER } from '../../seed/workspace-users.ts';
import { WORKSPACE_BASE as W } from '../../test-support/workspace-operations.ts';

let s: TestServer;
let admin: Agent;
let manager: Agent;
let category: { id: string; urlName: string; path: string };
let books: Array<{ id: string; name: string }>;

before(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO_USERS.admin.email);
  manager = await s.login(CATALOGUE_MANAGER.email);
  const cats = (await admin.get(`${W}/categories`)).body.items;
  category = cats.find((c: { depth: number; publishStatus: string }) => c.depth === 2 && c.publishStatus === 'Live');
  books = (await admin.get(`${W}/price-books`)).body.items;
});
after(async () => {
  await s?.close();
});

const tiers = [
  { lowerBound: 1, upperBound: 9, adjustmentType: 'PercentageBasedAdjustment', adjustmentValue: '0' },
  { lowerBound: 10, upperBound: 49, adjustmentType: 'PercentageBasedAdjustment', adjustmentValue: '10' },
  { lowerBound: 50, upperBound: null, adjustmentType: 'PercentageBasedAdjustment', adjustmentValue: '20' },
];
const storeBook = () => books.find((b) => b.name === 'Store Price Book')!.id;
const standardBook = () => books.find((b) => b.name === 'Standard Price Book')!.id;

async function auditCount(): Promise<number> {
  return (await admin.get(`${W}/audit-log?pageSize=1`)).body.total;
}

describe('creating and pricing a dataset', () => {
  let id: string;

  test('the administrator creates a Live dataset in a category; the storefront shows it at once', async () => {
    const res = await admin.post(`${W}/products`, {
      sku: 'WS-0001',
      name: 'Lakeshore Veterinary Clinics',
      status: 'Live',
      description: 'Veterinary clinics along the Great Lakes with owner names.',
      recordCount: 4321,
      countries: ['United States', 'Canada'],
      sicCode: '0742',
      listStatus: 'New',
      lastUpdated: '2026-10-01',
      categoryLines: ['Veterinary Services'],
      includedFields: ['Company Name', 'Owner Name', 'Phone'],
      categoryIds: [category.id],
    });
    assert.equal(res.status, 201, res.text);
    id = res.body.id;
    assert.match(id, /^01t\w{15}$/);
    assert.equal(res.body.status, 'Live');
    assert.equal(res.body.sicDivision, 'Agriculture, Forestry & Fishing');
    assert.deepEqual(res.body.categoryIds, [category.id]);

    const detail = await s.api(`/products/${id}`);
    assert.equal(detail.status, 200, detail.text);
    assert.equal(detail.body.fields.Name, 'Lakeshore Veterinary Clinics');
    assert.equal(detail.body.fields.B2B_Record_Count__c, '4321');
    const found = await s.api('/search/products?searchTerm=lakeshore%20veterinary');
    assert.deepEqual(
      found.body.productsPage.products.map((p: { id: string }) => p.id),
      [id],
    );
    const browse = await s.api(`/search/products?categoryId=${category.id}&pageSize=100`);
    assert.ok(
      browse.body.productsPage.products.some((p: { id: string }) => p.id === id),
      'in its category',
    );
  });

  test('prices with volume tiers are what a shopper is quoted', async () => {
    const noPrice = await s.api(`/pricing/products/${id}`);
    assert.equal(noPrice.status, 404, 'no price yet: not sellable');
    const res = await admin.put(`${W}/products/${id}/prices`, {
      entries: [
        { priceBookId: standardBook(), unitPrice: '249.00' },
        { priceBookId: storeBook(), unitPrice: '199.00', tiers },
      ],
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.entries.map((e: { unitPrice: string; tiers: unknown[] }) => [e.unitPrice, e.tiers.length]),
      [
        ['249.00', 0],
        ['199.00', 3],
      ],
    );
    const quote = (await s.api(`/pricing/products/${id}`)).body;
    assert.equal(quote.listPrice, '249.00');
    assert.equal(quote.unitPrice, '199.00');
    assert.deepEqual(
      quote.priceAdjustment.priceAdjustmentTiers.map((t: { tierUnitPrice: string }) => t.tierUnitPrice),
      ['199.00', '179.10', '159.20'],
    );
  });

  test('the catalogue manager edits the price; the audit log names both people with before and after', async () => {
    const current = (await manager.get(`${W}/products/${id}/prices`)).body.entries;
    const res = await manager.put(`${W}/products/${id}/prices`, {
      entries: current.map((e: { priceBookId: string; unitPrice: string; tiers: unknown[] }) => ({
        priceBookId: e.priceBookId,
        unitPrice: e.priceBookId === storeBook() ? '189.50' : e.unitPrice,
        tiers: e.tiers,
      })),
    });
    assert.equal(res.status, 200, res.text);
    assert.equal((await s.api(`/pricing/products/${id}`)).body.unitPrice, '189.50');
    // The entry kept its id: the change reads as a change of that entry.
    assert.deepEqual(
      res.body.entries.map((e: { id: string }) => e.id),
      current.map((e: { id: string }) => e.id),
    );

    const log = (await admin.get(`${W}/audit-log?recordId=${id}`)).body;
    assert.deepEqual(
      log.items.map((e: { action: string; user: { email: string } }) => [e.action, e.user.email]),
      [
        ['replacePrices', CATALOGUE_MANAGER.email],
        ['replacePrices', DEMO_USERS.admin.email],
        ['create', DEMO_USERS.admin.email],
      ],
    );
    const [edit, priced, created] = log.items;
    const storeEntry = (entries: Array<{ priceBookId: string; unitPrice: string }>) =>
      entries.find((e) => e.priceBookId === storeBook())!.unitPrice;
    assert.equal(storeEntry(edit.before), '199.00');
    assert.equal(storeEntry(edit.after), '189.50');
    assert.deepEqual(priced.before, []);
    assert.equal(created.before, null);
    assert.equal(created.after.sku, 'WS-0001');
    assert.equal(edit.user.role, 'catalogue_manager');
    assert.equal(edit.recordLabel, 'WS-0001 Lakeshore Veterinary Clinics');
  });

  test('an update changes only the fields sent; Draft takes the product off the storefront', async () => {
    const res = await admin.patch(`${W}/products/${id}`, { name: 'Lakeshore Vet Clinics', status: 'Draft' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.recordCount, 4321, 'untouched fields stay');
    assert.equal((await s.api(`/products/${id}`)).status, 404);
    const found = await s.api('/search/products?searchTerm=lakeshore');
    assert.ok(!found.body.productsPage.products.some((p: { id: string }) => p.id === id), 'not in search');
    const entry = (await admin.get(`${W}/audit-log?recordId=${id}&pageSize=1`)).body.items[0];
    assert.equal(entry.action, 'update');
    assert.deepEqual([entry.before.name, entry.before.status], ['Lakeshore Veterinary Clinics', 'Live']);
    assert.deepEqual([entry.after.name, entry.after.status], ['Lakeshore Vet Clinics', 'Draft']);

    const live = await admin.patch(`${W}/products/${id}`, { status: 'Live' });
    assert.equal(live.status, 200);
    assert.equal((await s.api(`/products/${id}`)).body.fields.Name, 'Lakeshore Vet Clinics');
  });
});

describe('bad input is refused and changes nothing', () => {
  const cases: Array<[string, () => Promise<{ status: number; body: any }>, number, RegExp]> = [
    ['a taken SKU', () => admin.post(`${W}/products`, { sku: 'DS-00001', name: 'Copy' }), 409, /already used/],
    [
      'an unknown category',
      () => admin.post(`${W}/products`, { sku: 'WS-0100', name: 'Lost', categoryIds: ['0ZG000000999999AAA'] }),
      400,
      /Unknown categories/,
    ],
    ['a SKU with a slash', () => admin.post(`${W}/products`, { sku: 'A/B', name: 'Slash' }), 400, /sku/],
    ['a blank name', () => admin.post(`${W}/products`, { sku: 'WS-0101', name: '  ' }), 400, /name/],
    ['an empty update', () => admin.patch(`${W}/products/01t000000000101AAA`, {}), 400, /at least one field/],
    [
      'a new SKU for a product',
      () => admin.patch(`${W}/products/01t000000000101AAA`, { sku: 'OTHER-1' }),
      400,
      /can't be changed/,
    ],
    [
      'tiers with a gap',
      () =>
        admin.put(`${W}/products/01t000000000101AAA/prices`, {
          entries: [{ priceBookId: storeBook(), unitPrice: '10.00', tiers: [tiers[0], tiers[2]] }],
        }),
      400,
      /Tier 2: it must start at 10/,
    ],
    [
      'a price in binary float beyond cents',
      () =>
        admin.put(`${W}/products/01t000000000101AAA/prices`, {
          entries: [{ priceBookId: storeBook(), unitPrice: 0.1 + 0.2 }],
        }),
      400,
      /at most 2 decimals/,
    ],
    [
      'one price book twice',
      () =>
        admin.put(`${W}/products/01t000000000101AAA/prices`, {
          entries: [
            { priceBookId: storeBook(), unitPrice: '10.00' },
            { priceBookId: storeBook(), unitPrice: '11.00' },
          ],
        }),
      400,
      /already priced/,
    ],
    [
      'an unknown price book',
      () =>
        admin.put(`${W}/products/01t000000000101AAA/prices`, {
          entries: [{ priceBookId: '01s000000000099AAA', unitPrice: '10.00' }],
        }),
      400,
      /unknown price book/,
    ],
    ['an unknown product', () => admin.get(`${W}/products/01t000000009999AAA`), 404, /doesn't exist/],
    ['a malformed product id', () => admin.get(`${W}/products/not-an-id`), 400, /Invalid identifier/],
    ['an unknown sort key', () => admin.get(`${W}/products?sort=password`), 400, /sort must be one of/],
  ];
  for (const [name, call, status, message] of cases)
    test(name, async () => {
      const before = await auditCount();
      const products = (await admin.get(`${W}/products?pageSize=1`)).body.total;
      const res = await call();
      assert.equal(res.status, status, JSON.stringify(res.body));
      assert.match(errorOf(res).message, message);
      assert.equal(await auditCount(), before, 'no audit entry');
      assert.equal((await admin.get(`${W}/products?pageSize=1`)).body.total, products, 'no product made');
    });
});

describe('two administrators creating one SKU at once', () => {
  test('one creation wins, the other is a 409; one product and one audit entry', async () => {
    const before = await auditCount();
    const other = await s.login(DEMO_USERS.admin.email);
    const body = { sku: 'WS-RACE', name: 'Raced Dataset' };
    const answers = await Promise.all([admin.post(`${W}/products`, body), other.post(`${W}/products`, body)]);
    assert.deepEqual(answers.map((r) => r.status).sort(), [201, 409], answers.map((r) => r.text).join('\n'));
    assert.equal(errorOf(answers.find((r) => r.status === 409)!).errorCode, 'DUPLICATE_VALUE');
    assert.equal((await admin.get(`${W}/products?q=WS-RACE`)).body.total, 1);
    assert.equal(await auditCount(), before + 1);
  });
});

describe('two changes of one product at once', () => {
  test('both price replacements land one after the other: two audit entries, the second before = the first after', async () => {
    const id = (await admin.get(`${W}/products?q=DS-00002`)).body.items[0].id;
    const before = await auditCount();
    const prices = (price: string) => ({ entries: [{ priceBookId: storeBook(), unitPrice: price, tiers }] });
    const answers = await Promise.all([
      admin.put(`${W}/products/${id}/prices`, prices('101.00')),
      manager.put(`${W}/products/${id}/prices`, prices('102.00')),
    ]);
    assert.deepEqual(
      answers.map((r) => r.status),
      [200, 200],
      answers.map((r) => r.text).join('\n'),
    );
    assert.equal(await auditCount(), before + 2);
    const [second, first] = (await admin.get(`${W}/audit-log?recordId=${id}&pageSize=2`)).body.items;
    assert.deepEqual(second.before, first.after);
    const final = (await admin.get(`${W}/products/${id}/prices`)).body.entries;
    assert.deepEqual(final, second.after);
    assert.equal(final.length, 1);
  });
});

describe('the products table pages, sorts and filters on the server', () => {
  test('a filter by text and category, a sort and a page', async () => {
    const all = (await admin.get(`${W}/products?q=dentist&pageSize=100&sort=-recordCount`)).body;
    assert.ok(all.total > 3, `dentist datasets: ${all.total}`);
    const counts = all.items.map((p: { recordCount: number }) => p.recordCount);
    assert.deepEqual(
      counts,
      [...counts].sort((a, b) => b - a),
    );
    const page2 = (await admin.get(`${W}/products?q=dentist&pageSize=2&page=2&sort=-recordCount`)).body;
    assert.deepEqual(
      page2.items.map((p: { id: string }) => p.id),
      all.items.slice(2, 4).map((p: { id: string }) => p.id),
    );
    assert.equal(page2.total, all.total);
    assert.equal(page2.pageCount, Math.ceil(all.total / 2));
    const inCategory = (await admin.get(`${W}/products?categoryId=${category.id}&pageSize=100`)).body;
    assert.ok(inCategory.total >= 1);
    const bySku = (await admin.get(`${W}/products?q=ds-00001`)).body;
    assert.ok(bySku.items.some((p: { sku: string }) => p.sku === 'DS-00001'));
    const percent = (await admin.get(`${W}/products?q=${encodeURIComponent('100%')}`)).body;
    assert.equal(percent.total, 0, 'a % is matched literally, not as a wildcard');
  });

  test('Draft products are listed for the workspace only', async () => {
    const draft = (await admin.post(`${W}/products`, { sku: 'WS-DRAFT', name: 'Unpublished Dataset' })).body;
    assert.equal(draft.status, 'Draft');
    const drafts = (await admin.get(`${W}/products?status=Draft`)).body;
    assert.ok(drafts.items.some((p: { id: string }) => p.id === draft.id));
    assert.equal((await s.api(`/products/${draft.id}`)).status, 404);
  });
});

describe('the audit log', () => {
  test('is paged and filtered; the catalogue manager may not read it', async () => {
    const page = (await admin.get(`${W}/audit-log?pageSize=2&recordType=Product&action=create`)).body;
    assert.equal(page.items.length, 2);
    assert.ok(page.items.every((e: { action: string }) => e.action === 'create'));
    const byManager = (await admin.get(`${W}/audit-log?userId=${(await manager.get(`${W}/me`)).body.userId}`)).body;
    assert.ok(byManager.items.length >= 1);
    assert.ok(byManager.items.every((e: { user: { email: string } }) => e.user.email === CATALOGUE_MANAGER.email));
    const refused = await manager.get(`${W}/audit-log`);
    assert.equal(refused.status, 403);
    assert.equal(errorOf(refused).errorCode, 'INSUFFICIENT_ACCESS');
  });

  test('the shell learns the role and its actions', async () => {
    const me = (await manager.get(`${W}/me`)).body;
    assert.equal(me.role, 'catalogue_manager');
    assert.equal(me.roleLabel, 'Catalogue manager');
    assert.ok(me.actions.includes('catalogue.write'));
    assert.ok(!me.actions.includes('settings.write'));
    assert.ok(!me.actions.includes('orders.refund'));
  });
});
