// The real store server on a benchmark database: started on a free port with the benchmark routes on
// (BENCH_BARE_ROUTE=1), awaited on /healthz, its output in bench/.data/<log>. The server builds its
// search index right after it starts listening, and the build can hold the event loop (SQLite reads
// are synchronous), so /healthz may answer only when the index is done: the wait is as long as the
// index's.
import path from 'node:path';
import { DATA_DIR, ROOT, type Dataset } from './dataset.ts';
import { freePort, startChild, waitForHttp, type Child } from './processes.ts';

export interface StoreServer { child: Child; origin: string; startedAt: number; readySeconds: number }

export async function startStoreServer(dataset: Dataset, opts: { logName: string; nodeArgs?: string[]; timeoutMs: number }): Promise<StoreServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', SQLITE_FILE: dataset.file, LOG: '0', BENCH_BARE_ROUTE: '1', SEED_PRODUCTS: String(dataset.products) };
  delete env.DATABASE_URL;
  console.log(`[bench] starting the server on ${origin} (${dataset.products.toLocaleString('en-US')} products)…`);
  const startedAt = Date.now();
  const child = startChild('the store server', [...(opts.nodeArgs ?? []), '--import', 'tsx', 'packages/server/src/main.ts'], { cwd: ROOT, env, logFile: path.join(DATA_DIR, opts.logName) });
  await waitForHttp(`${origin}/healthz`, child, opts.timeoutMs);
  const readySeconds = (Date.now() - startedAt) / 1000;
  console.log(`[bench] server ready in ${readySeconds.toFixed(1)} s (pid ${child.proc.pid})`);
  return { child, origin, startedAt, readySeconds };
}
