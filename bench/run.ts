// `npm run bench`: seeds (or reuses) a 100,000-product SQLite catalogue, starts the real server on it,
// waits for its search index, loads the product, pricing, menu, search and suggestion endpoints with
// autocannon against a bare route of the same framework (the ceiling), runs Lighthouse (mobile) on a
// product page, then loads the cart (add-to-cart by many guest sessions, a 200-line cart's summary,
// compact summary and first page of lines: bench/cart-phase.ts); then checkout (start-checkout and
// place-order on SQLite and on PostgreSQL, each on a server of its own over a small fresh catalogue:
// bench/checkout-phase.ts); the catalogue import; the list builder's counts on a 1,000,000-record dataset file
// (bench/lists-phase.ts); then (by default) seeds or reuses a 1,000,000-product catalogue, starts a
// server on it (the others stopped) and loads search and suggestions there; and writes bench/results.md.
//
//   node --import tsx bench/run.ts [--products 100000] [--fresh] [--duration 10] [--warmup 3]
//        [--connections 10] [--ids 1000] [--lighthouse-runs 3] [--no-lighthouse] [--strict] [--out bench/results.md]
//        [--ceiling auto|separate] [--search-products 1000000 | --no-1m] [--max-old-space 8192] [--only cart|checkout|reads]
//
// --search-products N: the catalogue size of the second search phase (0, or --no-1m, skips it; --fresh
// reseeds only the main catalogue). --max-old-space: the second server's V8 heap limit in MB.
// --only cart: only the ceiling and the cart phase on the main catalogue (about 2 minutes); it replaces
// the "Cart" section of --out and leaves the rest of the file as it was.
// --only reads: only the ceiling and the uncached catalogue reads on the main catalogue (bench/reads-phase.ts:
// products by 20 ids with prices, search POST with prices as first pages no cache has seen and as later pages
// read from the engine's result windows, pricing, product detail warm and cold), with issue 20's CPU targets, into its own section "Catalogue reads".
// --only checkout: only the checkout phase and the ceiling, measured on the phase's SQLite server (about
// 5 minutes; the 100,000-product catalogue is not needed); it replaces the "Checkout" section of --out.
// --only sitemap: only /sitemap.xml on the main catalogue (bench/sitemap-phase.ts), into its own section.
// --only lists: only the list builder's counts on a 1,000,000-record dataset file (bench/lists-phase.ts: upload to
// counts ready, the index's size, counts with three filters under load beside the ceiling), into its own section.
// --only import: only the catalogue import (bench/import-phase.ts: --products rows of a generated product
// CSV, imported and then imported again, on SQLite and PostgreSQL); it replaces the "Import" section.
// --only processes: product detail cold, search, add to cart, start-checkout and place-order on PostgreSQL with 1 and
// then 2 server processes (WORKERS=N; bench/processes-phase.ts, --products of them seeded there); its own section.
// --only search: only the search phase, at --products and at --search-products (each on a server of its own, then a
// new process on the index the first saved: start to first answer, RSS); it replaces the "Search" section.
// PostgreSQL: DATABASE_URL if set (the phase works in a database of its own there), else a throwaway
// server started like .ci/run's; where neither can be had the section says so.
//
// Exits non-zero when a scenario had errors or non-2xx answers (or Lighthouse could not run);
// with --strict also when a target fails.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measureCart } from './cart-phase.ts';
import { measureCheckout } from './checkout-phase.ts';
import { importSection, measureImport } from './import-phase.ts';
import { measureSitemap, sitemapSection } from './sitemap-phase.ts';
import { listsSection, measureLists } from './lists-phase.ts';
import { datasetProductId, measureWeb, webSection } from './web-phase.ts';
import { measureProcesses, processesSection } from './processes-phase.ts';
import { measureReads, readsTargets } from './reads-phase.ts';
import { startCeiling } from './ceiling.ts';
import { DATA_DIR, ROOT, ensureDataset, holdInOsCache, sampleProductIds, type Dataset } from './dataset.ts';
import { CHROME_PATH, runLighthouse, type LighthouseRun } from './lighthouse.ts';
import { installHandlers, stopAll } from './processes.ts';
import {
  cartSection,
  checkoutSection,
  lighthouseTable,
  loadTable,
  markdown,
  median,
  readsSection,
  replaceSection,
  searchSection,
  targetsTable,
  type CartReport,
  type CheckoutReport,
  type Report,
  type ScenarioResult,
  type SearchSize,
  type Target,
} from './report.ts';
import { get, runScenario, type Scenario } from './scenario.ts';
import { categoryIds, isSearchScenario, searchScenarios, serverRss, waitForIndex } from './search.ts';
import { INDEX_TIMEOUT_MS, describeIndex, searchAtSize } from './search-phase.ts';
import { persistedIndexTargets, searchNotes, searchTargets } from './search-targets.ts';
import { startStoreServer } from './server.ts';

const WEBSTORE_ID = '0ZE000000000001AAA';
const API = `/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}`;
const TARGET_PRODUCT_RATIO = 0.4;
const TARGET_LIGHTHOUSE = 90;

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    fresh: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    ids: { type: 'string', default: '1000' },
    'lighthouse-runs': { type: 'string', default: '3' },
    'no-lighthouse': { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
    ceiling: { type: 'string', default: 'auto' }, // auto | separate (force the fallback bare process)
    'search-products': { type: 'string', default: '1000000' },
    'no-1m': { type: 'boolean', default: false },
    'max-old-space': { type: 'string', default: '8192' },
    only: { type: 'string' }, // cart | checkout | import | sitemap | lists | processes | search | web | reads: only that phase, into its section of --out
    out: { type: 'string', default: path.join(ROOT, 'bench/results.md') },
  },
  strict: true,
});
const num = (name: string, v: string | undefined, min: number) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < min) {
    console.error(`--${name} must be a number ≥ ${min}`);
    process.exit(2);
  }
  return n;
};
const opts = {
  products: Math.floor(num('products', args.products, 1)),
  duration: num('duration', args.duration, 1),
  warmup: num('warmup', args.warmup, 0),
  connections: Math.floor(num('connections', args.connections, 1)),
  ids: Math.floor(num('ids', args.ids, 1)),
  lighthouseRuns: Math.floor(num('lighthouse-runs', args['lighthouse-runs'], 1)),
  searchProducts: args['no-1m'] ? 0 : Math.floor(num('search-products', args['search-products'], 0)),
  maxOldSpaceMb: Math.floor(num('max-old-space', args['max-old-space'], 512)),
};

if (!['auto', 'separate'].includes(args.ceiling!)) {
  console.error('--ceiling must be auto or separate');
  process.exit(2);
}
const ONLY_PHASES = ['cart', 'checkout', 'import', 'sitemap', 'lists', 'web', 'processes', 'search', 'reads'];
if (args.only !== undefined && !ONLY_PHASES.includes(args.only)) {
  console.error(`--only takes: ${ONLY_PHASES.join(', ')}`);
  process.exit(2);
}
const ceilingMode = args.ceiling as 'auto' | 'separate';

function gitRevision(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).trim() !==
      '';
    return `${sha}${dirty ? ' with uncommitted changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

const log = (msg: string) => console.log(`[bench] ${msg}`);

const machineLine = () => {
  const cpus = os.cpus();
  return `Machine: ${cpus.length} cores (${cpus[0]?.model?.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()}`;
};
const loadLine = (before: number[], after: number[]) => {
  const busy = before[0] > 0.5 || before[1] > 0.5;
  return `Load average (1/5/15 min) before the run: ${before.map((l) => l.toFixed(2)).join(' / ')}; after: ${after.map((l) => l.toFixed(2)).join(' / ')}${busy ? ' — **the machine was not idle before the run; absolute numbers are skewed (server CPU/req is the steadier measure)**' : ''}`;
};
const databaseLine = (dataset: Dataset) =>
  `Database: SQLite (better-sqlite3), \`${path.relative(ROOT, dataset.file)}\`, ${dataset.products.toLocaleString('en-US')} products, ${(dataset.sizeBytes / 2 ** 20).toFixed(0)} MiB${dataset.osCacheSeconds === undefined ? '' : `, read once into the OS page cache before the server started (${dataset.osCacheSeconds.toFixed(1)} s; bench/dataset.ts holdInOsCache says why)`}`;
const seedLine = (dataset: Dataset) =>
  `Seed: ${Number.isFinite(dataset.seedSeconds) ? `${dataset.seedSeconds.toFixed(1)} s` : 'unknown'}${dataset.reused ? ` (file reused; seeded ${dataset.seededAt})` : ' (seeded in this run)'}`;
const loadSettingsLine = () =>
  `Load: autocannon, ${opts.connections} connections, ${opts.duration} s per scenario after a ${opts.warmup} s warm-up`;

/** Replaces one section of --out (the rest of the file as it was) with `section`, placed before the first of `before`. */
/**
 * Writes the results file formatted as the repository's formatter wants it (its tables aligned), so a bench run
 * leaves the checks green.
 */
function writeResults(text: string): void {
  writeFileSync(args.out!, text);
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/check.mjs'), '--biome', 'format', '--write', args.out!], {
    stdio: 'ignore',
  });
}

function writeSection(section: string[], before: readonly string[], what: string): void {
  const existing = existsSync(args.out!) ? readFileSync(args.out!, 'utf8') : '# Benchmark results\n';
  writeResults(replaceSection(existing, section, [...before]));
  console.log(`\n${section.join('\n')}`);
  log(
    `${what} section written to ${path.relative(process.cwd(), args.out!) || args.out} (the rest of the file unchanged)`,
  );
}

/** `--only cart`: the main catalogue's server, the ceiling and the cart phase; only the Cart section of --out changes. */
async function cartOnly(): Promise<number> {
  installHandlers();
  mkdirSync(DATA_DIR, { recursive: true });
  const loadBefore = os.loadavg();
  const started = new Date().toISOString();
  const dataset = await ensureDataset(opts.products, args.fresh!);
  holdInOsCache(dataset);
  const store = await startStoreServer(dataset, { logName: 'server.log', timeoutMs: INDEX_TIMEOUT_MS });
  const { origin, child: server } = store;
  const serverPid = server.proc.pid;
  // The search index builds in the background from the start: waited for so it does not run during the load.
  log(`waiting for the search index…`);
  log(describeIndex(await waitForIndex(origin, server, store.startedAt, INDEX_TIMEOUT_MS)));

  const settings = { connections: opts.connections, duration: opts.duration, warmup: opts.warmup };
  const ceiling = await startCeiling(origin, serverPid, ceilingMode);
  const c = await runScenario(ceiling.scenario, settings);
  await ceiling.bare?.stop();
  const m = await measureCart({
    api: API,
    origin,
    pid: serverPid,
    file: dataset.file,
    webstoreId: WEBSTORE_ID,
    settings,
  });
  await stopAll();

  const cart: CartReport = {
    ...m.cart,
    ceiling: c.entry,
    context: [
      `Measured on ${started} by \`npm run bench -- --only cart\` (the other sections of this file come from the last full run; their setup is at the top)`,
      machineLine(),
      `Node ${process.version}${process.env.NODE_ENV ? `, NODE_ENV=${process.env.NODE_ENV}` : ', NODE_ENV unset'}`,
      loadLine(loadBefore, os.loadavg()),
      `Code: git ${gitRevision()}`,
      databaseLine(dataset),
      seedLine(dataset),
      loadSettingsLine(),
      `Ceiling: ${ceiling.note}, measured in this run`,
    ],
  };
  const section = cartSection(cart);
  writeSection(section, ['## Checkout', '## Lighthouse (mobile, performance)', '## Targets', '## Notes'], 'Cart');
  if (!c.ok || !m.ok) {
    console.error('[bench] FAILED: a scenario had errors or unexpected answers (see above).');
    return 1;
  }
  return 0;
}

/** `--only checkout`: the checkout phase (its own servers) and the ceiling; only the Checkout section of --out changes. */
async function checkoutOnly(): Promise<number> {
  installHandlers();
  mkdirSync(DATA_DIR, { recursive: true });
  const loadBefore = os.loadavg();
  const started = new Date().toISOString();
  const settings = { connections: opts.connections, duration: opts.duration, warmup: opts.warmup };
  const m = await measureCheckout({ api: API, webstoreId: WEBSTORE_ID, settings, ceilingMode });
  await stopAll();

  const checkout: CheckoutReport = {
    ...m.checkout,
    context: [
      `Measured on ${started} by \`npm run bench -- --only checkout\` (the other sections of this file come from earlier runs; their setup is at the top)`,
      machineLine(),
      `Node ${process.version}${process.env.NODE_ENV ? `, NODE_ENV=${process.env.NODE_ENV}` : ', NODE_ENV unset'}`,
      loadLine(loadBefore, os.loadavg()),
      `Code: git ${gitRevision()}`,
      loadSettingsLine(),
      `Ceiling: ${m.ceilingNote ?? 'not measured'}, on the SQLite checkout server, measured in this run`,
    ],
  };
  const section = checkoutSection(checkout);
  writeSection(section, ['## Lighthouse (mobile, performance)', '## Targets', '## Notes'], 'Checkout');
  if (!m.ok) {
    console.error('[bench] FAILED: a scenario had errors or unexpected answers (see above).');
    return 1;
  }
  return 0;
}

/** The import phase's context lines: when, where, on what code. */
const importContext = (started: string, loadBefore: number[], how: string) => [
  `Measured on ${started} by \`${how}\``,
  machineLine(),
  `Node ${process.version}${process.env.NODE_ENV ? `, NODE_ENV=${process.env.NODE_ENV}` : ', NODE_ENV unset'}`,
  loadLine(loadBefore, os.loadavg()),
  `Code: git ${gitRevision()}`,
];
const IMPORT_BEFORE = ['## Lighthouse (mobile, performance)', '## Targets', '## Notes'];

/** `--only import`: the import phase alone; only the Import section of --out changes. */
async function importOnly(): Promise<number> {
  installHandlers();
  mkdirSync(DATA_DIR, { recursive: true });
  const loadBefore = os.loadavg();
  const started = new Date().toISOString();
  const m = await measureImport(opts.products);
  await stopAll();
  const section = importSection(m, importContext(started, loadBefore, 'npm run bench -- --only import'));
  writeSection(section, IMPORT_BEFORE, 'Import');
  if (!m.ok) console.error('[bench] FAILED: an import refused rows (see above).');
  return m.ok ? 0 : 1;
}

/** `--only web`: the JavaScript budget table and Lighthouse on the dataset page; only its section of --out changes. */
async function webOnly(): Promise<number> {
  installHandlers();
  mkdirSync(DATA_DIR, { recursive: true });
  const loadBefore = os.loadavg();
  const started = new Date().toISOString();
  const dataset = await ensureDataset(opts.products, args.fresh!);
  const store = await startStoreServer(dataset, { logName: 'server.log', timeoutMs: INDEX_TIMEOUT_MS });
  log(describeIndex(await waitForIndex(store.origin, store.child, store.startedAt, INDEX_TIMEOUT_MS)));
  const m = await measureWeb(store.origin, datasetProductId(dataset.file, WEBSTORE_ID), opts.lighthouseRuns);
  await stopAll();
  const section = webSection(m, [
    ...importContext(started, loadBefore, 'npm run bench -- --only web'),
    databaseLine(dataset),
    seedLine(dataset),
    `Lighthouse: default config (mobile, simulated throttling), performance only, ${CHROME_PATH}`,
  ]);
  writeSection(section, IMPORT_BEFORE, 'Web');
  return m.ok ? 0 : 1;
}

/** `--only sitemap`: /sitemap.xml on the main catalogue's server; only the Sitemap section of --out changes. */
async function sitemapOnly(): Promise<number> {
  installHandlers();
  mkdirSync(DATA_DIR, { recursive: true });
  const loadBefore = os.loadavg();
  const started = new Date().toISOString();
  const dataset = await ensureDataset(opts.products, args.fresh!);
  const store = await startStoreServer(dataset, { logName: 'server.log', timeoutMs: INDEX_TIMEOUT_MS });
  // The search index builds in the background from the start: waited for so it does not run during the timing.
  log('waiting for the search index…');
  log(describeIndex(await waitForIndex(store.origin, store.child, store.startedAt, INDEX_TIMEOUT_MS)));
  const m = await measureSitemap(store.origin, dataset, WEBSTORE_ID);
  await stopAll();
  const section = sitemapSection(m, [
    ...importContext(started, loadBefore, 'npm run bench -- --only sitemap'),
    databaseLine(dataset),
    seedLine(dataset),
  ]);
  writeSection(section, IMPORT_BEFORE, 'Sitemap');
  if (!m.ok) console.error('[bench] FAILED: the sitemap was invalid, incomplete or over its time target (see above).');
  return m.ok ? 0 : 1;
}

/** The lines of a `## ` section of a results file (null when it has none). */
function sectionOf(md: string, heading: string): string[] | null {
  const all = md.replace(/\s+$/, '').split('\n');
  const start = all.indexOf(heading);
  if (start < 0) return null;
  const end = all.findIndex((l, i) => i > start && l.startsWith('## '));
  return all.slice(start, end < 0 ? all.length : end);
}

/** `--only lists`: the list builder's counts on a 1,000,000-record file; only the Lists section of --out changes. */
async function listsOnly(): Promise<number> {
  installHandlers();
  mkdirSync(DATA_DIR, { recursive: true });
  const loadBefore = os.loadavg();
  const started = new Date().toISOString();
  const m = await measureLists({ connections: opts.connections, duration: opts.duration, warmup: opts.warmup });
  await stopAll();
  const section = listsSection(m, [
    ...importContext(started, loadBefore, 'npm run bench -- --only lists'),
    loadSettingsLine(),
  ]);
  writeSection(section, IMPORT_BEFORE, 'Lists');
  if (!m.ok) console.error('[bench] FAILED: a count failed or answered wrongly (see above).');
  return m.ok ? 0 : 1;
}

/** `--only processes`: 1 and 2 server processes on PostgreSQL (bench/processes-phase.ts); only its section of --out changes. */
async function processesOnly(): Promise<number> {
  installHandlers();
  mkdirSync(DATA_DIR, { recursive: true });
  const loadBefore = os.loadavg();
  const started = new Date().toISOString();
  const context = [...importContext(started, loadBefore, 'npm run bench -- --only processes'), loadSettingsLine()];
  const { report, ok } = await measureProcesses({
    api: API,
    webstoreId: WEBSTORE_ID,
    products: opts.products,
    settings: { connections: opts.connections, duration: opts.duration, warmup: opts.warmup },
    context,
  });
  await stopAll();
  // The load average after the run replaces the one importContext took before it.
  report.context[3] = loadLine(loadBefore, os.loadavg());
  const section = processesSection(report);
  writeSection(section, IMPORT_BEFORE, 'Several processes');
  if (!ok) console.error('[bench] FAILED: a scenario failed (see above).');
  return ok ? 0 : 1;
}

/** `--only search`: the search phase at both sizes (servers of their own); only the Search section of --out changes. */
async function searchOnly(): Promise<number> {
  installHandlers();
  mkdirSync(DATA_DIR, { recursive: true });
  const loadBefore = os.loadavg();
  const started = new Date().toISOString();
  const settings = { connections: opts.connections, duration: opts.duration, warmup: opts.warmup };
  const sizes = [opts.products, opts.searchProducts].filter((n, i, all) => n > 0 && all.indexOf(n) === i);
  const search: SearchSize[] = [];
  let ok = true;
  for (const products of sizes) {
    const r = await searchAtSize(products, {
      api: API,
      webstoreId: WEBSTORE_ID,
      settings,
      maxOldSpaceMb: opts.maxOldSpaceMb,
    });
    search.push(r.size);
    ok &&= r.ok;
  }
  await stopAll();
  const [heading, ...body] = searchSection({ search, searchNotes: searchNotes(search, opts.connections) });
  const section = [
    heading!,
    '',
    ...importContext(started, loadBefore, 'npm run bench -- --only search').map((l) => `- ${l}`),
    `- ${loadSettingsLine()}; servers started with \`--max-old-space-size=${opts.maxOldSpaceMb}\``,
    ...body,
    ...persistedIndexTargets(search).map(
      (t) =>
        `- Target: ${t.name}: ${t.measured} — ${t.pass === undefined ? 'not judged' : t.pass ? '**PASS**' : '**FAIL**'}`,
    ),
  ];
  writeSection(section, IMPORT_BEFORE, 'Search');
  if (!ok) console.error('[bench] FAILED: a search scenario or the saved index failed (see above).');
  return ok ? 0 : 1;
}

/** `--only reads`: the ceiling and the uncached catalogue reads; only the "Catalogue reads" section of --out changes. */
async function readsOnly(): Promise<number> {
  installHandlers();
  mkdirSync(DATA_DIR, { recursive: true });
  const loadBefore = os.loadavg();
  const started = new Date().toISOString();
  const dataset = await ensureDataset(opts.products, args.fresh!);
  const { ids, population } = sampleProductIds(dataset.file, WEBSTORE_ID, opts.ids);
  const allIds = sampleProductIds(dataset.file, WEBSTORE_ID, population).ids;
  holdInOsCache(dataset);
  const store = await startStoreServer(dataset, { logName: 'server.log', timeoutMs: INDEX_TIMEOUT_MS });
  const { origin, child: server } = store;
  log('waiting for the search index…');
  log(describeIndex(await waitForIndex(origin, server, store.startedAt, INDEX_TIMEOUT_MS)));
  const settings = { connections: opts.connections, duration: opts.duration, warmup: opts.warmup };
  const ceiling = await startCeiling(origin, server.proc.pid, ceilingMode);
  const c = await runScenario(ceiling.scenario, settings);
  await ceiling.bare?.stop();
  const m = await measureReads({ file: dataset.file, api: API, origin, pid: server.proc.pid, ids, allIds, settings });
  await stopAll();
  const section = readsSection({
    ceiling: c.entry,
    scenarios: m.scenarios,
    targets: readsTargets(m.scenarios),
    setup: m.setup,
    notes: [
      "server CPU/req is the server process's user + system CPU time (all threads, from /proc) over the measured window divided by the requests completed; the targets are on it, as the issue sets them.",
    ],
    context: [
      `Measured on ${started} by \`npm run bench -- --only reads\` (the other sections of this file come from other runs; their setup is at the top)`,
      machineLine(),
      `Node ${process.version}${process.env.NODE_ENV ? `, NODE_ENV=${process.env.NODE_ENV}` : ', NODE_ENV unset'}`,
      loadLine(loadBefore, os.loadavg()),
      `Code: git ${gitRevision()}`,
      databaseLine(dataset),
      seedLine(dataset),
      loadSettingsLine(),
      `Ceiling: ${ceiling.note}, measured in this run`,
    ],
  });
  writeSection(section, ['## Search', ...IMPORT_BEFORE], 'Catalogue reads');
  if (!c.ok || !m.ok) {
    console.error('[bench] FAILED: a scenario had errors or unexpected answers (see above).');
    return 1;
  }
  return args.strict && readsTargets(m.scenarios).some((t) => t.pass === false) ? 1 : 0;
}

async function main(): Promise<number> {
  if (args.only === 'processes') return processesOnly();
  if (args.only === 'reads') return readsOnly();
  if (args.only === 'search') return searchOnly();
  if (args.only === 'lists') return listsOnly();
  if (args.only === 'web') return webOnly();
  if (args.only === 'cart') return cartOnly();
  if (args.only === 'sitemap') return sitemapOnly();
  if (args.only === 'checkout') return checkoutOnly();
  if (args.only === 'import') return importOnly();
  installHandlers();
  mkdirSync(DATA_DIR, { recursive: true });
  let failed = false;
  const notes: string[] = [];
  const loadBefore = os.loadavg();

  // 1. The database.
  const dataset: Dataset = await ensureDataset(opts.products, args.fresh!);
  const { ids, population } = sampleProductIds(dataset.file, WEBSTORE_ID, opts.ids);
  const allIds = sampleProductIds(dataset.file, WEBSTORE_ID, population).ids;
  log(
    `${ids.length} product ids sampled from the ${population.toLocaleString('en-US')} priced products (${ids[0]}, ${ids[1]}, …)`,
  );

  // 2. The real server on that file, and its search index (built in the background from the start;
  //    waited for here so the build does not run during the load).
  holdInOsCache(dataset);
  const store = await startStoreServer(dataset, { logName: 'server.log', timeoutMs: INDEX_TIMEOUT_MS });
  const { origin, child: server } = store;
  const mainSearch: SearchSize = { products: opts.products, dataset, scenarios: [] };
  try {
    log(`waiting for the search index…`);
    mainSearch.index = await waitForIndex(origin, server, store.startedAt, INDEX_TIMEOUT_MS);
    log(describeIndex(mainSearch.index));
  } catch (err) {
    mainSearch.error = (err as Error).message;
    failed = true;
    console.error(`[bench] ✗ search index: ${mainSearch.error}`);
  }

  // 3. The ceiling: the in-process bare route when the server registers it, else a separate bare Fastify.
  const serverPid = server.proc.pid;
  const bareCeiling = await startCeiling(origin, serverPid, ceilingMode);
  const { bare, note: ceilingNote } = bareCeiling;

  // 4. Load.
  const settings = { connections: opts.connections, duration: opts.duration, warmup: opts.warmup };
  const scenarios: Scenario[] = [
    bareCeiling.scenario,
    {
      name: 'product detail',
      route: `GET …/products/{productId}`,
      origin,
      paths: ids.map((id) => `${API}/products/${id}`),
      pid: serverPid,
    },
    // Every priced product in turn: the response cache mostly misses, so this is the database path.
    {
      name: 'product detail, cold (all products)',
      route: `GET …/products/{productId}`,
      origin,
      paths: allIds.map((id) => `${API}/products/${id}`),
      pid: serverPid,
    },
    {
      name: 'pricing',
      route: `GET …/pricing/products/{productId}`,
      origin,
      paths: ids.map((id) => `${API}/pricing/products/${id}`),
      pid: serverPid,
    },
    {
      name: 'category menu',
      route: 'GET …/category-menu-items',
      origin,
      paths: [`${API}/category-menu-items`],
      pid: serverPid,
    },
    ...(mainSearch.index ? searchScenarios(API, origin, serverPid, categoryIds(dataset.file, WEBSTORE_ID)) : []),
  ];
  const results: ScenarioResult[] = [];
  for (const s of scenarios) {
    const r = await runScenario(s, settings);
    results.push(r.entry);
    if (!r.ok) failed = true;
  }
  mainSearch.scenarios = results.filter((r) => isSearchScenario(r.name));
  if (mainSearch.index) mainSearch.rssAfterBytes = await serverRss(origin);
  await bare?.stop();

  // 5. Lighthouse on a dataset page.
  const pagePath = `/product/${ids[0]}`;
  const lh: Report['lighthouse'] = { url: pagePath, runs: [], skipped: args['no-lighthouse'] };
  if (!args['no-lighthouse']) {
    try {
      const page = await get(origin + pagePath);
      if (page.status !== 200 || !page.type.includes('html'))
        throw new Error(`${pagePath} answered ${page.status} ${page.type}: ${page.body.slice(0, 200)}`);
      for (let i = 1; i <= opts.lighthouseRuns; i++) {
        log(`Lighthouse run ${i}/${opts.lighthouseRuns} on ${pagePath}…`);
        const run: LighthouseRun = await runLighthouse(
          origin + pagePath,
          path.join(ROOT, 'bench/.lighthouse', `run-${i}.json`),
        );
        lh.runs.push(run);
        log(
          `  score ${run.score}, FCP ${run.fcp.toFixed(0)} ms, LCP ${run.lcp.toFixed(0)} ms, TBT ${run.tbt.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}, JS ${(run.jsBytes / 1024).toFixed(1)} KB`,
        );
      }
    } catch (err) {
      lh.error = (err as Error).message;
      failed = true;
      console.error(`[bench] ✗ Lighthouse: ${lh.error}`);
    }
  }

  // 6. The cart, on the same server: it writes (guest sessions, carts), so it runs after every read-only phase.
  const cartRun = await measureCart({
    api: API,
    origin,
    pid: serverPid,
    file: dataset.file,
    webstoreId: WEBSTORE_ID,
    settings,
  });
  if (!cartRun.ok) failed = true;
  const cart: CartReport = {
    ...cartRun.cart,
    ceiling: results[0],
    context: [
      'Measured in the same run as the sections above (setup at the top), on the same server, after Lighthouse; "vs ceiling" compares with the bare route of the API load table.',
    ],
  };
  await stopAll();

  // 7. Checkout on SQLite and PostgreSQL, each on a server of its own (the main one stopped).
  const checkoutRun = await measureCheckout({ api: API, webstoreId: WEBSTORE_ID, settings, ceiling: results[0] });
  if (!checkoutRun.ok) failed = true;
  const checkout: CheckoutReport = {
    ...checkoutRun.checkout,
    context: [
      'Measured in the same run as the sections above (setup at the top), after the cart phase, on servers of their own (the main server stopped); "vs ceiling" compares with the bare route of the API load table.',
    ],
  };
  await stopAll();

  // 7b. The catalogue import, in this process (no server running).
  const importStarted = new Date().toISOString();
  const importLoad = os.loadavg();
  const imported = await measureImport(opts.products);
  if (!imported.ok) failed = true;

  // 7c. The list builder's counts on a 1,000,000-record file (a small store and a server of its own).
  const listsStarted = new Date().toISOString();
  const listsLoad = os.loadavg();
  const lists = await measureLists({ connections: opts.connections, duration: opts.duration, warmup: opts.warmup });
  await stopAll();
  if (!lists.ok) failed = true;

  // 8. Search at the larger catalogue, on a server of its own.
  const search: SearchSize[] = [mainSearch];
  if (opts.searchProducts > 0 && opts.searchProducts !== opts.products) {
    const large = await searchAtSize(opts.searchProducts, {
      api: API,
      webstoreId: WEBSTORE_ID,
      settings,
      maxOldSpaceMb: opts.maxOldSpaceMb,
    });
    search.push(large.size);
    if (!large.ok) failed = true;
  }

  // 9. Targets and the report.
  const ceiling = results[0].result?.rps;
  const product = results[1].result;
  const ratio = ceiling && product ? product.rps / ceiling : undefined;
  const lhScore = lh.runs.length ? median(lh.runs.map((r) => r.score)) : undefined;
  const targets: Target[] = [
    {
      name: `Product endpoint ≥ ${TARGET_PRODUCT_RATIO * 100} % of the bare route's req/s`,
      measured:
        ratio === undefined
          ? 'not measured'
          : `${(ratio * 100).toFixed(1)} % (${product!.rps.toFixed(0)} / ${ceiling!.toFixed(0)} req/s)`,
      pass: ratio === undefined ? false : ratio >= TARGET_PRODUCT_RATIO,
    },
    {
      name: `Lighthouse performance ≥ ${TARGET_LIGHTHOUSE} (mobile)`,
      measured: lh.skipped
        ? 'skipped'
        : lhScore === undefined
          ? 'not measured'
          : `${lhScore} (median of ${lh.runs.length})`,
      pass: lh.skipped ? undefined : lhScore === undefined ? false : lhScore >= TARGET_LIGHTHOUSE,
    },
    ...searchTargets(search, opts.connections),
    ...persistedIndexTargets(search),
  ];

  const loadAfter = os.loadavg();
  notes.push(
    'autocannon runs in the benchmark process on the same machine as the server, so client and server share the cores.',
    "req/s is autocannon's mean of per-second samples; p50/p99 are computed from every response's hrtime latency (autocannon's histogram rounds to whole ms).",
    `Product and pricing requests rotate through ${ids.length} product ids sampled uniformly (fixed seed) from the ${population.toLocaleString('en-US')} products a guest can buy (the catalogue leaves ${(dataset.products - population).toLocaleString('en-US')} unpriced on purpose; their pricing answer is a 404); one shared cursor, so consecutive requests hit different products.`,
    "resp. size is the mean bytes per response including headers; server CPU/req is the server process's user + system CPU time (all threads, from /proc) over the measured window divided by the requests completed — less sensitive to other load on the machine than req/s.",
    'Lighthouse: default config (mobile emulation, simulated throttling), performance category only, a fresh headless Chromium per run; JS transferred sums `transferSize` of Script requests in the network-requests audit. Reports: bench/.lighthouse/run-N.json.',
  );
  const bi = lh.runs.map((r) => r.benchmarkIndex).filter((b): b is number => typeof b === 'number');
  if (bi.length) notes.push(`Lighthouse CPU benchmark index: ${bi.map((b) => b.toFixed(0)).join(', ')}.`);
  const warnings = [...new Set(lh.runs.flatMap((r) => r.warnings))];
  for (const w of warnings) notes.push(`Lighthouse warning: ${w.replace(/\s+/g, ' ')}`);

  const report: Report = {
    date: new Date().toISOString(),
    machine: [
      machineLine(),
      `Node ${process.version}${process.env.NODE_ENV ? `, NODE_ENV=${process.env.NODE_ENV}` : ', NODE_ENV unset'}`,
      loadLine(loadBefore, loadAfter),
    ],
    setup: [
      `Code: git ${gitRevision()}`,
      databaseLine(dataset),
      seedLine(dataset),
      loadSettingsLine(),
      `Search: ${search.map((x) => `${x.products.toLocaleString('en-US')} products`).join(' and ')}${search.length > 1 ? ` (the larger on a second server started after the first stopped, \`--max-old-space-size=${opts.maxOldSpaceMb}\`)` : ''}`,
      `Ceiling: ${ceilingNote}`,
      `Chromium: ${CHROME_PATH}`,
    ],
    scenarios: results,
    ceilingRps: ceiling,
    search,
    searchNotes: searchNotes(search, opts.connections),
    cart,
    checkout,
    lighthouse: lh,
    targets,
    notes,
  };
  // The sitemap phase runs only with --only sitemap: a full run keeps the section the file has.
  const previous = existsSync(args.out!) ? readFileSync(args.out!, 'utf8') : '';
  let written = replaceSection(
    markdown(report),
    importSection(imported, importContext(importStarted, importLoad, 'npm run bench')),
    IMPORT_BEFORE,
  );
  const sitemap = sectionOf(previous, '## Sitemap');
  if (sitemap) written = replaceSection(written, sitemap, IMPORT_BEFORE);
  written = replaceSection(
    written,
    listsSection(lists, [...importContext(listsStarted, listsLoad, 'npm run bench'), loadSettingsLine()]),
    IMPORT_BEFORE,
  );
  writeResults(written);

  console.log(
    '\n' +
      loadTable(report) +
      '\n\n' +
      searchSection(report).join('\n') +
      '\n' +
      cartSection(cart).join('\n') +
      '\n' +
      checkoutSection(checkout).join('\n') +
      '\n' +
      lighthouseTable(report) +
      '\n\n' +
      targetsTable(report) +
      '\n',
  );
  log(`results written to ${path.relative(process.cwd(), args.out!) || args.out}`);
  if (failed) console.error('[bench] FAILED: a scenario had errors or non-2xx answers (see above).');
  if (args.strict && targets.some((t) => t.pass === false)) {
    console.error('[bench] FAILED: a target was missed (--strict).');
    return 1;
  }
  return failed ? 1 : 0;
}

main().then(
  async (code) => {
    await stopAll();
    process.exit(code);
  },
  async (err: Error) => {
    console.error(`[bench] ${err.stack ?? err.message}`);
    await stopAll();
    process.exit(1);
  },
);
