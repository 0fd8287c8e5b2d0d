import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileAssetPath, resolveContentExpression, resolveContentExpressions } from './content-assets.ts';

const KEY = 'MC0123456789ABCDEFGHIJKLMNOP';

test('content assets resolve to file-asset paths under the site base path', () => {
  assert.equal(resolveContentExpression('contentAsset.logo.1'), '/sfsites/c/file-asset/logo?v=1');
  assert.equal(resolveContentExpression('contentAsset.Data_Sheet_2024'), '/sfsites/c/file-asset/Data_Sheet_2024');
  assert.equal(fileAssetPath('a', 12), '/sfsites/c/file-asset/a?v=12');
});

test('cms images resolve to the image info url, else the delivery media path', () => {
  assert.equal(resolveContentExpression(`cmsImage.${KEY}`), `/sfsites/c/cms/delivery/media/${KEY}`);
  assert.equal(resolveContentExpression(`cmsImage.${KEY}`, { [KEY]: { Url: '/media/x.png' } }), '/media/x.png');
  assert.equal(
    resolveContentExpression(`cmsImage.${KEY}`, { [KEY]: { Url: '' } }),
    `/sfsites/c/cms/delivery/media/${KEY}`,
  );
  assert.equal(resolveContentExpression('cmsImage.MCshort'), null);
});

test('the site base path, and nothing else', () => {
  assert.equal(resolveContentExpression('Site.basePath'), '/sfsites/c');
  for (const bad of [
    'contentAsset.',
    'contentAsset.1abc',
    'contentAsset.a-b',
    'contentAsset.a.1.2',
    'contentAsset.a.x',
    'User.Name',
    `contentAsset.${'a'.repeat(81)}`,
  ]) {
    assert.equal(resolveContentExpression(bad), null, bad);
  }
});

test('expressions in html are replaced; unknown ones stay as written', () => {
  const html = `<img src="{!cmsImage.${KEY}}" alt="x"><a href="{!contentAsset.price_list.3}">Prices</a> {!User.Name} {! contentAsset.a}`;
  assert.equal(
    resolveContentExpressions(html),
    `<img src="/sfsites/c/cms/delivery/media/${KEY}" alt="x"><a href="/sfsites/c/file-asset/price_list?v=3">Prices</a> {!User.Name} {! contentAsset.a}`,
  );
  assert.equal(resolveContentExpressions('{!Site.basePath}/x'), '/sfsites/c/x');
});
