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
