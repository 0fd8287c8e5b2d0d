// A PostgreSQL database of the benchmark's own, isolated from everything else and removed at the end:
//
// - DATABASE_URL set: a database `store_bench_checkout` created next to the configured one (dropped
//   first if a previous run left it, dropped again at the end); where CREATE DATABASE is not allowed,
//   a schema `bench_checkout` in the configured database instead (the server reaches it through
//   `search_path` in the URL), only when no other schema there holds the store's tables (Kysely's
//   migrator looks for its table in every schema).
// - otherwise a throwaway server, as .ci/run starts one: initdb in a temporary directory under /tmp
//   (as the postgres user when run as root: initdb refuses root), pg_ctl start on a free port with
//   fsync, synchronous commit and full-page writes off, then a database in it; stopped and the
//   directory removed at the end, however the benchmark ends (bench/processes.ts cleanups, plus a
//   synchronous last resort on exit).
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort, onCleanup } from './processes.ts';

const run = promisify(execFile);
const log = (msg: string) => console.log(`[bench] ${msg}`);

const BENCH_DATABASE = 'store_bench_checkout';
const BENCH_SCHEMA = 'bench_checkout';

/** No PostgreSQL to be had on this machine (no DATABASE_URL, no server binaries): the phase is skipped, not failed. */
export class PostgresUnavailable extends Error {}

export interface BenchPostgres {
  /** The connection string the seeder and the server use. */
  url: string;
  /** For the report: where the data lives and how the server was configured. */
  description: string;
  /** Server version, e.g. "PostgreSQL 15.8". */
  version: string;
  /** The throwaway server's postmaster (its backends are its children), for their CPU time; unset for DATABASE_URL. */
  postmasterPid?: number;
  /** Drops the database (or schema), or stops the throwaway server and removes its directory. Idempotent. */
  close(): Promise<void>;
}

/** Redacts the password of a connection string for logs and the report. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

async function query<T = Record<string, unknown>>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function serverVersion(url: string): Promise<string> {
  const [row] = await query<{ v: string }>(url, "SELECT current_setting('server_version') AS v");
  return `PostgreSQL ${row?.v.split(' ')[0] ?? '?'}`;
}

/** The benchmark's PostgreSQL database; throws (with the reason) when none can be had. */
export async function benchPostgres(): Promise<BenchPostgres> {
  const configured = process.env.DATABASE_URL;
  if (configured && /^postgres(ql)?:\/\//.test(configured)) return onConfigured(configured);
  return throwaway();
}

async function onConfigured(configured: string): Promise<BenchPostgres> {
  const version = await serverVersion(configured);
  // On an interrupt the cleanups run alongside the server's stop: FORCE (PostgreSQL 13+) ends its connections.
  const [{ n }] = await query<{ n: string }>(configured, "SELECT current_setting('server_version_num') AS n");
  const force = Number(n) >= 130000 ? ' WITH (FORCE)' : '';
  const dbUrl = new URL(configured);
  dbUrl.pathname = `/${BENCH_DATABASE}`;
  try {
    await query(configured, `DROP DATABASE IF EXISTS ${BENCH_DATABASE}${force}`);
    await query(configured, `CREATE DATABASE ${BENCH_DATABASE}`);
    log(`PostgreSQL: database ${BENCH_DATABASE} created on ${redact(configured)}`);
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      unregister();
      await query(configured, `DROP DATABASE IF EXISTS ${BENCH_DATABASE}${force}`).catch((err: Error) =>
        console.error(`[bench] could not drop the database ${BENCH_DATABASE}: ${err.message}`),
      );
    };
    const unregister = onCleanup(close);
    return {
      url: dbUrl.toString(),
      version,
      description: `${version} from DATABASE_URL (${redact(configured)}), in a database of its own (\`${BENCH_DATABASE}\`, dropped afterwards); server settings as configured there`,
      close,
    };
  } catch (err) {
    const why = (err as Error).message;
    log(`PostgreSQL: CREATE DATABASE refused (${why}); trying a schema of its own`);
    const elsewhere = await query<{ s: string }>(
      configured,
      `SELECT table_schema AS s FROM information_schema.tables WHERE table_name = 'kysely_migration' AND table_schema <> $1 LIMIT 1`,
      [BENCH_SCHEMA],
    );
    if (elsewhere.length) {
      throw new Error(
        `DATABASE_URL: CREATE DATABASE was refused (${why}) and the database already holds the store's tables (schema ${elsewhere[0]!.s}), so a schema of its own would not isolate the benchmark; grant CREATEDB or point DATABASE_URL at an empty database`,
      );
    }
    await query(configured, `DROP SCHEMA IF EXISTS ${BENCH_SCHEMA} CASCADE`);
    await query(configured, `CREATE SCHEMA ${BENCH_SCHEMA}`);
    const schemaUrl = new URL(configured);
    schemaUrl.searchParams.set('options', `-c search_path=${BENCH_SCHEMA}`);
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      unregister();
      await query(configured, `DROP SCHEMA IF EXISTS ${BENCH_SCHEMA} CASCADE`).catch((e: Error) =>
        console.error(`[bench] could not drop the schema ${BENCH_SCHEMA}: ${e.message}`),
      );
    };
    const unregister = onCleanup(close);
    return {
      url: schemaUrl.toString(),
      version,
      description: `${version} from DATABASE_URL (${redact(configured)}), in a schema of its own (\`${BENCH_SCHEMA}\`, dropped afterwards; CREATE DATABASE was refused); server settings as configured there`,
      close,
    };
  }
}

function pgBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin/initdb')))
    : [];
  versions.sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
  const last = versions.at(-1);
  if (!last)
    throw new PostgresUnavailable(
      `no PostgreSQL server binaries under ${base}/*/bin (install the postgresql package, or set DATABASE_URL)`,
    );
  return path.join(base, last, 'bin');
}

function tailOf(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

async function throwaway(): Promise<BenchPostgres> {
  const bin = pgBin();
  const asRoot = process.getuid?.() === 0;
  // As root, the server runs as the postgres user; otherwise as whoever runs the benchmark.
  const as = (cmd: string, args: string[]) =>
    asRoot ? { cmd: 'runuser', args: ['-u', 'postgres', '--', cmd, ...args] } : { cmd, args };
  const root = mkdtempSync(path.join(os.tmpdir(), 'pgbench.'));
  const data = path.join(root, 'data');
  const serverLog = path.join(root, 'server.log');
  let started = false;
  let removed = false;
  const stopSync = () => {
    if (removed) return;
    removed = true;
    if (started) {
      const c = as(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      try {
        execFileSync(c.cmd, c.args, { stdio: 'ignore', timeout: 20_000 });
      } catch {
        /* already down */
      }
    }
    rmSync(root, { recursive: true, force: true });
  };
  const close = async () => {
    if (removed) return;
    unregister();
    process.off('exit', stopSync);
    if (started) {
      const c = as(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
      await run(c.cmd, c.args).catch((err: Error) => console.error(`[bench] pg_ctl stop: ${err.message}`));
    }
    removed = true;
    rmSync(root, { recursive: true, force: true });
    log(`PostgreSQL stopped, ${root} removed`);
  };
  const unregister = onCleanup(close);
  process.on('exit', stopSync);
  try {
    if (asRoot) {
      try {
        execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
      } catch {
        throw new PostgresUnavailable(
          'running as root and there is no postgres user to run initdb as (initdb refuses root)',
        );
      }
      const [uid, gid] = ['-u', '-g'].map((f) =>
        Number(execFileSync('id', [f, 'postgres'], { encoding: 'utf8' }).trim()),
      );
      chownSync(root, uid!, gid!);
    }
    const port = await freePort();
    log(`PostgreSQL: initdb in ${root} (${bin})…`);
    const init = as(path.join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    await run(init.cmd, init.args, { timeout: 120_000 }).catch((err: Error & { stderr?: string }) => {
      throw new Error(`initdb failed: ${(err.stderr || err.message).trim().slice(0, 500)}`);
    });
    const settings = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    const start = as(path.join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      serverLog,
      '-w',
      '-t',
      '60',
      '-o',
      settings,
      'start',
    ]);
    started = true;
    await run(start.cmd, start.args, { timeout: 90_000 }).catch((err: Error) => {
      throw new Error(`pg_ctl start failed: ${err.message.trim().slice(0, 300)}\n${tailOf(serverLog)}`);
    });
    const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
    await query(admin, 'CREATE DATABASE store_bench');
    const version = await serverVersion(admin);
    const postmasterPid = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
    log(`PostgreSQL: ${version} on 127.0.0.1:${port} (postmaster pid ${postmasterPid}), database store_bench`);
    return {
      url: `postgres://postgres@127.0.0.1:${port}/store_bench`,
      version,
      close,
      postmasterPid,
      description: `${version}, a throwaway server started for this phase (initdb under /tmp, \`fsync=off\`, \`synchronous_commit=off\`, \`full_page_writes=off\` as in .ci/run, other settings default: \`shared_buffers\` 128 MB), removed afterwards`,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
