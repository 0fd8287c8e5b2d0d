// In-process CPU per request of the catalogue reads (issue 20 item 1), steadier than a load run on a shared
// machine: builds the app on a bench SQLite file and sends each kind of request N times through
// Fastify's inject, one at a time, timing process CPU. For profiling: run under `node --cpu-prof`.
//
//   node --import tsx bench/reads-profile.ts [--products 10000] [--n 400] [--only detail|pricing|batch|search|first] [--profile /tmp/p]
// (search: 5 pages of each bench term, so most are read from the engine's result windows; first: the reads
// bench's first pages, each a search the engine has not seen)
// (--profile: a CPU profile of each measured loop, <prefix>-<kind>.cpuprofile)
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '../packages/server/src/db/connection.ts';
import { buildApp } from '../packages/server/src/app.ts';
import { mulberry32 } from '../packages/server/src/datasets/random.ts';
import { countStatements } from './statement-counter.ts';
import { API, PROFILER_OPTIONS, WEBSTORE_ID, measureLoop, selectBenchFile } from './in-process.ts';
import { sampleProductIds } from './dataset.ts';
import { TERMS } from './search.ts';
import { firstPages } from './reads-phase.ts';

const { values: args } = parseArgs({
  options: {
    mmap: { type: 'string' },
    cache: { type: 'string' },
    ...PROFILER_OPTIONS,
    products: { type: 'string', default: '10000' },
    n: { type: 'string', default: '400' },
  },
});
const file = selectBenchFile(args.products);
const n = Number(args.n);
const all = sampleProductIds(file, WEBSTORE_ID, 1e9).ids;
const { db } = openDatabase();
// Statements per request: every better-sqlite3 statement run is counted (and, with --sql, its text kept).
const statements = await countStatements(args.sql);
// --mmap BYTES / --cache KIB: SQLite's memory map and page cache for this run (to see what random reads cost).
if (args.mmap) await sql.raw(`pragma mmap_size = ${Number(args.mmap)}`).execute(db);
if (args.cache) await sql.raw(`pragma cache_size = -${Number(args.cache)}`).execute(db);
const { app, services } = await buildApp({ db, logger: false });
if (!args.only || args.only === 'search' || args.only === 'first') await services.searchIndex.status(WEBSTORE_ID);
const rnd = mulberry32(1);
const first = firstPages();
const pick = () => all[Math.floor(rnd() * all.length)]!;

type Req = { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> };
const kinds: Record<string, (i: number) => Req> = {
  detail: () => ({ method: 'GET', url: `${API}/products/${pick()}` }),
  pricing: () => ({ method: 'GET', url: `${API}/pricing/products/${pick()}` }),
  batch: () => ({ method: 'GET', url: `${API}/products?ids=${Array.from({ length: 20 }, pick).join(',')}` }),
  search: (i) => ({
    method: 'POST',
    url: `${API}/search/product-search`,
    payload: {
      searchTerm: TERMS[i % TERMS.length],
      page: Math.floor(i / TERMS.length) % 5,
      pageSize: 20,
      includePrices: true,
    },
  }),
  first: (i) => ({
    method: 'POST',
    url: `${API}/search/product-search`,
    // The warm-up (i from 100,000) takes its searches from the end of the list, the measured loop from the start.
    payload: {
      ...first[(i >= 100000 ? first.length - 1 - (i - 100000) : i) % first.length],
      pageSize: 20,
      includePrices: true,
    },
  }),
};
for (const [name, make] of Object.entries(kinds)) {
  if (args.only && args.only !== name) continue;
  for (let i = 0; i < 50; i++) await app.inject(make(i + 100000)); // warm
  services.responses.clear();
  await measureLoop(
    name,
    n,
    async () => {
      for (let i = 0; i < n; i++) {
        const r = await app.inject(make(i));
        if (r.statusCode >= 300) throw new Error(`${name}: ${r.statusCode} ${r.body.slice(0, 200)}`);
      }
    },
    { statements, profile: args.profile },
  );
}
await app.close();
process.exit(0);
