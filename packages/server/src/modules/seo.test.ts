// The SEO properties call (spec 03 §3, §7, §8): every parameter and error, the record rules it shares with the
// storefront (entitlements, Draft only in preview, live content), and what a search engine may index.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CONTENT_TYPES, siteIdsOf } from '@store/core';
import { BASE, errorOf, startTestServer, WEBSTORE_ID, type TestServer } from '../test-support/server.ts';
import { insertContentItem, type InsertedContent } from '../test-support/content.ts';
import { PARTNER_CATEGORY_URL, PARTNER_SKUS } from '../seed/access.ts';

let s: TestServer;
let about: InsertedContent;
let draftPage: InsertedContent;
let home: { id: string };
const COMMUNITY = siteIdsOf(WEBSTORE_ID).communityId;
const seo = (recordId: string, query = '', community = COMMUNITY) =>
  `/services/data/v65.0/connect/communities/${community}/seo/properties/${recordId}${query}`;

before(async () => {
  s = await startTestServer({ products: 60 });
  about = await insertContentItem(s.db.db, {
    type: CONTENT_TYPES.pageLayout,
    status: 'Live',
    title: 'About the SEO test',
    urlName: 'seo-about',
    body: { description: 'Who we are and where our data comes from.', sections: [] },
  });
  draftPage = await insertContentItem(s.db.db, {
    type: CONTENT_TYPES.pageLayout,
    status: 'Draft',
    title: 'Licence draft',
    urlName: 'seo-licence',
    body: { sections: [] },
  });
  // The demo store's home page layout (seed/content.ts).
  home = await s.db.db
    .selectFrom('managed_content')
    .select('id')
    .where('type_fqn', '=', CONTENT_TYPES.pageLayout)
    .where('url_name', '=', 'home')
    .executeTakeFirstOrThrow();
});
after(async () => {
  await s.close();
});

const product = (sku: string) =>
  s.db.db.selectFrom('product').selectAll().where('sku', '=', sku).executeTakeFirstOrThrow();
const category = (where: { url?: string; draft?: boolean }) => {
  let q = s.db.db.selectFrom('category').selectAll();
  if (where.url) q = q.where('url_name', '=', where.url);
  if (where.draft) q = q.where('publish_status', '=', 'Draft');
  return q.executeTakeFirstOrThrow();
};

describe('SEO properties: records', () => {
  test('a product: name, derived title and description, canonical and hreflang URLs, indexed', async () => {
    const p = await product('DS-00001');
    const res = await s.get(seo(p.id));
    assert.equal(res.status, 200, res.text);
    const canonical = `${s.url}/product/${p.id}`;
    assert.deepEqual(res.body, {
      recordName: p.name,
      objectName: 'Product2',
      fields: { title: p.name, description: res.body.fields.description },
      complexFields: {},
      hrefLangUrls: [
        { language: 'en-US', url: canonical },
        { language: 'x-default', url: canonical },
      ],
      canonicalUrl: canonical,
      isSeoIndexed: true,
    });
    assert.ok(p.description?.startsWith(res.body.fields.description.replace(/…$/, '')));
    assert.ok(res.body.fields.description.length <= 160);
    // The 15-character form names the same record.
    assert.equal((await s.get(seo(p.id.slice(0, 15)))).body.canonicalUrl, canonical);
  });

  test('a Live category: "<name> datasets", its page by url name, indexed', async () => {
    const c = await category({ url: 'healthcare' }).catch(() =>
      s.db.db.selectFrom('category').selectAll().where('publish_status', '=', 'Live').executeTakeFirstOrThrow(),
    );
    const res = await s.get(seo(c.id));
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.objectName, 'ProductCategory');
    assert.equal(res.body.recordName, c.name);
    assert.equal(res.body.fields.title, `${c.name} datasets`);
    assert.equal(res.body.canonicalUrl, `${s.url}/category/${c.url_name}`);
    assert.equal(res.body.isSeoIndexed, true);
  });

  test('content pages: the live copy for shoppers, the home page at /, a Draft only in preview and never indexed', async () => {
    const res = await s.get(seo(about.id));
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.objectName, 'ManagedContent');
    assert.equal(res.body.recordName, 'About the SEO test');
    assert.deepEqual(res.body.fields, {
      title: 'About the SEO test',
      description: 'Who we are and where our data comes from.',
    });
    assert.equal(res.body.canonicalUrl, `${s.url}/seo-about`);
    assert.equal(res.body.isSeoIndexed, true);
    assert.equal((await s.get(seo(home.id))).body.canonicalUrl, `${s.url}/`);

    assert.equal((await s.get(seo(draftPage.id))).status, 404, 'a Draft page is unknown to shoppers');
    const admin = await s.login('admin@datadepot.example');
    assert.equal((await admin.get(seo(draftPage.id))).status, 404, 'and to the administrator outside preview');
    assert.equal((await admin.patch(`${BASE}/session-context`, { isPreview: true })).status, 200);
    const preview = await admin.get(seo(draftPage.id));
    assert.equal(preview.status, 200, preview.text);
    assert.equal(preview.body.canonicalUrl, `${s.url}/seo-licence`);
    assert.equal(preview.body.isSeoIndexed, false, 'a Draft seen in preview is not for search engines');
    assert.equal((await admin.get(seo(about.id))).body.isSeoIndexed, true, 'a live page seen in preview still is');
  });

  test('a page outside its publication window is not shown; content other than a page layout is unknown', async () => {
    const later = await insertContentItem(s.db.db, {
      type: CONTENT_TYPES.pageLayout,
      status: 'Live',
      urlName: 'seo-coming-soon',
      body: { sections: [] },
      publishStartAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    assert.equal((await s.get(seo(later.id))).status, 404);
    await s.db.db.updateTable('managed_content').set({ type_fqn: 'dd__banner' }).where('id', '=', later.id).execute();
    await s.db.db.updateTable('managed_content').set({ publish_start_at: null }).where('id', '=', later.id).execute();
    assert.equal((await s.get(seo(later.id))).status, 404, 'a banner has no page');
  });

  test('a Draft category: 404 outside preview, seen in preview but not indexed', async () => {
    const draft = await category({ draft: true });
    assert.equal((await s.get(seo(draft.id))).status, 404);
    const admin = await s.login('admin@datadepot.example');
    assert.equal((await admin.get(seo(draft.id))).status, 404);
    await admin.patch(`${BASE}/session-context`, { isPreview: true });
    const res = await admin.get(seo(draft.id));
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.isSeoIndexed, false);
  });

  test('entitled to a buyer group only: 404 for a guest, shown to the partner but not indexed', async () => {
    const px = await product(PARTNER_SKUS[0]!);
    const cat = await category({ url: PARTNER_CATEGORY_URL });
    for (const id of [px.id, cat.id]) {
      const guest = await s.get(seo(id));
      assert.equal(guest.status, 404, id);
      assert.equal(errorOf(guest).errorCode, 'NOT_FOUND');
    }
    const partner = await s.login('morgan@northwind.example');
    for (const id of [px.id, cat.id]) {
      const res = await partner.get(seo(id));
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.isSeoIndexed, false, `${id}: a crawler cannot see it`);
    }
  });

  test("the seller's title, description and no index (workspace) replace the derived ones", async () => {
    const p = await product('DS-00002');
    const admin = await s.login('admin@datadepot.example');
    const settings = `/services/admin/webstores/${WEBSTORE_ID}/seo-settings/${p.id}`;
    assert.deepEqual((await admin.get(settings)).body, {
      recordId: p.id,
      title: null,
      description: null,
      noIndex: false,
    });
    const saved = await admin.put(settings, {
      title: 'Dentists <b>list</b>',
      description: 'Our own words.',
      noIndex: true,
    });
    assert.equal(saved.status, 200, saved.text);
    assert.deepEqual(saved.body, {
      recordId: p.id,
      title: 'Dentists <b>list</b>',
      description: 'Our own words.',
      noIndex: true,
    });
    const res = await s.get(seo(p.id));
    assert.deepEqual(res.body.fields, { title: 'Dentists <b>list</b>', description: 'Our own words.' });
    assert.equal(res.body.recordName, p.name);
    assert.equal(res.body.isSeoIndexed, false);
    const audit = await admin.get(`/services/admin/webstores/${WEBSTORE_ID}/audit-log?recordType=Product&pageSize=5`);
    assert.ok(JSON.stringify(audit.body).includes('setSeoSettings'), 'the change is in the audit log');

    await admin.put(settings, { title: '', description: null, noIndex: false });
    const back = await s.get(seo(p.id));
    assert.equal(back.body.fields.title, p.name);
    assert.equal(back.body.isSeoIndexed, true);

    const cat = await category({ url: 'healthcare' }).catch(() =>
      s.db.db.selectFrom('category').selectAll().where('publish_status', '=', 'Live').executeTakeFirstOrThrow(),
    );
    await admin.put(`/services/admin/webstores/${WEBSTORE_ID}/seo-settings/${cat.id}`, {
      title: 'Medical lists',
      description: null,
      noIndex: false,
    });
    assert.equal((await s.get(seo(cat.id))).body.fields.title, 'Medical lists');
  });

  test('workspace SEO settings: bad ids and bodies are refused, nothing changed', async () => {
    const admin = await s.login('admin@datadepot.example');
    const base = `/services/admin/webstores/${WEBSTORE_ID}/seo-settings`;
    assert.equal((await admin.get(`${base}/01t999999999999AAA`)).status, 404);
    assert.equal((await admin.get(`${base}/001000000000001AAA`)).status, 400);
    assert.equal((await admin.get(`${base}/bad!`)).status, 400);
    const p = await product('DS-00005');
    for (const body of [
      { title: 'x'.repeat(121), description: null, noIndex: false },
      { title: null, description: null },
      { title: null, description: null, noIndex: 'yes' },
      { title: 'a\u0000b', description: null, noIndex: false },
      { title: null, description: null, noIndex: false, extra: 1 },
    ]) {
      const res = await admin.put(`${base}/${p.id}`, body);
      assert.equal(res.status, 400, JSON.stringify(body));
    }
    assert.equal((await admin.get(`${base}/${p.id}`)).body.title, null);
    const shopper = await s.login('casey@example.com');
    assert.equal((await shopper.put(`${base}/${p.id}`, { title: 'x', description: null, noIndex: true })).status, 403);
  });
});

describe('SEO properties: parameters and errors', () => {
  test('fields: a comma list picks the fields, in any case; an unknown field is 400', async () => {
    const p = await product('DS-00001');
    assert.deepEqual(Object.keys((await s.get(seo(p.id, '?fields=title'))).body.fields), ['title']);
    assert.deepEqual(Object.keys((await s.get(seo(p.id, '?fields=Description'))).body.fields), ['description']);
    assert.deepEqual(Object.keys((await s.get(seo(p.id, '?fields=title,description'))).body.fields), [
      'title',
      'description',
    ]);
    assert.deepEqual(Object.keys((await s.get(seo(p.id, '?fields='))).body.fields), ['title', 'description']);
    const bad = await s.get(seo(p.id, '?fields=title,keywords'));
    assert.equal(bad.status, 400);
    assert.equal(errorOf(bad).errorCode, 'INVALID_API_INPUT');
    assert.match(errorOf(bad).message, /keywords/);
  });

  test('communityId: malformed 400, unknown or of another kind 404', async () => {
    const p = await product('DS-00001');
    const malformed = await s.get(seo(p.id, '', 'not-an-id!'));
    assert.equal(malformed.status, 400);
    assert.equal(errorOf(malformed).errorCode, 'INVALID_ID_FIELD');
    for (const community of ['0DB999999999999AAA', WEBSTORE_ID, siteIdsOf(WEBSTORE_ID).siteId]) {
      const res = await s.get(seo(p.id, '', community));
      assert.equal(res.status, 404, community);
      assert.equal(errorOf(res).errorCode, 'NOT_FOUND');
    }
    assert.equal((await s.get(seo(p.id, '', COMMUNITY.slice(0, 15)))).status, 200, 'the 15-character form');
  });

  test('recordId: malformed 400; unknown, or a record with no page, 404', async () => {
    const malformed = await s.get(seo('01t-bad'));
    assert.equal(malformed.status, 400);
    assert.equal(errorOf(malformed).errorCode, 'INVALID_ID_FIELD');
    for (const id of ['01t999999999999AAA', '0ZG999999999999AAA', '20Y999999999999AAA', '001000000000001AAA']) {
      const res = await s.get(seo(id));
      assert.equal(res.status, 404, id);
      assert.equal(errorOf(res).errorCode, 'NOT_FOUND');
    }
  });
});

describe('SEO properties: the public origin', () => {
  test('PUBLIC_URL, when set, makes the canonical and hreflang URLs', async () => {
    const other = await startTestServer({ shareDatabaseOf: s, publicUrl: 'https://shop.example.com/' });
    try {
      const p = await product('DS-00001');
      const res = await other.get(seo(p.id));
      assert.equal(res.body.canonicalUrl, `https://shop.example.com/product/${p.id}`);
      assert.ok(res.body.hrefLangUrls.every((h: { url: string }) => h.url === res.body.canonicalUrl));
    } finally {
      await other.close();
    }
  });
});
