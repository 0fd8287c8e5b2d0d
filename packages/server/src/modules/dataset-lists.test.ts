// The list builder's counts against a real server and database (SQLite, or PostgreSQL with DATABASE_URL): the
// counts are checked against the stored file itself, parsed by the tests' own strict reader.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DATASET_FIELDS, type DatasetEvaluation, type DatasetListCounts } from '@store/core';
import { BASE, startTestServer, type TestServer } from '../test-support/server.ts';
import { productIdOf } from '../test-support/purchase.ts';
import { storedFile, type StoredFile } from '../test-support/dataset-file-csv.ts';
import { PARTNER_SKUS } from '../seed/access.ts';

let s: TestServer;
let dentists: string;
let file: StoredFile;

before(async () => {
  s = await startTestServer();
  dentists = await productIdOf(s, 'DS-00001');
  file = await storedFile(s.db.db, dentists);
});
after(async () => {
  await s?.close();
});

const col = (name: string) => file.header.indexOf(name);
const counts = async (query: string) => {
  const res = await s.api(`/datasets/${dentists}/counts${query ? `?${query}` : ''}`);
  assert.equal(res.status, 200, res.text);
  return res.body as DatasetListCounts;
};

describe('counting a selection of a dataset', () => {
  test('the whole file: every record, and the product says as many', async () => {
    const whole = await counts('');
    assert.equal(whole.totalRecords, file.rows.length);
    assert.equal(whole.records, file.rows.length);
    assert.equal(whole.selection, '');
    assert.equal(whole.fileVersion, file.version);
    const product = (await s.api(`/products/${dentists}`)).body as { fields: Record<string, string> };
    assert.equal(Number(product.fields[DATASET_FIELDS.recordCount]), file.rows.length);
    // The whole selection costs what the whole dataset costs.
    assert.ok(whole.price, 'a price');
    assert.equal(whole.price.amount, whole.price.wholeListPrice);
  });

  test('Texas with an email: exactly the rows of the file that are, with each filter counted given the others', async () => {
    const tx = await counts('region=TX&email=1');
    const inTexas = file.rows.filter((r) => r[col('State')] === 'TX');
    const expected = inTexas.filter((r) => r[col('Email')]!.trim() !== '');
    assert.ok(expected.length > 0 && expected.length < inTexas.length, 'the demo file has Texans without an email');
    assert.equal(tx.records, expected.length);
    assert.equal(tx.selection, 'region=TX&email=1');
    const region = tx.facets.find((f) => f.key === 'region')!;
    const ok = region.values.find((v) => v.value === 'OK');
    const okWithEmail = file.rows.filter((r) => r[col('State')] === 'OK' && r[col('Email')]!.trim()).length;
    assert.equal(ok?.count ?? 0, okWithEmail, 'Oklahoma given "has email"');
    assert.equal(region.values.find((v) => v.value === 'TX')?.selected, true);
    const email = tx.facets.find((f) => f.key === 'email')!;
    assert.deepEqual(email.values, [{ value: '1', count: expected.length, selected: true }]);
    assert.ok(tx.price, 'a price');
    assert.ok(Number(tx.price.amount) < Number(tx.price.wholeListPrice), 'a part costs less than the whole');
  });

  test('the evaluation facts name the file and its filters', async () => {
    const res = await s.api(`/datasets/${dentists}`);
    assert.equal(res.status, 200, res.text);
    const e = res.body as DatasetEvaluation;
    assert.deepEqual(e.columns, file.header);
    assert.equal(e.records, file.rows.length);
    assert.ok(e.filters.includes('region') && e.filters.includes('email'));
    assert.ok(!e.filters.includes('directDial'), 'this file has no Direct Dial column');
    assert.equal(e.licence?.kind, 'single');
  });

  test('bad input is a 400 in the API shape; another buyer group’s dataset is unknown to a guest', async () => {
    const bad = await s.api(`/datasets/${dentists}/counts?email=yes`);
    assert.equal(bad.status, 400);
    assert.equal(bad.body[0].errorCode, 'INVALID_API_INPUT');
    const partner = await productIdOf(s, PARTNER_SKUS[0]!);
    for (const path of [`/datasets/${partner}`, `/datasets/${partner}/counts`]) {
      const res = await s.api(path);
      assert.equal(res.status, 404, `${path}: ${res.text}`);
    }
    assert.equal((await s.get(`${BASE}/datasets/not-an-id/counts`)).status, 400);
  });
});
