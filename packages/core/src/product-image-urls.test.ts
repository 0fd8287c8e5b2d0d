import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isValidSrcSet, PAGE_IMAGE_WIDTHS } from './image-srcset.ts';
import { productImageRef, productImageSrcSet, productImageUrl, resizedProductImageUrl } from './product-image-urls.ts';

test('a product image URL names its SKU, size and content version', () => {
  assert.deepEqual(productImageRef('/media/products/DS-00001.svg'), {
    origin: '',
    sku: 'DS-00001',
    size: 'full',
    version: null,
    format: 'svg',
  });
  assert.deepEqual(productImageRef('https://shop.example.com/media/products/PD-00012.svg?size=thumb&v=0123abcd'), {
    origin: 'https://shop.example.com',
    sku: 'PD-00012',
    size: 'thumb',
    version: '0123abcd',
    format: 'svg',
  });
  assert.equal(productImageRef('/media/products/DS-00001.svg?v=NOT-HEX')?.version, null);
  // Any SKU the workspace or an import accepts, not only the seed's form.
  assert.equal(productImageRef('/media/products/ws.list_2.svg')?.sku, 'ws.list_2');
  assert.equal(productImageRef('/media/products/WS-1/640.webp?v=0123abcd')?.sku, 'WS-1');
});

test("other URLs are not the store's product images", () => {
  for (const url of [
    null,
    undefined,
    '',
    '/img/b2b/default-product-image.svg',
    'https://cdn.example.com/DS-00001.svg',
    '/media/products/.hidden.svg',
    '/media/products/../DS-00001.svg',
    '/media/products/DS 1.svg',
    '/media/products/DS-00001.png',
    '/media/products/DS-00001/640.png',
    '/media/products/DS-00001/x.webp',
    '//evil.example/media/products/DS-00001.svg',
  ])
    assert.equal(productImageRef(url), null, String(url));
});

test('the original and its renditions keep the size and version', () => {
  const ref = productImageRef('/media/products/DS-00001.svg?size=thumb&v=0123abcd')!;
  assert.equal(resizedProductImageUrl(ref, 640), '/media/products/DS-00001/640.webp?size=thumb&v=0123abcd');
  assert.equal(productImageUrl(ref), '/media/products/DS-00001.svg?size=thumb&v=0123abcd');
  assert.equal(
    productImageUrl({ sku: 'DS-00001', size: 'full', version: 'abcdef12' }),
    '/media/products/DS-00001.svg?v=abcdef12',
  );
});

test('a product image srcset offers 640w, 960w and 1920w renditions; other images none', () => {
  const srcset = productImageSrcSet('/media/products/DS-00001.svg?v=0123abcd', PAGE_IMAGE_WIDTHS)!;
  assert.equal(
    srcset,
    '/media/products/DS-00001/640.webp?v=0123abcd 640w, /media/products/DS-00001/960.webp?v=0123abcd 960w, /media/products/DS-00001/1920.webp?v=0123abcd 1920w',
  );
  assert.ok(isValidSrcSet(srcset));
  assert.equal(productImageSrcSet('https://cdn.example.com/x.png', PAGE_IMAGE_WIDTHS), null);
});

test("an uploaded image's media name one of its renditions, whose srcset keeps the upload's version", () => {
  const url = '/media/products/DS-00001/960.webp?v=0123abcd';
  assert.deepEqual(productImageRef(url), {
    origin: '',
    sku: 'DS-00001',
    size: 'full',
    version: '0123abcd',
    format: 'webp',
  });
  assert.equal(
    productImageSrcSet(url, PAGE_IMAGE_WIDTHS),
    '/media/products/DS-00001/640.webp?v=0123abcd 640w, /media/products/DS-00001/960.webp?v=0123abcd 960w, /media/products/DS-00001/1920.webp?v=0123abcd 1920w',
  );
});
