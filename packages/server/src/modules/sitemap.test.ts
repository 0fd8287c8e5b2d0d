// /sitemap.xml, its index past the limit and /robots.txt: what a crawler (a guest) may see and nothing else,
// valid against the sitemaps.org 0.9 schemas, and following catalogue and content changes in every process.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CONTENT_TYPES, SITEMAP_MAX_URLS } from '@store/core';
import { startTestServer, WEBSTORE_ID, withGuestBrowsingOff, type TestServer } from '../test-support/server.ts';
import { insertContentItem } from '../test-support/content.ts';
import { locsOf, validateSitemap } from '../test-support/sitemap-schema.ts';
import { PARTNER_CATEGORY_URL, PARTNER_SKUS } from '../seed/access.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer({ products: 60 });
  const page = (urlName: string, status: 'Live' | 'Draft', extra: { publishEndAt?: string } = {}) =>
    insertContentItem(s.db.db, { type: CONTENT_TYPES.pageLayout, status, urlName, body: { sections: [] }, ...extra });
  await page('sitemap-about', 'Live');
  await page('draft-only', 'Draft');
  await page('ended', 'Live', { publishEndAt: new Date(Date.now() - 1000).toISOString() });
});
after(async () => {
  await s.close();
});

const sitemap = async (server = s) => {
  const res = await server.get('/sitemap.xml');
  assert.equal(res.status, 200, res.text);
  assert.match(res.headers.get('content-type') ?? '', /^application\/xml/);
  return res.text;
};

describe('sitemap.xml', () => {
  test('home, live pages, Live categories a guest sees and their products; valid against the schema', async () => {
    const xml = await sitemap();
    const check = validateSitemap(xml, 'urlset');
    assert.ok(check.ok, check.output);
    const locs = locsOf(xml);
    assert.equal(locs[0], `${s.url}/`);
    assert.ok(locs.includes(`${s.url}/sitemap-about`));
    assert.ok(locs.includes(`${s.url}/about`), "the demo store's own pages");
    assert.ok(!locs.includes(`${s.url}/draft-only`), 'a Draft page is not listed');
    assert.ok(!locs.includes(`${s.url}/ended`), 'nor one past its publication window');
    const published = await s.db.db
      .selectFrom('managed_content')
      .select('published_at')
      .where('url_name', '=', 'sitemap-about')
      .executeTakeFirstOrThrow();
    assert.ok(xml.includes(`<loc>${s.url}/sitemap-about</loc><lastmod>${published.published_at}</lastmod>`));

    const db = s.db.db;
    const live = await db.selectFrom('category').select('url_name').where('publish_status', '=', 'Live').execute();
    const draft = await db.selectFrom('category').select('url_name').where('publish_status', '=', 'Draft').execute();
    for (const c of live)
      if (c.url_name !== PARTNER_CATEGORY_URL) assert.ok(locs.includes(`${s.url}/category/${c.url_name}`), c.url_name);
    for (const c of draft) assert.ok(!locs.includes(`${s.url}/category/${c.url_name}`), `Draft ${c.url_name}`);
    assert.ok(!locs.includes(`${s.url}/category/${PARTNER_CATEGORY_URL}`), 'a category only a buyer group sees');

    const products = await db.selectFrom('product').select(['id', 'sku']).where('is_active', '=', 1).execute();
    for (const p of products) {
      const listed = locs.includes(`${s.url}/product/${p.id}`);
      assert.equal(listed, !PARTNER_SKUS.includes(p.sku), p.sku);
    }
    assert.equal(new Set(locs).size, locs.length, 'each URL once');
  });

  test('follows "no index", a retired product and a newly published page, also in another process', async () => {
    const other = await startTestServer({ shareDatabaseOf: s });
    try {
      const [a, b] = await s.db.db
        .selectFrom('product')
        .select('id')
        .where('sku', 'in', ['DS-00003', 'DS-00004'])
        .execute();
      // Both processes have built (and keep) their list before the changes.
      for (const server of [s, other]) {
        const locs = locsOf(await sitemap(server));
        assert.ok(
          locs.some((l) => l.endsWith(`/product/${a!.id}`)) && locs.some((l) => l.endsWith(`/product/${b!.id}`)),
        );
      }
      const admin = await s.login('admin@datadepot.example');
      const saved = await admin.put(`/services/admin/webstores/${WEBSTORE_ID}/seo-settings/${a!.id}`, {
        title: null,
        description: null,
        noIndex: true,
      });
      assert.equal(saved.status, 200, saved.text);
      await s.db.db.updateTable('product').set({ is_active: 0 }).where('id', '=', b!.id).execute();
      await s.catalogueChanged();
      await insertContentItem(s.db.db, {
        type: CONTENT_TYPES.pageLayout,
        status: 'Live',
        urlName: 'licence',
        body: { sections: [] },
      });
      for (const server of [s, other]) {
        const locs = locsOf(await sitemap(server));
        assert.ok(!locs.some((l) => l.endsWith(`/product/${a!.id}`)), 'no index');
        assert.ok(!locs.some((l) => l.endsWith(`/product/${b!.id}`)), 'retired');
        assert.ok(
          locs.some((l) => l.endsWith('/licence')),
          'new page',
        );
      }
    } finally {
      await other.close();
    }
  });

  test('past the limit: a sitemap index over /sitemaps/sitemap-N.xml, each valid, together the whole list', async () => {
    assert.equal(SITEMAP_MAX_URLS, 50_000);
    assert.equal(s.services.sitemap.maxUrls, SITEMAP_MAX_URLS, 'the real limit by default');
    const whole = locsOf(await sitemap());
    const small = await startTestServer({ shareDatabaseOf: s, sitemapMaxUrls: 20 });
    try {
      const index = await sitemap(small);
      const check = validateSitemap(index, 'sitemapindex');
      assert.ok(check.ok, check.output);
      const parts = locsOf(index);
      assert.equal(parts.length, Math.ceil(whole.length / 20));
      assert.deepEqual(
        parts,
        parts.map((_, i) => `${small.url}/sitemaps/sitemap-${i + 1}.xml`),
      );
      const all: string[] = [];
      for (const part of parts) {
        const res = await small.get(new URL(part).pathname);
        assert.equal(res.status, 200);
        const v = validateSitemap(res.text, 'urlset');
        assert.ok(v.ok, v.output);
        const locs = locsOf(res.text);
        assert.ok(locs.length <= 20);
        all.push(...locs);
      }
      assert.deepEqual(
        all.map((l) => new URL(l).pathname),
        whole.map((l) => new URL(l).pathname),
      );
      assert.equal((await small.get(`/sitemaps/sitemap-${parts.length + 1}.xml`)).status, 404);
      for (const bad of ['/sitemaps/sitemap-0.xml', '/sitemaps/sitemap-x.xml', '/sitemaps/other.xml']) {
        const res = await small.get(bad);
        assert.equal(res.status, 400, bad);
        assert.equal((res.body as Array<{ errorCode: string }>)[0]!.errorCode, 'INVALID_API_INPUT');
      }
    } finally {
      await small.close();
    }
  });

  test('under the limit the one sitemap is also its first part; there is no second', async () => {
    const first = await s.get('/sitemaps/sitemap-1.xml');
    assert.equal(first.status, 200);
    assert.equal(first.text, await sitemap());
    assert.equal((await s.get('/sitemaps/sitemap-2.xml')).status, 404);
  });

  test('PUBLIC_URL makes the locations', async () => {
    const other = await startTestServer({ shareDatabaseOf: s, publicUrl: 'https://shop.example.com' });
    try {
      const locs = locsOf(await sitemap(other));
      assert.ok(locs.every((l) => l.startsWith('https://shop.example.com/')));
      assert.match((await other.get('/robots.txt')).text, /^Sitemap: https:\/\/shop\.example\.com\/sitemap\.xml$/m);
    } finally {
      await other.close();
    }
  });
});

describe('sitemap.xml when guests may not browse', () => {
  test('only the home and content pages; products and categories come back with guest browsing', async () => {
    const before = locsOf(await sitemap());
    assert.ok(before.some((l) => l.includes('/product/')));
    await withGuestBrowsingOff(s, async () => {
      const locs = locsOf(await sitemap());
      assert.ok(locs.includes(`${s.url}/`));
      assert.ok(locs.includes(`${s.url}/about`));
      assert.ok(!locs.some((l) => l.includes('/product/') || l.includes('/category/')), 'no catalogue URL');
      const p = await s.db.db
        .selectFrom('product')
        .select('id')
        .where('sku', '=', 'DS-00001')
        .executeTakeFirstOrThrow();
      const seo = `/services/data/v65.0/connect/communities/0DB000000000001AAA/seo/properties/${p.id}`;
      assert.equal((await s.get(seo)).status, 401, 'a guest may not read the catalogue');
      const buyer = await s.login('casey@example.com');
      const res = await buyer.get(seo);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.isSeoIndexed, false, 'a crawler could not see it');
    });
    assert.deepEqual(locsOf(await sitemap()), before);
  });
});

describe('robots.txt', () => {
  test('the catalogue open, private pages closed, the sitemap named', async () => {
    const res = await s.get('/robots.txt');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
    const lines = res.text.split('\n');
    assert.equal(lines[0], 'User-agent: *');
    assert.ok(lines.includes('Allow: /'));
    for (const p of ['/admin', '/cart', '/checkout', '/account', '/orders', '/search'])
      assert.ok(lines.includes(`Disallow: ${p}`), p);
    for (const open of ['/product', '/category', '/about'])
      assert.ok(!lines.some((l) => l.startsWith('Disallow:') && open.startsWith(l.slice(10))), open);
    assert.ok(lines.includes(`Sitemap: ${s.url}/sitemap.xml`));
  });
});
