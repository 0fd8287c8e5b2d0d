// A real server over a real database for API tests: a fresh SQLite file per test file, or, when
// DATABASE_URL is set, a fresh PostgreSQL schema per test file (so test files may run in parallel).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDatabase } from '../seed/seed.ts';
import { buildApp, DEMO_WEBSTORE_ID } from '../app.ts';
import type { Services } from '../services/index.ts';
import { bumpCatalogVersion } from '../db/catalog-version.ts';

export const WEBSTORE_ID = DEMO_WEBSTORE_ID;
export const BASE = `/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}`;

export interface TestServer {
  url: string;
  db: Db;
  services: Services;
  /** What a catalogue write does: bump the version, and (in this process) forget the cached store row. */
  catalogueChanged(): Promise<void>;
  get(path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: any; text: string }>;
  api(path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: any; text: string }>;
  close(): Promise<void>;
}

export async function startTestServer(opts: { storefront?: boolean; products?: number } = {}): Promise<TestServer> {
  let db: Db;
  let cleanup = async () => {};
  if (process.env.DATABASE_URL) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    db = openDatabase({ url: process.env.DATABASE_URL, pgSchema: schema });
    cleanup = async () => { await sql.raw(`DROP SCHEMA ${schema} CASCADE`).execute(db.db); };
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'store-test-'));
    db = openDatabase({ sqliteFile: path.join(dir, 'test.sqlite') });
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  await migrateToLatest(db.db);
  await seedDatabase(db.db, { products: opts.products ?? 500 });
  const { app, services } = await buildApp({ db: db.db, storefront: opts.storefront ?? false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const get = async (p: string, init?: RequestInit) => {
    const res = await fetch(url + p, init);
    const text = await res.text();
    let body: unknown = null;
    try { body = text ? JSON.parse(text) : null; } catch { body = null; }
    return { status: res.status, headers: res.headers, body, text };
  };
  return {
    url, db, get, services,
    catalogueChanged: async () => { await bumpCatalogVersion(db.db, WEBSTORE_ID); services.webstores.invalidate(); },
    api: (p, init) => get(BASE + p, init),
    close: async () => { await app.close(); if (process.env.DATABASE_URL) await cleanup(); await db.close(); if (!process.env.DATABASE_URL) await cleanup(); },
  };
}

/** Asserts the platform's error body and returns its first entry. */
export function errorOf(res: { body: any }): { errorCode: string; message: string } {
  if (!Array.isArray(res.body) || typeof res.body[0]?.errorCode !== 'string' || typeof res.body[0]?.message !== 'string') {
    throw new Error(`not an error body: ${JSON.stringify(res.body)}`);
  }
  return res.body[0];
}
