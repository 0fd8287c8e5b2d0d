// The search benchmark's requests and the server's search index: a fixed, realistic mix of product
// searches (words, phrases, typos, broad terms, some refined, sorted or in a category) and of
// suggestions as a shopper types, plus waiting for the index the server builds when it starts.
import Database from 'better-sqlite3';
import { encodeRefinements, type SearchRefinement } from '../packages/core/src/search.ts';
import { tail, type Child } from './processes.ts';
import type { Scenario } from './scenario.ts';

/** GET /bench/search-index (under BENCH_BARE_ROUTE=1), plus how long the benchmark waited for it. */
export interface IndexInfo {
  documents: number;
  version: number;
  buildMs: number;
  memoryBytes: number;
  deltaDocuments: number;
  rssBytes: number;
  /** 'loaded': the main segment came from the index another process saved; 'built': built from the catalogue. */
  source?: 'built' | 'loaded';
  /** From the server's start to the index answering, as the benchmark saw it. */
  readySeconds: number;
}

export const TERMS = [
  // single words
  'dentists',
  'plumbers',
  'restaurants',
  'veterinarians',
  'software',
  'email',
  'hotels',
  'lawyers',
  'roofing',
  'trucking',
  'accountants',
  'pharmacies',
  'chiropractors',
  'florists',
  'manufacturers',
  // phrases
  'dentists california',
  'restaurants in texas with email',
  'hotels florida phone',
  'law firms new york',
  'real estate brokers florida',
  'auto body shops with email',
  'canadian trucking companies',
  'uk hotels',
  'home builders texas',
  'hospitals direct dial',
  'funeral homes mailing list',
  'semiconductor manufacturers michigan',
  // misspellings
  'dentsts',
  'resturants',
  'plumbrs',
  'veterinarans',
  'accountents',
  'hotles florida',
  // broad
  'united states',
  'email list',
  'business database',
  'full contact',
];

const REFINED: Array<{ term: string; refinements: SearchRefinement[] }> = [
  {
    term: 'dentists',
    refinements: [{ type: 'DistinctValue', attributeType: 'Custom', nameOrId: 'ListStatus__c', values: ['Verified'] }],
  },
  {
    term: 'restaurants',
    refinements: [{ type: 'DistinctValue', attributeType: 'Custom', nameOrId: 'Countries__c', values: ['Canada'] }],
  },
  {
    term: 'email list',
    refinements: [
      { type: 'DistinctValue', attributeType: 'Custom', nameOrId: 'SicDivision__c', values: ['Services'] },
      { type: 'DistinctValue', attributeType: 'Custom', nameOrId: 'B2B_Record_Count__c', values: ['10000-49999'] },
    ],
  },
  {
    term: 'contractors',
    refinements: [
      { type: 'DistinctValue', attributeType: 'PricebookEntry', nameOrId: 'UnitPrice', values: ['100-249', '250-499'] },
    ],
  },
];

const SORTED: Array<{ term: string; sortRuleId: string }> = [
  { term: 'plumbers', sortRuleId: '0lbPRICEASC0000AAA' },
  { term: 'hotels', sortRuleId: '0lbNAMEASC00000AAA' },
  { term: 'email', sortRuleId: '0lbNEWEST000000AAA' },
];

/** Suggestions as typed, keystroke by keystroke (with a typo and multi-word prefixes). */
export const SUGGESTION_PREFIXES = [
  'd',
  'de',
  'den',
  'dent',
  'denti',
  'dentis',
  'dentist',
  'dentsts',
  'r',
  're',
  'res',
  'rest',
  'resta',
  'restaurants',
  'restaurants t',
  'restaurants tex',
  'p',
  'pl',
  'plu',
  'plumb',
  'plumbr',
  'c',
  'ca',
  'cal',
  'calif',
  'california d',
  'h',
  'ho',
  'hot',
  'hotel',
  'hotels fl',
  'vet',
  'veter',
  'soft',
  'softw',
  'em',
  'emai',
  'email l',
  'law f',
  'uk h',
];

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** Category ids for the category-scoped searches: named top-level categories, else the first ones. */
export function categoryIds(file: string, webstoreId: string): string[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const named = db
      .prepare(
        `SELECT id FROM category WHERE webstore_id = ? AND name IN ('Services', 'Retail Trade', 'Business Lists', 'Construction') ORDER BY id`,
      )
      .pluck()
      .all(webstoreId) as string[];
    return named.length
      ? named
      : (db
          .prepare('SELECT id FROM category WHERE webstore_id = ? ORDER BY id LIMIT 4')
          .pluck()
          .all(webstoreId) as string[]);
  } finally {
    db.close();
  }
}

/** The product search requests the scenario rotates through (≥ 40, fixed order). */
export function searchPaths(api: string, categories: string[]): string[] {
  const base = `${api}/search/products?`;
  const paths = TERMS.map((t) => base + q({ searchTerm: t, pageSize: '20' }));
  for (const r of REFINED)
    paths.push(base + q({ searchTerm: r.term, pageSize: '20', refinements: encodeRefinements(r.refinements) }));
  for (const s of SORTED) paths.push(base + q({ searchTerm: s.term, pageSize: '20', sortRuleId: s.sortRuleId }));
  const [c1, c2, c3] = categories;
  if (c1)
    paths.push(
      base + q({ searchTerm: 'dentists', categoryId: c1, pageSize: '20' }),
      base + q({ categoryId: c1, pageSize: '20' }),
    );
  if (c2) paths.push(base + q({ searchTerm: 'email', categoryId: c2, pageSize: '20' }));
  if (c3) paths.push(base + q({ categoryId: c3, pageSize: '20', sortRuleId: '0lbPRICEASC0000AAA' }));
  return paths;
}

/** The suggestion requests, one per prefix as typed. */
export function suggestionPaths(api: string): string[] {
  return SUGGESTION_PREFIXES.map(
    (p) => `${api}/search/suggestions?${q({ searchTerm: p, includeSuggestedProducts: 'true' })}`,
  );
}

/** Waits for the server's search index (the first call waits for the build) and returns its size and cost. */
export async function waitForIndex(
  origin: string,
  server: Child,
  serverStartedAt: number,
  timeoutMs: number,
): Promise<IndexInfo> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (server.proc.exitCode !== null || server.proc.signalCode !== null) {
      throw new Error(
        `${server.name} exited (${server.proc.signalCode ?? `code ${server.proc.exitCode}`}) while building the search index. Last log lines (${server.logFile}):\n${tail(server.logFile, 15)}`,
      );
    }
    let res: { status: number; body: string } | undefined;
    try {
      const r = await fetch(`${origin}/bench/search-index`, {
        signal: AbortSignal.timeout(Math.max(1000, Math.min(60_000, deadline - Date.now()))),
      });
      res = { status: r.status, body: await r.text() };
    } catch (err) {
      last = (err as Error).message; // still building: the request timed out; ask again
    }
    if (res?.status === 200) {
      const info = JSON.parse(res.body) as Omit<IndexInfo, 'readySeconds'>;
      if (typeof info.documents !== 'number' || typeof info.buildMs !== 'number')
        throw new Error(`GET /bench/search-index answered ${res.body.slice(0, 200)}`);
      return { ...info, readySeconds: (Date.now() - serverStartedAt) / 1000 };
    }
    if (res?.status === 404)
      throw new Error(
        'GET /bench/search-index answered 404: the server does not expose the index status under BENCH_BARE_ROUTE=1',
      );
    if (res) throw new Error(`GET /bench/search-index answered ${res.status}: ${res.body.slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the search index was not ready within ${timeoutMs / 1000} s${last ? ` (last: ${last})` : ''}`);
}

export const SEARCH = 'search';
export const SUGGESTIONS = 'suggestions';
/** The name of a scenario run with one connection (one shopper at a time: latency without queueing). */
export const oneConnection = (name: string) => `${name}, 1 connection`;

/** The search scenarios against one server: search and suggestions at the run's connections, then at one. */
export function searchScenarios(
  api: string,
  origin: string,
  pid: number | undefined,
  categories: string[],
): Scenario[] {
  const search = { route: 'GET …/search/products?searchTerm=…', origin, paths: searchPaths(api, categories), pid };
  const suggestions = { route: 'GET …/search/suggestions?searchTerm=…', origin, paths: suggestionPaths(api), pid };
  return [
    { name: SEARCH, ...search },
    { name: SUGGESTIONS, ...suggestions },
    { name: oneConnection(SEARCH), ...search, connections: 1 },
    { name: oneConnection(SUGGESTIONS), ...suggestions, connections: 1 },
  ];
}

export const isSearchScenario = (name: string) =>
  [SEARCH, SUGGESTIONS].some((n) => name === n || name === oneConnection(n));

/** The server's RSS now (GET /bench/search-index answers at once once the index is built). */
export async function serverRss(origin: string): Promise<number | undefined> {
  try {
    const res = await fetch(`${origin}/bench/search-index`, { signal: AbortSignal.timeout(10_000) });
    return res.ok ? ((await res.json()) as { rssBytes?: number }).rssBytes : undefined;
  } catch {
    return undefined;
  }
}
