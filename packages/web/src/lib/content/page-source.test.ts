import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ManagedContentDeliveryDocument } from '@store/core';
import { flattenReferences } from './page-source.ts';

const doc = (
  key: string,
  references: Record<string, ManagedContentDeliveryDocument> | null = null,
): ManagedContentDeliveryDocument => ({
  contentKey: key,
  managedContentId: '20Y000000000001AAA',
  contentType: { fullyQualifiedName: 'dd__banner', name: 'banner', label: 'Banner' },
  title: key,
  urlName: key,
  publishedDate: null,
  language: 'en_US',
  status: 'Live',
  contentBody: {},
  references,
});

test('references at every depth come together in one map by content key', () => {
  const image = doc('IMG');
  const page = doc('PAGE', { BAN: doc('BAN', { IMG: image }), PC: doc('PC'), IMG: image });
  assert.deepEqual(Object.keys(flattenReferences(page)).sort(), ['BAN', 'IMG', 'PC']);
  assert.deepEqual(flattenReferences(doc('LONE')), {});
});
