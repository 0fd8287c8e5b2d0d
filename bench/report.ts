// bench/results.md: the run's context, one row per load scenario, search per catalogue size, the
// cart, checkout, the Lighthouse runs and the targets. A partial run (`--only cart|checkout`) rewrites only its own
// section of the file (replaceSection).
import type { Dataset } from './dataset.ts';
import type { LoadResult } from './load.ts';
import type { LighthouseRun } from './lighthouse.ts';
import type { IndexInfo } from './search.ts';

export interface ScenarioResult {
  name: string;
  route: string;
  note?: string;
  result?: LoadResult;
  error?: string;
}
export interface Target {
  name: string;
  measured: string;
  pass: boolean | undefined;
}
/** Search and suggestions at one catalogue size: the file, the server's index and the two scenarios. */
export interface SearchSize {
  products: number;
  dataset?: Dataset;
  index?: IndexInfo;
  /** Server RSS after the search scenarios. */
  rssAfterBytes?: number;
  scenarios: ScenarioResult[];
  error?: string;
  /** A new process on the same database once the first saved its index. */
  persisted?: PersistedStart;
}

/** A process started on a saved search index: start to first search answer, RSS, the same load. */
export interface PersistedStart {
  firstAnswerSeconds?: number;
  index?: IndexInfo;
  /** RSS when the first search was answered (the index loaded, the delta read). */
  rssBytes?: number;
  rssAfterBytes?: number;
  /** The per-process caches' byte budgets, added up (services/cache-budgets.ts). */
  cacheBudgetBytes: number;
  scenarios: ScenarioResult[];
  error?: string;
}

/** The cart phase: its own context lines (a partial run replaces only this section), the ceiling it is compared with, the scenarios (`note`: the cart size). */
export interface CartReport {
  context?: string[];
  ceiling?: ScenarioResult;
  scenarios: ScenarioResult[];
  setup: string[];
  notes: string[];
  error?: string;
}

/** One row of the checkout section: a call on one database (`scenario.note`: what each request did, PostgreSQL's CPU). */
export interface CheckoutRow {
  database: string;
  scenario: ScenarioResult;
}

/** The checkout phase: its own context lines (a partial run replaces only this section), the ceiling it is compared with, a row per database and call. */
export interface CheckoutReport {
  context?: string[];
  ceiling?: ScenarioResult;
  rows: CheckoutRow[];
  setup: string[];
  notes: string[];
  error?: string;
}

export interface Report {
  date: string;
  machine: string[];
  setup: string[];
  scenarios: ScenarioResult[];
  ceilingRps: number | undefined;
  search: SearchSize[];
  searchNotes: string[];
  cart?: CartReport;
  checkout?: CheckoutReport;
  lighthouse: { url: string; runs: LighthouseRun[]; error?: string; skipped?: boolean };
  targets: Target[];
  notes: string[];
}

const fmt = (n: number | undefined, digits = 0) =>
  n === undefined || !Number.isFinite(n)
    ? '–'
    : n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (n: number) => fmt(n, n < 10 ? 2 : 1);
const rate = (n: number) => fmt(n, n < 100 ? 1 : 0);
const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;
const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|');
const mib = (bytes: number | undefined) => (bytes === undefined ? '–' : `${fmt(bytes / 2 ** 20, 0)} MiB`);

export function table(head: string[], rows: string[][], align: ('l' | 'r')[] = []): string {
  const sep = head.map((_, i) => ((align[i] ?? 'l') === 'r' ? '---:' : '---'));
  return [head, sep, ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

/** Scenario rows: req/s, latency, the share of the ceiling's req/s, size, CPU, failures (and the `note` column when asked). */
function scenarioRows(scenarios: ScenarioResult[], ceilingRps: number | undefined, withNote = false): string[][] {
  return scenarios.map((s) => {
    const note = withNote ? [s.note ?? '–'] : [];
    if (!s.result)
      return [s.name, `\`${s.route}\``, ...note, 'ERROR', '–', '–', '–', '–', '–', '–', cell(s.error ?? '')];
    const x = s.result;
    const ratio = ceilingRps ? `${fmt((x.rps / ceilingRps) * 100, 1)} %` : '–';
    const bad = x.errors + x.non2xx;
    const codes = Object.entries(x.statusCodes)
      .filter(([c]) => !c.startsWith('2'))
      .map(([c, n]) => `${c}×${n}`)
      .join(', ');
    const cpu = x.cpuMsPerRequest === undefined ? '–' : `${fmt(x.cpuMsPerRequest * 1000, 0)} µs`;
    return [
      s.name,
      `\`${s.route}\``,
      ...note,
      rate(x.rps),
      ms(x.p50),
      ms(x.p99),
      ratio,
      fmt(x.requests),
      kb(x.bytesPerResponse),
      cpu,
      bad
        ? `**${x.errors} errors, ${x.non2xx} non-2xx**${codes ? ` (${codes})` : ''}`
        : s.error
          ? `**${cell(s.error)}**`
          : '0',
    ];
  });
}

export function loadTable(r: Report): string {
  return table(
    [
      'Scenario',
      'Route',
      'req/s (mean)',
      'p50 ms',
      'p99 ms',
      'vs ceiling',
      'requests',
      'resp. size',
      'server CPU/req',
      'errors / non-2xx',
    ],
    scenarioRows(r.scenarios, r.ceilingRps),
    ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
  );
}

/** A phase's section: its context, a failure if any, the table, then how the data was made and notes. */
function phaseSection(
  title: string,
  c: { context?: string[]; error?: string | null; setup: string[]; notes: string[] },
  t: string,
): string[] {
  return [
    `## ${title}`,
    '',
    ...(c.context ?? []).map((l) => `- ${l}`),
    ...(c.context?.length ? [''] : []),
    ...(c.error ? [`**Failed:** ${c.error}`, ''] : []),
    t,
    '',
    ...[...c.setup, ...c.notes].map((l) => `- ${l}`),
    '',
  ];
}

/** The cart section: context, the table (ceiling first), how the carts were made, notes. */
export function cartSection(c: CartReport): string[] {
  const rows = [...(c.ceiling ? [c.ceiling] : []), ...c.scenarios];
  const t = table(
    [
      'Scenario',
      'Route',
      'Cart',
      'req/s (mean)',
      'p50 ms',
      'p99 ms',
      'vs ceiling',
      'requests',
      'resp. size',
      'server CPU/req',
      'errors / non-2xx',
    ],
    scenarioRows(rows, c.ceiling?.result?.rps, true),
    ['l', 'l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
  );
  return phaseSection('Cart', c, t);
}

/** The checkout section: context, the table (ceiling first; req/s of place-order = orders/s), how the carts and checkouts were made, notes. */
export function checkoutSection(c: CheckoutReport): string[] {
  const rows = [...(c.ceiling ? [{ database: '–', scenario: c.ceiling }] : []), ...c.rows].map((r) => [
    r.database,
    ...scenarioRows([r.scenario], c.ceiling?.result?.rps)[0]!,
    cell(r.scenario.result ? (r.scenario.note ?? '–') : '–'),
  ]);
  const t = table(
    [
      'Database',
      'Call',
      'Route',
      'req/s (mean; place-order: orders/s)',
      'p50 ms',
      'p99 ms',
      'vs ceiling',
      'requests',
      'resp. size',
      'server CPU/req',
      'errors / non-2xx',
      'Note',
    ],
    rows,
    ['l', 'l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l', 'l'],
  );
  return phaseSection('Checkout', c, t);
}

/**
 * `md` with the section under `lines[0]` (a `## ` heading) replaced by `lines`; a section not there
 * yet goes before `before` (the first of those headings present), else at the end.
 */
export function replaceSection(md: string, lines: string[], before: string[] = []): string {
  const all = md.replace(/\s+$/, '').split('\n');
  const heading = lines[0]!;
  const start = all.indexOf(heading);
  if (start >= 0) {
    let end = all.findIndex((l, i) => i > start && l.startsWith('## '));
    if (end < 0) end = all.length;
    all.splice(start, end - start, ...lines);
  } else {
    const at = before.map((h) => all.indexOf(h)).find((i) => i >= 0);
    if (at === undefined) all.push('', ...lines);
    else all.splice(at, 0, ...lines);
  }
  return `${all.join('\n').replace(/\s+$/, '')}\n`;
}

/** The search scenarios' rows (empty when none ran). */
function searchLoadTable(scenarios: ScenarioResult[]): string {
  const rows = scenarios.map((s) => {
    if (!s.result) return [s.name, 'ERROR', '–', '–', '–', '–', '–', s.error ?? ''];
    const r = s.result;
    const bad = r.errors + r.non2xx;
    return [
      s.name,
      rate(r.rps),
      ms(r.p50),
      ms(r.p99),
      fmt(r.requests),
      kb(r.bytesPerResponse),
      r.cpuMsPerRequest === undefined ? '–' : `${fmt(r.cpuMsPerRequest, 2)} ms`,
      bad ? `**${r.errors} errors, ${r.non2xx} non-2xx**` : '0',
    ];
  });
  const load = rows.length
    ? table(
        [
          'Scenario',
          'req/s (mean)',
          'p50 ms',
          'p99 ms',
          'requests',
          'resp. size',
          'server CPU/req',
          'errors / non-2xx',
        ],
        rows,
        ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
      )
    : '';
  return load;
}

/** The process started on the saved index: its start-up, memory beside the cache budgets, and its load. */
function persistedTables(p: PersistedStart): string {
  const i = p.index;
  const start = table(
    [
      'New process on the saved index',
      'First search answer after start',
      'Server RSS (first answer / after load)',
      'Delta read',
      'Cache budgets (total)',
    ],
    [
      [
        i ? `${fmt(i.documents)} documents, ${i.source ?? '?'}` : '–',
        p.firstAnswerSeconds === undefined ? '–' : `${fmt(p.firstAnswerSeconds, 1)} s`,
        `${mib(p.rssBytes)} / ${mib(p.rssAfterBytes)}`,
        i ? `${fmt(i.deltaDocuments)} documents` : '–',
        mib(p.cacheBudgetBytes),
      ],
    ],
    ['l', 'r', 'r', 'r', 'r'],
  );
  const [first, ...rest] = (p.error ?? '').split('\n');
  const error = p.error
    ? `**Failed (saved index):** ${first}${rest.length ? `\n\n\`\`\`\n${rest.join('\n')}\n\`\`\`` : ''}`
    : '';
  return [start, searchLoadTable(p.scenarios), error].filter(Boolean).join('\n\n');
}

/** One catalogue size: the index (documents, build, memory, RSS, the file's seed) and the two scenarios. */
export function searchTables(x: SearchSize): string {
  const d = x.dataset;
  const seed = !d
    ? '–'
    : `${Number.isFinite(d.seedSeconds) ? `${fmt(d.seedSeconds, 1)} s` : 'unknown'}${d.reused ? ` (file reused, seeded ${d.seededAt})` : ' (in this run)'}`;
  const i = x.index;
  const index = table(
    [
      'Documents',
      'Index build',
      'Index memory',
      'Server RSS (index ready / after load)',
      'Ready after start',
      'Database',
      'Seed',
    ],
    [
      [
        i ? fmt(i.documents) : '–',
        i ? `${fmt(i.buildMs / 1000, 1)} s` : '–',
        i ? mib(i.memoryBytes) : '–',
        `${mib(i?.rssBytes)} / ${mib(x.rssAfterBytes)}`,
        i ? `${fmt(i.readySeconds, 1)} s` : '–',
        d ? `${fmt(d.products)} products, ${mib(d.sizeBytes)}` : '–',
        seed,
      ],
    ],
    ['r', 'r', 'r', 'r', 'r', 'l', 'l'],
  );
  const load = searchLoadTable(x.scenarios);
  const saved = x.persisted ? persistedTables(x.persisted) : '';
  const [first, ...rest] = (x.error ?? '').split('\n');
  const error = x.error ? `**Failed:** ${first}${rest.length ? `\n\n\`\`\`\n${rest.join('\n')}\n\`\`\`` : ''}` : '';
  return [index, load, saved, error].filter(Boolean).join('\n\n');
}

export function searchSection(r: Pick<Report, 'search' | 'searchNotes'>): string[] {
  if (!r.search.length) return [];
  return [
    '## Search',
    '',
    ...r.search.flatMap((x) => [`### ${fmt(x.products)} products`, '', searchTables(x), '']),
    ...r.searchNotes.map((n) => `- ${n}`),
    ...(r.searchNotes.length ? [''] : []),
  ];
}

export function lighthouseTable(r: Report): string {
  const { runs } = r.lighthouse;
  if (r.lighthouse.skipped) return '_Skipped (--no-lighthouse)._';
  const row = (
    label: string,
    x: Pick<LighthouseRun, 'score' | 'fcp' | 'lcp' | 'tbt' | 'cls' | 'jsBytes' | 'totalBytes'>,
  ) => [label, String(x.score), ms(x.fcp), ms(x.lcp), ms(x.tbt), fmt(x.cls, 3), kb(x.jsBytes), kb(x.totalBytes)];
  const rows = runs.map((x, i) => row(`run ${i + 1}`, x));
  if (runs.length > 1) {
    const med = (f: (x: LighthouseRun) => number) => median(runs.map(f));
    rows.push(
      row('**median**', {
        score: med((x) => x.score),
        fcp: med((x) => x.fcp),
        lcp: med((x) => x.lcp),
        tbt: med((x) => x.tbt),
        cls: med((x) => x.cls),
        jsBytes: med((x) => x.jsBytes),
        totalBytes: med((x) => x.totalBytes),
      }).map((c, i) => (i ? `**${c}**` : c)),
    );
  }
  const t = table(
    ['Run', 'Performance', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'JS transferred', 'All transferred'],
    rows,
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
  );
  return r.lighthouse.error ? `${t}\n\n**Lighthouse failed:** ${r.lighthouse.error}` : t;
}

export function targetsTable(r: Report): string {
  return table(
    ['Target', 'Measured', 'Result'],
    r.targets.map((t) => [t.name, t.measured, t.pass === undefined ? 'n/a' : t.pass ? '**PASS**' : '**FAIL**']),
  );
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function markdown(r: Report): string {
  return [
    '# Benchmark results',
    '',
    `Generated by \`npm run bench\` (bench/run.ts) on ${r.date}.`,
    '',
    '## Setup',
    '',
    ...r.machine.map((l) => `- ${l}`),
    ...r.setup.map((l) => `- ${l}`),
    '',
    '## API load (autocannon)',
    '',
    loadTable(r),
    '',
    ...searchSection(r),
    ...(r.cart ? cartSection(r.cart) : []),
    ...(r.checkout ? checkoutSection(r.checkout) : []),
    '## Lighthouse (mobile, performance)',
    '',
    `Page: \`${r.lighthouse.url}\``,
    '',
    lighthouseTable(r),
    '',
    '## Targets',
    '',
    targetsTable(r),
    '',
    ...(r.notes.length ? ['## Notes', '', ...r.notes.map((n) => `- ${n}`), ''] : []),
  ].join('\n');
}

/** The catalogue reads phase (`--only reads`): its context, the ceiling, the uncached reads and their targets. */
export interface ReadsReport {
  context?: string[];
  ceiling?: ScenarioResult;
  scenarios: ScenarioResult[];
  targets: Target[];
  setup: string[];
  notes: string[];
  error?: string;
}

/** The "Catalogue reads" section: context, the table (ceiling first), the targets, how the requests were made. */
export function readsSection(c: ReadsReport): string[] {
  const rows = [...(c.ceiling ? [c.ceiling] : []), ...c.scenarios];
  const t = table(
    [
      'Scenario',
      'Route',
      'req/s (mean)',
      'p50 ms',
      'p99 ms',
      'vs ceiling',
      'requests',
      'resp. size',
      'server CPU/req',
      'errors / non-2xx',
    ],
    scenarioRows(rows, c.ceiling?.result?.rps),
    ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
  );
  const targets = table(
    ['Target (issue 20)', 'Measured', 'Result'],
    c.targets.map((x) => [x.name, x.measured, x.pass === undefined ? 'n/a' : x.pass ? '**PASS**' : '**FAIL**']),
  );
  return phaseSection('Catalogue reads', c, `${t}\n\n${targets}`);
}
