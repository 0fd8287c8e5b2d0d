// The import and export commands as a seller runs them, against the test server's own database; what
// they did is read back through the store's HTTP API.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../../test-support/server.ts';

const HERE = path.dirname(new URL(import.meta.url).pathname);
let s: TestServer;
let dir: string;

before(async () => {
  s = await startTestServer({ products: 20 });
  dir = mkdtempSync(path.join(os.tmpdir(), 'import-cli-'));
});
after(async () => {
  await s?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs a command of this folder on the test server's database: its exit code, stdout and stderr. */
function command(script: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  // The server's own database: its SQLite file, or its PostgreSQL schema (PGOPTIONS sets the search path).
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (s.target.sqliteFile) env.SQLITE_FILE = s.target.sqliteFile;
  else {
    env.DATABASE_URL = s.target.pgUrl!;
    env.PGOPTIONS = `-c search_path=${s.target.pgSchema}`;
  }
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(HERE, script), ...args],
      { env, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function shownName(sku: string): Promise<string | undefined> {
  s.services.webstores.invalidate();
  const p = (await s.api(`/products?skus=${sku}`)).body.products[0];
  return p?.success === false ? undefined : p?.fields?.Name;
}

const GOOD =
  'sku,name,categories,recordCount\nCLI-00001,Platypus Dairy Farms,dentists,4200\nCLI-00002,Echidna Apiaries,,310\n';

describe('npm run import / npm run export', () => {
  test('imports a file with progress on stderr and a summary, then an identical re-import changes nothing', async () => {
    const file = path.join(dir, 'products.csv');
    writeFileSync(file, GOOD);
    const first = await command('import-cli.ts', [file]);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /2 products rows/);
    assert.match(first.stdout, /created 2, updated 0, unchanged 0, refused 0/);
    assert.match(first.stderr, /writing +\[#+\] 2\/2 rows 100%, [\d,]+ rows\/s/, 'the progress line');
    assert.equal(await shownName('CLI-00001'), 'Platypus Dairy Farms');
    assert.equal(await shownName('CLI-00002'), 'Echidna Apiaries');

    const again = await command('import-cli.ts', [file]);
    assert.equal(again.code, 0);
    assert.match(again.stdout, /created 0, updated 0, unchanged 2, refused 0/);
  });

  test('a file with bad rows exits non-zero, names them, and imports nothing unless asked', async () => {
    const file = path.join(dir, 'bad.csv');
    writeFileSync(
      file,
      'sku,name,recordCount\nCLI-00010,Good One,1\nCLI-00011,Bad Count,lots\nbad sku!,Bad Sku,2\nCLI-00013,,3\n',
    );
    const refused = await command('import-cli.ts', [file]);
    assert.equal(refused.code, 1);
    assert.match(refused.stdout, /refused 3/);
    assert.match(refused.stdout, /Nothing was imported: 3 rows are refused/);
    assert.match(refused.stdout, /row 3, recordCount: must be a whole number/);
    assert.match(refused.stdout, /row 4, sku: may hold only/);
    assert.match(refused.stdout, /row 5, name: is required/);
    assert.equal(await shownName('CLI-00010'), undefined);

    const applied = await command('import-cli.ts', [file, '--apply-good-rows']);
    assert.equal(applied.code, 1, 'rows were still refused');
    assert.match(applied.stdout, /created 1, updated 0, unchanged 0, refused 3/);
    assert.equal(await shownName('CLI-00010'), 'Good One');
  });

  test('export writes a file the import reads back unchanged, in CSV and JSON', async () => {
    for (const format of ['csv', 'json']) {
      const file = path.join(dir, `export.${format}`);
      const out = await command('export-cli.ts', ['--kind', 'products', '--format', format, '--out', file]);
      assert.equal(out.code, 0, out.stderr);
      const back = await command('import-cli.ts', [file, '--kind', 'products']);
      assert.equal(back.code, 0, back.stdout);
      assert.match(back.stdout, /created 0, updated 0, unchanged \d+, refused 0/);
    }
    const usage = await command('export-cli.ts', ['--kind', 'widgets']);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /--kind is one of products, prices, inventory, categories/);
  });
});
