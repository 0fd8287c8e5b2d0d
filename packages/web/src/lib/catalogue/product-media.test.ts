import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ProductMedia } from '@store/core';
import { productPageImages } from './product-media.ts';
import { datasetProduct } from '../../test-support/fixtures.ts';

const media = (id: string, over: Partial<ProductMedia> = {}): ProductMedia => ({
  id,
  alternateText: `Alt ${id}`,
  contentVersionId: null,
  mediaType: 'Image',
  sortOrder: 0,
  thumbnailUrl: null,
  title: `Title ${id}`,
  url: `/media/products/DS-00001.svg?v=0000000${id}`,
  ...over,
});

describe("the product page's images", () => {
  test("the Standard group in its order, with each item's alternative text; never the Listing group", () => {
    const p = datasetProduct();
    p.mediaGroups = [
      { id: 'g2', developerName: 'productListImage', name: 'List', usageType: 'Listing', mediaItems: [media('9')] },
      {
        id: 'g1',
        developerName: 'productDetailImage',
        name: 'Detail',
        usageType: 'Standard',
        mediaItems: [media('1'), media('2', { alternateText: '  ' }), media('3', { alternateText: null, title: null })],
      },
    ];
    assert.deepEqual(productPageImages(p), [
      { key: '1', url: '/media/products/DS-00001.svg?v=00000001', alt: 'Alt 1' },
      { key: '2', url: '/media/products/DS-00001.svg?v=00000002', alt: 'Title 2' },
      { key: '3', url: '/media/products/DS-00001.svg?v=00000003', alt: p.fields.Name },
    ]);
  });

  test('documents are not images', () => {
    const p = datasetProduct();
    p.mediaGroups = [
      {
        id: 'g1',
        developerName: 'productDetailImage',
        name: 'Detail',
        usageType: 'Standard',
        mediaItems: [media('1', { mediaType: 'Document' }), media('2')],
      },
    ];
    assert.deepEqual(
      productPageImages(p).map((i) => i.key),
      ['2'],
    );
  });

  test('without a Standard group: the default image, the generated one in place of the placeholder', () => {
    const p = datasetProduct();
    p.mediaGroups = [];
    assert.deepEqual(productPageImages(p), [
      { key: 'default', url: '/media/products/DS-00001.svg', alt: 'US Dentists, Email and Phone' },
    ]);
    p.defaultImage = { ...p.defaultImage, url: '/img/default-product-image.svg', alternateText: null, title: null };
    assert.deepEqual(productPageImages(p), [
      { key: 'default', url: '/media/products/DS-00001.svg', alt: p.fields.Name },
    ]);
  });
});
