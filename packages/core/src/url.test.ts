import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MAX_URL_LENGTH,
  PAGE_REFERENCE_REQUIRED_ATTRIBUTES,
  SAFE_URL_PLACEHOLDER,
  isDangerousUrl,
  isRelativeUrl,
  isValidPageReference,
  isValidWebPageUrl,
  opensInNewWindow,
  resolvePageReferenceType,
  sanitizeUrl,
  webPageHref,
} from './url.ts';

test('the placeholder is inert', () => {
  assert.equal(SAFE_URL_PLACEHOLDER, '#');
});

test('script-like and data schemes are replaced', () => {
  for (const bad of [
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    '  javascript:alert(1)',
    'vbscript:msgbox(1)',
    'livescript:x',
    'data:text/html;base64,PHNjcmlwdD4=',
    'java\tscript:alert(1)', // control character inside the scheme
    'java\u0000script:alert(1)',
    '\u200Bjavascript:alert(1)', // zero-width prefix
    'java%0Ascript:alert(1)', // percent-encoded newline stripped
    '%6Aavascript:alert(1)', // percent-encoded letter decoded
    'javascript&colon;alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;avascript:alert(1)',
  ]) {
    assert.equal(isDangerousUrl(bad), true, JSON.stringify(bad));
    assert.equal(sanitizeUrl(bad), '#', JSON.stringify(bad));
  }
});

test('ordinary links survive', () => {
  for (const ok of [
    'https://example.com/a?q=javascript:x',
    '/store/product/1',
    '#top',
    'mailto:a@b.co',
    'tel:+15551234',
    'page?x=data:1',
  ]) {
    assert.equal(isDangerousUrl(ok), false, ok);
    assert.equal(sanitizeUrl(ok), ok);
  }
  assert.equal(sanitizeUrl(' /a '), '/a');
  assert.equal(sanitizeUrl(null), '');
  assert.equal(sanitizeUrl(''), '');
});

test('relative url: one slash, not two', () => {
  assert.equal(isRelativeUrl('/a'), true);
  assert.equal(isRelativeUrl('/'), true);
  assert.equal(isRelativeUrl('//evil.com'), false);
  assert.equal(isRelativeUrl('a/b'), false);
  assert.equal(isRelativeUrl('https://x'), false);
});

test('web page url: host, single-slash path, hash, mailto, tel', () => {
  const host = 'https://shop.example.com';
  assert.equal(isValidWebPageUrl('https://shop.example.com/p/1', host), true);
  assert.equal(isValidWebPageUrl('/p/1', host), true);
  assert.equal(isValidWebPageUrl('#section', host), true);
  assert.equal(isValidWebPageUrl('mailto:sales@example.com', host), true);
  assert.equal(isValidWebPageUrl('TEL:+1555', host), true);
  assert.equal(isValidWebPageUrl('https://other.com/p', host), false);
  assert.equal(isValidWebPageUrl('//other.com/p', host), false);
  assert.equal(isValidWebPageUrl('p/1', host), false);
  assert.equal(isValidWebPageUrl('javascript:alert(1)', host), false);
  assert.equal(isValidWebPageUrl('https://shop.example.com', ''), false); // unknown host only allows the other forms
  assert.equal(isValidWebPageUrl('', host), false);
});

test('urls longer than 2048 characters are rejected', () => {
  assert.equal(MAX_URL_LENGTH, 2048);
  assert.equal(isValidWebPageUrl(`/${'a'.repeat(2047)}`), true);
  assert.equal(isValidWebPageUrl(`/${'a'.repeat(2048)}`), false);
});

test('invalid generated urls become empty', () => {
  assert.equal(webPageHref('/ok'), '/ok');
  assert.equal(webPageHref('https://elsewhere.com'), '');
  assert.equal(webPageHref('javascript:alert(1)'), '');
});

test('mailto and tel open in a new window', () => {
  assert.equal(opensInNewWindow('mailto:a@b.c'), true);
  assert.equal(opensInNewWindow('tel:1'), true);
  assert.equal(opensInNewWindow('/p'), false);
});

test('page reference types and their required attributes', () => {
  assert.deepEqual(PAGE_REFERENCE_REQUIRED_ATTRIBUTES.standard__webPage, ['url']);
  assert.deepEqual(PAGE_REFERENCE_REQUIRED_ATTRIBUTES.standard__namedPage, ['name']);
  assert.deepEqual(PAGE_REFERENCE_REQUIRED_ATTRIBUTES.standard__recordPage, ['objectApiName', 'recordId']);
  assert.deepEqual(PAGE_REFERENCE_REQUIRED_ATTRIBUTES.standard__managedContentPage, ['contentTypeName', 'contentKey']);
  assert.deepEqual(PAGE_REFERENCE_REQUIRED_ATTRIBUTES.standard__recordRelationshipPage, [
    'objectApiName',
    'recordId',
    'relationshipApiName',
  ]);
  assert.deepEqual(PAGE_REFERENCE_REQUIRED_ATTRIBUTES.standard__objectPage, ['objectApiName', 'filterName']);
});

test('unknown types fall back to web page', () => {
  assert.equal(resolvePageReferenceType('comm__whatever'), 'standard__webPage');
  assert.equal(resolvePageReferenceType(undefined), 'standard__webPage');
  assert.equal(resolvePageReferenceType('standard__namedPage'), 'standard__namedPage');
  assert.equal(resolvePageReferenceType('toString'), 'standard__webPage'); // not fooled by prototype keys
});

test('a reference is valid only with every required attribute non-empty', () => {
  assert.equal(isValidPageReference({ type: 'standard__namedPage', attributes: { name: 'Home' } }), true);
  assert.equal(isValidPageReference({ type: 'standard__namedPage', attributes: { name: '' } }), false);
  assert.equal(isValidPageReference({ type: 'standard__namedPage', attributes: {} }), false);
  assert.equal(
    isValidPageReference({
      type: 'standard__recordPage',
      attributes: { objectApiName: 'Account', recordId: '001000000000001AAA' },
    }),
    true,
  );
  assert.equal(isValidPageReference({ type: 'standard__recordPage', attributes: { objectApiName: 'Account' } }), false);
  assert.equal(
    isValidPageReference({
      type: 'standard__objectPage',
      attributes: { objectApiName: 'Account', filterName: 'Recent' },
    }),
    true,
  );
  assert.equal(isValidPageReference({ type: 'standard__objectPage', attributes: { objectApiName: 'Account' } }), false);
  assert.equal(
    isValidPageReference({
      type: 'standard__managedContentPage',
      attributes: { contentTypeName: 'news', contentKey: 'MC123' },
    }),
    true,
  );
  assert.equal(isValidPageReference(null), false);
});

test('record pages accept the object-specific key instead of recordId', () => {
  assert.equal(
    isValidPageReference({
      type: 'standard__recordPage',
      attributes: { objectApiName: 'ProductCategory', urlPath: 'office' },
    }),
    true,
  );
  assert.equal(
    isValidPageReference({ type: 'standard__recordPage', attributes: { objectApiName: 'Product2', urlName: 'pen' } }),
    true,
  );
  assert.equal(
    isValidPageReference({
      type: 'standard__recordPage',
      attributes: { objectApiName: 'Knowledge__kav', urlName: 'faq' },
    }),
    true,
  );
  assert.equal(
    isValidPageReference({ type: 'standard__recordPage', attributes: { objectApiName: 'Account', urlName: 'x' } }),
    false,
  );
  assert.equal(
    isValidPageReference({
      type: 'standard__recordRelationshipPage',
      attributes: { objectApiName: 'Knowledge__kav', urlName: 'faq', relationshipApiName: 'Related' },
    }),
    true,
  );
});

test('web page references also need a valid url; unknown types are judged as web pages', () => {
  assert.equal(isValidPageReference({ type: 'standard__webPage', attributes: { url: '/store' } }), true);
  assert.equal(isValidPageReference({ type: 'standard__webPage', attributes: { url: 'javascript:alert(1)' } }), false);
  assert.equal(
    isValidPageReference({ type: 'standard__webPage', attributes: { url: 'https://x.com' } }, 'https://x.com'),
    true,
  );
  assert.equal(isValidPageReference({ type: 'weird', attributes: { url: '/ok' } }), true);
  assert.equal(isValidPageReference({ type: 'weird', attributes: { name: 'Home' } }), false);
});
