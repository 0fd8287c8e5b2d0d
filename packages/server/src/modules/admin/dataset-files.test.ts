// A dataset's file through the workspace over real HTTP (issue 19): the administrator uploads a CSV as the raw
// body, it is processed in the background, and once ready the product's record count (workspace and storefront)
// is the file's and the sample is cut from it; a second upload is the next version and live; a bad file ends
// failed naming where, the live version unchanged; shoppers and buyers are refused; bad input is a 4xx in the
// error shape and creates no version.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_USERS } from '../../seed/access.ts';
import { errorOf, startTestServer, type Agent, type TestServer } from '../../test-support/server.ts';
import { productIdOf } from '../../test-support/purchase.ts';
import { parseCsv } from '../../test-support/csv.ts';
import { storedFile } from '../../test-support/dataset-file-csv.ts';
import {
  datasetFilePath,
  listCsv,
  settledVersion,
  uploadDatasetFile,
  uploadReady,
} from '../../test-support/dataset-file-upload.ts';
import { WORKSPACE_BASE as W } from '../../test-support/workspace-operations.ts';

let s: TestServer;
let admin: Agent;
let productId: string;
const SKU = 'DS-00007';

before(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO_USERS.admin.email);
  productId = await productIdOf(s, SKU);
});
after(async () => {
  await s?.close();
});

const versions = async (id = productId) => {
  const res = await admin.get(datasetFilePath(id));
  assert.equal(res.status, 200, res.text);
  return res.body as Array<{ version: number; status: string; records: number | null; error: string | null }>;
};
const recordCount = async (id = productId) =>
  (await s.db.db.selectFrom('product').select('record_count').where('id', '=', id).executeTakeFirstOrThrow())
    .record_count;
const storefrontCount = async (id = productId) =>
  (await s.agent().api(`/products/${id}`)).body.fields.B2B_Record_Count__c as string;

describe('uploading a dataset file', () => {
  test('a CSV becomes the next version, processed in the background; ready, it is the record count everywhere', async () => {
    const before = await versions();
    // Large enough (over 256 KiB) to be processed after the answer: the 202 says processing.
    const csv = listCsv(6000, 'A');
    const res = await uploadDatasetFile(admin, productId, csv, 'dentists-2026.csv');
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.status, 'processing');
    assert.equal(res.body.version, before[0]!.version + 1);
    assert.equal(res.body.fileName, 'dentists-2026.csv');
    assert.equal(res.body.bytes, Buffer.byteLength(csv));
    const ready = await settledVersion(admin, productId, res.body.version);
    assert.equal(ready.status, 'ready', ready.error);
    assert.equal(ready.records, 6000);
    assert.deepEqual(ready.columns, parseCsv(csv)[0]);
    assert.ok(ready.readyAt);

    const stored = await storedFile(s.db.db, productId);
    assert.equal(stored.version, res.body.version, 'the new version is live');
    assert.equal(stored.text, csv, 'stored byte for byte');
    assert.equal(await recordCount(), 6000);
    assert.equal(await storefrontCount(), '6000', 'the storefront shows the new count at once');
    // Listed newest first, the earlier version still there.
    assert.deepEqual(
      (await versions()).map((v) => v.version),
      [res.body.version, ...before.map((v) => v.version)],
    );
    // The upload is in the audit log as a change of the product.
    const audit = await admin.get(`${W}/audit-log?recordType=Product&pageSize=5`);
    const entry = audit.body.items.find((e: { action: string }) => e.action === 'uploadDatasetFile');
    assert.ok(entry, audit.text);
    assert.equal(entry.recordId, productId);
  });

  test('the sample is the header and the first 25 records of the live file', async () => {
    const csv = listCsv(30, 'S');
    await uploadReady(admin, productId, csv);
    const sample = await s.get(`/samples/${SKU}.csv`);
    assert.equal(sample.status, 200);
    assert.deepEqual(parseCsv(sample.text), parseCsv(csv).slice(0, 26));
  });

  test('a small file is settled when the upload is answered', async () => {
    const res = await uploadDatasetFile(admin, productId, listCsv(5, 'T'));
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.status, 'ready');
    assert.equal(res.body.records, 5);
  });

  test('a second upload is the next version and live', async () => {
    const first = await uploadReady(admin, productId, listCsv(12, 'B'));
    const second = await uploadReady(admin, productId, listCsv(9, 'C'));
    assert.equal(second.version, first.version + 1);
    assert.equal((await storedFile(s.db.db, productId)).version, second.version);
    assert.equal(await recordCount(), 9);
    assert.equal(await storefrontCount(), '9');
  });

  const badFiles: Array<[string, string | Uint8Array, RegExp]> = [
    [
      'a record with the wrong number of fields',
      'Company,State\r\nA,TX\r\nB,CA\r\nC,NY,extra\r\n',
      /Record 4 has 3 fields/,
    ],
    ['duplicate column names', 'Company,State,company\r\nA,TX,x\r\n', /names the column "company" twice/],
    ['no header (empty)', '', /empty/],
    ['a blank column name', 'Company,,State\r\nA,B,C\r\n', /Column 2/],
    [
      'bytes that are not UTF-8',
      Buffer.concat([Buffer.from('Company,State\r\nA,TX\r\nB'), Buffer.from([0xe9, 0xff]), Buffer.from(',CA\r\n')]),
      /Line 3 isn't UTF-8/,
    ],
    ['an unclosed quote', 'Company,State\r\nA,TX\r\n"B,CA\r\n', /Record 3|readable CSV/],
  ];
  for (const [what, body, message] of badFiles)
    test(`a file with ${what} ends failed saying where; the live version stays`, async () => {
      const live = await storedFile(s.db.db, productId);
      const count = await recordCount();
      const res = await uploadDatasetFile(admin, productId, body, 'bad.csv');
      assert.equal(res.status, 202, res.text);
      const failed = await settledVersion(admin, productId, res.body.version);
      assert.equal(failed.status, 'failed');
      assert.match(failed.error, message);
      assert.equal((await storedFile(s.db.db, productId)).version, live.version);
      assert.equal(await recordCount(), count);
    });
});

describe('who may upload, and bad input', () => {
  test('a shopper, a buyer and a guest are refused, and no version is made', async () => {
    const before = (await versions()).length;
    for (const who of [await s.login(DEMO_USERS.consumer.email), await s.login(DEMO_USERS.buyer.email), s.agent()]) {
      const res = await uploadDatasetFile(who, productId, listCsv(3));
      assert.ok([401, 403].includes(res.status), `${res.status} ${res.text}`);
      assert.ok(errorOf(res).errorCode);
      assert.ok([401, 403].includes((await who.get(datasetFilePath(productId))).status));
    }
    assert.equal((await versions()).length, before);
  });

  test('a wrong content type, an unknown product, a bundle and a printed product are 4xx in the shape', async () => {
    const before = (await versions()).length;
    const json = await admin.sendBytes('PUT', datasetFilePath(productId), '{"a":1}', 'application/json');
    assert.equal(json.status, 415, json.text);
    assert.ok(errorOf(json).message);

    const unknown = await uploadDatasetFile(admin, '01t000000000999AAA', listCsv(3));
    assert.equal(unknown.status, 404, unknown.text);
    assert.equal(errorOf(unknown).errorCode, 'NOT_FOUND');
    assert.equal((await admin.get(datasetFilePath('01t000000000999AAA'))).status, 404);
    assert.equal((await uploadDatasetFile(admin, 'not-an-id', listCsv(3))).status, 400);

    const bundleId = await productIdOf(s, 'BN-00001');
    const bundle = await uploadDatasetFile(admin, bundleId, listCsv(3));
    assert.equal(bundle.status, 400, bundle.text);
    assert.match(errorOf(bundle).message, /Bundle/);
    assert.equal((await versions(bundleId)).length, 0);

    const printed = await s.db.db
      .selectFrom('product')
      .select('id')
      .where('fulfilment', '!=', 'Dataset')
      .executeTakeFirstOrThrow();
    const notDataset = await uploadDatasetFile(admin, printed.id, listCsv(3));
    assert.equal(notDataset.status, 400, notDataset.text);
    assert.match(errorOf(notDataset).message, /isn't a dataset/);

    const blankName = await admin.sendBytes('PUT', `${datasetFilePath(productId)}?fileName=%20`, 'a\r\n', 'text/csv');
    assert.equal(blankName.status, 400, blankName.text);
    assert.equal((await versions()).length, before);
  });
});
