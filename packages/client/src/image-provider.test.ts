// The image provider's mapping of delivered image items to image data, its paging of keys and its failure
// path. The delivery call is the provider's parameter; the server's own tests (server modules/cms-media.test.ts)
// run it over real HTTP and fetch every candidate it names.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CONTENT_TYPES,
  cmsMediaPath,
  type ManagedContentDeliveryDocument,
  type ManagedContentDeliveryDocumentCollection,
  parseSrcSet,
} from '@store/core';
import {
  DEFAULT_BG_POSITION,
  DEFAULT_BG_SIZE_OR_REPEAT,
  type FetchSiteContents,
  getImageData,
  type ImageContentsQuery,
  imageDataOf,
} from './image-provider.ts';

const SITE = '0DM000000000001AAA';
const key = (n: number) => `MC${String(n).padStart(26, '0')}`;

function imageDoc(n: number, body: Record<string, unknown>, extra: Partial<ManagedContentDeliveryDocument> = {}) {
  return {
    contentKey: key(n),
    managedContentId: `20Y${String(n).padStart(12, '0')}AAA`,
    contentType: { fullyQualifiedName: CONTENT_TYPES.image, name: CONTENT_TYPES.image, label: 'Image' },
    title: `Image ${n}`,
    urlName: `image-${n}`,
    publishedDate: '2026-01-01T00:00:00.000Z',
    language: 'en_US',
    status: 'Live',
    contentBody: body,
    unauthenticatedUrl: cmsMediaPath(key(n)),
    ...extra,
  } satisfies ManagedContentDeliveryDocument;
}

const source = (n: number, width: number, url = cmsMediaPath(key(n))) => ({
  url,
  mimeType: 'image/png',
  width,
  height: Math.round(width / 2),
});

function collection(contents: ManagedContentDeliveryDocument[]): ManagedContentDeliveryDocumentCollection {
  return { contents, total: contents.length, page: 0, pageSize: 25, currentPageUrl: '/x', nextPageUrl: null };
}

describe('image data of a delivered image item', () => {
  it('a wide image: width candidates at the three device widths, the desktop rendition as Url, the original as RawUrl', () => {
    const data = imageDataOf(imageDoc(1, { altText: 'A hero', source: source(1, 2400) }))!;
    const media = cmsMediaPath(key(1));
    assert.equal(data.RawUrl, media);
    assert.equal(data.Url, `${media}?width=1920`);
    assert.equal(data.AltText, 'A hero');
    assert.equal(data.ContentKey, key(1));
    assert.equal(data.SrcSet, `${media}?width=640 640w, ${media}?width=960 960w, ${media}?width=1920 1920w`);
    assert.deepEqual(
      parseSrcSet(data.SrcSet)!.map((c) => c.width),
      [640, 960, 1920],
    );
    assert.equal(data.bgPosition, DEFAULT_BG_POSITION);
    assert.equal(data.bgSizeOrRepeat, DEFAULT_BG_SIZE_OR_REPEAT);
  });

  it('never states a width wider than the stored image', () => {
    const media = cmsMediaPath(key(2));
    const mid = imageDataOf(imageDoc(2, { altText: '', source: source(2, 1200) }))!;
    assert.equal(mid.SrcSet, `${media}?width=640 640w, ${media}?width=960 960w`);
    assert.equal(mid.Url, `${media}?width=960`);
    // Exactly at a width: that width is offered.
    const exact = imageDataOf(imageDoc(2, { altText: '', source: source(2, 1920) }))!;
    assert.equal(parseSrcSet(exact.SrcSet)!.length, 3);
  });

  it('one candidate: the density form; none: the original at 1x', () => {
    const media = cmsMediaPath(key(3));
    const one = imageDataOf(imageDoc(3, { altText: '', source: source(3, 800) }))!;
    assert.equal(one.SrcSet, `${media}?width=640 1x`);
    assert.equal(one.Url, `${media}?width=640`);
    const small = imageDataOf(imageDoc(3, { altText: '', source: source(3, 300) }))!;
    assert.equal(small.SrcSet, `${media} 1x`);
    assert.equal(small.Url, media);
    // A stored width the body does not give: nothing can be promised but the original.
    const unknown = imageDataOf(imageDoc(3, { altText: '', source: { url: media } }))!;
    assert.equal(unknown.SrcSet, `${media} 1x`);
    for (const d of [one, small, unknown]) assert.ok(parseSrcSet(d.SrcSet), d.SrcSet);
  });

  it("keeps the version the source URL names on every rendition, and an absolute URL's origin", () => {
    const media = cmsMediaPath(key(4));
    const versioned = imageDataOf(
      imageDoc(4, { altText: '', source: source(4, 1000, `${media}?v=0123456789abcdef`) }),
    )!;
    assert.equal(versioned.RawUrl, `${media}?v=0123456789abcdef`);
    assert.equal(
      versioned.SrcSet,
      `${media}?width=640&v=0123456789abcdef 640w, ${media}?width=960&v=0123456789abcdef 960w`,
    );
    const absolute = imageDataOf(imageDoc(4, { altText: '', source: source(4, 700, `https://shop.example${media}`) }))!;
    assert.equal(absolute.Url, `https://shop.example${media}?width=640`);
  });

  it('an image hosted elsewhere is not resized here: its own URL at 1x', () => {
    const data = imageDataOf(imageDoc(5, { altText: 'x', source: source(5, 3000, 'https://cdn.example/a.png') }))!;
    assert.equal(data.RawUrl, 'https://cdn.example/a.png');
    assert.equal(data.Url, 'https://cdn.example/a.png');
    assert.equal(data.SrcSet, 'https://cdn.example/a.png 1x');
  });

  it('a script, data, protocol-relative or spaced source URL is never used: the media path instead', () => {
    const media = cmsMediaPath(key(6));
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/a.png',
      '/a b.png',
      'JaVa\tScRiPt:x',
    ]) {
      const data = imageDataOf(imageDoc(6, { altText: '', source: source(6, 1000, bad) }))!;
      assert.equal(data.RawUrl, media, bad);
      assert.ok(!data.SrcSet.includes(bad), bad);
    }
    // No body at all: the public URL, then the media path.
    const bare = imageDataOf(imageDoc(6, {}, { contentBody: undefined }))!;
    assert.equal(bare.RawUrl, media);
    assert.equal(bare.AltText, '');
  });

  it('background position and size pass only as CSS values; other items are not images', () => {
    const ok = imageDataOf(
      imageDoc(7, { altText: '', source: source(7, 10), bgPosition: 'left 20%', bgSizeOrRepeat: 'contain' }),
    )!;
    assert.equal(ok.bgPosition, 'left 20%');
    assert.equal(ok.bgSizeOrRepeat, 'contain');
    const repeat = imageDataOf(imageDoc(7, { altText: '', source: source(7, 10), bgSizeOrRepeat: 'repeat-x' }))!;
    assert.equal(repeat.bgSizeOrRepeat, 'repeat-x');
    const bad = imageDataOf(
      imageDoc(7, {
        altText: '',
        source: source(7, 10),
        bgPosition: 'center; background:url(x)',
        bgSizeOrRepeat: 'url(x)',
      }),
    )!;
    assert.equal(bad.bgPosition, DEFAULT_BG_POSITION);
    assert.equal(bad.bgSizeOrRepeat, DEFAULT_BG_SIZE_OR_REPEAT);
    const banner = imageDoc(
      8,
      { heading: 'Hi' },
      {
        contentType: { fullyQualifiedName: CONTENT_TYPES.banner, name: CONTENT_TYPES.banner, label: 'Banner' },
      },
    );
    assert.equal(imageDataOf(banner), null);
  });
});

describe('getImageData', () => {
  it('asks for the keys with their bodies, in pages of 25, each key once, and keys the answer by content key', async () => {
    const asked: Array<[string, ImageContentsQuery]> = [];
    const fetchContents: FetchSiteContents = async (siteId, query) => {
      asked.push([siteId, query]);
      return collection(
        query.contentKeys.map((k) =>
          imageDoc(Number(k.slice(2)), { altText: k, source: source(Number(k.slice(2)), 1000) }),
        ),
      );
    };
    const keys = Array.from({ length: 30 }, (_, i) => key(i + 1));
    const data = await getImageData(fetchContents, SITE, [...keys, key(1), ''], {
      warn: () => assert.fail('no warning'),
    });
    assert.deepEqual(
      asked.map(([site, q]) => [site, q.contentKeys.length, q.includeContentBody, q.page, q.pageSize]),
      [
        [SITE, 25, true, 0, 25],
        [SITE, 5, true, 0, 25],
      ],
    );
    assert.deepEqual(Object.keys(data).sort(), keys);
    assert.equal(data[key(30)]!.AltText, key(30));
    assert.deepEqual(await getImageData(fetchContents, SITE, []), {});
    assert.equal(asked.length, 2, 'no call for no keys');
  });

  it('a key the answer leaves out (unknown, Draft to a shopper, not an image) has no entry', async () => {
    const fetchContents: FetchSiteContents = async () =>
      collection([
        imageDoc(1, { altText: '', source: source(1, 700) }),
        imageDoc(
          2,
          { heading: 'x' },
          { contentType: { fullyQualifiedName: CONTENT_TYPES.banner, name: 'b', label: 'B' } },
        ),
        imageDoc(9, { altText: '', source: source(9, 700) }),
      ]);
    const data = await getImageData(fetchContents, SITE, [key(1), key(2), key(3)]);
    assert.deepEqual(Object.keys(data), [key(1)], 'neither the banner nor an item that was not asked for');
  });

  it('a failed call: one warning naming the keys and the site, and the CMS media path for each key; never a throw', async () => {
    const warnings: string[] = [];
    const fetchContents: FetchSiteContents = async () => {
      throw new Error('Internal Server Error');
    };
    const data = await getImageData(fetchContents, SITE, [key(1), key(2)], { warn: (m) => warnings.push(m) });
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, new RegExp(`${key(1)}, ${key(2)}`));
    assert.match(warnings[0]!, new RegExp(SITE));
    assert.match(warnings[0]!, /Internal Server Error/);
    for (const k of [key(1), key(2)])
      assert.deepEqual(data[k], {
        Url: cmsMediaPath(k),
        RawUrl: cmsMediaPath(k),
        AltText: '',
        SrcSet: '',
        ContentKey: k,
        bgPosition: DEFAULT_BG_POSITION,
        bgSizeOrRepeat: DEFAULT_BG_SIZE_OR_REPEAT,
      });
  });

  it('warns through console.warn by default; a failing page does not spoil the others', async () => {
    const original = console.warn;
    const warned: unknown[][] = [];
    console.warn = (...args: unknown[]) => void warned.push(args);
    try {
      const fetchContents: FetchSiteContents = async (_, q) => {
        if (q.contentKeys.includes(key(26))) throw new TypeError('bad site id');
        return collection(
          q.contentKeys.map((k) => imageDoc(Number(k.slice(2)), { altText: 'ok', source: source(1, 700) })),
        );
      };
      const keys = Array.from({ length: 26 }, (_, i) => key(i + 1));
      const data = await getImageData(fetchContents, SITE, keys);
      assert.equal(warned.length, 1);
      assert.match(String(warned[0]![0]), /bad site id/);
      assert.equal(data[key(1)]!.AltText, 'ok');
      assert.equal(data[key(26)]!.Url, cmsMediaPath(key(26)));
    } finally {
      console.warn = original;
    }
  });
});
