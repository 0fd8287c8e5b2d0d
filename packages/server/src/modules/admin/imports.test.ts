// The workspace's catalogue upload over real HTTP against a real database: a file is the request body, the answer
// is 202 with a queued job at once, the import runs in the background and its job (progress, then the report) is
// read from any server process; the products reach the storefront; a file with bad rows changes nothing and
// names every bad row, and its good rows can then be applied; an identical upload changes nothing; a job whose
// process died is reported failed; every applied import is in the audit log; the export is a download.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { errorOf, startTestServer, WEBSTORE_ID, type Agent, type TestServer } from '../../test-support/server.ts';
import { DEMO_USERS } from '../../seed/access.ts';
import { CATALOGUE_MANAGER } from '../../seed/workspace-users.ts';
import { importFinished, uploadFile, WORKSPACE_BASE as W } from '../../test-support/workspace-operations.ts';

let s: TestServer;
let admin: Agent;
let manager: Agent;

before(async () => {
  s = await startTestServer({ products: 20 });
  admin = await s.login(DEMO_USERS.admin.email);
  manager = await s.login(CATALOGUE_MANAGER.email);
});
after(async () => {
  await s?.close();
});

const PRODUCTS = [
  'sku,name,status,recordCount,countries,categories',
  'UP-00001,Upload Dental Offices,Live,1200,United States,dentists',
  'UP-00002,Upload Veterinary Clinics,Live,3400,Canada,dentists',
].join('\n');

/** A product as a guest's storefront shows it, or undefined when the store does not. */
async function shown(sku: string): Promise<any> {
  const res = await s.api(`/products?skus=${sku}`);
  assert.equal(res.status, 200, res.text);
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

const imports = async () => (await admin.get(`${W}/audit-log?recordType=CatalogueImport&pageSize=100`)).body;

/** Uploads and waits for the job to finish; the 202's job and the finished one. */
async function uploadAndWait(a: Agent, text: string, query = '', type = 'text/csv') {
  const started = await uploadFile(a, text, query, type);
  assert.equal(started.status, 202, started.text);
  const done = await importFinished(a, started.body.id);
  assert.equal(done.status, 200, done.text);
  return { started: started.body, job: done.body };
}

describe('catalogue upload in the workspace', () => {
  test('an upload answers 202 with a queued job at once; the job runs, and its products reach the storefront', async () => {
    const before = await catalogVersion();
    const started = await uploadFile(admin, PRODUCTS, '?fileName=datasets.csv');
    assert.equal(started.status, 202, started.text);
    assert.match(started.body.id, /^0Ij/);
    assert.ok(['queued', 'running'].includes(started.body.status), `just started: ${started.body.status}`);
    assert.equal(started.body.fileName, 'datasets.csv');
    assert.equal(started.body.format, 'csv');
    assert.equal(started.body.progress.bytesTotal, Buffer.byteLength(PRODUCTS));
    assert.deepEqual(started.body.startedBy, { id: '1', email: DEMO_USERS.admin.email });

    const job = (await importFinished(admin, started.body.id)).body;
    assert.equal(job.status, 'done', JSON.stringify(job));
    assert.equal(job.kind, 'products', 'the kind is told from the header');
    assert.deepEqual(job.counts, { rows: 2, created: 2, updated: 0, unchanged: 0, refused: 0 });
    assert.deepEqual(job.problems, []);
    assert.equal(job.progress.rowsDone, 2);
    assert.equal(job.progress.rowsTotal, 2);
    assert.ok(job.startedAt && job.finishedAt && job.finishedAt >= job.startedAt);
    assert.equal(await catalogVersion(), before + 1);

    const p = await shown('UP-00001');
    assert.ok(p, 'the uploaded product is on the storefront');
    assert.equal(p.fields.Name, 'Upload Dental Offices');
    assert.equal(p.primaryProductCategoryPath.path.at(-1).name, 'Dentists');

    const log = await imports();
    assert.equal(log.total, 1, 'one audit entry for the import');
    const entry = log.items[0];
    assert.equal(entry.action, 'import');
    assert.equal(entry.recordId, job.id);
    assert.equal(entry.user.email, DEMO_USERS.admin.email);
    assert.deepEqual(entry.after, {
      fileName: 'datasets.csv',
      kind: 'products',
      rows: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
      refused: 0,
    });

    const table = (await admin.get(`${W}/import-jobs?pageSize=5`)).body;
    assert.equal(table.items[0].id, job.id, 'newest first');
    assert.deepEqual(table.items[0].counts, job.counts);
    assert.equal(table.items[0].problems, undefined, 'the table leaves the report rows to the job');
  });

  test('the same file again changes nothing: every row unchanged, no catalogue version bump', async () => {
    const before = await catalogVersion();
    const { job } = await uploadAndWait(manager, PRODUCTS, '?fileName=datasets.csv');
    assert.equal(job.status, 'done');
    assert.deepEqual(job.counts, { rows: 2, created: 0, updated: 0, unchanged: 2, refused: 0 });
    assert.equal(await catalogVersion(), before);
    assert.equal(job.startedBy.email, CATALOGUE_MANAGER.email);
    const entry = (await imports()).items[0];
    assert.equal(entry.user.email, CATALOGUE_MANAGER.email, 'the catalogue manager’s import is theirs in the log');
    assert.equal(entry.after.unchanged, 2);
  });

  test('a file with bad rows changes nothing and names every one; then its good rows are applied', async () => {
    const file = [
      'sku,name,recordCount,lastUpdated,categories',
      'UP-00010,Upload Good One,10,2026-01-02,dentists',
      'UP-00011,Upload Bad Count,about ten,2026-01-02,dentists',
      'UP-00012,Upload Good Two,12,,dentists',
      'UP-00013,Upload Bad Date,13,2026-13-45,no-such-category',
    ].join('\n');
    const version = await catalogVersion();
    const audit = (await imports()).total;
    const { job } = await uploadAndWait(admin, file, '?fileName=mixed.csv&kind=products');
    assert.equal(job.status, 'refused');
    assert.deepEqual(job.counts, { rows: 4, created: 0, updated: 0, unchanged: 0, refused: 2 });
    assert.deepEqual(
      job.problems.map((p: any) => [p.row, p.column]),
      [
        [3, 'recordCount'],
        [5, 'lastUpdated'],
        [5, 'categories'],
      ],
    );
    assert.ok(job.problems.every((p: any) => p.reason.length > 0));
    assert.equal(job.mayApplyGoodRows, true);
    assert.equal(await catalogVersion(), version, 'nothing changed');
    assert.equal(await shown('UP-00010'), undefined, 'not even the good rows');
    assert.equal((await imports()).total, audit, 'a refused file is no change to log');

    const applying = await admin.post(`${W}/import-jobs/${job.id}/actions/apply-good-rows`);
    assert.equal(applying.status, 202, applying.text);
    assert.equal(applying.body.sourceJobId, job.id);
    assert.equal(applying.body.applyGoodRows, true);
    assert.equal(applying.body.fileName, 'mixed.csv');
    const applied = (await importFinished(admin, applying.body.id)).body;
    assert.equal(applied.status, 'done');
    assert.deepEqual(applied.counts, { rows: 4, created: 2, updated: 0, unchanged: 0, refused: 2 });
    assert.equal(applied.problems.length, 3, 'the bad rows are still named');
    assert.ok(await shown('UP-00010'));
    assert.ok(await shown('UP-00012'));
    assert.equal(await shown('UP-00011'), undefined);
    const entry = (await imports()).items[0];
    assert.equal(entry.action, 'importGoodRows');
    assert.equal(entry.after.created, 2);
    assert.equal(entry.after.refused, 2);

    const source = (await admin.get(`${W}/import-jobs/${job.id}`)).body;
    assert.equal(source.appliedByJobId, applied.id);
    assert.equal(source.mayApplyGoodRows, false);
    const again = await admin.post(`${W}/import-jobs/${job.id}/actions/apply-good-rows`);
    assert.equal(again.status, 409);
    assert.equal(errorOf(again).errorCode, 'NOT_APPLICABLE');
    const finished = await admin.post(`${W}/import-jobs/${applied.id}/actions/apply-good-rows`);
    assert.equal(finished.status, 409, 'a done import has nothing to apply');
  });

  test('JSON with the kind given: prices with volume tiers', async () => {
    const file = JSON.stringify([
      {
        sku: 'UP-00001',
        priceBook: 'Store Price Book',
        unitPrice: '80.00',
        tierType: 'Percentage',
        tiers: [
          { lowerBound: 1, upperBound: 9, value: '0' },
          { lowerBound: 10, upperBound: null, value: '25' },
        ],
      },
    ]);
    const { job } = await uploadAndWait(admin, file, '?kind=prices&fileName=prices.json', 'application/json');
    assert.equal(job.status, 'done', JSON.stringify(job.problems));
    assert.equal(job.format, 'json');
    assert.deepEqual([job.kind, job.counts.created], ['prices', 1]);
    const id = (await shown('UP-00001')).id;
    const price = (await s.api(`/pricing/products/${id}`)).body;
    assert.equal(price.unitPrice, '80.00');
    assert.deepEqual(
      price.priceAdjustment.priceAdjustmentTiers.map((t: any) => [t.lowerBound, t.tierUnitPrice]),
      [
        ['1', '80.00'],
        ['10', '60.00'],
      ],
    );
  });

  test('an unreadable file is refused whole, with the reason on its header row', async () => {
    const { job } = await uploadAndWait(admin, 'colour,size\nred,10\n', '?fileName=odd.csv');
    assert.equal(job.status, 'refused');
    assert.equal(job.problems.length, 1);
    assert.equal(job.problems[0].row, 1);
    assert.equal(job.mayApplyGoodRows, false);
    const apply = await admin.post(`${W}/import-jobs/${job.id}/actions/apply-good-rows`);
    assert.equal(apply.status, 409);
  });

  test('another server process on the same database reads the job and the table', async () => {
    const other = await startTestServer({ shareDatabaseOf: s });
    try {
      const { job } = await uploadAndWait(admin, PRODUCTS.replaceAll('UP-0000', 'UQ-0000'), '?fileName=other.csv');
      const there = await other.login(DEMO_USERS.admin.email);
      const read = await there.get(`${W}/import-jobs/${job.id}`);
      assert.equal(read.status, 200, read.text);
      assert.equal(read.body.status, 'done');
      assert.deepEqual(read.body.counts, job.counts);
      const table = (await there.get(`${W}/import-jobs?pageSize=100`)).body;
      assert.ok(table.items.some((j: any) => j.id === job.id));
      // And a job uploaded there is read here.
      const started = await uploadFile(there, PRODUCTS, '?fileName=there.csv');
      assert.equal(started.status, 202);
      const here = (await importFinished(admin, started.body.id)).body;
      assert.equal(here.status, 'done');
      assert.equal(here.fileName, 'there.csv');
    } finally {
      await other.close();
    }
  });

  test('a job left running by a process that died is reported failed after the heartbeat timeout', async () => {
    const long = new Date(Date.now() - 10 * 60_000).toISOString();
    // What a process that died mid-import leaves: a running job whose heartbeat stopped ten minutes ago.
    await s.db.db
      .insertInto('import_job')
      .values({
        id: '0IjDEADPROCESS1AAA',
        webstore_id: WEBSTORE_ID,
        status: 'running',
        phase: 'writing',
        kind: 'products',
        format: 'csv',
        file_name: 'orphan.csv',
        file_bytes: 10,
        file_text: 'sku,name\n',
        apply_good_rows: 0,
        source_job_id: null,
        applied_by_job_id: null,
        rows_done: 1000,
        rows_total: 5000,
        bytes_done: 10,
        rows: null,
        created: null,
        updated: null,
        unchanged: null,
        refused: null,
        problems_json: null,
        error: null,
        user_id: '1',
        user_email: DEMO_USERS.admin.email,
        user_role: 'admin',
        created_at: long,
        started_at: long,
        heartbeat_at: long,
        finished_at: null,
      })
      .execute();
    const res = await admin.get(`${W}/import-jobs/0IjDEADPROCESS1AAA`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'failed');
    assert.match(res.body.error, /stopped/);
    assert.equal(res.body.progress.rowsDone, 1000, 'how far it got');
    const listed = (await admin.get(`${W}/import-jobs?status=failed`)).body;
    assert.deepEqual(
      listed.items.map((j: any) => j.id),
      [res.body.id],
    );
  });

  test('the export is a download of the kind asked, and imports back unchanged', async () => {
    const csv = await admin.get(`${W}/export?kind=products`);
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get('content-type') ?? '', /^text\/csv/);
    assert.match(
      csv.headers.get('content-disposition') ?? '',
      /^attachment; filename="products-\d{4}-\d\d-\d\d\.csv"$/,
    );
    assert.match(csv.text, /^sku,name,/);
    assert.match(csv.text, /UP-00001,Upload Dental Offices/);

    const json = await admin.get(`${W}/export?kind=categories&format=json`);
    assert.equal(json.status, 200);
    assert.match(json.headers.get('content-disposition') ?? '', /categories-.*\.json"$/);
    const categories = JSON.parse(json.text);
    assert.ok(categories.some((c: any) => c.urlName === 'dentists'));
    const { job } = await uploadAndWait(admin, json.text, '?fileName=categories.json', 'application/json');
    assert.equal(job.status, 'done');
    assert.equal(job.counts.unchanged, categories.length, 'an export imports back unchanged');
  });

  test('bad input is refused in the error shape and starts nothing', async () => {
    const count = async () =>
      Number(
        (
          await s.db.db
            .selectFrom('import_job')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const cases: Array<[string, Promise<{ status: number; body: any }>, number]> = [
      ['empty file', uploadFile(admin, ''), 400],
      ['unknown kind', uploadFile(admin, PRODUCTS, '?kind=customers'), 400],
      ['blank file name', uploadFile(admin, PRODUCTS, '?fileName=%20'), 400],
      ['a spreadsheet', uploadFile(admin, PRODUCTS, '', 'application/vnd.ms-excel'), 415],
      ['control characters', uploadFile(admin, 'sku,name\nA\u0000,B\n'), 400],
      ['malformed job id', admin.get(`${W}/import-jobs/not-an-id`), 400],
      ['unknown job', admin.get(`${W}/import-jobs/0Ij000000000000AAA`), 404],
      ['a product id as a job id', admin.post(`${W}/import-jobs/01t000000000101AAA/actions/apply-good-rows`), 400],
      ['export of an unknown kind', admin.get(`${W}/export?kind=orders`), 400],
      ['export without a kind', admin.get(`${W}/export`), 400],
      ['unknown sort', admin.get(`${W}/import-jobs?sort=file_text`), 400],
      [
        'a guest',
        s.agent().post(`${W}/import-jobs`, undefined, { body: PRODUCTS, headers: { 'content-type': 'text/csv' } }),
        403,
      ],
    ];
    for (const [what, res, status] of cases) {
      const r = await res;
      assert.equal(r.status, status, `${what}: ${JSON.stringify(r.body)}`);
      assert.ok(Array.isArray(r.body) && typeof r.body[0].errorCode === 'string', `${what} in the error shape`);
    }
    assert.equal(await count(), before, 'no job was made');
  });

  test('a file over 50 MiB is refused before it is stored', async () => {
    const big = `sku,name\n${'X'.repeat(50 * 1024 * 1024)}\n`;
    const res = await uploadFile(admin, big);
    assert.equal(res.status, 413, res.text.slice(0, 200));
    assert.equal(errorOf(res).errorCode.length > 0, true);
  });
});
