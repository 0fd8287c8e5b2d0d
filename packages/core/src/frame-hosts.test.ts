import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FRAME_SRC_SOURCES, isAllowedFrameSrc } from './frame-hosts.ts';

const site = 'https://shop.example.com';

test('https players of the known video hosts are allowed', () => {
  for (const ok of [
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://youtube.com/embed/dQw4w9WgXcQ?start=3',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://player.vimeo.com/video/76979871',
  ]) {
    assert.equal(isAllowedFrameSrc(ok, site), true, ok);
  }
});

test('this site is allowed: single-slash paths and https on the site origin', () => {
  assert.equal(isAllowedFrameSrc('/about', site), true);
  assert.equal(isAllowedFrameSrc('https://shop.example.com/about', site), true);
  assert.equal(isAllowedFrameSrc('http://shop.example.com/about', 'http://shop.example.com'), false, 'not https');
});

test('everything else is refused', () => {
  for (const bad of [
    'http://www.youtube.com/embed/x',
    'https://www.youtube.com/watch?v=x',
    'https://evil.com/embed/x',
    'https://www.youtube.com.evil.com/embed/x',
    'https://evil.com/?https://www.youtube.com/embed/x',
    'https://user:pw@www.youtube.com/embed/x',
    'https://www.youtube.com:8443/embed/x',
    'https://vimeo.com/76979871',
    '//www.youtube.com/embed/x',
    'javascript:alert(1)',
    'data:text/html,hi',
    'about:blank',
    '',
    null,
    undefined,
    'https://www.youtube.com/embed/x y',
  ]) {
    assert.equal(isAllowedFrameSrc(bad as string, site), false, String(bad));
  }
});

test('the CSP sources are the https origins of those hosts', () => {
  assert.deepEqual(FRAME_SRC_SOURCES, [
    'https://www.youtube.com',
    'https://youtube.com',
    'https://www.youtube-nocookie.com',
    'https://youtube-nocookie.com',
    'https://player.vimeo.com',
  ]);
});
