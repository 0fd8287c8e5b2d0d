// The SQLite backup while the store serves: guests keep placing orders through the API while the copy
// is taken; the copy, restored into place of a store's database, holds every order committed before the
// backup started (each whole, with its payment and lines), opens, and passes SQLite's integrity check.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from '../test-support/server.ts';
import { placeGuestOrder } from '../test-support/purchase.ts';
import { backupSqlite, integrityProblems, timestampedBackupFile, type BackupProgress } from './backup.ts';
import { openDatabase } from './connection.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
let s: TestServer;
let dir: string;
before(async () => {
  if (onPostgres) return;
  s = await startTestServer();
  dir = mkdtempSync(path.join(os.tmpdir(), 'store-backup-'));
});
after(async () => {
  await s?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const orderIds = async (db: TestServer['db']) =>
  (await db.db.selectFrom('sales_order').select('id').orderBy('id').execute()).map((o) => o.id);

describe('SQLite backup', { skip: onPostgres && 'PostgreSQL stores are backed up with pg_dump' }, () => {
  test('taken while orders are placed, it restores every order committed before it started', async () => {
    for (const sku of ['DS-00010', 'DS-00011', 'DS-00012']) await placeGuestOrder(s, sku);

    // Two shoppers keep placing orders through the API until the backup is done.
    let backingUp = true;
    const shopper = async (skus: string[]) => {
      for (let i = 0; backingUp; i++) await placeGuestOrder(s, skus[i % skus.length]!);
    };
    const shoppers = [shopper(['DS-00013', 'DS-00014']), shopper(['DS-00015', 'DS-00016'])];
    await new Promise((r) => setTimeout(r, 300));

    const committedBefore = await orderIds(s.db);
    const progress: BackupProgress[] = [];
    const file = timestampedBackupFile(path.join(dir, 'backups'));
    // A few pages per step, so the store commits orders between the backup's steps (as on a big database).
    const result = await backupSqlite(s.target.sqliteFile!, file, (p) => progress.push(p), 2);
    const committedDuring = (await orderIds(s.db)).length - committedBefore.length;
    backingUp = false;
    await Promise.all(shoppers);
    console.log(
      `backup: ${committedBefore.length} orders before it, ${committedDuring} committed while it ran, ${result.pages} pages in ${progress.length} progress reports`,
    );
    assert.ok(committedDuring > 0, 'orders were committed while the backup ran');

    assert.equal(result.file, file);
    assert.match(path.basename(file), /^store-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z\.sqlite$/);
    assert.ok(!existsSync(`${file}.partial`), 'no partial file left');
    assert.ok(progress.length > 0 && progress.at(-1)!.remainingPages === 0, 'progress up to done');

    // Restore: the copy goes into place of a (stopped) store's database file, and the store opens it.
    const restored = path.join(dir, 'restored', 'store.sqlite');
    mkdirSync(path.dirname(restored), { recursive: true });
    copyFileSync(file, restored);
    assert.deepEqual(integrityProblems(restored), []);
    const copy = openDatabase({ sqliteFile: restored });
    try {
      const inCopy = await orderIds(copy);
      for (const id of committedBefore) assert.ok(inCopy.includes(id), `order ${id} committed before the backup`);
      // Every order in the copy is whole: its payment, its lines (a snapshot never holds half an order).
      const orders = await copy.db.selectFrom('sales_order').select(['id', 'payment_id']).execute();
      for (const o of orders) {
        const payment = await copy.db
          .selectFrom('payment')
          .select(['order_id', 'status'])
          .where('id', '=', o.payment_id)
          .executeTakeFirst();
        assert.deepEqual(payment, { order_id: o.id, status: 'Authorized' }, `order ${o.id} has its payment`);
        const lines = await copy.db.selectFrom('order_item').select('id').where('order_id', '=', o.id).execute();
        assert.ok(lines.length > 0, `order ${o.id} has its lines`);
      }
    } finally {
      await copy.close();
    }
  });
});
