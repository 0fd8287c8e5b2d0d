// The migrated, seeded database each test server starts on. Migrating and seeding the demo store takes about
// 4 s, and every API and browser test file starts at least one server, so within one run of the suites
// (scripts/test.mjs sets STORE_TEST_RUN) the store is seeded once per catalogue size into a template and each
// test server gets a copy of it: a file copy on SQLite, `CREATE DATABASE … TEMPLATE` on PostgreSQL (about
// 0.3 s). The copy is the same data a fresh seed makes, so nothing a test sees changes; only the wait does.
// Without STORE_TEST_RUN (one test file run by hand) every server seeds its own database, as before.
//
// PostgreSQL: each copy is a database of its own (DATABASE_URL names the server and the maintenance database),
// with the store in schema `store`; without a run, a fresh schema in DATABASE_URL's database.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Db } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDatabase } from '../seed/seed.ts';

/** Where a test database lives, for a second server process (or a command-line tool) on the same data. */
export interface DatabaseTarget {
  sqliteFile?: string;
  /** The PostgreSQL database's URL (DATABASE_URL, or a copy's own database). */
  pgUrl?: string;
  pgSchema?: string;
}

export interface TestDatabase {
  db: Db;
  target: DatabaseTarget;
  /** Closes the connection and removes the database. */
  drop(): Promise<void>;
}

/** Set by scripts/test.mjs for one run of the suites: the templates' names carry it. */
const RUN = process.env.STORE_TEST_RUN;
const RUN_OK = RUN !== undefined && /^[a-z0-9]{1,16}$/.test(RUN);
const COPY_SCHEMA = 'store';

/** The folder of this run's SQLite templates (scripts/test.mjs removes it after the run). */
export const sqliteTemplateDir = (run: string) => path.join(os.tmpdir(), `store-test-templates-${run}`);
/** This run's PostgreSQL template database for a catalogue size (scripts/test.mjs drops them after the run). */
export const pgTemplateName = (run: string, products: number) => `tpl_${run}_${products}`;

const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

async function seeded(db: Db, products: number): Promise<void> {
  await migrateToLatest(db.db);
  await seedDatabase(db.db, { products });
}

/** A fresh, migrated and seeded database for one test server (a copy of this run's template when there is a run). */
export async function openTestDatabase(products: number): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) return RUN_OK ? pgCopy(url, RUN!, products) : pgFreshSchema(url, products);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'store-test-'));
  const file = path.join(dir, 'test.sqlite');
  if (RUN_OK) copyFileSync(await sqliteTemplate(RUN!, products), file);
  const db = openDatabase({ sqliteFile: file });
  if (!RUN_OK) await seeded(db, products);
  return {
    db,
    target: { sqliteFile: file },
    drop: async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The run's template file for a catalogue size, made by whichever test process needs it first. */
async function sqliteTemplate(run: string, products: number): Promise<string> {
  const dir = sqliteTemplateDir(run);
  const file = path.join(dir, `${products}.sqlite`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const work = path.join(dir, `${products}.${process.pid}.${randomBytes(4).toString('hex')}.building`);
  const db = openDatabase({ sqliteFile: work });
  await seeded(db, products);
  // One self-contained file (no -wal beside it) that a plain copy reproduces.
  const packed = `${work}.packed`;
  await sql`vacuum into ${packed}`.execute(db.db);
  await db.close();
  for (const f of [work, `${work}-wal`, `${work}-shm`]) rmSync(f, { force: true });
  // Two processes may race to make it: the rename is atomic, and either file is the same data.
  renameSync(packed, file);
  return file;
}

async function pgFreshSchema(url: string, products: number): Promise<TestDatabase> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const db = openDatabase({ url, pgSchema: schema });
  await seeded(db, products);
  return {
    db,
    target: { pgUrl: url, pgSchema: schema },
    drop: async () => {
      await sql.raw(`DROP SCHEMA ${schema} CASCADE`).execute(db.db);
      await db.close();
    },
  };
}

/** Runs `work` on a plain connection to DATABASE_URL's database (CREATE/DROP DATABASE can't run in a pool's transaction). */
async function onServer<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function pgCopy(url: string, run: string, products: number): Promise<TestDatabase> {
  const template = pgTemplateName(run, products);
  const name = `t_${randomBytes(6).toString('hex')}`;
  await onServer(url, async (c) => {
    // One process makes the template; the others wait for it on the same advisory lock.
    await c.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      const exists = await c.query('select 1 from pg_database where datname = $1', [template]);
      if (exists.rowCount === 0) {
        // Built under another name and renamed when complete, so a failed seed leaves no half template.
        const building = `${template}_b`;
        await c.query(`drop database if exists ${building} with (force)`);
        await c.query(`create database ${building}`);
        const db = openDatabase({ url: withDatabase(url, building), pgSchema: COPY_SCHEMA });
        try {
          await seeded(db, products);
        } finally {
          await db.close();
        }
        await c.query(`alter database ${building} rename to ${template}`);
      }
      await c.query(`create database ${name} template ${template}`);
    } finally {
      await c.query('select pg_advisory_unlock(hashtext($1))', [template]);
    }
  });
  const copyUrl = withDatabase(url, name);
  const db = openDatabase({ url: copyUrl, pgSchema: COPY_SCHEMA });
  return {
    db,
    target: { pgUrl: copyUrl, pgSchema: COPY_SCHEMA },
    drop: async () => {
      await db.close();
      await onServer(url, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** Removes a run's templates (scripts/test.mjs, after the run). */
export async function dropTemplates(run: string): Promise<void> {
  rmSync(sqliteTemplateDir(run), { recursive: true, force: true });
  const url = process.env.DATABASE_URL;
  if (!url) return;
  await onServer(url, async (c) => {
    const { rows } = await c.query<{ datname: string }>('select datname from pg_database where datname like $1', [
      `tpl\\_${run}\\_%`,
    ]);
    for (const r of rows) await c.query(`drop database if exists ${r.datname} with (force)`);
  });
}
