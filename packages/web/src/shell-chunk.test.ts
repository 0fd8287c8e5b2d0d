// The client build puts what every page loads (Preact, React Router, the layout and what it imports) in one
// `shell` chunk (vite.config.ts, entryShell). Read from the built manifest (`npm run build -w @store/web`): the
// entry loads the shell and the shell loads nothing back, so there is no entry↔shell import cycle (a cycle
// means modules can run before what they import has, the failure an earlier shell grouping had), and a page's
// own code stays in its route chunk rather than in what every page downloads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/client');
const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  { file: string; isEntry?: boolean; imports?: string[] }
>;
const shellKey = Object.keys(manifest).find((key) => /^_shell-[\w-]{8}\.js$/.test(key));

test('the entry loads the shell chunk, which imports nothing back', () => {
  assert.ok(shellKey, 'the build has a shell chunk');
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  assert.deepEqual(entry?.imports, [shellKey]);
  assert.deepEqual(manifest[shellKey].imports ?? [], []);
});

test("the product page's own code is in its route chunk, not in the shell", () => {
  const shell = readFileSync(path.join(DIST, manifest[shellKey as string].file), 'utf8');
  const route = readFileSync(path.join(DIST, manifest['src/routes/catalogue/product-route.tsx'].file), 'utf8');
  // The list builder's heading (ListBuilder.tsx, on the product page only); found in the route chunk, so the
  // check looks for text that is there.
  assert.match(route, /Build your list/);
  assert.doesNotMatch(shell, /Build your list/);
});

test("the shell lists no workspace page's files to preload, and still lists a storefront page's", () => {
  const shell = readFileSync(path.join(DIST, manifest[shellKey as string].file), 'utf8');
  const fileOf = (key: string) => manifest[key].file;
  // A workspace route's chunk is imported by the shell (its lazy route), but its imports are not listed there.
  const products = manifest['src/routes/admin/products-route.tsx'];
  assert.ok(shell.includes(path.basename(products.file)), "the shell imports the workspace's products page");
  const workspaceImports = (products.imports ?? []).map(fileOf);
  assert.ok(workspaceImports.length > 0, 'the products page has imports of its own');
  for (const file of workspaceImports) assert.ok(!shell.includes(file), `${file} is not listed in the shell`);
  // Positive control: the cart page's imports are still preloaded with it on a client-side navigation.
  const cartImports = (manifest['src/routes/cart/cart-route.tsx'].imports ?? []).filter((k) => k !== shellKey);
  assert.ok(cartImports.length > 0, 'the cart page has imports besides the shell');
  for (const key of cartImports) assert.ok(shell.includes(fileOf(key)), `${fileOf(key)} is listed in the shell`);
});
