// The persisted search index (issue 20) over HTTP on the demo catalogue (SQLite, or PostgreSQL with
// DATABASE_URL): the first server builds its index and saves it in the database; a second server on the same
// database loads it instead of building, answers exactly as the first, sees changes made after the save (the
// delta), and rebuilds when the saved bytes are of another format.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SORT_RULES, encodeRefinements, SEARCH_FACETS } from '@store/core';
import { WEBSTORE_ID, startTestServer, type TestServer } from '../test-support/server.ts';
import { markProductsChanged } from '../db/catalog-version.ts';
import { SEGMENT_FORMAT } from './segment-format.ts';
import { SearchIndexService } from './index-service.ts';

let first: TestServer;
before(async () => {
  first = await startTestServer();
});
after(async () => {
  await first.close();
});

/** The ready segments saved for the demo store, newest version first. */
const savedSegments = (s: TestServer) =>
  s.db.db
    .selectFrom('search_index_segment')
    .select(['id', 'catalog_version', 'format', 'documents'])
    .where('webstore_id', '=', WEBSTORE_ID)
    .where('status', '=', 'ready')
    .orderBy('catalog_version', 'desc')
    .execute();

/** Waits (up to 30 s) until a ready segment of the store's current catalogue version is saved. */
async function savedAtCurrentVersion(s: TestServer): Promise<void> {
  const version = await s.services.searchIndex.currentVersion(WEBSTORE_ID);
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    if ((await savedSegments(s)).some((r) => r.catalog_version === version)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`no segment saved at version ${version}`);
}

const nameSort = SORT_RULES.find((r) => r.nameOrId === 'Name' && r.direction === 'Ascending')?.sortRuleId;
/** Searches covering text, typos, synonyms, facets and refinements, sorts, grouping, a category, suggestions. */
const REQUESTS = [
  '/search/products?searchTerm=dentists',
  '/search/products?searchTerm=dentsts',
  '/search/products?searchTerm=lawyers%20uk',
  '/search/products?searchTerm=restaurants%20in%20california%20with%20email&page=1&pageSize=5',
  `/search/products?searchTerm=email&refinements=${encodeURIComponent(
    encodeRefinements([{ nameOrId: SEARCH_FACETS.listStatus, type: 'DistinctValue', values: ['Verified'] }]),
  )}`,
  `/search/products?searchTerm=email${nameSort ? `&sortRuleId=${nameSort}` : ''}`,
  '/search/products?searchTerm=shoes&grouping=NoGrouping',
  '/search/suggestions?searchTerm=den&includeSuggestedProducts=true',
  '/search/suggestions?searchTerm=resta',
];
/** The answers without the per-request correlation id. */
async function answers(s: TestServer): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const path of REQUESTS) {
    const res = await s.api(path);
    assert.equal(res.status, 200, `${path}: ${res.text}`);
    const { correlationId: _, ...body } = res.body as Record<string, unknown>;
    out.push(body);
  }
  return out;
}

describe('persisted search index', () => {
  test('a second server loads the saved index and answers exactly as the one that built it', async () => {
    assert.equal((await first.services.searchIndex.status(WEBSTORE_ID)).source, 'built');
    await savedAtCurrentVersion(first);
    const expected = await answers(first);
    assert.ok((expected[0] as any).productsPage.total > 0, 'the searches find something');
    const second = await startTestServer({ shareDatabaseOf: first });
    try {
      const st = await second.services.searchIndex.status(WEBSTORE_ID);
      assert.equal(st.source, 'loaded');
      assert.equal(st.deltaDocuments, 0);
      assert.equal(st.documents, (await first.services.searchIndex.status(WEBSTORE_ID)).documents);
      assert.deepEqual(await answers(second), expected);
    } finally {
      await second.close();
    }
  });

  test('a change made after the save is seen by a server that loads the saved index (the delta)', async () => {
    await savedAtCurrentVersion(first);
    const found = (await first.api('/search/products?searchTerm=dentists&pageSize=1')).body;
    const product = found.productsPage.products[0];
    await first.db.db.transaction().execute(async (trx) => {
      await trx.updateTable('product').set({ name: 'Orthodontists of Lemuria' }).where('id', '=', product.id).execute();
      await markProductsChanged(trx, WEBSTORE_ID, [product.id]);
    });
    const second = await startTestServer({ shareDatabaseOf: first });
    try {
      const st = await second.services.searchIndex.status(WEBSTORE_ID);
      assert.equal(st.source, 'loaded');
      assert.equal(st.deltaDocuments, 1);
      const res = (await second.api('/search/products?searchTerm=lemuria')).body;
      assert.equal(res.productsPage.total, 1);
      assert.equal(res.productsPage.products[0].id, product.id);
      assert.equal(res.productsPage.products[0].name, 'Orthodontists of Lemuria');
      assert.deepEqual(await answers(second), await answers(first));
    } finally {
      await second.close();
    }
  });

  test('a saved index of another format is not read: the new server builds, saves, and the old one goes', async () => {
    await first.services.searchIndex.status(WEBSTORE_ID);
    await first.db.db
      .updateTable('search_index_segment')
      .set({ format: SEGMENT_FORMAT + 1 })
      .execute();
    const second = await startTestServer({ shareDatabaseOf: first });
    try {
      assert.equal((await second.services.searchIndex.status(WEBSTORE_ID)).source, 'built');
      assert.equal((await second.api('/search/products?searchTerm=lemuria')).body.productsPage.total, 1);
      // The save marks the new segment ready and then removes the older ones: wait for the whole save, not
      // only for a ready segment (polling for that raced the removal).
      const engine = second.services.searchIndex;
      assert.ok(engine instanceof SearchIndexService, 'the default engine (the one that saves)');
      await engine.saved();
      const left = await second.db.db.selectFrom('search_index_segment').select('format').execute();
      assert.deepEqual(
        left.map((r) => r.format),
        [SEGMENT_FORMAT],
        'one segment, of this format',
      );
      const chunks = await second.db.db.selectFrom('search_index_chunk').select('segment_id').distinct().execute();
      assert.equal(chunks.length, 1, 'the old segment’s bytes are removed too');
      // (The first server answers from its main segment and a delta, which ranks a little differently from a
      // fresh build: a third server loads the second's saved index and answers exactly as the second.)
      const third = await startTestServer({ shareDatabaseOf: first });
      try {
        assert.equal((await third.services.searchIndex.status(WEBSTORE_ID)).source, 'loaded');
        assert.deepEqual(await answers(third), await answers(second));
      } finally {
        await third.close();
      }
    } finally {
      await second.close();
    }
  });
});
