// The benchmark's database: a SQLite file under bench/.data/ seeded by the real seeder, reused across
// runs while it still holds the requested number of products on the current schema.
import { mulberry32 } from '../packages/server/src/datasets/random.ts';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const DATA_DIR = path.join(ROOT, 'bench/.data');
const MIGRATIONS_DIR = path.join(ROOT, 'packages/server/src/db/migrations');
const SEED_DIR = path.join(ROOT, 'packages/server/src/seed');
const SEED_CLI = path.join(SEED_DIR, 'cli.ts');
// The generators the seed shares with the running store (geography, industries, sample records).
const DATASETS_DIR = path.join(ROOT, 'packages/server/src/datasets');

export interface Dataset {
  file: string;
  products: number;
  seedSeconds: number;
  seededAt: string;
  reused: boolean;
  sizeBytes: number;
  /** Set by holdInOsCache: how long reading the file into the OS page cache took (undefined: not read). */
  osCacheSeconds?: number;
}

interface Meta {
  products: number;
  count: number;
  seedSeconds: number;
  seededAt: string;
  schemaHash: string;
  seedHash: string;
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort()
    .map((f) => path.join(dir, f));
}
function hashFiles(files: string[]): string {
  const h = createHash('sha256');
  for (const f of files) h.update(path.basename(f)).update('\0').update(readFileSync(f)).update('\0');
  return h.digest('hex').slice(0, 16);
}
const migrationNames = () => sourceFiles(MIGRATIONS_DIR).map((f) => path.basename(f, '.ts'));
const schemaHash = () => hashFiles(sourceFiles(MIGRATIONS_DIR));
const seedHash = () => hashFiles([...sourceFiles(SEED_DIR), ...sourceFiles(DATASETS_DIR)]);

/** What the file holds: product count and whether every migration on disk has been applied. */
export function inspect(file: string): { products: number; missingMigrations: string[] } | { error: string } {
  if (!existsSync(file)) return { error: 'no database file' };
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const applied = new Set(
      (db.prepare('SELECT name FROM kysely_migration').all() as { name: string }[]).map((r) => r.name),
    );
    const { n } = db.prepare('SELECT count(*) AS n FROM product').get() as { n: number };
    return { products: n, missingMigrations: migrationNames().filter((m) => !applied.has(m)) };
  } catch (err) {
    return { error: (err as Error).message };
  } finally {
    db?.close();
  }
}

/** Seeds the SQLite `file` (from scratch), or with `{ databaseUrl }` the (empty) PostgreSQL database it names. */
function runSeeder(target: { file: string } | { databaseUrl: string }, products: number): Promise<void> {
  if (!existsSync(SEED_CLI)) {
    return Promise.reject(
      new Error(`the seeder ${path.relative(ROOT, SEED_CLI)} does not exist yet (the server is unfinished?)`),
    );
  }
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, LOG: '0' };
    // The SQLite seeder must write the file, never a configured PostgreSQL; the PostgreSQL one only the
    // benchmark's database (never --fresh there: the CLI's table drop looks in every schema).
    delete env.DATABASE_URL;
    const args = ['--import', 'tsx', SEED_CLI, '--products', String(products)];
    if ('file' in target) args.push('--file', target.file, '--fresh');
    else env.DATABASE_URL = target.databaseUrl;
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`the seeder exited with ${signal ?? `code ${code}`}`)),
    );
  });
}

/** Seeds the benchmark's empty PostgreSQL database with `products` products; returns the seconds it took. */
export async function seedPostgres(databaseUrl: string, products: number): Promise<number> {
  const started = process.hrtime.bigint();
  await runSeeder({ databaseUrl }, products);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/**
 * Returns a database file holding `products` products, seeding it (timed) when needed or forced.
 * `name`: the file's prefix (bench/.data/<name>-<products>.sqlite), `store` by default.
 */
export async function ensureDataset(products: number, fresh: boolean, name = 'store'): Promise<Dataset> {
  mkdirSync(DATA_DIR, { recursive: true });
  const file = path.join(DATA_DIR, `${name}-${products}.sqlite`);
  const metaFile = file.replace(/\.sqlite$/, '.json');
  const meta: Meta | undefined = existsSync(metaFile) ? JSON.parse(readFileSync(metaFile, 'utf8')) : undefined;

  if (!fresh) {
    const state = inspect(file);
    const why =
      'error' in state
        ? state.error
        : state.missingMigrations.length
          ? `migrations not applied: ${state.missingMigrations.join(', ')}`
          : meta && meta.schemaHash !== schemaHash()
            ? 'the migrations changed since it was seeded'
            : meta
              ? state.products !== meta.count
                ? `it holds ${state.products} products, not ${meta.count}`
                : undefined
              : state.products < products
                ? `it holds ${state.products} products, fewer than ${products}`
                : undefined;
    if (!why) {
      if (meta && meta.seedHash !== seedHash()) {
        console.warn(
          `[bench] note: the seed code changed since ${path.relative(ROOT, file)} was seeded (${meta.seededAt}); pass --fresh to reseed.`,
        );
      }
      console.log(
        `[bench] reusing ${path.relative(ROOT, file)} (${'products' in state ? state.products : '?'} products)`,
      );
      return {
        file,
        products: (state as { products: number }).products,
        seedSeconds: meta?.seedSeconds ?? NaN,
        seededAt: meta?.seededAt ?? 'unknown',
        reused: true,
        sizeBytes: statSync(file).size,
      };
    }
    if (existsSync(file)) console.log(`[bench] reseeding ${path.relative(ROOT, file)}: ${why}`);
  }

  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  rmSync(metaFile, { force: true });
  console.log(`[bench] seeding ${products.toLocaleString('en-US')} products into ${path.relative(ROOT, file)}…`);
  const started = process.hrtime.bigint();
  await runSeeder({ file }, products);
  const seedSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const state = inspect(file);
  if ('error' in state) throw new Error(`the seeded database can't be read: ${state.error}`);
  if (state.missingMigrations.length)
    throw new Error(`the seeder left migrations unapplied: ${state.missingMigrations.join(', ')}`);
  if (state.products < products) throw new Error(`the seeder wrote ${state.products} products, expected ${products}`);
  const seededAt = new Date().toISOString();
  writeFileSync(
    metaFile,
    `${JSON.stringify(
      {
        products,
        count: state.products,
        seedSeconds,
        seededAt,
        schemaHash: schemaHash(),
        seedHash: seedHash(),
      } satisfies Meta,
      null,
      2,
    )}\n`,
  );
  console.log(`[bench] seeded ${state.products.toLocaleString('en-US')} products in ${seedSeconds.toFixed(1)} s`);
  return { file, products: state.products, seedSeconds, seededAt, reused: false, sizeBytes: statSync(file).size };
}

/**
 * Reads the database file once, so the server's runs start with it in the OS page cache. This VM's DAMON reclaim
 * evicts file pages that sit idle, so a run that came after other work read part of the file from disk and was
 * charged for it: the cold product detail measured 226 µs that way and 125 µs with the file read first. Skipped
 * (and said so) when the file is larger than half the free memory.
 */
export function holdInOsCache(dataset: Dataset): void {
  const size = statSync(dataset.file).size;
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  if (size > os.freemem() / 2) {
    console.log(`[bench] not reading ${mib(size)} into the OS cache: more than half the free memory`);
    return;
  }
  const started = process.hrtime.bigint();
  const buffer = Buffer.allocUnsafe(16 * 2 ** 20);
  const fd = openSync(dataset.file, 'r');
  try {
    let at = 0;
    let told = 0;
    for (let n = readSync(fd, buffer, 0, buffer.length, at); n > 0; n = readSync(fd, buffer, 0, buffer.length, at)) {
      at += n;
      if (at - told >= size / 4 || at === size) {
        console.log(`[bench] reading the database into the OS cache: ${mib(at)} of ${mib(size)}`);
        told = at;
      }
    }
  } finally {
    closeSync(fd);
  }
  dataset.osCacheSeconds = Number(process.hrtime.bigint() - started) / 1e9;
}

// Active products a guest can buy: an active entry in an active price book of the webstore's guest
// buyer group. The demo catalogue deliberately leaves ~1 % unpriced (the pricing API answers those
// 404 "No price is available"), which would count as errors, so they are not sampled.
const PRICED_FOR_GUESTS = `
  SELECT p.id FROM product p JOIN webstore w ON w.id = p.webstore_id
  WHERE p.webstore_id = ? AND p.is_active = 1 AND EXISTS (
    SELECT 1 FROM price_book_entry e
    JOIN price_book pb ON pb.id = e.price_book_id AND pb.is_active = 1
    JOIN buyer_group_price_book b ON b.price_book_id = e.price_book_id AND b.buyer_group_id = w.guest_buyer_group_id
    WHERE e.product_id = p.id AND e.is_active = 1)
  ORDER BY p.id`;

/** `count` distinct priced product ids of the webstore, sampled uniformly over the whole catalogue. */
export function sampleProductIds(
  file: string,
  webstoreId: string,
  count: number,
  seed = 20240601,
): { ids: string[]; population: number } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const all = db.prepare(PRICED_FOR_GUESTS).pluck().all(webstoreId) as string[];
    if (!all.length) throw new Error(`no priced active products of webstore ${webstoreId} in ${file}`);
    const next = mulberry32(seed); // seeded, so the sampled ids (and so the benchmark) are the same on every run
    const n = Math.min(count, all.length);
    // Partial Fisher–Yates: the first n slots become a uniform sample without repeats.
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(next() * (all.length - i));
      [all[i], all[j]] = [all[j], all[i]];
    }
    return { ids: all.slice(0, n), population: all.length };
  } finally {
    db.close();
  }
}
