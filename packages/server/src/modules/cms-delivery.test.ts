// The content-delivery API over real HTTP (issue 16): every parameter and every error of Connect REST "CMS
// Delivery Contents" / "Content", on the site and the channel paths alike, against the seeded demo content
// (seed/content.ts): who sees which copy (Draft only in preview), the publication window, paging, references.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cmsMediaPath, siteIdsOf } from '@store/core';
import {
  BASE,
  WEBSTORE_ID,
  errorOf,
  startTestServer,
  withGuestBrowsingOff,
  type Agent,
  type TestServer,
} from '../test-support/server.ts';
import { DEMO_USERS } from '../seed/access.ts';
import { DEMO_BANNER_HEADING, DEMO_CONTENT as K, DEMO_PAGE_TITLES } from '../seed/content.ts';

let s: TestServer;
let guest: Agent;
let buyer: Agent;
let admin: Agent;
let previewer: Agent;
const ids = siteIdsOf(WEBSTORE_ID);
const SITE = `/services/data/v65.0/connect/sites/${ids.siteId}/cms/delivery/contents`;
const CHANNEL = `/services/data/v65.0/connect/cms/delivery/channels/${ids.channelId}/contents`;
const FAMILIES = [
  ['site', SITE],
  ['channel', CHANNEL],
] as const;
/** Every demo item in the seller's creation order (the delivery order); the press page is the one Draft. */
const ALL_KEYS = Object.values(K);
const LIVE_KEYS = ALL_KEYS.filter((k) => k !== K.pressPage);

before(async () => {
  s = await startTestServer({ products: 20 });
  guest = s.agent();
  [buyer, admin, previewer] = await Promise.all([
    s.login(DEMO_USERS.buyer.email),
    s.login(DEMO_USERS.admin.email),
    s.login(DEMO_USERS.admin.email),
  ]);
  assert.equal((await previewer.patch(`${BASE}/session-context`, { isPreview: true })).status, 200);
});
after(() => s?.close());

const keysOf = (body: any): string[] => body.contents.map((c: { contentKey: string }) => c.contentKey);
const idOf = async (key: string) =>
  (await s.db.db.selectFrom('managed_content').select('id').where('content_key', '=', key).executeTakeFirstOrThrow())
    .id;

/** A 400 in the error shape, for each family. */
async function bad(query: string, pattern: RegExp, a: Agent = guest) {
  for (const [family, root] of FAMILIES) {
    const res = await a.get(`${root}${query}`);
    assert.equal(res.status, 400, `${family} ${query}: ${res.text}`);
    const e = errorOf(res);
    assert.equal(e.errorCode, 'INVALID_API_INPUT', query);
    assert.match(e.message, pattern, query);
  }
}

describe('the collection', () => {
  test('by default: the Live items in creation order, no bodies, references null, one page of 25', async () => {
    for (const [family, root] of FAMILIES) {
      const res = await guest.get(root);
      assert.equal(res.status, 200, family);
      assert.deepEqual(keysOf(res.body), LIVE_KEYS, family);
      assert.equal(res.body.total, LIVE_KEYS.length);
      assert.equal(res.body.page, 0);
      assert.equal(res.body.pageSize, 25);
      assert.equal(res.body.nextPageUrl, null);
      assert.equal(res.body.currentPageUrl, `${root}?page=0`);
      for (const doc of res.body.contents) {
        assert.equal(doc.contentBody, undefined, doc.contentKey);
        assert.equal(doc.references, null);
        assert.equal(doc.status, 'Live');
        assert.equal(doc.language, 'en_US');
        assert.match(doc.managedContentId, /^20Y/);
        assert.ok(doc.publishedDate && !Number.isNaN(Date.parse(doc.publishedDate)));
      }
      const home = res.body.contents.find((d: { contentKey: string }) => d.contentKey === K.homePage);
      assert.deepEqual(home.contentType, {
        fullyQualifiedName: 'dd__pageLayout',
        name: 'dd__pageLayout',
        label: 'Page layout',
      });
      assert.equal(home.urlName, 'home');
      const image = res.body.contents.find((d: { contentKey: string }) => d.contentKey === K.heroImage);
      assert.equal(image.unauthenticatedUrl, cmsMediaPath(K.heroImage));
      // A live answer to a guest may be kept briefly, by shared caches too.
      assert.equal(res.headers.get('cache-control'), 'public, max-age=60');
    }
    const asBuyer = await buyer.get(SITE);
    assert.equal(asBuyer.headers.get('cache-control'), 'private, max-age=60');
    assert.deepEqual(keysOf(asBuyer.body), LIVE_KEYS);
  });

  test('contentKeys: a comma list or repeated parameters name the items; at most 50, each a content key', async () => {
    for (const [, root] of FAMILIES) {
      assert.deepEqual(keysOf((await guest.get(`${root}?contentKeys=${K.homeBanner},${K.heroImage}`)).body), [
        K.heroImage,
        K.homeBanner,
      ]);
      assert.deepEqual(
        keysOf((await guest.get(`${root}?contentKeys=${K.aboutPage}&contentKeys=${K.qualityPage}`)).body),
        [K.aboutPage, K.qualityPage],
      );
      // A key of nothing, or of a Draft, names nothing for a shopper.
      const none = await guest.get(`${root}?contentKeys=MCZZZZZZ00000000000000000000,${K.pressPage}`);
      assert.equal(none.status, 200);
      assert.deepEqual(none.body.contents, []);
      assert.equal(none.body.total, 0);
    }
    const fifty = Array.from({ length: 50 }, (_, i) => `MCAAAAAA${String(i).padStart(20, '0')}`);
    assert.equal((await guest.get(`${SITE}?contentKeys=${fifty.join(',')}`)).status, 200);
    await bad(`?contentKeys=${[...fifty, K.homePage].join(',')}`, /At most 50 contentKeys/);
    await bad('?contentKeys=not-a-key', /isn't a content key/);
    await bad(`?contentKeys=${K.homePage.toLowerCase()}`, /isn't a content key/);
  });

  test('managedContentIds: 18- and 15-character ids name the items; at most 100, each a content id', async () => {
    const [about, quality] = [await idOf(K.aboutPage), await idOf(K.qualityPage)];
    for (const [, root] of FAMILIES) {
      assert.deepEqual(keysOf((await guest.get(`${root}?managedContentIds=${about},${quality}`)).body), [
        K.aboutPage,
        K.qualityPage,
      ]);
      assert.deepEqual(keysOf((await guest.get(`${root}?managedContentIds=${about.slice(0, 15)}`)).body), [
        K.aboutPage,
      ]);
      // Keys and ids together: the items matching either.
      assert.deepEqual(
        keysOf((await guest.get(`${root}?managedContentIds=${about}&contentKeys=${K.heroImage}`)).body),
        [K.heroImage, K.aboutPage],
      );
    }
    const hundred = Array.from({ length: 100 }, (_, i) => `20Y${String(900 + i).padStart(12, '0')}AAA`);
    assert.equal((await guest.get(`${SITE}?managedContentIds=${hundred.join(',')}`)).status, 200);
    await bad(`?managedContentIds=${[...hundred, about].join(',')}`, /At most 100 managedContentIds/);
    await bad('?managedContentIds=01t000000000001AAA', /isn't a managed content id/);
    await bad('?managedContentIds=20Y000', /isn't a managed content id/);
  });

  test('contentTypeFQN: only items of the type; an unknown type is bad input', async () => {
    for (const [, root] of FAMILIES) {
      const pages = await guest.get(`${root}?contentTypeFQN=dd__pageLayout`);
      assert.deepEqual(keysOf(pages.body), [K.homePage, K.aboutPage, K.qualityPage, K.licencePage]);
      const images = await guest.get(`${root}?contentTypeFQN=sfdc_cms__image`);
      assert.equal(images.body.total, 5);
      for (const doc of images.body.contents) assert.equal(doc.unauthenticatedUrl, cmsMediaPath(doc.contentKey));
      const banners = await guest.get(`${root}?contentTypeFQN=dd__banner&includeContentBody=true`);
      assert.equal(banners.body.contents[0].contentBody.heading, DEMO_BANNER_HEADING);
    }
    await bad('?contentTypeFQN=cms_document', /isn't a content type/);
    await bad('?contentTypeFQN=', /isn't a content type/);
  });

  test('page and pageSize: pages follow one another, with nextPageUrl until the last', async () => {
    for (const [, root] of FAMILIES) {
      const seen: string[] = [];
      let url: string | null = `${root}?pageSize=4`;
      let pages = 0;
      while (url) {
        const res = await guest.get(url);
        assert.equal(res.status, 200, url);
        assert.equal(res.body.pageSize, 4);
        assert.equal(res.body.page, pages);
        assert.equal(res.body.total, LIVE_KEYS.length);
        assert.ok(res.body.contents.length <= 4);
        seen.push(...keysOf(res.body));
        url = res.body.nextPageUrl;
        if (url) assert.equal(url, `${root}?pageSize=4&page=${pages + 1}`);
        pages++;
      }
      assert.deepEqual(seen, LIVE_KEYS);
      assert.equal(pages, Math.ceil(LIVE_KEYS.length / 4));
      const beyond = await guest.get(`${root}?page=9&pageSize=4`);
      assert.deepEqual(beyond.body.contents, []);
      assert.equal(beyond.body.total, LIVE_KEYS.length);
      assert.equal(beyond.body.nextPageUrl, null);
      assert.equal((await guest.get(`${root}?pageSize=250`)).status, 200);
      assert.equal((await guest.get(`${root}?pageSize=25&includeContentBody=true`)).status, 200);
      assert.equal((await guest.get(`${root}?pageSize=25&referenceDepth=3`)).status, 200);
    }
    await bad('?page=-1', /page/);
    await bad('?page=abc', /page/);
    await bad('?page=1.5', /page/);
    await bad('?pageSize=0', /pageSize must be from 1 to 250/);
    await bad('?pageSize=251', /pageSize must be from 1 to 250/);
    await bad('?pageSize=26&includeContentBody=true', /pageSize must be from 1 to 25 with includeContentBody/);
    await bad('?pageSize=26&referenceDepth=1', /pageSize must be from 1 to 25/);
    await bad('?pageSize=1e3', /pageSize/);
  });

  test('includeContentBody: bodies only when asked, as stored (rich text sanitised)', async () => {
    for (const [, root] of FAMILIES) {
      const off = await guest.get(`${root}?includeContentBody=false&contentTypeFQN=dd__richText`);
      for (const doc of off.body.contents) assert.equal(doc.contentBody, undefined);
      const on = await guest.get(`${root}?includeContentBody=true&contentTypeFQN=dd__richText`);
      assert.equal(on.body.total, 4);
      for (const doc of on.body.contents) {
        assert.match(doc.contentBody.html, /<h2>/);
        assert.match(doc.contentBody.html, /<(ul|ol)>/);
        assert.match(doc.contentBody.html, /<a href="[^"]+" rel="noopener">/);
        assert.doesNotMatch(doc.contentBody.html, /<script|on\w+=/i);
      }
      const image = await guest.get(`${root}?includeContentBody=TRUE&contentKeys=${K.heroImage}`);
      assert.deepEqual(image.body.contents[0].contentBody.source, {
        url: cmsMediaPath(K.heroImage),
        mimeType: 'image/png',
        width: 1920,
        height: 640,
      });
    }
    await bad('?includeContentBody=yes', /includeContentBody/);
  });

  test('referenceDepth: 0 gives null, each level nests the referenced items with their own references', async () => {
    for (const [, root] of FAMILIES) {
      const zero = await guest.get(`${root}?contentKeys=${K.homePage}&referenceDepth=0`);
      assert.equal(zero.body.contents[0].references, null);
      const one = await guest.get(`${root}?contentKeys=${K.homePage}&referenceDepth=1`);
      const refs = one.body.contents[0].references;
      // Every content key in the body: blocks placed by key and the button's managed-content page reference.
      assert.deepEqual(
        Object.keys(refs).sort(),
        [K.homeBanner, K.featuredCollection, K.homeRichText, K.qualityPage].sort(),
      );
      assert.equal(refs[K.homeBanner].contentBody.heading, DEMO_BANNER_HEADING);
      assert.equal(refs[K.homeBanner].references, null);
      // Without includeContentBody the page itself has no body; its references do (expandReferences).
      assert.equal(one.body.contents[0].contentBody, undefined);
      const two = await guest.get(`${root}?contentKeys=${K.homePage}&referenceDepth=2`);
      const hero = two.body.contents[0].references[K.homeBanner].references[K.heroImage];
      assert.equal(hero.unauthenticatedUrl, cmsMediaPath(K.heroImage));
      assert.equal(hero.references, null);
      // The About page's section background: all three variants are referenced.
      const about = await guest.get(`${root}?contentKeys=${K.aboutPage}&referenceDepth=1`);
      for (const k of [K.aboutBackgroundDesktop, K.aboutBackgroundTablet, K.aboutBackgroundMobile, K.aboutRichText])
        assert.ok(about.body.contents[0].references[k], k);
      const bare = await guest.get(`${root}?contentKeys=${K.homePage}&referenceDepth=1&expandReferences=false`);
      assert.equal(bare.body.contents[0].references[K.homeBanner].contentBody, undefined);
      assert.equal(bare.body.contents[0].references[K.homeBanner].title, 'Home banner');
    }
    await bad('?referenceDepth=4', /referenceDepth must be from 0 to 3/);
    await bad('?referenceDepth=-1', /referenceDepth/);
  });

  test('publishStartDate and publishEndDate filter on the published date; malformed dates are bad input', async () => {
    const rows = await s.db.db
      .selectFrom('managed_content')
      .select(['content_key', 'published_at'])
      .where('published_at', 'is not', null)
      .orderBy('created_at')
      .execute();
    const third = rows[2]!.published_at!;
    const fifth = rows[4]!.published_at!;
    for (const [, root] of FAMILIES) {
      const from = await guest.get(`${root}?publishStartDate=${encodeURIComponent(third)}`);
      assert.deepEqual(keysOf(from.body), LIVE_KEYS.slice(2));
      const until = await guest.get(`${root}?publishEndDate=${encodeURIComponent(fifth)}`);
      assert.deepEqual(keysOf(until.body), LIVE_KEYS.slice(0, 5));
      const both = await guest.get(
        `${root}?publishStartDate=${encodeURIComponent(third)}&publishEndDate=${encodeURIComponent(fifth)}`,
      );
      assert.deepEqual(keysOf(both.body), LIVE_KEYS.slice(2, 5));
      assert.equal((await guest.get(`${root}?publishStartDate=2030-01-01`)).body.total, 0);
    }
    await bad('?publishStartDate=yesterday', /publishStartDate/);
    await bad('?publishEndDate=2026-13-45', /publishEndDate/);
    await bad('?publishEndDate=2026-02-30T25:00:00Z', /publishEndDate/);
  });

  test('language: content exists in en_US, which answers any language; a malformed tag is bad input', async () => {
    for (const [, root] of FAMILIES) {
      const fr = await guest.get(`${root}?language=fr_FR&contentKeys=${K.aboutPage}`);
      assert.equal(fr.status, 200);
      assert.equal(fr.body.contents[0].language, 'en_US');
      assert.equal(fr.body.contents[0].title, DEMO_PAGE_TITLES.about);
    }
    await bad('?language=%3Cscript%3E', /language/);
  });
});

describe('one item', () => {
  test('by content key or managed content id (18 or 15 characters): always with its body', async () => {
    const id = await idOf(K.licencePage);
    for (const [, root] of FAMILIES) {
      for (const keyOrId of [K.licencePage, id, id.slice(0, 15)]) {
        const res = await guest.get(`${root}/${keyOrId}`);
        assert.equal(res.status, 200, keyOrId);
        assert.equal(res.body.contentKey, K.licencePage);
        assert.equal(res.body.managedContentId, id);
        assert.equal(res.body.title, 'Licence terms');
        assert.equal(res.body.urlName, 'licence-terms');
        assert.equal(res.body.status, 'Live');
        assert.ok(Array.isArray(res.body.contentBody.sections));
        assert.equal(res.body.references, null);
        assert.equal(res.headers.get('cache-control'), 'public, max-age=60');
      }
    }
  });

  test('referenceDepth, referencesAsList, expandReferences, showAbsoluteUrl and language', async () => {
    for (const [, root] of FAMILIES) {
      const map = await guest.get(`${root}/${K.homeBanner}?referenceDepth=1`);
      assert.equal(map.body.references[K.heroImage].contentBody.altText.length > 0, true);
      const list = await guest.get(`${root}/${K.homePage}?referenceDepth=2&referencesAsList=true`);
      assert.equal(list.body.references, undefined);
      assert.deepEqual(
        list.body.referencesList.map((d: { contentKey: string }) => d.contentKey).sort(),
        [K.homeBanner, K.featuredCollection, K.homeRichText, K.qualityPage].sort(),
      );
      const banner = list.body.referencesList.find((d: { contentKey: string }) => d.contentKey === K.homeBanner);
      assert.deepEqual(
        banner.referencesList.map((d: { contentKey: string }) => d.contentKey),
        [K.heroImage],
      );
      const bare = await guest.get(`${root}/${K.homeBanner}?referenceDepth=1&expandReferences=false`);
      assert.equal(bare.body.references[K.heroImage].contentBody, undefined);
      assert.ok(bare.body.contentBody, 'the item itself keeps its body');
      const relative = await guest.get(`${root}/${K.heroImage}`);
      assert.equal(relative.body.unauthenticatedUrl, cmsMediaPath(K.heroImage));
      const absolute = await guest.get(`${root}/${K.heroImage}?showAbsoluteUrl=true`);
      assert.equal(absolute.body.unauthenticatedUrl, `${s.url}${cmsMediaPath(K.heroImage)}`);
      const fr = await guest.get(`${root}/${K.heroImage}?language=de`);
      assert.equal(fr.body.language, 'en_US');
    }
  });

  test('unknown items are 404; what is neither a key nor an id, and bad parameters, are 400', async () => {
    for (const [family, root] of FAMILIES) {
      for (const unknown of ['MCZZZZZZ00000000000000000000', '20Y000000009999AAA']) {
        const res = await guest.get(`${root}/${unknown}`);
        assert.equal(res.status, 404, `${family} ${unknown}`);
        assert.equal(errorOf(res).errorCode, 'NOT_FOUND');
      }
      for (const malformed of ['home', '01t000000000001AAA', 'MC123', `${K.homePage}X`]) {
        const res = await guest.get(`${root}/${malformed}`);
        assert.equal(res.status, 400, `${family} ${malformed}`);
        assert.equal(errorOf(res).errorCode, 'INVALID_API_INPUT');
      }
      for (const q of ['referenceDepth=4', 'referenceDepth=x', 'referencesAsList=maybe', 'showAbsoluteUrl=1']) {
        const res = await guest.get(`${root}/${K.homePage}?${q}`);
        assert.equal(res.status, 400, q);
        assert.equal(errorOf(res).errorCode, 'INVALID_API_INPUT');
      }
    }
  });
});

describe('sites and channels', () => {
  test('an unknown or malformed site or channel is 404 in the error shape', async () => {
    const roots = [
      '/services/data/v65.0/connect/sites/0DM000000000009AAA/cms/delivery/contents',
      '/services/data/v65.0/connect/sites/0ZE000000000001AAA/cms/delivery/contents',
      '/services/data/v65.0/connect/sites/0ap000000000001AAA/cms/delivery/contents',
      '/services/data/v65.0/connect/sites/abc/cms/delivery/contents',
      '/services/data/v65.0/connect/cms/delivery/channels/0ap000000000009AAA/contents',
      '/services/data/v65.0/connect/cms/delivery/channels/0DM000000000001AAA/contents',
      '/services/data/v65.0/connect/cms/delivery/channels/0ap0000000000!!AAA/contents',
    ];
    for (const root of roots)
      for (const path of [root, `${root}/${K.homePage}`]) {
        const res = await guest.get(path);
        assert.equal(res.status, 404, path);
        assert.equal(errorOf(res).errorCode, 'NOT_FOUND');
        assert.match(errorOf(res).message, /The (site|channel) .* doesn't exist/);
      }
    // The 15-character form names the same site.
    assert.equal((await guest.get(`${SITE.replace(ids.siteId, ids.siteId.slice(0, 15))}/${K.homePage}`)).status, 200);
  });

  test('the application context carries the site, channel and community ids', async () => {
    const ctx = await guest.api('/application-context');
    assert.deepEqual(ctx.body.siteIds, {
      siteId: '0DM000000000001AAA',
      channelId: '0ap000000000001AAA',
      communityId: '0DB000000000001AAA',
    });
  });

  test('a store closed to guests refuses them content as it refuses its catalogue (401); shoppers read on', async () => {
    await withGuestBrowsingOff(s, async () => {
      for (const [, root] of FAMILIES)
        for (const path of [root, `${root}/${K.homePage}`]) {
          const res = await s.agent().get(path);
          assert.equal(res.status, 401, path);
          assert.equal(errorOf(res).errorCode, 'INVALID_SESSION_ID');
          assert.equal((await buyer.get(path)).status, 200);
        }
    });
  });
});

describe('Draft and Live', () => {
  test('a Draft is not found for a guest, a buyer and an administrator not previewing', async () => {
    const id = await idOf(K.pressPage);
    for (const [name, a] of [
      ['guest', guest],
      ['buyer', buyer],
      ['administrator', admin],
    ] as const)
      for (const [family, root] of FAMILIES) {
        for (const keyOrId of [K.pressPage, id]) {
          const res = await a.get(`${root}/${keyOrId}`);
          assert.equal(res.status, 404, `${name} ${family} ${keyOrId}`);
          assert.equal(errorOf(res).errorCode, 'NOT_FOUND');
        }
        const list = await a.get(`${root}?contentTypeFQN=dd__pageLayout`);
        assert.ok(!keysOf(list.body).includes(K.pressPage), `${name} ${family}`);
        // Preview is the server's decision: a browser asking for it changes nothing.
        const asked = await a.get(`${root}/${K.pressPage}?isPreview=true&preview=true&status=Draft`);
        assert.equal(asked.status, 404);
      }
    // An administrator's answers are never kept: preview is switched without a new cookie.
    assert.equal((await admin.get(`${SITE}/${K.homePage}`)).headers.get('cache-control'), 'private, no-store');
  });

  test('a previewing administrator gets every working copy, the Draft with status Draft and no publish date', async () => {
    for (const [, root] of FAMILIES) {
      const all = await previewer.get(root);
      assert.deepEqual(keysOf(all.body), ALL_KEYS);
      assert.equal(all.headers.get('cache-control'), 'private, no-store');
      const press = await previewer.get(`${root}/${K.pressPage}`);
      assert.equal(press.status, 200);
      assert.equal(press.body.status, 'Draft');
      assert.equal(press.body.publishedDate, null);
      assert.equal(press.body.title, 'Press');
      assert.equal(press.headers.get('cache-control'), 'private, no-store');
      const about = await previewer.get(`${root}/${K.aboutPage}`);
      assert.equal(about.body.status, 'Live');
    }
  });

  test('a changed item: shoppers keep the live copy, preview shows the working copy as Draft', async () => {
    await s.db.db
      .updateTable('managed_content')
      .set({ title: 'About us (new)', url_name: 'about-us' })
      .where('content_key', '=', K.aboutPage)
      .execute();
    try {
      for (const [, root] of FAMILIES) {
        const shopper = await guest.get(`${root}/${K.aboutPage}`);
        assert.equal(shopper.body.title, DEMO_PAGE_TITLES.about);
        assert.equal(shopper.body.urlName, 'about');
        assert.equal(shopper.body.status, 'Live');
        const preview = await previewer.get(`${root}/${K.aboutPage}`);
        assert.equal(preview.body.title, 'About us (new)');
        assert.equal(preview.body.urlName, 'about-us');
        assert.equal(preview.body.status, 'Draft');
        assert.equal(preview.body.publishedDate, null);
      }
    } finally {
      await s.db.db
        .updateTable('managed_content')
        .set({ title: DEMO_PAGE_TITLES.about, url_name: 'about' })
        .where('content_key', '=', K.aboutPage)
        .execute();
    }
  });

  test('the publication window: before its start and from its end shoppers do not see the item', async () => {
    const hour = 3600_000;
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const windows: Array<[string, string | null, string | null, boolean]> = [
      ['starts in an hour', at(hour), null, false],
      ['ended an hour ago', null, at(-hour), false],
      ['open now', at(-hour), at(hour), true],
      ['started an hour ago', at(-hour), null, true],
    ];
    try {
      for (const [what, start, end, visible] of windows) {
        await s.db.db
          .updateTable('managed_content')
          .set({ publish_start_at: start, publish_end_at: end })
          .where('content_key', '=', K.licencePage)
          .execute();
        for (const [, root] of FAMILIES) {
          assert.equal((await guest.get(`${root}/${K.licencePage}`)).status, visible ? 200 : 404, what);
          assert.equal((await buyer.get(`${root}/${K.licencePage}`)).status, visible ? 200 : 404, what);
          assert.equal(keysOf((await guest.get(root)).body).includes(K.licencePage), visible, what);
          // A reference to an item outside its window is left out, as if it did not exist.
          assert.equal((await previewer.get(`${root}/${K.licencePage}`)).status, 200, what);
        }
      }
      // A page referring to an invisible item: the reference is left out for shoppers.
      await s.db.db
        .updateTable('managed_content')
        .set({ publish_start_at: at(hour), publish_end_at: null })
        .where('content_key', '=', K.heroImage)
        .execute();
      const banner = await guest.get(`${SITE}/${K.homeBanner}?referenceDepth=1`);
      assert.deepEqual(banner.body.references, {});
      const preview = await previewer.get(`${SITE}/${K.homeBanner}?referenceDepth=1`);
      assert.ok(preview.body.references[K.heroImage]);
    } finally {
      await s.db.db
        .updateTable('managed_content')
        .set({ publish_start_at: null, publish_end_at: null })
        .where('content_key', 'in', [K.licencePage, K.heroImage])
        .execute();
    }
  });
});
