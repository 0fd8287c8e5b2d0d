// Several processes (issue 20): the store on PostgreSQL served by 1 and then by 2 server processes
// (`WORKERS=N`, the compiled start's cluster), the same scenarios on each: the ceiling (bare route), product
// detail cold (every guest-buyable dataset in turn, so the response cache misses), search, add to cart (the
// cart phase's staggered guest carts), start-checkout and place-order (the checkout phase's prepared carts and
// paid checkouts). Server CPU per request is every process of the server (the primary and its workers);
// PostgreSQL's own CPU (its postmaster and backends) beside it when the benchmark runs its throwaway server.
//
// One PostgreSQL database for both runs (seeded once); the 2-process run follows the 1-process one, so it
// starts on the carts and orders the first left behind.
import http from 'node:http';
import path from 'node:path';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { addToCart, describe } from './cart-phase.ts';
import { measureOn, onceOnlyProductsPg } from './checkout-phase.ts';
import { DATA_DIR, seedPostgres } from './dataset.ts';
import { processTreeCpuMs, runLoad } from './load.ts';
import { PostgresUnavailable, benchPostgres, type BenchPostgres } from './postgres.ts';
import type { CartReport, CheckoutReport, ScenarioResult } from './report.ts';
import { table } from './report.ts';
import type { LoadSettings } from './scenario.ts';
import { searchPaths } from './search.ts';
import { INDEX_TIMEOUT_MS } from './search-phase.ts';
import { startStoreServer, type StoreServer } from './server.ts';

export const PROCESS_COUNTS = [1, 2];
const log = (msg: string) => console.log(`[bench] ${msg}`);
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export interface ProcessRow {
  workers: number;
  scenario: ScenarioResult;
}
export interface ProcessesReport {
  context: string[];
  rows: ProcessRow[];
  setup: string[];
  notes: string[];
  error?: string;
}
export interface ProcessesOptions {
  api: string;
  webstoreId: string;
  products: number;
  settings: LoadSettings;
  context: string[];
}

/** One GET on a connection of its own (the cluster hands each new connection to the next worker). */
function getAlone(url: string, timeoutMs: number): Promise<{ status: number; pid: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, pid: Number(res.headers['x-store-pid']), body }));
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out`)));
  });
}

/** Waits until `workers` distinct processes have answered the search index's status (each waits for its own build). */
async function waitForWorkers(server: StoreServer, workers: number): Promise<string> {
  const deadline = Date.now() + INDEX_TIMEOUT_MS;
  const ready = new Map<number, { documents: number; buildMs: number }>();
  while (ready.size < workers) {
    if (server.child.proc.exitCode !== null) throw new Error('the server exited while its workers built their index');
    if (Date.now() > deadline) throw new Error(`only ${ready.size} of ${workers} processes ready`);
    const r = await getAlone(`${server.origin}/bench/search-index`, 120_000).catch(() => undefined);
    if (r?.status === 200 && r.pid) ready.set(r.pid, JSON.parse(r.body));
    else await new Promise((res) => setTimeout(res, 250));
  }
  // After its index each process prepares the sitemap's list in the background (serve-store.ts); its first
  // /sitemap.xml waits for that, so every process having answered one means no start-up work is left to run
  // during the load.
  await untilEveryProcess(server, workers, '/sitemap.xml');
  return [...ready]
    .map(([pid, i]) => `pid ${pid}: ${fmt(i.documents)} documents in ${fmt(i.buildMs / 1000, 1)} s`)
    .join(', ');
}

/** Sends GET `p` on fresh connections until `workers` distinct processes answered it 200. */
async function untilEveryProcess(server: StoreServer, workers: number, p: string): Promise<void> {
  const answered = new Set<number>();
  for (let tries = 0; answered.size < workers; tries++) {
    if (tries > 50 * workers) throw new Error(`GET ${p}: only ${answered.size} of ${workers} processes answered`);
    const r = await getAlone(`${server.origin}${p}`, 300_000).catch(() => undefined);
    if (r?.status === 200 && r.pid) answered.add(r.pid);
  }
}

async function categoryIdsPg(url: string, webstoreId: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const named = await client.query(
      `SELECT id FROM category WHERE webstore_id = $1 AND name IN ('Services', 'Retail Trade', 'Business Lists', 'Construction') ORDER BY id`,
      [webstoreId],
    );
    return named.rows.map((r: { id: string }) => r.id);
  } finally {
    await client.end();
  }
}

/** A read scenario: rotating paths, the server's CPU (all processes) and PostgreSQL's over the measured window. */
async function readScenario(
  server: StoreServer,
  db: BenchPostgres,
  settings: LoadSettings,
  s: { name: string; route: string; paths: string[] },
): Promise<ScenarioResult> {
  const entry: ScenarioResult = { name: s.name, route: s.route };
  log(`${s.name}: ${settings.warmup} s warm-up + ${settings.duration} s at ${settings.connections} connections…`);
  try {
    const r = await runLoad({
      origin: server.origin,
      paths: s.paths,
      ...settings,
      serverPid: server.child.proc.pid,
      extraCpuMs: db.postmasterPid ? () => processTreeCpuMs(db.postmasterPid) : undefined,
    });
    entry.result = r;
    log(`  ${describe(r)}`);
    if (r.errors || r.non2xx)
      entry.error = `${r.errors} errors, ${r.non2xx} non-2xx (${JSON.stringify(r.statusCodes)})`;
  } catch (err) {
    entry.error = (err as Error).message;
  }
  return entry;
}

async function onServer(
  o: ProcessesOptions,
  db: BenchPostgres,
  workers: number,
  products: string[],
  categories: string[],
  report: ProcessesReport,
): Promise<boolean> {
  const mailDir = path.join(DATA_DIR, `outbox-processes-${workers}`);
  rmSync(mailDir, { recursive: true, force: true });
  const server = await startStoreServer(
    { products: o.products, databaseUrl: db.url },
    { logName: `server-processes-${workers}.log`, timeoutMs: INDEX_TIMEOUT_MS, mailDir, workers },
  );
  const rows: ScenarioResult[] = [];
  try {
    const ready = await waitForWorkers(server, workers);
    log(`${workers} process(es) ready: ${ready}`);
    report.setup.push(
      `${workers} process${workers > 1 ? 'es' : ''}: ready ${fmt(server.readySeconds, 1)} s after start (health check), search index per process: ${ready}.`,
    );
    const { api, settings } = o;
    rows.push(
      await readScenario(server, db, settings, {
        name: 'ceiling (bare route)',
        route: 'GET /bench/bare',
        paths: ['/bench/bare'],
      }),
      await readScenario(server, db, settings, {
        name: 'product detail, cold',
        route: 'GET …/products/{productId}',
        paths: products.map((id) => `${api}/products/${id}`),
      }),
    );
    // Every process keeps its own answer cache: each search is asked of every process first, so the 1- and
    // 2-process rows measure the same thing (repeated searches) rather than the second process's cold start.
    const searches = searchPaths(api, categories);
    for (const p of searches) await untilEveryProcess(server, workers, p);
    rows.push(
      await readScenario(server, db, settings, {
        name: 'search',
        route: 'GET …/search/products?searchTerm=…',
        paths: searches,
      }),
    );
    const cart: CartReport = { scenarios: [], setup: [], notes: [] };
    const add = await addToCart(
      {
        api,
        origin: server.origin,
        pid: server.child.proc.pid,
        file: '',
        webstoreId: o.webstoreId,
        settings,
        extraCpuMs: db.postmasterPid ? () => processTreeCpuMs(db.postmasterPid) : undefined,
      },
      products,
      cart,
    );
    rows.push(add.entry);
    const checkout: CheckoutReport = { rows: [], setup: [], notes: [] };
    const m = await measureOn(
      {
        database: 'PostgreSQL',
        origin: server.origin,
        pid: server.child.proc.pid,
        postmasterPid: db.postmasterPid,
        pgUrl: db.url,
        products,
      },
      api,
      settings,
      checkout,
    );
    rows.push(...m.rows.map((r) => r.scenario));
    if (workers === PROCESS_COUNTS[0]) {
      report.setup.push(...cart.setup.map((l) => `Add to cart (as the Cart section): ${l}`));
      report.setup.push(...checkout.setup.map((l) => `Checkout (as the Checkout section): ${l}`));
    }
    report.notes.push(...cart.notes.map((l) => `${workers} process(es), ${l}`));
  } finally {
    report.rows.push(...rows.map((scenario) => ({ workers, scenario })));
    await server.child.stop();
  }
  return rows.every((r) => r.result && !r.error);
}

/** Runs the scenarios with 1 and 2 processes on one PostgreSQL database; failures are in the report. */
export async function measureProcesses(o: ProcessesOptions): Promise<{ report: ProcessesReport; ok: boolean }> {
  const report: ProcessesReport = { context: o.context, rows: [], setup: [], notes: [] };
  let db: BenchPostgres | undefined;
  let ok = true;
  try {
    try {
      db = await benchPostgres();
    } catch (err) {
      if (err instanceof PostgresUnavailable) throw new Error(`PostgreSQL not available: ${err.message}`);
      throw err;
    }
    log(`seeding ${fmt(o.products)} products into PostgreSQL…`);
    const seedSeconds = await seedPostgres(db.url, o.products);
    const products = await onceOnlyProductsPg(db.url, o.webstoreId);
    const categories = await categoryIdsPg(db.url, o.webstoreId);
    report.setup.unshift(
      `PostgreSQL: ${db.description}; ${fmt(o.products)} products seeded in this run in ${fmt(seedSeconds, 1)} s; each server process has a pool of ${process.env.PG_POOL_SIZE ?? 10} connections (\`PG_POOL_SIZE\`).`,
      `Product detail, cold: the ${fmt(products.length)} once-only datasets a guest can buy, in a fixed shuffled order, one shared cursor (each process keeps its own response cache, so the rotation mostly misses). Search: the Search section's list of ${searchPaths(o.api, categories).length} requests, each asked of every process before the load (so answers come from each process's answer cache: the repeated-search path). Before any load each process has built its search index and answered /sitemap.xml (its list is prepared in the background after the index).`,
    );
    for (const workers of PROCESS_COUNTS) ok = (await onServer(o, db, workers, products, categories, report)) && ok;
  } catch (err) {
    report.error = (err as Error).message;
    console.error(`[bench] ✗ processes: ${report.error}`);
    ok = false;
  } finally {
    await db?.close();
  }
  return { report, ok };
}

const ms = (v: number | undefined) => (v === undefined ? '–' : `${fmt(v * 1000)} µs`);

/** The "Several processes" section of bench/results.md. */
export function processesSection(r: ProcessesReport): string[] {
  const lines = ['## Several processes', '', ...r.context.map((c) => `- ${c}`), ''];
  if (r.error) lines.push(`**Not measured:** ${r.error}`, '');
  lines.push(
    table(
      [
        'Scenario',
        'Route',
        'Processes',
        'req/s (mean)',
        'p50 ms',
        'p99 ms',
        'server CPU/req (all processes)',
        'PostgreSQL CPU/req',
        'errors / non-2xx',
      ],
      r.rows.map(({ workers, scenario: s }) => {
        const x = s.result;
        return [
          s.name,
          `\`${s.route}\``,
          String(workers),
          x ? fmt(x.rps) : '–',
          x ? x.p50.toFixed(2) : '–',
          x ? x.p99.toFixed(x.p99 < 10 ? 2 : 1) : '–',
          ms(x?.cpuMsPerRequest),
          ms(x?.extraCpuMsPerRequest),
          s.error ? s.error.slice(0, 120) : x ? String(x.errors + x.non2xx) : '–',
        ];
      }),
      ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
    ),
    '',
  );
  const names = [...new Set(r.rows.map((x) => x.scenario.name))];
  const rate = (name: string, w: number) => r.rows.find((x) => x.workers === w && x.scenario.name === name)?.scenario;
  lines.push(
    '### Scaling, 2 processes vs 1',
    '',
    table(
      ['Scenario', 'req/s, 1 process', 'req/s, 2 processes', '2 vs 1', 'server CPU/req, 1 → 2'],
      names.map((n) => {
        const a = rate(n, 1)?.result;
        const b = rate(n, 2)?.result;
        return [
          n,
          a ? fmt(a.rps) : '–',
          b ? fmt(b.rps) : '–',
          a && b ? `${(b.rps / a.rps).toFixed(2)}×` : '–',
          `${ms(a?.cpuMsPerRequest)} → ${ms(b?.cpuMsPerRequest)}`,
        ];
      }),
      ['l', 'r', 'r', 'r', 'r'],
    ),
    '',
  );
  for (const s of r.setup) lines.push(`- ${s}`);
  for (const n of r.notes) lines.push(`- ${n}`);
  lines.push(
    '- **This machine has 2 cores, and autocannon (the load generator, one JavaScript thread) and PostgreSQL run on them too.** With 2 server processes the server, the database and the load generator compete for the same two cores, so "2 vs 1" here shows how much the second process gains on a machine already full, not how the store scales on a machine with a core per process; the server CPU per request (every process of the server, from /proc) is the steadier number: it should stay about the same from 1 to 2 processes (no work is repeated per process except the per-process caches filling).',
  );
  return lines;
}
