// The server render modulepreloads exactly the page's own route chunks (issue 20 item 5): a product page
// preloads the product route's chunk and its imports, not another page's, and nothing the entry loads
// already (the template's links). Reads the built manifest (`npm run build -w @store/web`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderPage } from './render.tsx';
import { entryKey, routeChunkFiles, staticClosure, type Manifest } from './route-preloads.ts';
import { readAppScripts } from './paint-first.ts';
import { fakeApiFetch, PRODUCT_ID, TEMPLATE, WEBSTORE_ID } from '../test-support/fixtures.ts';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');
const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
const fileOf = (key: string) => manifest[key]!.file;

/** The page's route chunks its loader preloads after the first paint (paint-first.ts), without the leading slash. */
async function preloadsOf(url: string, withManifest = true): Promise<string[]> {
  const res = await renderPage(
    { url, headers: { host: 'shop.example.com' } },
    { fetch: fakeApiFetch(), template: TEMPLATE, webstoreId: WEBSTORE_ID, ...(withManifest ? { manifest } : {}) },
  );
  assert.equal(res.status, 200);
  const scripts = readAppScripts(res.body);
  assert.ok(scripts, 'the loader lists the scripts');
  return scripts.preload.map((f) => f.replace(/^\//, ''));
}

test('a product page preloads its route chunk and that chunk’s imports, and no other page’s', async () => {
  const links = await preloadsOf(`/product/${PRODUCT_ID}`);
  assert.equal(links[0], fileOf('src/routes/catalogue/product-route.tsx'));
  assert.deepEqual(links, routeChunkFiles(manifest, ['src/routes/catalogue/product-route.tsx']));
  for (const other of ['src/routes/cart/cart-route.tsx', 'src/routes/search/search-route.tsx'])
    assert.ok(!links.includes(fileOf(other)), `${other} is not preloaded`);
  const entryFiles = [...staticClosure(manifest, entryKey(manifest)!)].map(fileOf);
  for (const file of links) assert.ok(!entryFiles.includes(file), `${file} is the entry's (the template preloads it)`);
  assert.equal(new Set(links).size, links.length, 'each chunk once');
});

test('a category page preloads the category route, not the product route', async () => {
  const links = await preloadsOf('/category/healthcare');
  assert.equal(links[0], fileOf('src/routes/catalogue/category-route.tsx'));
  assert.ok(!links.includes(fileOf('src/routes/catalogue/product-route.tsx')));
});

test('without a manifest (tests, a development render) the page has no route preloads', async () => {
  assert.deepEqual(await preloadsOf(`/product/${PRODUCT_ID}`, false), []);
});
