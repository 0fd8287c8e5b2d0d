// Server secrets on a real database (a fresh SQLite file, or a fresh PostgreSQL schema when
// DATABASE_URL is set): created once, shared by every handle on the database, cached, overridable.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { DOWNLOAD_LINK_SECRET, serverSecret } from './secret.ts';

let target: { sqliteFile?: string; pgSchema?: string };
let dir: string | undefined;
const open: Db[] = [];
/** A new connection to the test database, as another server process would have. */
const connect = (): Db => {
  const db = target.pgSchema
    ? openDatabase({ url: process.env.DATABASE_URL, pgSchema: target.pgSchema })
    : openDatabase({ sqliteFile: target.sqliteFile });
  open.push(db);
  return db;
};

before(async () => {
  if (process.env.DATABASE_URL) target = { pgSchema: `t_${randomBytes(6).toString('hex')}` };
  else {
    dir = mkdtempSync(path.join(os.tmpdir(), 'store-secret-'));
    target = { sqliteFile: path.join(dir, 'test.sqlite') };
  }
  await migrateToLatest(connect().db);
});
after(async () => {
  if (target.pgSchema) await sql.raw(`DROP SCHEMA ${target.pgSchema} CASCADE`).execute(open[0].db);
  for (const db of open) await db.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const saved = process.env.DOWNLOAD_LINK_SECRET;
afterEach(() => {
  if (saved === undefined) delete process.env.DOWNLOAD_LINK_SECRET;
  else process.env.DOWNLOAD_LINK_SECRET = saved;
});

const stored = async (db: Db, name: string) =>
  db.db.selectFrom('server_secret').selectAll().where('name', '=', name).execute();

describe('server secrets', () => {
  it('creates a random 32-byte secret on first use and keeps it', async () => {
    delete process.env.DOWNLOAD_LINK_SECRET;
    const db = connect();
    const value = await serverSecret(db.db, 'first-use');
    assert.match(value, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(Buffer.from(value, 'base64url').length, 32);
    const rows = await stored(db, 'first-use');
    assert.equal(rows.length, 1);
    assert.equal(rows[0].value, value);
    assert.ok(!Number.isNaN(Date.parse(rows[0].created_at)));
    assert.equal(await serverSecret(db.db, 'first-use'), value);
    assert.notEqual(await serverSecret(db.db, 'another'), value, 'each name has its own secret');
  });

  it('gives every process on the database the same secret, even on a simultaneous first use', async () => {
    delete process.env.DOWNLOAD_LINK_SECRET;
    const handles = [connect(), connect(), connect(), connect()];
    const values = await Promise.all(handles.map((h) => serverSecret(h.db, DOWNLOAD_LINK_SECRET)));
    assert.equal(new Set(values).size, 1, values.join(' '));
    assert.equal((await stored(handles[0], DOWNLOAD_LINK_SECRET)).length, 1);
    assert.equal(await serverSecret(connect().db, DOWNLOAD_LINK_SECRET), values[0], 'a later process reads it back');
  });

  it('caches per process: a stored value is read once per handle', async () => {
    delete process.env.DOWNLOAD_LINK_SECRET;
    const a = connect();
    const first = await serverSecret(a.db, 'cached');
    await a.db
      .updateTable('server_secret')
      .set({ value: 'changed-behind-its-back' })
      .where('name', '=', 'cached')
      .execute();
    assert.equal(await serverSecret(a.db, 'cached'), first, 'served from the cache');
    assert.equal(
      await serverSecret(connect().db, 'cached'),
      'changed-behind-its-back',
      'a new process reads the table',
    );
  });

  it('uses DOWNLOAD_LINK_SECRET for the download-link secret only', async () => {
    const db = connect();
    process.env.DOWNLOAD_LINK_SECRET = 'operator-chosen-secret-of-some-length';
    assert.equal(await serverSecret(db.db, DOWNLOAD_LINK_SECRET), 'operator-chosen-secret-of-some-length');
    assert.notEqual(await serverSecret(db.db, 'other-secret'), 'operator-chosen-secret-of-some-length');
    assert.equal((await stored(db, 'other-secret')).length, 1);
    process.env.DOWNLOAD_LINK_SECRET = 'short';
    await assert.rejects(serverSecret(db.db, DOWNLOAD_LINK_SECRET), /at least 16/);
    delete process.env.DOWNLOAD_LINK_SECRET;
    const fromTable = await serverSecret(db.db, DOWNLOAD_LINK_SECRET);
    assert.notEqual(fromTable, 'operator-chosen-secret-of-some-length', 'without the variable, the stored secret');
    assert.equal(fromTable, (await stored(db, DOWNLOAD_LINK_SECRET))[0]?.value);
  });

  it('does not remember a failure', async () => {
    delete process.env.DOWNLOAD_LINK_SECRET;
    const db = connect();
    await db.db.schema.alterTable('server_secret').renameTo('server_secret_away').execute();
    try {
      await assert.rejects(serverSecret(db.db, 'after-failure'));
    } finally {
      await db.db.schema.alterTable('server_secret_away').renameTo('server_secret').execute();
    }
    assert.match(await serverSecret(db.db, 'after-failure'), /^[A-Za-z0-9_-]{43}$/);
  });
});
