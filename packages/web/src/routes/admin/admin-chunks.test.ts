// The workspace is never downloaded by a shopper (issue 15 "Done when"): read from the built manifest
// (packages/web/dist/client/.vite/manifest.json, `npm run build -w @store/web`), every chunk the storefront's
// entry loads, which is all a product page loads, holds no workspace code, and the workspace's own chunks are
// dynamic imports only. A positive control checks the markers are found where the workspace code is, so the
// check cannot pass by looking for text that is nowhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist/client');

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const code = (key: string) => readFileSync(path.join(DIST, manifest[key]!.file), 'utf8');

/** Text only the workspace's code holds: its API's path, its pages' words. */
const MARKERS = [
  '/services/admin/webstores',
  'Save prices',
  'Audit log',
  'have access to the workspace',
  'Mark shipped',
  'Confirm refund',
  'Try it alone',
  'Save settings',
  'Send password reset link',
  'Remove image',
  'Rich description (HTML)',
  'Apply the good rows',
  'Create category',
  'Save stock',
  'Create policy',
  'Create selling model',
  'Save draft',
];

/** The chunks a key loads before running: itself and its static imports, transitively. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const i of manifest[key]?.imports ?? []) staticClosure(i, seen);
  return seen;
}

test('the storefront entry (every shopper page, the product page among them) loads no workspace code', () => {
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
  assert.equal(entries.length, 1, 'one storefront entry');
  const loaded = staticClosure(entries[0]![0]);
  for (const key of loaded) {
    assert.ok(!manifest[key]!.src?.includes('routes/admin/'), `${key} is workspace code in the entry's closure`);
    const text = code(key);
    for (const marker of MARKERS) assert.ok(!text.includes(marker), `${manifest[key]!.file} holds "${marker}"`);
  }
});

test('the workspace pages are dynamic imports, and the markers are in their chunks (positive control)', () => {
  // Read from every chunk the entry loads: the bundler may place the route table in a chunk the entry imports.
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const dynamic = [...staticClosure(entryKey)].flatMap((k) => manifest[k]!.dynamicImports ?? []);
  const admin = [...new Set(dynamic.filter((k) => k.includes('routes/admin/')))];
  assert.deepEqual(admin.sort(), [
    'src/routes/admin/accounts-route.tsx',
    'src/routes/admin/audit-route.tsx',
    'src/routes/admin/buyer-groups-route.tsx',
    'src/routes/admin/buyers-route.tsx',
    'src/routes/admin/categories-route.tsx',
    'src/routes/admin/content-edit-route.tsx',
    'src/routes/admin/content-route.tsx',
    'src/routes/admin/entitlement-policies-route.tsx',
    'src/routes/admin/featured-route.tsx',
    'src/routes/admin/import-route.tsx',
    'src/routes/admin/insights-route.tsx',
    'src/routes/admin/inventory-route.tsx',
    'src/routes/admin/order-route.tsx',
    'src/routes/admin/orders-route.tsx',
    'src/routes/admin/product-edit-route.tsx',
    'src/routes/admin/products-route.tsx',
    'src/routes/admin/promotion-edit-route.tsx',
    'src/routes/admin/promotions-route.tsx',
    'src/routes/admin/selling-models-route.tsx',
    'src/routes/admin/settings-route.tsx',
    'src/routes/admin/shell-route.tsx',
  ]);
  const workspaceCode = admin
    .flatMap((k) => [...staticClosure(k)])
    .map(code)
    .join('\n');
  for (const marker of MARKERS) assert.ok(workspaceCode.includes(marker), `"${marker}" is in the workspace's chunks`);
});
