// `npm run bench -- --only web` (issue 20 item 5): the storefront's JavaScript budget table (each page
// type's initial JavaScript, from scripts/js-budget.mjs on the current build), what the dataset page's HTML
// really makes the browser load (its <script> and modulepreload links, brotli-sized from the build), and
// Lighthouse (mobile, performance) on that dataset page: DS-00001 "US Dentists", whose page shows the list
// builder.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import Database from 'better-sqlite3';
import { ROOT } from './dataset.ts';
import { runLighthouse, type LighthouseRun } from './lighthouse.ts';
import { get } from './scenario.ts';
import { readAppScripts } from '../packages/web/src/server/paint-first.ts';

export const WEB_HEADING = '## JavaScript budget and Lighthouse (dataset page)';
const CLIENT_DIST = path.join(ROOT, 'packages/web/dist/client');
/** The dataset page the phase measures: the seed's first flagship list. */
export const DATASET_SKU = 'DS-00001';

interface BudgetPage {
  name: string;
  path: string;
  chunks: number;
  raw: number;
  brotli: number;
  limit: number;
  over: boolean;
}
export interface WebMeasurement {
  budget: { pages: BudgetPage[]; problems: string[]; table: string };
  page: { path: string; scripts: string[]; raw: number; brotli: number; hasListBuilder: boolean };
  lighthouse: LighthouseRun[];
  ok: boolean;
}

/** The record id of the dataset page's product in the bench's SQLite file. */
export function datasetProductId(file: string, webstoreId: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const id = db
      .prepare('SELECT id FROM product WHERE webstore_id = ? AND sku = ?')
      .pluck()
      .get(webstoreId, DATASET_SKU);
    if (typeof id !== 'string') throw new Error(`no ${DATASET_SKU} in ${file}`);
    return id;
  } finally {
    db.close();
  }
}

/**
 * The scripts a page's HTML makes the browser fetch at once: its module scripts and modulepreload links, and
 * those its loader adds after the first paint (the list packages/web/src/server/paint-first.ts writes).
 */
export function initialScripts(html: string): string[] {
  const head = html.slice(0, html.indexOf('</head>'));
  const srcs = [...head.matchAll(/<script\b[^>]*type="module"[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...head.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g)].map((m) => m[1]!);
  const loaded = readAppScripts(html);
  return [...new Set([...srcs, ...preloads, ...(loaded ? [loaded.entry, ...loaded.preload] : [])])];
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export async function measureWeb(origin: string, productId: string, runs: number): Promise<WebMeasurement> {
  const budgetJson = execFileSync(process.execPath, [path.join(ROOT, 'scripts/js-budget.mjs'), '--json'], {
    cwd: ROOT,
    encoding: 'utf8',
  }).trim();
  const { pages, problems } = JSON.parse(budgetJson) as { pages: BudgetPage[]; problems: string[] };
  const table = execFileSync(process.execPath, [path.join(ROOT, 'scripts/js-budget.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
  }).split('\n\n')[0]!;

  const pagePath = `/product/${productId}`;
  const res = await get(origin + pagePath);
  if (res.status !== 200 || !res.type.includes('html')) throw new Error(`${pagePath} answered ${res.status}`);
  const scripts = initialScripts(res.body);
  let raw = 0;
  let brotli = 0;
  for (const src of scripts) {
    const data = readFileSync(path.join(CLIENT_DIST, src));
    raw += data.length;
    brotli += brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  const hasListBuilder = res.body.includes('id="list-builder-title"');

  const lighthouse: LighthouseRun[] = [];
  for (let i = 1; i <= runs; i++) {
    console.log(`[bench] Lighthouse run ${i}/${runs} on ${pagePath}…`);
    const run = await runLighthouse(origin + pagePath, path.join(ROOT, 'bench/.lighthouse', `web-${i}.json`));
    console.log(`[bench]   score ${run.score}, LCP ${run.lcp.toFixed(0)} ms, TBT ${run.tbt.toFixed(0)} ms`);
    lighthouse.push(run);
  }
  return {
    budget: { pages, problems, table },
    page: { path: pagePath, scripts, raw, brotli, hasListBuilder },
    lighthouse,
    ok: problems.length === 0,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : Number.NaN;
};

export function webSection(m: WebMeasurement, context: string[]): string[] {
  const dataset = m.budget.pages.find((p) => p.name === 'dataset product page');
  return [
    WEB_HEADING,
    '',
    ...context.map((line) => `- ${line}`),
    '',
    "Initial JavaScript per page type (`node scripts/js-budget.mjs`: the entry, the page's route chunks and their static imports, from the build's manifest; limits from `packages/web/js-budget.json`, enforced by `npm test`):",
    '',
    m.budget.table,
    '',
    `The dataset page as served (\`${m.page.path}\`, ${DATASET_SKU}${m.page.hasListBuilder ? ', with its list builder' : ''}): ${m.page.scripts.length} scripts from its \`<script>\` and modulepreload links, ${kB(m.page.brotli)} brotli (${kB(m.page.raw)} raw)${dataset ? `; the budget's count for the page type: ${kB(dataset.brotli)}` : ''}. Target (issue 20): at most 90 kB brotli.`,
    '',
    '| Lighthouse run (mobile) | performance | FCP | LCP | TBT | CLS | JS transferred |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...m.lighthouse.map(
      (r, i) =>
        `| ${i + 1} | ${r.score} | ${r.fcp.toFixed(0)} ms | ${r.lcp.toFixed(0)} ms | ${r.tbt.toFixed(0)} ms | ${r.cls.toFixed(3)} | ${kB(r.jsBytes)} |`,
    ),
    ...(m.lighthouse.length > 1 ? [`| **median** | **${median(m.lighthouse.map((r) => r.score))}** | | | | | |`] : []),
    '',
    ...(m.budget.problems.length
      ? m.budget.problems.map((p) => `- over budget: ${p}`)
      : ['- Every page type and chunk is within its limit.']),
    '',
  ];
}
