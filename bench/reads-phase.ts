// The uncached catalogue reads (issue 20 item 1): products by 20 random ids with prices, search POST with
// prices whose every request is a search no cache has seen (the first page of a term, sort and refinements
// never asked before), the later pages of searches (read from the engine's kept result window), pricing and the
// cold product detail, each beside the ceiling of the same run. `npm run bench -- --only reads` writes the "Catalogue reads"
// section of bench/results.md (bench/report.ts readsSection).
import { PRICE_BUCKETS, RECORD_COUNT_BUCKETS, SEARCH_FACETS, SORT_RULES } from '../packages/core/src/search.ts';
import { mulberry32 } from '../packages/server/src/datasets/random.ts';
import { runLoad, type LoadRequest } from './load.ts';
import type { ScenarioResult, Target } from './report.ts';
import { runScenario, type LoadSettings, type Scenario } from './scenario.ts';
import { TERMS } from './search.ts';
import Database from 'better-sqlite3';
import { WEBSTORE_ID } from './in-process.ts';
import { isStopWord, stem, words } from '../packages/server/src/search/text.ts';

/** Issue 20's targets, server CPU per request (ms) at 100,000 products. */
export const READS_TARGETS: Record<string, number> = {
  'products by 20 ids, with prices': 1.0,
  'search POST with prices, uncached': 1.0,
  'pricing, uncached (all products)': 0.2,
  'product detail, cold (all products)': 0.15,
};

const IDS_PER_REQUEST = 20;
const SEARCH_PAGE_SIZE = 20;
/** Reference §4.1's window: page × pageSize stays within it. */
const SEARCH_WINDOW = 5000;

const log = (msg: string) => console.log(`[bench] ${msg}`);

export interface ReadsInput {
  /** The SQLite file the server runs on (the catalogue's words, for the searches new to the engine). */
  file: string;
  api: string;
  origin: string;
  pid: number | undefined;
  /** Ids sampled for the warm scenarios (the main load's), and every priced product of the store. */
  ids: string[];
  allIds: string[];
  settings: LoadSettings;
}

export interface ReadsResult {
  scenarios: ScenarioResult[];
  setup: string[];
  ok: boolean;
}

function shuffle<T>(list: T[], seed: number): T[] {
  const next = mulberry32(seed);
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/** `count` paths of `products?ids=` with 20 distinct random ids each (fixed seed). */
function batchPaths(api: string, allIds: string[], count: number): string[] {
  const next = mulberry32(20261126);
  return Array.from({ length: count }, () => {
    const picked = new Set<string>();
    while (picked.size < Math.min(IDS_PER_REQUEST, allIds.length))
      picked.add(allIds[Math.floor(next() * allIds.length)]!);
    return `${api}/products?ids=${[...picked].join(',')}`;
  });
}

/** A search POST body without its pageSize and prices (added when sent). */
type SearchBody = Record<string, unknown>;

/**
 * The first page of every search of a bench term × sort rule × record-count bucket (or none) × price bucket (or
 * none), shuffled: 37 × 5 × 5 × 6 = 5,550 searches, each distinct in what decides its results, so neither the
 * answer cache nor the engine's result windows have seen one before it is sent.
 */
export function firstPages(): SearchBody[] {
  const range = (nameOrId: string, attributeType: string, value: string) => ({
    type: 'DistinctValue',
    attributeType,
    nameOrId,
    values: [value],
  });
  const bodies: SearchBody[] = [];
  for (const searchTerm of TERMS)
    for (const { sortRuleId } of SORT_RULES)
      for (const records of [null, ...RECORD_COUNT_BUCKETS])
        for (const price of [null, ...PRICE_BUCKETS]) {
          const refinements = [
            ...(records ? [range(SEARCH_FACETS.recordCount, 'Custom', records)] : []),
            ...(price ? [range(SEARCH_FACETS.price, 'PricebookEntry', price)] : []),
          ];
          bodies.push({ searchTerm, sortRuleId, refinements, page: 0 });
        }
  return shuffle(bodies, 11);
}

/** A type, not an interface: a body of its own (SearchBody). */
type SearchPage = {
  searchTerm: string;
  page: number;
};

/** Every full page (20 products) of each bench search term within the window, shuffled: each a distinct body. */
async function searchPages(origin: string, api: string): Promise<SearchPage[]> {
  const pages: SearchPage[] = [];
  for (const searchTerm of TERMS) {
    const res = await fetch(`${origin}${api}/search/product-search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ searchTerm, pageSize: 1, includePrices: true }),
    });
    if (!res.ok) throw new Error(`search pre-flight for "${searchTerm}" answered ${res.status}: ${await res.text()}`);
    const total = ((await res.json()) as { productsPage: { total: number } }).productsPage.total;
    const full = Math.floor(Math.min(total, SEARCH_WINDOW) / SEARCH_PAGE_SIZE);
    for (let page = 0; page < full; page++) pages.push({ searchTerm, page });
  }
  return shuffle(pages, 7);
}

/** Searches the new-words row sends, each once: this many are the warm-up, the rest the measured window. */
const NEW_WORDS_SEARCHES = 4000;
const NEW_WORDS_WARMUP = 300;

/**
 * Searches of two words of the catalogue's own vocabulary (names and descriptions) that no bench term holds, each
 * pair once, shuffled: the engine keeps the matches of the words it was last asked (SEARCH_MATCH_BYTES), so the
 * first pages above, 150 searches of each of 37 terms, mostly reuse them. These match every time: the cost of a
 * search whose words are new to the process.
 */
export function newWordSearches(file: string, webstoreId: string): SearchBody[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const taken = new Set(TERMS.flatMap((t) => words(t).map(stem)));
  const vocabulary = new Map<string, string>();
  try {
    const texts = db
      .prepare("SELECT name || ' ' || coalesce(description, '') FROM product WHERE webstore_id = ?")
      .pluck()
      .iterate(webstoreId) as Iterable<string>;
    for (const text of texts)
      for (const w of words(text))
        if (/^[a-z]{4,}$/.test(w) && !isStopWord(w) && !taken.has(stem(w)) && !vocabulary.has(stem(w)))
          vocabulary.set(stem(w), w);
  } finally {
    db.close();
  }
  const list = [...vocabulary.values()].sort();
  const next = mulberry32(20261128);
  const pairs = new Set<string>();
  for (let tries = 0; pairs.size < NEW_WORDS_SEARCHES && tries < NEW_WORDS_SEARCHES * 10; tries++) {
    const a = list[Math.floor(next() * list.length)]!;
    const b = list[Math.floor(next() * list.length)]!;
    if (a !== b && !pairs.has(`${b} ${a}`)) pairs.add(`${a} ${b}`);
  }
  return [...pairs].map((searchTerm) => ({ searchTerm, page: 0 }));
}

/**
 * Search POST with prices, each request the next never-sent body of `bodies` while there are any. `once`: every
 * body is sent exactly once (a fixed warm-up of NEW_WORDS_WARMUP, then the rest measured), none repeated.
 */
async function searchLoad(
  input: ReadsInput,
  name: string,
  bodies: SearchBody[],
  once = false,
): Promise<{ entry: ScenarioResult; ok: boolean; sent: number }> {
  const route = 'POST …/search/product-search';
  const entry: ScenarioResult = { name, route };
  let sent = 0;
  const next = (): LoadRequest => {
    const body = bodies[sent++ % bodies.length]!;
    return {
      method: 'POST',
      path: `${input.api}/search/product-search`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, pageSize: SEARCH_PAGE_SIZE, includePrices: true }),
    };
  };
  log(
    once
      ? `${entry.name}: ${bodies.length} distinct bodies, each once (${NEW_WORDS_WARMUP} as the warm-up)…`
      : `${entry.name}: ${input.settings.warmup} s warm-up + ${input.settings.duration} s over ${bodies.length} distinct bodies…`,
  );
  try {
    const r = await runLoad({
      origin: input.origin,
      paths: [],
      next,
      serverPid: input.pid,
      ...input.settings,
      ...(once ? { warmupRequests: NEW_WORDS_WARMUP, measuredRequests: () => bodies.length - NEW_WORDS_WARMUP } : {}),
    });
    entry.result = r;
    log(
      `  ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, server CPU ${((r.cpuMsPerRequest ?? NaN) * 1000).toFixed(0)} µs/req, ${r.errors} errors, ${r.non2xx} non-2xx`,
    );
    return { entry, ok: !r.errors && !r.non2xx, sent };
  } catch (err) {
    entry.error = (err as Error).message;
    return { entry, ok: false, sent };
  }
}

export async function measureReads(input: ReadsInput): Promise<ReadsResult> {
  const { api, origin, pid, ids, allIds, settings } = input;
  const scenarios: Scenario[] = [
    {
      name: 'product detail',
      route: 'GET …/products/{productId}',
      origin,
      paths: ids.map((id) => `${api}/products/${id}`),
      pid,
    },
    // Every priced product in turn: more answers than the response cache keeps, so this is the database path.
    {
      name: 'product detail, cold (all products)',
      route: 'GET …/products/{productId}',
      origin,
      paths: allIds.map((id) => `${api}/products/${id}`),
      pid,
    },
    // Pricing keeps no answers (only the catalogue context is kept per version): every request is read.
    {
      name: 'pricing',
      route: 'GET …/pricing/products/{productId}',
      origin,
      paths: ids.map((id) => `${api}/pricing/products/${id}`),
      pid,
    },
    {
      name: 'pricing, uncached (all products)',
      route: 'GET …/pricing/products/{productId}',
      origin,
      paths: allIds.map((id) => `${api}/pricing/products/${id}`),
      pid,
    },
    // products?ids= keeps no answers either; 5,000 different random batches.
    {
      name: 'products by 20 ids, with prices',
      route: 'GET …/products?ids={20 ids}',
      origin,
      paths: batchPaths(api, allIds, 5000),
      pid,
    },
  ];
  const out: ScenarioResult[] = [];
  let ok = true;
  for (const s of scenarios) {
    const r = await runScenario(s, settings);
    out.push(r.entry);
    if (!r.ok) ok = false;
  }
  const first = firstPages();
  const uncached = await searchLoad(input, 'search POST with prices, uncached', first);
  const pages = await searchPages(origin, api);
  const later = await searchLoad(input, 'search POST with prices, later pages', pages);
  const fresh = newWordSearches(input.file, WEBSTORE_ID);
  const newWords = await searchLoad(input, 'search POST with prices, words new to the engine', fresh, true);
  for (const search of [uncached, later, newWords]) {
    out.push(search.entry);
    if (!search.ok) ok = false;
  }
  const repeated = (search: { sent: number }, distinct: number, what: string) =>
    search.sent > distinct
      ? `; ${search.sent.toLocaleString('en-US')} sent (warm-up included), so ${(search.sent - distinct).toLocaleString('en-US')} repeated ${what} sent at least ${distinct.toLocaleString('en-US')} requests earlier`
      : `; ${search.sent.toLocaleString('en-US')} sent (warm-up included), none twice`;
  const setup = [
    `Product and pricing rows rotate over ${ids.length.toLocaleString('en-US')} sampled priced products (the warm rows) or over all ${allIds.length.toLocaleString('en-US')} priced products (the "all products" rows: the 64 MiB response cache keeps about 12,000 product details, so the cold detail mostly misses it; pricing keeps no answers at all).`,
    `products by 20 ids: 5,000 different batches of 20 distinct random priced ids (fixed seed), \`GET …/products?ids=…\` (prices are included unless excludePrices); the route keeps no answers.`,
    `search POST with prices, uncached: \`{searchTerm, sortRuleId, refinements, page: 0, pageSize: 20, includePrices: true}\`, the first page of each of the ${first.length.toLocaleString('en-US')} searches of the ${TERMS.length} bench terms (bench/search.ts) × ${SORT_RULES.length} sort rules × record-count bucket or none × price bucket or none, shuffled${repeated(uncached, first.length, 'a search')}. Each search is new to the answer cache (POST answers are never kept) and to the engine's result windows, so the engine filters, counts the facets and ranks each time; its words' matches are kept (\`SEARCH_MATCH_BYTES\`), so after a term's first search they are read, not matched again, as when a buyer refines or re-sorts a search. The whole request is measured.`,
    `search POST with prices, words new to the engine: \`{searchTerm, page: 0, pageSize: 20, includePrices: true}\` with two words of the catalogue's own vocabulary (product names and descriptions) that no bench term holds, ${fresh.length.toLocaleString('en-US')} distinct pairs shuffled, each sent once (${NEW_WORDS_WARMUP} as the warm-up, the rest measured): every search matches its words anew. Not a target of issue 20; it shows what the kept matches save.`,
    `search POST with prices, later pages: \`{searchTerm, page, pageSize: 20, includePrices: true}\` over every full page within the 5,000-result window of the ${TERMS.length} bench terms, ${pages.length.toLocaleString('en-US')} distinct bodies shuffled${repeated(later, pages.length, 'a body')}. No answer is kept, but a term's pages after its first are read from the engine's result window of that search (its total, facets and first 1,000 results, widened by 1,000 when a page is past it: \`search/result-windows.ts\`); the summaries, prices and the answer are made for each request.`,
  ];
  return { scenarios: out, setup, ok };
}

/** The targets of the section: each scenario's server CPU per request against issue 20's ceiling for it. */
export function readsTargets(scenarios: ScenarioResult[]): Target[] {
  return Object.entries(READS_TARGETS).map(([name, ms]) => {
    const cpu = scenarios.find((s) => s.name === name)?.result?.cpuMsPerRequest;
    return {
      name: `${name}: server CPU ≤ ${ms} ms per request`,
      measured: cpu === undefined ? 'not measured' : `${cpu.toFixed(3)} ms`,
      pass: cpu === undefined ? false : cpu <= ms,
    };
  });
}
