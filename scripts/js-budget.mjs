// The storefront's JavaScript budget (issue 20 item 5): reads the client build's manifest
// (packages/web/dist/client/.vite/manifest.json, `npm run build -w @store/web`) and the budget file
// (packages/web/js-budget.json), computes each page type's initial JavaScript (the entry, the page's route
// modules and everything they import statically) in brotli and raw bytes, prints a table and exits 1 when a
// page or a chunk is over its limit. `npm test` runs it (scripts/test.mjs); the bench's `--only web` phase
// writes its table into bench/results.md.
// Usage: node scripts/js-budget.mjs [--budget FILE] [--dist DIR] [--json]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** The chunk's name as the budget writes it: its file name before the hash (`assets/react-Bx1.js` → `react`). */
export const chunkName = (file) =>
  path
    .basename(file)
    .replace(/-[\w-]{8}\.js$/, '')
    .replace(/\.js$/, '');

function staticClosure(manifest, key, seen) {
  if (seen.has(key)) return seen;
  if (!manifest[key]) throw new Error(`${key} is not in the build's manifest`);
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** Measures a build against a budget: { pages: [{ name, path, raw, brotli, limit, over }], chunks: [...], problems }. */
export function measure({ budget, dist }) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const sizes = new Map();
  const sizeOf = (key) => {
    if (!sizes.has(key)) {
      const data = readFileSync(path.join(dist, manifest[key].file));
      const brotli = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
      sizes.set(key, { raw: data.length, brotli });
    }
    return sizes.get(key);
  };
  const problems = [];
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) problems.push(`expected one entry in the manifest, found ${entries.length}`);

  const pages = Object.entries(budget.pages).map(([name, page]) => {
    const keys = new Set();
    for (const key of [...entries, ...page.routes]) {
      if (!manifest[key]) problems.push(`${name}: ${key} is not a chunk of the build (a renamed route module?)`);
      else staticClosure(manifest, key, keys);
    }
    const total = [...keys].reduce(
      (sum, key) => ({ raw: sum.raw + sizeOf(key).raw, brotli: sum.brotli + sizeOf(key).brotli }),
      {
        raw: 0,
        brotli: 0,
      },
    );
    const over = total.brotli > page.limit;
    if (over)
      problems.push(`${name}: initial JavaScript ${total.brotli} B brotli is over its limit of ${page.limit} B`);
    return { name, path: page.path, chunks: keys.size, ...total, limit: page.limit, over };
  });

  const chunks = Object.keys(manifest)
    .filter((key) => manifest[key].file.endsWith('.js'))
    .map((key) => {
      const name = chunkName(manifest[key].file);
      const limit = budget.chunks?.[name] ?? budget.chunk;
      const size = sizeOf(key);
      const over = size.brotli > limit;
      if (over) problems.push(`chunk ${manifest[key].file}: ${size.brotli} B brotli is over its limit of ${limit} B`);
      return { name, file: manifest[key].file, ...size, limit, over };
    })
    .sort((a, b) => b.brotli - a.brotli);
  return { pages, chunks, problems };
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** The page table, as a Markdown table (the bench writes it into bench/results.md). */
export function pageTable(pages) {
  return [
    '| page type | example | chunks | initial JS (brotli) | raw | limit (brotli) |',
    '|---|---|---:|---:|---:|---:|',
    ...pages.map(
      (p) =>
        `| ${p.name} | \`${p.path}\` | ${p.chunks} | ${kB(p.brotli)}${p.over ? ' **over**' : ''} | ${kB(p.raw)} | ${kB(p.limit)} |`,
    ),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? path.resolve(process.argv[i + 1]) : fallback;
  };
  const budgetFile = arg('--budget', path.join(root, 'packages/web/js-budget.json'));
  const dist = arg('--dist', path.join(root, 'packages/web/dist/client'));
  let result;
  try {
    result = measure({ budget: JSON.parse(readFileSync(budgetFile, 'utf8')), dist });
  } catch (error) {
    console.error(`js-budget: ${error.message} (build first: npm run build -w @store/web)`);
    process.exit(1);
  }
  if (process.argv.includes('--json')) console.log(JSON.stringify(result));
  else {
    console.log(pageTable(result.pages));
    const biggest = result.chunks.slice(0, 5).map((c) => `${c.name} ${kB(c.brotli)} (limit ${kB(c.limit)})`);
    console.log(`\nlargest chunks: ${biggest.join(', ')}; ${result.chunks.length} chunks in all`);
  }
  for (const problem of result.problems) console.error(`over budget: ${problem}`);
  if (result.problems.length) {
    console.error(`js-budget: ${result.problems.length} over (${path.relative(root, budgetFile)})`);
    process.exit(1);
  }
}
