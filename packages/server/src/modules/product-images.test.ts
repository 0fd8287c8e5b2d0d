// Resized product images over real HTTP: each of the store's widths answers a WebP of exactly that
// width, other widths are refused in the error shape before anything is made, the product's entitlement
// rules apply, versioned URLs are immutable, and renditions are kept on disk for every process sharing it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import {
  PAGE_IMAGE_WIDTHS,
  RESIZED_IMAGE_WIDTHS,
  TILE_IMAGE_WIDTHS,
  parseSrcSet,
  productImageRef,
  productImageSrcSet,
} from '@store/core';
import { errorOf, startTestServer, type Agent, type TestServer } from '../test-support/server.ts';
import { DEMO_USERS, PARTNER_SKUS } from '../seed/access.ts';
import { decodedImage, fetchImage, filesUnder } from '../test-support/images.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s?.close();
});

const image = (p: string, a?: Agent) => fetchImage(s.url, p, a);
const decoded = decodedImage;

/** The product's image URLs as its detail answer gives them (Standard for the page, Listing for tiles). */
async function mediaUrls(sku: string, a?: Agent) {
  const res = await (a ?? s).api(`/products?skus=${sku}`);
  assert.equal(res.status, 200, res.text);
  const p = res.body.products[0];
  const url = (usage: string) =>
    p.mediaGroups.find((g: { usageType: string }) => g.usageType === usage).mediaItems[0].url as string;
  return { standard: url('Standard'), listing: url('Listing'), defaultImage: p.defaultImage.url as string };
}

describe('resized product images', () => {
  test('every store width answers a WebP of exactly that width, full size and thumbnail', async () => {
    for (const width of RESIZED_IMAGE_WIDTHS)
      for (const size of ['', '?size=thumb']) {
        const res = await image(`/media/products/DS-00001/${width}.webp${size}`);
        assert.equal(res.status, 200, `${width}${size}`);
        assert.equal(res.headers.get('content-type'), 'image/webp');
        const img = await decoded(res.bytes);
        assert.equal(img.format, 'webp');
        assert.equal(img.width, width, `${width}${size}: the decoded width`);
        assert.equal(img.height, width, 'the square tile keeps its proportions');
      }
  });

  test('the srcset built from the detail answer names renditions that answer with their widths', async () => {
    const { standard, listing, defaultImage } = await mediaUrls('DS-00002');
    assert.match(standard, /^\/media\/products\/DS-00002\.svg\?v=[0-9a-f]{16}$/);
    assert.match(listing, /^\/media\/products\/DS-00002\.svg\?size=thumb&v=[0-9a-f]{16}$/);
    assert.equal(defaultImage, standard);
    for (const [url, widths] of [
      [standard, PAGE_IMAGE_WIDTHS],
      [listing, TILE_IMAGE_WIDTHS],
    ] as const) {
      const candidates = parseSrcSet(productImageSrcSet(url, widths)!)!;
      assert.deepEqual(
        candidates.map((c) => c.width),
        [...widths],
      );
      for (const c of candidates) {
        const res = await image(c.url);
        assert.equal(res.status, 200, c.url);
        assert.equal((await decoded(res.bytes)).width, c.width, c.url);
      }
    }
  });

  test('other widths, formats and versions are refused in the error shape, and nothing is made', async () => {
    const before = filesUnder(s.imageCache).length;
    for (const bad of [
      '/media/products/DS-00001/641.webp',
      '/media/products/DS-00001/99.webp',
      '/media/products/DS-00001/0.webp',
      '/media/products/DS-00001/1921.webp',
      '/media/products/DS-00001/3840.webp',
      '/media/products/DS-00001/0640.webp',
      '/media/products/DS-00001/640.5.webp',
      '/media/products/DS-00001/-640.webp',
      '/media/products/DS-00001/abc.webp',
      '/media/products/DS-00001/640.webp?size=huge',
      '/media/products/DS-00001/640.webp?v=not-a-version',
      '/media/products/.DS-1/640.webp',
      '/media/products/DS%201/640.webp',
      `/media/products/${'D'.repeat(41)}/640.webp`,
    ]) {
      const res = await s.get(bad);
      assert.equal(res.status, 400, `${bad}: ${res.text}`);
      const err = errorOf(res);
      assert.equal(err.errorCode, 'INVALID_API_INPUT', bad);
    }
    const width = errorOf(await s.get('/media/products/DS-00001/641.webp'));
    assert.match(width.message, /100, 320, 640, 960, 1920/, 'the message names the widths there are');
    // A well-formed SKU that names no product (SKUs are exact: ds-00001 is not DS-00001) is a 404.
    for (const unknown of ['/media/products/ds-00001/640.webp', '/media/products/DS-1/640.webp'])
      assert.equal((await s.get(unknown)).status, 404, unknown);
    assert.equal(filesUnder(s.imageCache).length, before, 'no rendition was made for a refused request');
  });

  test('an unknown, inactive or not-entitled product is the same 404 as an unknown SKU', async () => {
    const unknown = await s.get('/media/products/DS-99999/640.webp');
    assert.equal(unknown.status, 404);
    assert.equal(errorOf(unknown).errorCode, 'NOT_FOUND');

    // Only Wholesale Partners are entitled to PX-…: a guest and a consumer are told it does not exist.
    const px = PARTNER_SKUS[0]!;
    const consumer = await s.login(DEMO_USERS.consumer.email);
    for (const [who, a] of [
      ['guest', s.agent()],
      ['consumer', consumer],
    ] as const) {
      const refused = await a.get(`/media/products/${px}/640.webp`);
      const missing = await a.get('/media/products/PX-99999/640.webp');
      assert.equal(refused.status, 404, who);
      assert.equal(refused.text, missing.text, `${who}: told as an unknown SKU`);
    }
    // The entitled buyer gets it, and only their own browser may keep it.
    const buyer = await s.login(DEMO_USERS.buyer.email);
    const allowed = await image(`/media/products/${px}/640.webp`, buyer);
    assert.equal(allowed.status, 200);
    assert.equal((await decoded(allowed.bytes)).width, 640);
    const cacheControl = allowed.headers.get('cache-control') ?? '';
    assert.match(cacheControl, /^private\b/);
    assert.doesNotMatch(cacheControl, /public/);
    assert.match(allowed.headers.get('vary') ?? '', /Cookie/i);

    const ds = await s.db.db
      .selectFrom('product')
      .select(['id', 'sku'])
      .where('sku', '=', 'DS-00003')
      .executeTakeFirstOrThrow();
    await s.db.db.updateTable('product').set({ is_active: 0 }).where('id', '=', ds.id).execute();
    await s.catalogueChanged();
    try {
      const inactive = await s.get('/media/products/DS-00003/640.webp');
      assert.equal(inactive.status, 404);
      assert.equal(inactive.text, (await s.get('/media/products/DS-99999/640.webp')).text);
    } finally {
      await s.db.db.updateTable('product').set({ is_active: 1 }).where('id', '=', ds.id).execute();
      await s.catalogueChanged();
    }
  });

  test('a URL with the current version is kept a year as immutable; any other URL for a day', async () => {
    const { standard } = await mediaUrls('DS-00004');
    const version = productImageRef(standard)!.version!;
    const versioned = await image(`/media/products/DS-00004/960.webp?v=${version}`);
    assert.equal(versioned.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    const svg = await s.get(standard);
    assert.equal(svg.status, 200);
    assert.equal(svg.headers.get('cache-control'), 'public, max-age=31536000, immutable', 'the original too');
    for (const p of ['/media/products/DS-00004/960.webp', '/media/products/DS-00004/960.webp?v=0123456789abcdef']) {
      const res = await image(p);
      assert.equal(res.status, 200, p);
      assert.equal(res.headers.get('cache-control'), 'public, max-age=86400', p);
      assert.deepEqual(res.bytes, versioned.bytes, `${p}: the current image`);
    }
  });
});

describe('the disk cache of renditions', () => {
  const renditions = (sku: string) => filesUnder(path.join(s.imageCache, 'products', sku));

  test('a rendition is made once, kept on disk and served from there; a changed product makes a new one in its place', async () => {
    const { standard } = await mediaUrls('DS-00005');
    const version = productImageRef(standard)!.version!;
    assert.deepEqual(renditions('DS-00005'), []);
    const first = await image(`/media/products/DS-00005/640.webp?v=${version}`);
    assert.equal(first.status, 200);
    assert.deepEqual(renditions('DS-00005'), [`full-640-${version}.webp`]);
    const file = path.join(s.imageCache, 'products', 'DS-00005', `full-640-${version}.webp`);

    // What is on disk is what is served: put a different image there and it comes back.
    const marker = await sharp({ create: { width: 640, height: 10, channels: 3, background: '#ff0000' } })
      .webp()
      .toBuffer();
    writeFileSync(file, marker);
    const second = await image(`/media/products/DS-00005/640.webp?v=${version}`);
    assert.deepEqual(second.bytes, marker, 'served from the disk cache, not made again');

    assert.equal((await image(`/media/products/DS-00005/960.webp?v=${version}`)).status, 200);

    // Renamed: the detail names a new version, and its rendition is made anew from the new name.
    const row = await s.db.db
      .selectFrom('product')
      .select(['id', 'name'])
      .where('sku', '=', 'DS-00005')
      .executeTakeFirstOrThrow();
    await s.db.db
      .updateTable('product')
      .set({ name: `${row.name} (renamed)` })
      .where('id', '=', row.id)
      .execute();
    await s.catalogueChanged();
    try {
      const renamed = productImageRef((await mediaUrls('DS-00005')).standard)!.version!;
      assert.notEqual(renamed, version);
      const third = await image(`/media/products/DS-00005/640.webp?v=${renamed}`);
      assert.equal(third.status, 200);
      assert.equal((await decoded(third.bytes)).height, 640, 'a real rendition, not the marker');
      assert.notDeepEqual(third.bytes, first.bytes, 'the renamed product is drawn with its new name');
      assert.deepEqual(
        renditions('DS-00005').sort(),
        [`full-640-${renamed}.webp`, `full-960-${version}.webp`],
        'the old 640 retired, the 960 not asked for again kept',
      );
    } finally {
      await s.db.db.updateTable('product').set({ name: row.name }).where('id', '=', row.id).execute();
      await s.catalogueChanged();
    }
  });

  test('requests arriving together make one file, whole, with no temporary files left', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => image('/media/products/DS-00006/1920.webp')));
    for (const a of answers) {
      assert.equal(a.status, 200);
      assert.deepEqual(a.bytes, answers[0]!.bytes);
    }
    assert.equal((await decoded(answers[0]!.bytes)).width, 1920);
    const files = renditions('DS-00006');
    assert.equal(files.length, 1, files.join(', '));
    assert.match(files[0]!, /^full-1920-[0-9a-f]{16}\.webp$/);
  });

  test('a second server process on the same data and folder serves what the first made', async () => {
    const first = await image('/media/products/DS-00007/320.webp?size=thumb');
    assert.equal(first.status, 200);
    const [file] = renditions('DS-00007');
    assert.match(file ?? '', /^thumb-320-[0-9a-f]{16}\.webp$/);
    const marker = await sharp({ create: { width: 320, height: 4, channels: 3, background: '#00ff00' } })
      .webp()
      .toBuffer();
    writeFileSync(path.join(s.imageCache, 'products', 'DS-00007', file!), marker);
    const other = await startTestServer({ shareDatabaseOf: s });
    try {
      assert.equal(other.imageCache, s.imageCache);
      const res = await fetch(`${other.url}/media/products/DS-00007/320.webp?size=thumb`);
      assert.equal(res.status, 200);
      assert.deepEqual(Buffer.from(await res.arrayBuffer()), marker);
    } finally {
      await other.close();
    }
  });
});
