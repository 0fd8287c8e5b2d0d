// A prepared query answers exactly what the same query built afresh answers, whatever the values and list
// lengths it is run with, one shape after another (on SQLite, and on PostgreSQL with DATABASE_URL).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from './connection.ts';
import { PreparedQuery } from './prepared.ts';
import type { Database } from './schema.ts';

type Item = {
  id: string;
  kind: string;
  n: number;
};
type ItemDb = Kysely<{ prepared_item: Item }>;

/**
 * Runs `fn` on a fresh database holding an empty prepared_item table: SQLite in memory, or a schema of its own on
 * PostgreSQL with DATABASE_URL (dropped afterwards).
 */
async function withItemTable(name: string, fn: (db: Kysely<Database>) => Promise<void>): Promise<void> {
  const url = process.env.DATABASE_URL;
  const schema = `${name}_${process.pid}`;
  const { db, close } = url ? openDatabase({ url, pgSchema: schema }) : openDatabase({ sqliteFile: ':memory:' });
  try {
    await sql`create table prepared_item (id varchar(10) primary key, kind varchar(10) not null, n integer not null)`.execute(
      db,
    );
    await fn(db);
  } finally {
    if (url) await sql`drop schema if exists ${sql.raw(schema)} cascade`.execute(db);
    await close();
  }
}

test('a prepared query runs with new values and list lengths, answering as the query built afresh', async () => {
  await withItemTable('prepared', async (db) => {
    const items: Item[] = Array.from({ length: 30 }, (_, i) => ({ id: `i${i}`, kind: i % 3 ? 'odd' : 'even', n: i }));
    await (db as unknown as ItemDb).insertInto('prepared_item').values(items).execute();

    const fresh = (p: { ids: string[]; kind: string }) =>
      (db as unknown as ItemDb)
        .selectFrom('prepared_item')
        .selectAll()
        .where('id', 'in', p.ids)
        .where('kind', '=', p.kind)
        .where('n', '>=', 2)
        .orderBy('n');
    const prepared = new PreparedQuery<{ ids: string[]; kind: string }, Item>(
      db as Kysely<Database>,
      (_d, p) => fresh(p) as never,
    );
    const runs = [
      { ids: ['i0', 'i3', 'i6', 'i7'], kind: 'even' },
      { ids: ['i1', 'i2'], kind: 'odd' },
      { ids: ['i9', 'i12', 'i1', 'i4'], kind: 'even' }, // the first shape again, other values
      { ids: ['i0'], kind: 'even' }, // below the constant bound n >= 2: nothing
      { ids: items.map((i) => i.id), kind: 'odd' },
    ];
    for (const run of runs) {
      const expected = await fresh(run).execute();
      assert.deepEqual(await prepared.execute(run), expected, JSON.stringify(run));
    }
    assert.deepEqual(
      (await prepared.execute({ ids: ['i9', 'i12', 'i1', 'i4'], kind: 'even' })).map((r) => r.id),
      ['i9', 'i12'],
    );
  });
});

test('a prepared write run on a transaction is that transaction’s: undone with it, kept when it commits', async () => {
  await withItemTable('prepared_trx', async (db) => {
    const items = db as unknown as ItemDb;
    const insert = new PreparedQuery<Item, never>(
      db as Kysely<Database>,
      (d, p) => (d as unknown as ItemDb).insertInto('prepared_item').values(p) as never,
    );
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await insert.execute({ id: 'undone', kind: 'odd', n: 1 }, trx);
        assert.equal((await (trx as unknown as ItemDb).selectFrom('prepared_item').selectAll().execute()).length, 1);
        throw new Error('roll back');
      }),
      /roll back/,
    );
    await db.transaction().execute((trx) => insert.execute({ id: 'kept', kind: 'even', n: 2 }, trx));
    assert.deepEqual(await items.selectFrom('prepared_item').selectAll().execute(), [
      { id: 'kept', kind: 'even', n: 2 },
    ]);
  });
});

test('a prepared read outside a transaction that another request holds open never sees its uncommitted writes', async () => {
  await withItemTable('prepared_open', async (db) => {
    const insert = new PreparedQuery<Item, never>(
      db as Kysely<Database>,
      (d, p) => (d as unknown as ItemDb).insertInto('prepared_item').values(p) as never,
    );
    const read = new PreparedQuery<{ kind: string }, Item>(
      db as Kysely<Database>,
      (d, p) => (d as unknown as ItemDb).selectFrom('prepared_item').selectAll().where('kind', '=', p.kind) as never,
    );
    await insert.execute({ id: 'before', kind: 'odd', n: 1 });
    let written!: () => void;
    let finish!: () => void;
    const wrote = new Promise<void>((r) => (written = r));
    const gate = new Promise<void>((r) => (finish = r));
    // One request's transaction writes a line, then waits (as a change waits on its next statement)…
    const other = db.transaction().execute(async (trx) => {
      await insert.execute({ id: 'pending', kind: 'odd', n: 2 }, trx);
      written();
      await gate;
      throw new Error('roll back');
    });
    await wrote;
    // …while another request reads at the top level: it must not run inside that open transaction.
    const seen = read.execute({ kind: 'odd' });
    finish();
    await assert.rejects(other, /roll back/);
    assert.deepEqual(
      (await seen).map((r) => r.id),
      ['before'],
    );
    // With no transaction open, the same read answers at once, with what is committed.
    assert.deepEqual(
      (await read.execute({ kind: 'odd' })).map((r) => r.id),
      ['before'],
    );
  });
});
