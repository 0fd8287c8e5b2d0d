// Content images over real HTTP (issue 16): the CMS media path and the file-asset path answer an image item's
// original bytes and WebP renditions at exactly the store's widths; other widths are refused in the error
// shape before anything is made; the delivery API's visibility rule decides who sees an image (Draft only in
// an administrator's preview, the publication window), and a refused image answers as an unknown one; and
// the image provider's SrcSet candidates, fetched from this server, decode at the widths they state.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { CONTENT_TYPES, cmsMediaPath, parseSrcSet, RESIZED_IMAGE_WIDTHS, siteIdsOf } from '@store/core';
import { createCommerceClient, type FetchSiteContents, getImageData } from '@store/client';
import {
  BASE,
  errorOf,
  startTestServer,
  WEBSTORE_ID,
  withGuestBrowsingOff,
  type Agent,
  type TestServer,
} from '../test-support/server.ts';
import { type InsertedImage, insertContentItem, insertImageItem } from '../test-support/content.ts';
import { decodedImage, fetchImage, filesUnder } from '../test-support/images.ts';
import { DEMO_USERS } from '../seed/access.ts';
import { DEMO_CONTENT } from '../seed/content.ts';

let s: TestServer;
let hero: InsertedImage;
let admin: Agent;
let previewer: Agent;
let buyer: Agent;

before(async () => {
  s = await startTestServer({ products: 20 });
  hero = await insertImageItem(s.db.db, { status: 'Live', width: 2400, height: 1200, altText: 'A hero' });
  [admin, previewer, buyer] = await Promise.all([
    s.login(DEMO_USERS.admin.email),
    s.login(DEMO_USERS.admin.email),
    s.login(DEMO_USERS.buyer.email),
  ]);
  assert.equal((await previewer.patch(`${BASE}/session-context`, { isPreview: true })).status, 200);
});
after(async () => {
  await s?.close();
});

const image = (p: string, a?: Agent, headers?: Record<string, string>) => fetchImage(s.url, p, a, headers);
const decoded = decodedImage;

const fileAsset = (name: string) => `/sfsites/c/file-asset/${name}`;
const UNKNOWN_KEY = `MC${'Z'.repeat(26)}`;

describe('the CMS media path', () => {
  test('the original: the stored bytes and type; every store width: a WebP of exactly that width', async () => {
    const original = await image(cmsMediaPath(hero.contentKey));
    assert.equal(original.status, 200);
    assert.equal(original.headers.get('content-type'), 'image/png');
    assert.deepEqual(original.bytes, hero.bytes);
    for (const width of RESIZED_IMAGE_WIDTHS) {
      const res = await image(`${cmsMediaPath(hero.contentKey)}?width=${width}`);
      assert.equal(res.status, 200, `${width}`);
      assert.equal(res.headers.get('content-type'), 'image/webp');
      const img = await decoded(res.bytes);
      assert.equal(img.format, 'webp');
      assert.equal(img.width, width, `${width}: the decoded width`);
      assert.equal(img.height, width / 2, `${width}: proportions kept`);
    }
    // The same image by its url name (file-asset), `v` as the platform's expressions write it.
    const byName = await image(`${fileAsset(hero.urlName)}?v=1&width=640`);
    assert.equal(byName.status, 200);
    assert.equal((await decoded(byName.bytes)).width, 640);
    assert.deepEqual((await image(fileAsset(hero.urlName))).bytes, hero.bytes);
  });

  test('never enlarged: a small image asked for wider answers at its own width', async () => {
    const small = await insertImageItem(s.db.db, { status: 'Live', width: 300, height: 200, format: 'jpeg' });
    const res = await image(`${cmsMediaPath(small.contentKey)}?width=1920`);
    assert.equal(res.status, 200);
    assert.equal((await decoded(res.bytes)).width, 300);
    const original = await image(cmsMediaPath(small.contentKey));
    assert.equal(original.headers.get('content-type'), 'image/jpeg');
  });

  test('other widths, keys and names are refused in the error shape, and nothing is made', async () => {
    const made = filesUnder(s.imageCache).length;
    const media = cmsMediaPath(hero.contentKey);
    for (const bad of [
      `${media}?width=99`,
      `${media}?width=0`,
      `${media}?width=641`,
      `${media}?width=3840`,
      `${media}?width=0640`,
      `${media}?width=640.5`,
      `${media}?width=-640`,
      `${media}?width=abc`,
      `${media}?width=`,
      `${media}?v=not%20a%20version`,
      `${fileAsset(hero.urlName)}?width=50`,
      cmsMediaPath('mc0000'),
      cmsMediaPath(`MC${'A'.repeat(27)}`),
      cmsMediaPath(hero.contentKey.toLowerCase()),
      fileAsset('-starts-with-a-dash'),
      fileAsset('x'.repeat(81)),
      fileAsset('has.dot'),
    ]) {
      const res = await s.get(bad);
      assert.equal(res.status, 400, `${bad}: ${res.text}`);
      assert.equal(errorOf(res).errorCode, 'INVALID_API_INPUT', bad);
    }
    assert.match(errorOf(await s.get(`${media}?width=641`)).message, /100, 320, 640, 960, 1920/);
    assert.equal(filesUnder(s.imageCache).length, made, 'no rendition made for a refused request');
  });

  test('an unknown key or name, and an item that is not an image, are 404 NOT_FOUND', async () => {
    const banner = await insertContentItem(s.db.db, {
      type: CONTENT_TYPES.banner,
      status: 'Live',
      body: { heading: 'Hi' },
    });
    const unknown = await s.get(cmsMediaPath(UNKNOWN_KEY));
    assert.equal(unknown.status, 404);
    assert.equal(errorOf(unknown).errorCode, 'NOT_FOUND');
    for (const p of [
      `${cmsMediaPath(UNKNOWN_KEY)}?width=640`,
      cmsMediaPath(banner.contentKey),
      fileAsset('no-such-image'),
      fileAsset(banner.urlName),
    ]) {
      const res = await s.get(p);
      assert.equal(res.status, 404, p);
      assert.equal(res.text, unknown.text, `${p}: the same answer as an unknown image`);
    }
    // An image item whose bytes were never uploaded has nothing to show.
    const bare = await insertContentItem(s.db.db, { status: 'Live' });
    assert.equal((await s.get(cmsMediaPath(bare.contentKey))).status, 404);
  });

  test("an image of another store is not this store's", async () => {
    const other = await insertImageItem(s.db.db, {
      status: 'Live',
      width: 200,
      height: 100,
      webstoreId: '0ZE000000000002AAA',
    });
    assert.equal((await s.get(cmsMediaPath(other.contentKey))).status, 404);
    assert.equal((await image(cmsMediaPath(other.contentKey), previewer)).status, 404);
  });
});

describe('who sees an image: the delivery rule', () => {
  test('a Draft image: 404 for a guest, a buyer and an administrator not previewing; 200 (never cached) in preview', async () => {
    const draft = await insertImageItem(s.db.db, { status: 'Draft', width: 1000, height: 500 });
    const unknown = await s.get(cmsMediaPath(UNKNOWN_KEY));
    for (const [who, a] of [
      ['guest', s.agent()],
      ['buyer', buyer],
      ['administrator', admin],
    ] as const) {
      for (const p of [cmsMediaPath(draft.contentKey), `${cmsMediaPath(draft.contentKey)}?width=640`]) {
        const res = await a.get(p);
        assert.equal(res.status, 404, `${who}: ${p}`);
        assert.equal(res.text, unknown.text, `${who}: told as an unknown image`);
      }
      assert.equal((await a.get(fileAsset(draft.urlName))).status, 404, `${who}: by name`);
    }
    for (const p of [
      cmsMediaPath(draft.contentKey),
      `${cmsMediaPath(draft.contentKey)}?width=960`,
      fileAsset(draft.urlName),
    ]) {
      const res = await image(p, previewer);
      assert.equal(res.status, 200, `preview: ${p}`);
      assert.equal(res.headers.get('cache-control'), 'private, no-store', `preview: ${p}`);
    }
    // Preview is the session's own flag: a query or header from the browser opens nothing.
    for (const p of [`${cmsMediaPath(draft.contentKey)}?isPreview=true`, `${cmsMediaPath(draft.contentKey)}?preview=1`])
      assert.equal((await admin.get(p)).status, 404, p);
  });

  test('the publication window: not yet started and already ended are 404; an open one caps the cache at its end', async () => {
    const hour = 3600_000;
    const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
    const future = await insertImageItem(s.db.db, {
      status: 'Live',
      width: 200,
      height: 100,
      publishStartAt: iso(hour),
    });
    const ended = await insertImageItem(s.db.db, { status: 'Live', width: 200, height: 100, publishEndAt: iso(-1000) });
    const open = await insertImageItem(s.db.db, {
      status: 'Live',
      width: 200,
      height: 100,
      publishStartAt: iso(-hour),
      publishEndAt: iso(10 * 60_000),
    });
    for (const item of [future, ended]) {
      assert.equal((await s.get(cmsMediaPath(item.contentKey))).status, 404);
      assert.equal((await s.get(fileAsset(item.urlName))).status, 404);
      assert.equal((await image(cmsMediaPath(item.contentKey), previewer)).status, 200, 'preview sees it');
    }
    const res = await image(`${cmsMediaPath(open.contentKey)}?v=${open.version}`);
    assert.equal(res.status, 200);
    const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1]);
    assert.ok(maxAge > 0 && maxAge <= 600, `kept at most until the window ends: ${res.headers.get('cache-control')}`);
    assert.doesNotMatch(res.headers.get('cache-control') ?? '', /immutable/);
  });

  test('a published image edited since: shoppers find it by its live url name, preview by the working one', async () => {
    const changed = await insertImageItem(s.db.db, {
      status: 'Changed',
      width: 200,
      height: 100,
      urlName: 'renamed-picture',
      liveUrlName: 'published-picture',
    });
    assert.equal((await s.get(fileAsset('published-picture'))).status, 200);
    assert.equal((await s.get(fileAsset('renamed-picture'))).status, 404);
    assert.equal((await image(fileAsset('renamed-picture'), previewer)).status, 200);
    assert.equal((await image(fileAsset('published-picture'), previewer)).status, 404);
    assert.equal((await s.get(cmsMediaPath(changed.contentKey))).status, 200);
  });

  test('a store closed to guests asks its guests to log in, as its catalogue does; shoppers still see images', async () => {
    await withGuestBrowsingOff(s, async () => {
      const known = await s.get(cmsMediaPath(hero.contentKey));
      assert.equal(known.status, 401);
      assert.equal(known.text, (await s.get(cmsMediaPath(UNKNOWN_KEY))).text);
      assert.equal((await image(cmsMediaPath(hero.contentKey), buyer)).status, 200);
    });
  });
});

describe('caching', () => {
  test('a guest: public for an hour; at the current version, a year and immutable; a buyer: private', async () => {
    const media = cmsMediaPath(hero.contentKey);
    assert.equal((await image(media)).headers.get('cache-control'), 'public, max-age=3600');
    assert.equal((await image(`${media}?v=0123456789abcdef`)).headers.get('cache-control'), 'public, max-age=3600');
    const versioned = await image(`${media}?width=640&v=${hero.version}`);
    assert.equal(versioned.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    const mine = await image(`${media}?width=640`, buyer);
    assert.equal(mine.headers.get('cache-control'), 'private, max-age=3600');
    assert.match(mine.headers.get('vary') ?? '', /Cookie/i);
  });

  test('an ETag per rendition; If-None-Match with it answers 304 without the bytes', async () => {
    const media = cmsMediaPath(hero.contentKey);
    const a = await image(`${media}?width=640`);
    const b = await image(`${media}?width=960`);
    const o = await image(media);
    const tags = [a, b, o].map((r) => r.headers.get('etag'));
    assert.equal(new Set(tags).size, 3, tags.join(' '));
    const again = await image(`${media}?width=640`, undefined, { 'if-none-match': tags[0]! });
    assert.equal(again.status, 304);
    assert.equal(again.bytes.length, 0);
    for (const list of [`"old-640w", ${tags[0]}`, `W/${tags[0]}`, '*']) {
      const matched = await image(`${media}?width=640`, undefined, { 'if-none-match': list });
      assert.equal(matched.status, 304, list);
    }
    const stale = await image(`${media}?width=640`, undefined, { 'if-none-match': '"old-640w"' });
    assert.equal(stale.status, 200);
    // A refused image gives no ETag to revalidate with.
    const draft = await insertImageItem(s.db.db, { status: 'Draft', width: 200, height: 100 });
    assert.equal((await image(cmsMediaPath(draft.contentKey))).headers.get('etag'), null);
  });

  test('a rendition is made once and kept on disk beside the product renditions', async () => {
    await image(`${cmsMediaPath(hero.contentKey)}?width=320`);
    const files = filesUnder(path.join(s.imageCache, 'cms', hero.contentKey));
    assert.ok(files.includes(`320-${hero.version}.webp`), files.join(', '));
  });
});

/**
 * The client's site content delivery call (getSiteContents) against a server, as a page makes it: with the
 * caller's cookies when an agent is given (a previewing administrator's session decides what it sees).
 */
function deliveryOf(origin: string, a?: Agent): FetchSiteContents {
  const client = createCommerceClient({
    baseUrl: origin,
    webstoreId: WEBSTORE_ID,
    fetch: (url, init) =>
      fetch(url, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), ...(a ? { cookie: a.cookieHeader() } : {}) },
      }),
  });
  return (siteId, query) => client.getSiteContents(siteId, query);
}

const SITE = siteIdsOf(WEBSTORE_ID).siteId;

describe('the image provider against this server', () => {
  test('every candidate of a provider SrcSet decodes at its stated width; Url and RawUrl answer', async () => {
    const mid = await insertImageItem(s.db.db, { status: 'Live', width: 1200, height: 900 });
    const one = await insertImageItem(s.db.db, { status: 'Live', width: 700, height: 700, altText: 'One width' });
    const items = [hero, mid, one];
    const warnings: string[] = [];
    const data = await getImageData(
      deliveryOf(s.url),
      SITE,
      items.map((i) => i.contentKey),
      { warn: (m) => warnings.push(m) },
    );
    assert.deepEqual(warnings, []);
    let checked = 0;
    for (const item of items) {
      const d = data[item.contentKey]!;
      assert.ok(d, `${item.contentKey}: image data`);
      assert.equal(d.AltText, item.body.altText);
      assert.equal(d.ContentKey, item.contentKey);
      const candidates = parseSrcSet(d.SrcSet);
      assert.ok(candidates, `${item.contentKey}: a valid srcset: ${d.SrcSet}`);
      for (const c of candidates) {
        const res = await image(c.url);
        assert.equal(res.status, 200, c.url);
        const { width } = await decoded(res.bytes);
        // A width descriptor states the decoded width; the one-candidate density form is the 640 rendition.
        assert.equal(width, c.width ?? 640, `${c.url}: decodes at its stated width`);
        checked++;
      }
      assert.equal((await image(d.Url)).status, 200, d.Url);
      assert.deepEqual((await image(d.RawUrl)).bytes, item.bytes, 'RawUrl: the original bytes');
    }
    assert.equal(checked, 3 + 2 + 1);
  });

  test("the demo store's images: every SrcSet candidate decodes at its stated width", async () => {
    const keys = Object.values(DEMO_CONTENT);
    const data = await getImageData(deliveryOf(s.url), SITE, keys, { warn: (m) => assert.fail(m) });
    const images = Object.values(data);
    assert.ok(images.length >= 4, `the demo's images: ${Object.keys(data).join(', ')}`);
    for (const d of images) {
      for (const c of parseSrcSet(d.SrcSet)!) {
        const res = await image(c.url);
        assert.equal(res.status, 200, c.url);
        if (c.width) assert.equal((await decoded(res.bytes)).width, c.width, c.url);
      }
    }
  });

  test('a Draft image: image data in preview only, as the delivery API decides', async () => {
    const draft = await insertImageItem(s.db.db, { status: 'Draft', width: 1000, height: 500 });
    assert.deepEqual(await getImageData(deliveryOf(s.url), SITE, [draft.contentKey]), {}, 'a guest gets none');
    assert.deepEqual(
      await getImageData(deliveryOf(s.url, admin), SITE, [draft.contentKey]),
      {},
      'nor an admin not previewing',
    );
    const seen = await getImageData(deliveryOf(s.url, previewer), SITE, [draft.contentKey]);
    const d = seen[draft.contentKey]!;
    assert.ok(d, 'the previewing administrator gets it');
    for (const c of parseSrcSet(d.SrcSet)!) {
      const res = await image(c.url, previewer);
      assert.equal(res.status, 200, c.url);
      assert.equal((await decoded(res.bytes)).width, c.width);
    }
  });

  test('a delivery call the server refuses (404): a warning naming the keys and the site; the media paths still serve', async () => {
    const warnings: string[] = [];
    // A site id of no store: the delivery API answers 404.
    const site = siteIdsOf('0ZE000000000999AAA').siteId;
    const data = await getImageData(deliveryOf(s.url), site, [hero.contentKey, UNKNOWN_KEY], {
      warn: (m) => warnings.push(m),
    });
    assert.equal(warnings.length, 1);
    assert.ok(warnings[0]!.includes(hero.contentKey) && warnings[0]!.includes(UNKNOWN_KEY), warnings[0]);
    assert.ok(warnings[0]!.includes(site), warnings[0]);
    assert.match(warnings[0]!, /Not Found/, 'the status text the delivery call failed with');
    assert.equal(data[hero.contentKey]!.Url, cmsMediaPath(hero.contentKey));
    const served = await image(data[hero.contentKey]!.Url);
    assert.equal(served.status, 200, 'the fallback path serves the live image');
    assert.deepEqual(served.bytes, hero.bytes);
  });

  test('a site id the client refuses before any request, and a server that cannot be reached: the same fallback, never a throw', async () => {
    const gone = await startTestServer({ shareDatabaseOf: s });
    const origin = gone.url;
    await gone.close();
    for (const [site, delivery, why] of [
      [SITE, deliveryOf(origin), /fetch failed|ECONNREFUSED|Failed/i],
      ['', deliveryOf(s.url), /siteId/],
      ['0ap000000000001AAA', deliveryOf(s.url), /0DM/],
    ] as const) {
      const warnings: string[] = [];
      const data = await getImageData(delivery, site, [hero.contentKey], { warn: (m) => warnings.push(m) });
      assert.equal(warnings.length, 1, `${site}: one warning`);
      assert.ok(warnings[0]!.includes(hero.contentKey) && warnings[0]!.includes(`site ${site}`), warnings[0]);
      assert.match(warnings[0]!, why);
      assert.equal(data[hero.contentKey]!.RawUrl, cmsMediaPath(hero.contentKey));
    }
  });
});
