// The JavaScript budget (issue 20 item 5): scripts/js-budget.mjs, which `npm test` runs on every build, fails
// a build that is over a page's or a chunk's limit, and names what is over; the real budget file covers
// every page the route table splits out. Reads the built manifest (`npm run build -w @store/web`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteObject } from 'react-router';
import { createRoutes } from './routes/index.tsx';
import { ROUTE_MODULE, type RouteWithModule } from './routes/lazy-route.ts';
import { createStoreApi, DEFAULT_WEBSTORE_ID } from './lib/api.ts';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(WEB, '../..');
const BUDGET_FILE = path.join(WEB, 'js-budget.json');
const budget = JSON.parse(readFileSync(BUDGET_FILE, 'utf8')) as {
  chunk: number;
  chunks: Record<string, number>;
  pages: Record<string, { path: string; routes: string[]; limit: number }>;
};
const manifest = JSON.parse(readFileSync(path.join(WEB, 'dist/client/.vite/manifest.json'), 'utf8')) as Record<
  string,
  { file: string }
>;

function check(budgetJson: unknown) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'js-budget-'));
  try {
    const file = path.join(dir, 'budget.json');
    writeFileSync(file, JSON.stringify(budgetJson));
    const r = spawnSync(process.execPath, ['scripts/js-budget.mjs', '--budget', file], { cwd: ROOT, encoding: 'utf8' });
    return { status: r.status, out: r.stdout, err: r.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the budget file passes on this build and prints each page type with its initial JavaScript', () => {
  const r = check(budget);
  assert.equal(r.status, 0, r.err);
  for (const name of Object.keys(budget.pages)) assert.match(r.out, new RegExp(`^\\| ${name} \\| `, 'm'));
  const limit = (budget.pages['dataset product page'].limit / 1000).toFixed(1);
  assert.match(
    r.out,
    new RegExp(
      `\\| dataset product page \\| \`/product/:datasetId\` \\| \\d+ \\| \\d+\\.\\d kB \\| \\d+\\.\\d kB \\| ${limit} kB \\|`,
    ),
  );
});

test('a page over its limit fails the check, naming the page, its size and its limit', () => {
  const tiny = structuredClone(budget);
  tiny.pages['dataset product page']!.limit = 1000;
  const r = check(tiny);
  assert.equal(r.status, 1);
  assert.match(r.err, /over budget: dataset product page: initial JavaScript \d+ B brotli is over its limit of 1000 B/);
  assert.doesNotMatch(r.err, /over budget: cart:/, 'pages within their limit are not reported');
  assert.match(r.out, /\| dataset product page \| .* \*\*over\*\* \|/);
});

test('a chunk over its limit fails the check, naming its file', () => {
  const r = check({ ...budget, chunks: { ...budget.chunks, shell: 1000 } });
  assert.equal(r.status, 1);
  assert.match(r.err, /over budget: chunk assets\/shell-[\w-]+\.js: \d+ B brotli is over its limit of 1000 B/);
});

test('a route module the build does not have fails the check rather than counting nothing', () => {
  const r = check({ ...budget, pages: { gone: { path: '/x', routes: ['src/routes/gone.tsx'], limit: 1e9 } } });
  assert.equal(r.status, 1);
  assert.match(r.err, /gone: src\/routes\/gone\.tsx is not a chunk of the build/);
});

/** Every route module the route table names (lazy-route.ts), through its children. */
function routeModules(routes: RouteObject[]): string[] {
  return routes.flatMap((r) => [
    ...((r as RouteWithModule)[ROUTE_MODULE] ? [(r as RouteWithModule)[ROUTE_MODULE]!] : []),
    ...routeModules(r.children ?? []),
  ]);
}

test('every route module the table names is a chunk of the build, and the budget counts each page type', () => {
  const named = new Set(
    routeModules(createRoutes({ getApi: () => createStoreApi({ webstoreId: DEFAULT_WEBSTORE_ID }) })),
  );
  assert.ok(named.has('src/routes/catalogue/product-route.tsx'));
  for (const module of named) assert.ok(manifest[module]?.file, `${module} is a chunk of the build`);
  const pageTypes = ['home', 'category', 'search', 'dataset product page', 'plain product page', 'cart', 'checkout'];
  for (const name of [...pageTypes, 'account', 'content page', 'admin']) {
    const page = budget.pages[name];
    assert.ok(page, `the budget has the page type "${name}"`);
    for (const module of page.routes) assert.ok(manifest[module]?.file, `${name}: ${module} is a chunk of the build`);
  }
  for (const module of Object.values(budget.pages).flatMap((p) => p.routes))
    if (!module.includes('/admin/')) assert.ok(named.has(module), `${module} is a route module of the table`);
});
