// `npm run dataset-file` as a seller runs it, against the test server's own database: a file becomes the
// dataset's live version with a progress line, and the storefront (over HTTP) shows its record count; a bad file
// fails naming the record, exit 1, the live version unchanged; an unknown SKU and a missing file exit 1.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../../test-support/server.ts';
import { storedFile } from '../../test-support/dataset-file-csv.ts';
import { listCsv } from '../../test-support/dataset-file-upload.ts';
import { productIdOf } from '../../test-support/purchase.ts';

const HERE = path.dirname(new URL(import.meta.url).pathname);
const SKU = 'DS-00005';
let s: TestServer;
let dir: string;

before(async () => {
  s = await startTestServer({ products: 20 });
  dir = mkdtempSync(path.join(os.tmpdir(), 'dataset-file-cli-'));
});
after(async () => {
  await s?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs the command on the test server's database: its exit code, stdout and stderr. */
function command(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (s.target.sqliteFile) env.SQLITE_FILE = s.target.sqliteFile;
  else {
    env.DATABASE_URL = s.target.pgUrl!;
    env.PGOPTIONS = `-c search_path=${s.target.pgSchema}`;
  }
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(HERE, 'dataset-file-cli.ts'), ...args],
      { env },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const storefrontCount = async (id: string) => {
  s.services.webstores.invalidate();
  return (await s.api(`/products/${id}`)).body.fields.B2B_Record_Count__c as string;
};

describe('npm run dataset-file', () => {
  test('stores and processes a file with progress; it is live and the storefront shows its count', async () => {
    const id = await productIdOf(s, SKU);
    const before = await storedFile(s.db.db, id);
    const csv = listCsv(33, 'K');
    const file = path.join(dir, 'list.csv');
    writeFileSync(file, csv);
    const run = await command(['--sku', SKU, file]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, new RegExp(`stored ${Buffer.byteLength(csv).toLocaleString('en-US')} bytes as version`));
    assert.match(run.stderr, /processed 33 records/);
    assert.match(run.stdout, new RegExp(`${SKU}: version ${before.version + 1} is live, 33 records`));
    const now = await storedFile(s.db.db, id);
    assert.equal(now.version, before.version + 1);
    assert.equal(now.text, csv);
    assert.equal(await storefrontCount(id), '33');
  });

  test('a bad file fails naming the record, exit 1, and the live version stays', async () => {
    const id = await productIdOf(s, SKU);
    const live = await storedFile(s.db.db, id);
    const file = path.join(dir, 'bad.csv');
    writeFileSync(file, 'Company,State\r\nA,TX\r\nB\r\n');
    const run = await command(['--sku', SKU, file]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /Record 3 has 1 fields; the header names 2\. The live version is unchanged/);
    assert.equal((await storedFile(s.db.db, id)).version, live.version);
    assert.equal(await storefrontCount(id), String(live.rows.length));
  });

  test('an unknown SKU, a missing file and no SKU exit 1 with a message', async () => {
    const file = path.join(dir, 'ok.csv');
    writeFileSync(file, listCsv(2));
    const unknown = await command(['--sku', 'DS-99999', file]);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /no product DS-99999/);
    const missing = await command(['--sku', SKU, path.join(dir, 'nope.csv')]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /Cannot read/);
    const noSku = await command([file]);
    assert.equal(noSku.code, 1);
    assert.match(noSku.stderr, /usage: npm run dataset-file/);
  });
});
