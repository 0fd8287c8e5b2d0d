// The real store server on a benchmark database: started on a free port with the benchmark routes on
// (BENCH_BARE_ROUTE=1), awaited on /healthz, its output in bench/.data/<log>. The server builds its
// search index right after it starts listening, and the build can hold the event loop (SQLite reads
// are synchronous), so /healthz may answer only when the index is done: the wait is as long as the
// index's.
//
// The database is a SQLite file (`file`; a configured DATABASE_URL is ignored), or with `databaseUrl`
// the benchmark's own PostgreSQL database (bench/postgres.ts). Emails the server sends (order
// confirmations) go to a folder under bench/.data, never to a configured SMTP server.
//
// It runs as production does: the compiled server (`npm start`'s packages/server/dist/main.js, built here
// when missing or older than its sources), with `workers` > 1 as that many cluster workers (WORKERS=N), and
// the environment and node options `npm start` gives it (scripts/start-command.mjs).
import path from 'node:path';
// @ts-expect-error: a plain .mjs script without types (it runs before any install)
import { buildServer, SERVER_DIST, serverBuildStaleReason } from '../scripts/build-server.mjs';
// @ts-expect-error: a plain .mjs script without types
import { startCommand } from '../scripts/start-command.mjs';
import { DATA_DIR, ROOT } from './dataset.ts';
import { freePort, startChild, waitForHttp, type Child } from './processes.ts';

export interface StoreServer {
  child: Child;
  origin: string;
  startedAt: number;
  readySeconds: number;
}

/** Where the server's data lives: a Dataset (SQLite file) or a PostgreSQL connection string. */
export type ServerDatabase = { products: number } & (
  | { file: string; databaseUrl?: undefined }
  | { databaseUrl: string; file?: undefined }
);

export async function startStoreServer(
  database: ServerDatabase,
  opts: { logName: string; nodeArgs?: string[]; timeoutMs: number; mailDir?: string; workers?: number },
): Promise<StoreServer> {
  const stale = serverBuildStaleReason();
  if (stale) {
    console.log(`[bench] compiling the server (${stale})…`);
    await buildServer();
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const start = startCommand() as { env: Record<string, string>; nodeArgs: string[] };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...start.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG: '0',
    BENCH_BARE_ROUTE: '1',
    SEED_PRODUCTS: String(database.products),
    MAIL_OUTBOX_DIR: opts.mailDir ?? path.join(DATA_DIR, 'outbox'),
    WORKERS: String(opts.workers ?? 1),
  };
  delete env.SMTP_URL;
  delete env.DATABASE_URL;
  if (database.databaseUrl !== undefined) env.DATABASE_URL = database.databaseUrl;
  else env.SQLITE_FILE = database.file;
  const on = database.databaseUrl !== undefined ? 'PostgreSQL' : 'SQLite';
  console.log(
    `[bench] starting the server on ${origin} (${on}, ${database.products.toLocaleString('en-US')} products${opts.workers && opts.workers > 1 ? `, ${opts.workers} worker processes` : ''})…`,
  );
  const startedAt = Date.now();
  const nodeArgs = [...start.nodeArgs, ...(opts.nodeArgs ?? [])];
  const child = startChild('the store server', [...nodeArgs, path.join(SERVER_DIST, 'main.js')], {
    cwd: ROOT,
    env,
    logFile: path.join(DATA_DIR, opts.logName),
  });
  await waitForHttp(`${origin}/healthz`, child, opts.timeoutMs);
  const readySeconds = (Date.now() - startedAt) / 1000;
  console.log(`[bench] server ready in ${readySeconds.toFixed(1)} s (pid ${child.proc.pid})`);
  return { child, origin, startedAt, readySeconds };
}
