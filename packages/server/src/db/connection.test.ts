// Two processes on one SQLite file: a transaction that reads and then writes must wait for the other
// process's write rather than fail, since several server processes may share the file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { sql } from 'kysely';
import { openDatabase } from './connection.ts';

test('a read-then-write transaction waits for another connection\u2019s write instead of failing', {
  skip: !!process.env.DATABASE_URL && 'SQLite only',
}, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'store-conn-'));
  const file = path.join(dir, 'two.sqlite');
  const a = openDatabase({ sqliteFile: file });
  try {
    await sql`create table counter (id integer primary key, n integer not null)`.execute(a.db);
    await sql`insert into counter values (1, 0)`.execute(a.db);
    let release!: () => void;
    const readDone = new Promise<void>((r) => {
      release = r;
    });
    let resume!: () => void;
    const goOn = new Promise<void>((r) => {
      resume = r;
    });
    const first = a.db.transaction().execute(async (trx) => {
      const row = await sql<{ n: number }>`select n from counter where id = 1`.execute(trx);
      release();
      await goOn;
      await sql`update counter set n = ${row.rows[0]!.n + 1} where id = 1`.execute(trx);
    });
    await readDone;
    // Another process writes while the first transaction sits between its read and its write.
    const other = spawn(
      process.execPath,
      [
        '-e',
        `
      const db = new (require('better-sqlite3'))(process.argv[1]);
      db.pragma('busy_timeout = 5000');
      console.log('trying');
      db.exec('begin immediate; update counter set n = n + 10 where id = 1; commit');
      console.log('done');
    `,
        file,
      ],
      { cwd: path.resolve('packages/server'), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    await new Promise<void>((r) =>
      other.stdout.on('data', (d) => {
        out += d;
        if (out.includes('trying')) r();
      }),
    );
    setTimeout(resume, 300);
    await first;
    const code = await new Promise<number | null>((r) => other.on('exit', r));
    assert.equal(code, 0);
    const end = await sql<{ n: number }>`select n from counter where id = 1`.execute(a.db);
    assert.equal(end.rows[0]!.n, 11, 'both writes counted, neither lost nor refused');
  } finally {
    await a.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
