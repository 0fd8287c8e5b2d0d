// The catalogue import and export against a real store: rows go in through the service the `npm run import`
// command and the workspace upload call, and what a shopper sees is read back over HTTP.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Readable } from 'node:stream';
import { startTestServer, type TestServer, WEBSTORE_ID } from '../../test-support/server.ts';
import { exportCatalogue } from './export.ts';
import { type ImportOptions, importCatalogue } from './import.ts';
import type { CatalogueKind } from './report.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer({ products: 20 });
});
after(async () => {
  await s?.close();
});

const run = (text: string, opts: Partial<ImportOptions> = {}) =>
  importCatalogue(s.db.db, Readable.from([text]), { webstoreId: WEBSTORE_ID, ...opts });

async function exported(server: TestServer, kind: CatalogueKind, format: 'csv' | 'json' = 'csv'): Promise<string> {
  let text = '';
  for await (const chunk of exportCatalogue(server.db.db, { webstoreId: WEBSTORE_ID, kind, format })) text += chunk;
  return text;
}

/** A product as a guest sees it through the API, or undefined when the store does not show it. */
async function shown(server: TestServer, sku: string): Promise<any> {
  // Another process would see the import's catalogue version within the store cache's 2 s; this one at once.
  server.services.webstores.invalidate();
  const res = await server.api(`/products?skus=${sku}`);
  assert.equal(res.status, 200);
  const p = res.body.products[0];
  return p?.success === false ? undefined : p;
}

const catalogVersion = async () =>
  (
    await s.db.db
      .selectFrom('webstore')
      .select('catalog_version')
      .where('id', '=', WEBSTORE_ID)
      .executeTakeFirstOrThrow()
  ).catalog_version;

const HEADER =
  'sku,name,class,status,fulfilment,description,recordCount,countries,sicCode,listStatus,lastUpdated,categoryLines,includedFields,categories,sellingModels';
const row = (sku: string, name: string, extra = '') =>
  `${sku},"${name}",Simple,Live,Dataset,"Imported ${name}",12345,United States|Canada,8021,Verified,2026-05-01,Health Services > Dentists,Company Name|Email,dentists,One-Time Purchase${extra}`;
const FILE = [HEADER, row('IM-00001', 'Quokka Dental Offices'), row('IM-00002', 'Wombat Veterinary Clinics')].join(
  '\n',
);

describe('catalogue import: products', () => {
  test('a new file creates its products, and the store shows them with their fields and category', async () => {
    const before = await catalogVersion();
    const report = await run(FILE);
    assert.deepEqual(
      { rows: report.rows, created: report.created, updated: report.updated, refused: report.refused },
      { rows: 2, created: 2, updated: 0, refused: 0 },
    );
    assert.equal(report.kind, 'products', 'the kind is told from the columns');
    assert.equal(await catalogVersion(), before + 1, 'one catalogue version bump for the whole file');
    const p = await shown(s, 'IM-00001');
    assert.ok(p, 'the imported product is served');
    assert.equal(p.fields.Name, 'Quokka Dental Offices');
    assert.equal(p.fields.B2B_Record_Count__c, '12345');
    assert.equal(p.fields.Countries_Display__c, 'United States; Canada');
    assert.equal(p.fields.B2B_Included_Fields__c, 'Company Name; Email');
    assert.equal(p.fields.B2BCategory1Formula__c, 'Health Services > Dentists');
    assert.equal(p.primaryProductCategoryPath.path.at(-1).name, 'Dentists');
    const search = await s.api('/search/products?searchTerm=quokka');
    assert.deepEqual(
      search.body.productsPage.products.map((x: any) => x.fields.StockKeepingUnit?.value ?? x.fields.StockKeepingUnit),
      ['IM-00001'],
      'the search index follows the catalogue version',
    );
  });

  test('an identical re-import changes nothing, not even the catalogue version', async () => {
    const before = await catalogVersion();
    const report = await run(FILE);
    assert.deepEqual([report.created, report.updated, report.unchanged, report.refused], [0, 0, 2, 0]);
    assert.equal(await catalogVersion(), before);
  });

  test('a changed row updates its product and leaves the others alone', async () => {
    const changed = FILE.replace('Wombat Veterinary Clinics', 'Wombat Animal Hospitals');
    const report = await run(changed);
    assert.deepEqual([report.created, report.updated, report.unchanged], [0, 1, 1]);
    assert.equal((await shown(s, 'IM-00002')).fields.Name, 'Wombat Animal Hospitals');
    const ids = await s.db.db.selectFrom('product').select('id').where('sku', 'like', 'IM-%').execute();
    assert.equal(ids.length, 2, 'matched by SKU: updated, not duplicated');
  });

  test('a file with 3 bad rows is refused with those 3 rows named, and nothing changes', async () => {
    const before = await catalogVersion();
    const file = [
      HEADER,
      row('IM-00010', 'Good Row One'),
      row('IM-00011', 'Bad Count').replace(',12345,', ',many,'),
      row('IM-00012', 'Good Row Two'),
      row('IM-00013', 'Bad Category').replace(',dentists,', ',no-such-category,'),
      row('IM-00010', 'Repeated SKU'),
    ].join('\n');
    const report = await run(file);
    assert.equal(report.refused, 3);
    assert.equal(report.refusedFile, true);
    assert.deepEqual(
      report.problems.map((p) => [p.row, p.column]),
      [
        [3, 'recordCount'],
        [5, 'categories'],
        [6, 'sku'],
      ],
    );
    assert.match(report.problems[0]!.reason, /whole number/);
    assert.match(report.problems[1]!.reason, /no-such-category is not a category/);
    assert.match(report.problems[2]!.reason, /repeats row 2/);
    assert.equal([report.created, report.updated].join(), '0,0');
    assert.equal(await shown(s, 'IM-00010'), undefined, 'the good rows were not imported either');
    assert.equal(await catalogVersion(), before);

    const applied = await run(file, { applyGoodRows: true });
    assert.deepEqual([applied.created, applied.refused, applied.refusedFile], [2, 3, false]);
    assert.equal((await shown(s, 'IM-00010')).fields.Name, 'Good Row One');
    assert.equal((await shown(s, 'IM-00012')).fields.Name, 'Good Row Two');
    assert.equal(await shown(s, 'IM-00011'), undefined);
  });

  test('a SKU the store could not name its sample and image after is refused (the workspace’s rule, at most 40)', async () => {
    const long = `IM-${'9'.repeat(38)}`;
    const report = await run([HEADER, row(long, 'Too Long A SKU'), row('IM 00020', 'Spaced SKU')].join('\n'));
    assert.deepEqual(
      report.problems.map((p) => [p.row, p.column]),
      [
        [2, 'sku'],
        [3, 'sku'],
      ],
    );
    assert.equal(report.refusedFile, true);
    assert.equal(await shown(s, long), undefined);
  });

  test('JSON rows take lists as arrays; a key left out keeps the stored value', async () => {
    const file = JSON.stringify([
      { sku: 'IM-00020', name: 'Koala Pharmacies', countries: ['Australia'], categories: ['dentists'] },
      { sku: 'IM-00001', recordCount: 54321 },
    ]);
    const report = await run(file, { format: 'json' });
    assert.deepEqual([report.created, report.updated, report.refused], [1, 1, 0]);
    assert.equal((await shown(s, 'IM-00020')).fields.Countries_Display__c, 'Australia');
    const kept = await shown(s, 'IM-00001');
    assert.equal(kept.fields.B2B_Record_Count__c, '54321');
    assert.equal(kept.fields.Name, 'Quokka Dental Offices', 'no name key: the name stays');
  });

  test('a variation parent and its variations in one file; a variation needs a VariationParent', async () => {
    const report = await run(
      [
        'sku,name,class,parentSku,variation',
        'IM-VP-1,Numbat Surveyors,VariationParent,,',
        'IM-VA-1,Numbat Surveyors – Email,Variation,IM-VP-1,Coverage=Email Only',
        'IM-VA-2,Numbat Surveyors – Phone,Variation,IM-VP-1,Coverage=Phone Only',
        'IM-VA-3,Orphan,Variation,IM-NOPE,Coverage=Email Only',
        'IM-VA-4,Wrong Parent,Variation,IM-00001,Coverage=Email Only',
        'IM-VA-5,Not A Variation,Simple,IM-VP-1,',
      ].join('\n'),
      { applyGoodRows: true },
    );
    assert.deepEqual([report.created, report.refused], [3, 3]);
    assert.deepEqual(
      report.problems.map((p) => [p.row, p.column]),
      [
        [5, 'parentSku'],
        [6, 'parentSku'],
        [7, 'parentSku'],
      ],
    );
    const parent = await shown(s, 'IM-VP-1');
    const children = await s.api(`/products/${parent.id}/children`);
    assert.equal(children.status, 200);
    assert.deepEqual(children.body.products.map((c: any) => c.fields.StockKeepingUnit).sort(), ['IM-VA-1', 'IM-VA-2']);
  });

  test('a file the importer cannot read is refused whole, with the reason', async () => {
    const unknown = await run('sku,name,colour\nIM-00030,X,red');
    assert.equal(unknown.refusedFile, true);
    assert.match(unknown.problems[0]!.reason, /Unknown column for products: colour/);
    const unclear = await run('title,price\nX,1');
    assert.match(unclear.problems[0]!.reason, /Cannot tell what the file holds/);
    const short = await run('sku,name\nIM-00031,Fine\nIM-00032\nIM-00033,Too,Many');
    assert.deepEqual(
      short.problems.map((p) => [p.row, p.reason]),
      [
        [3, 'has 1 cell where the header has 2'],
        [4, 'has 3 cells where the header has 2'],
      ],
    );
    assert.equal(short.refused, 2);
    const broken = await run('[{"sku": ', { format: 'json' });
    assert.match(broken.problems[0]!.reason, /not valid JSON/);
    assert.equal(await shown(s, 'IM-00030'), undefined);
  });
});

describe('catalogue import: prices, inventory, categories', () => {
  test('prices with volume tiers per price book; a guest gets the store book and its tiers', async () => {
    const file = [
      'sku,priceBook,sellingModel,unitPrice,active,tierType,tiers',
      'IM-00001,Standard Price Book,,100.00,true,,',
      'IM-00001,Store Price Book,,90.00,true,Percentage,1-9:0|10-49:10|50+:20',
    ].join('\n');
    const report = await run(file);
    assert.deepEqual([report.kind, report.created, report.refused], ['prices', 2, 0]);
    const id = (await shown(s, 'IM-00001')).id;
    const price = (await s.api(`/pricing/products/${id}`)).body;
    assert.equal(price.listPrice, '100.00');
    assert.equal(price.unitPrice, '90.00');
    assert.deepEqual(
      price.priceAdjustment.priceAdjustmentTiers.map((t: any) => [t.lowerBound, t.upperBound, t.tierUnitPrice]),
      [
        ['1', '9', '90.00'],
        ['10', '49', '81.00'],
        ['50', null, '72.00'],
      ],
    );
    assert.equal((await run(file)).unchanged, 2, 'the same prices again change nothing');
    const cheaper = await run(file.replace('90.00,true,Percentage,1-9:0|10-49:10|50+:20', '85.50,true,,'));
    assert.deepEqual([cheaper.updated, cheaper.unchanged], [1, 1]);
    const after = (await s.api(`/pricing/products/${id}`)).body;
    assert.equal(after.unitPrice, '85.50');
    assert.ok(!after.priceAdjustment?.priceAdjustmentTiers?.length, 'empty tiers remove them');

    const bad = await run(
      [
        'sku,priceBook,unitPrice,tierType,tiers',
        'IM-00001,Store Price Book,12.345,,',
        'NOPE-1,Store Price Book,10,,',
        'IM-00002,Nonexistent Book,10,,',
        'IM-00002,Store Price Book,10,Percentage,10-5:1',
      ].join('\n'),
    );
    assert.deepEqual(
      bad.problems.map((p) => [p.row, p.column]),
      [
        [2, 'unitPrice'],
        [3, 'sku'],
        [4, 'priceBook'],
        [5, 'tiers'],
      ],
    );
    assert.equal((await s.api(`/pricing/products/${id}`)).body.unitPrice, '85.50', 'nothing changed');
  });

  test('inventory per location, by location name', async () => {
    const physical = await s.db.db
      .selectFrom('product')
      .select(['id', 'sku'])
      .where('fulfilment', '=', 'Physical')
      .orderBy('sku')
      .executeTakeFirstOrThrow();
    const report = await run(
      `sku,location,onHand\n${physical.sku},Reno Distribution Center,7\n${physical.sku},Columbus Fulfillment Center,5`,
    );
    assert.deepEqual([report.kind, report.refused], ['inventory', 0]);
    const scope = encodeURIComponent(`webStoreId Eq '${WEBSTORE_ID}'`);
    const levels = await s.get(`/services/data/v65.0/commerce/inventory/levels?scope=${scope}&products=${physical.id}`);
    assert.equal(levels.status, 200);
    assert.equal(levels.body.totalInventory[0].onHand, 12);
    const bad = await run(
      `sku,location,onHand\n${physical.sku},Nowhere,1\n${physical.sku},Reno Distribution Center,-3`,
    );
    assert.deepEqual(
      bad.problems.map((p) => [p.row, p.column]),
      [
        [2, 'location'],
        [3, 'onHand'],
      ],
    );
  });

  // Under an existing top-level category: the demo's entitlement policies grant whole subtrees to guests.
  test('categories by parent url name, in any order; the category menu follows; a cycle is refused', async () => {
    const report = await run(
      [
        'urlName,name,parent,status',
        'marsupial-clinics,Marsupial Clinics,exotic-animal-care,Live',
        'exotic-animal-care,Exotic Animal Care,business-lists,Live',
      ].join('\n'),
    );
    assert.deepEqual([report.kind, report.created, report.refused], ['categories', 2, 0]);
    s.services.webstores.invalidate();
    const child = await s.api('/product-categories/marsupial-clinics');
    assert.equal(child.status, 200);
    assert.deepEqual(
      (await s.api(`/product-category-path/product-categories/${child.body.id}`)).body.path.map((c: any) => c.urlName),
      ['business-lists', 'exotic-animal-care', 'marsupial-clinics'],
    );
    const menu = await s.api('/category-menu-items?maxLevels=2');
    assert.ok(JSON.stringify(menu.body).includes('Exotic Animal Care'), 'the new category is in the menu');

    const cycle = await run('urlName,parent\nexotic-animal-care,marsupial-clinics');
    assert.equal(cycle.refused, 1);
    assert.match(cycle.problems[0]!.reason, /its own ancestor/);
  });
});

describe('catalogue export', () => {
  test('an export re-imports into a fresh store, whose export is then the same', async () => {
    const fresh = await startTestServer({ products: 0 });
    try {
      for (const format of ['csv', 'json'] as const)
        for (const kind of ['categories', 'products', 'prices', 'inventory'] as const) {
          const text = await exported(s, kind, format);
          const report = await importCatalogue(fresh.db.db, Readable.from([text]), {
            webstoreId: WEBSTORE_ID,
            kind,
            format,
          });
          assert.equal(report.refused, 0, `${kind} ${format}: ${JSON.stringify(report.problems.slice(0, 3))}`);
          if (format === 'csv') assert.ok(report.created + report.updated > 0, `${kind}: the fresh store differed`);
          else assert.equal(report.rows, report.unchanged, `${kind}: the JSON export is the same catalogue`);
          assert.equal(await exported(fresh, kind, format), text, `${kind} ${format}`);
        }
      const p = await shown(fresh, 'IM-00001');
      assert.equal(p.fields.Name, 'Quokka Dental Offices');
    } finally {
      await fresh.close();
    }
  });
});
