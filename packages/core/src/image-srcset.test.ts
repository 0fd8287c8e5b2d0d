import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  IMAGE_WIDTHS,
  MIN_RESIZED_WIDTH,
  PAGE_IMAGE_WIDTHS,
  RESIZED_IMAGE_WIDTHS,
  TILE_IMAGE_WIDTHS,
  formatSrcSet,
  imageWidths,
  isValidSrcSet,
  parseSrcSet,
  widthSrcSet,
} from './image-srcset.ts';

test('the spec widths: mobile 640, tablet 960, desktop 1920, none below 100 (spec 03 §9)', () => {
  assert.deepEqual(IMAGE_WIDTHS, { mobile: 640, tablet: 960, desktop: 1920 });
  assert.equal(MIN_RESIZED_WIDTH, 100);
  assert.deepEqual(PAGE_IMAGE_WIDTHS, [640, 960, 1920]);
  for (const w of [640, 960, 1920]) assert.ok(TILE_IMAGE_WIDTHS.includes(w), `tiles offer ${w}w`);
  assert.ok(RESIZED_IMAGE_WIDTHS.every((w) => w >= 100));
  assert.ok([...PAGE_IMAGE_WIDTHS, ...TILE_IMAGE_WIDTHS].every((w) => RESIZED_IMAGE_WIDTHS.includes(w)));
});

test('widths are whole, at least 100, each once and ascending', () => {
  assert.deepEqual(imageWidths([1920, 640, 960, 640]), [640, 960, 1920]);
  assert.deepEqual(imageWidths([40, 99.6, 100, 320.4]), [100, 320]);
  assert.deepEqual(imageWidths([0, -5, Number.NaN, Number.POSITIVE_INFINITY]), []);
});

test('a width srcset names each URL with its width, smallest first', () => {
  const srcset = widthSrcSet((w) => `/img/${w}.webp`, [1920, 640, 960, 50]);
  assert.equal(srcset, '/img/100.webp 100w, /img/640.webp 640w, /img/960.webp 960w, /img/1920.webp 1920w');
  assert.deepEqual(
    parseSrcSet(srcset)?.map((c) => c.width),
    [100, 640, 960, 1920],
  );
});

test('formatting refuses what a browser would misread', () => {
  assert.throws(() => formatSrcSet([{ url: '/a b.png', width: 640 }]), TypeError);
  assert.throws(() => formatSrcSet([{ url: ',a.png', width: 640 }]), TypeError);
  assert.throws(() => formatSrcSet([{ url: 'a.png,', width: 640 }]), TypeError);
  assert.throws(() => formatSrcSet([{ url: '', width: 640 }]), TypeError);
  assert.throws(() => formatSrcSet([{ url: 'javascript:alert(1)', width: 640 }]), TypeError);
  assert.throws(() => formatSrcSet([{ url: 'data:image/png;base64,AAAA', width: 640 }]), TypeError);
  assert.throws(() => formatSrcSet([{ url: '/a.png', width: 640.5 }]), TypeError);
  assert.throws(() => formatSrcSet([{ url: '/a.png', width: 0 }]), TypeError);
  assert.throws(() => formatSrcSet([{ url: '/a.png', density: -1 }]), TypeError);
  assert.throws(() => formatSrcSet([{ url: '/a.png', width: 640, density: 2 }]), TypeError);
  assert.throws(
    () =>
      formatSrcSet([
        { url: '/a.png', width: 640 },
        { url: '/b.png', width: 640 },
      ]),
    TypeError,
  );
  assert.throws(
    () =>
      formatSrcSet([
        { url: '/a.png', width: 640 },
        { url: '/b.png', density: 2 },
      ]),
    TypeError,
  );
  assert.equal(formatSrcSet([{ url: '/a.png' }, { url: '/b.png', density: 2 }]), '/a.png, /b.png 2x');
});

test('valid srcsets: URLs with an optional width or density descriptor (spec 03 §4)', () => {
  for (const ok of [
    '/a.png',
    '/a.png 640w',
    '/a.png 640w, /b.png 960w,/c.png 1920w',
    '  /a.png   1x ,  /b.png 2x  ',
    '/a.png, /b.png 1.5x, /c.png 2x',
    'https://cdn.example.com/a,b.png 2x, /c.png',
    '/a.png 640w,\n/b.png 960w',
  ])
    assert.ok(isValidSrcSet(ok), ok);
  assert.deepEqual(parseSrcSet('/a.png 640w,/b.png 2x'), null, 'widths and densities do not mix');
  assert.deepEqual(parseSrcSet('/a.png, /b.png 2x'), [{ url: '/a.png' }, { url: '/b.png', density: 2 }]);
});

test('invalid srcsets', () => {
  for (const bad of [
    '',
    '   ',
    ',',
    '/a.png, , /b.png 2x',
    '/a.png,, /b.png 2x',
    '/a.png 640w,',
    '/a.png 640w, ',
    '/a.png 640 w',
    '/a.png 640w 2x',
    '/a.png 0w',
    '/a.png 064w',
    '/a.png -1x',
    '/a.png 0x',
    '/a.png 640W',
    '/a.png 640px',
    '/a.png 640w, /b.png 640w',
    '/a.png, /b.png 1x',
    '/a.png 640w, /b.png',
    'javascript:alert(1) 640w',
  ])
    assert.equal(isValidSrcSet(bad), false, JSON.stringify(bad));
});
