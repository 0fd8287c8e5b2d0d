import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  hasConsent,
  parseConsent,
  serializeConsent,
  ANALYTICS_COOKIE_MAX_AGE_S,
  CONSENT_COOKIE_MAX_AGE_S,
} from './consent.ts';

test('a choice survives the cookie in canonical order, essential always included', () => {
  const value = serializeConsent(['marketing', 'statistics']);
  assert.equal(value, 'v1:essential,statistics,marketing');
  assert.deepEqual(parseConsent(value)?.categories, ['essential', 'statistics', 'marketing']);
  assert.deepEqual(parseConsent(serializeConsent([]))?.categories, ['essential']);
});

test('no cookie, a foreign value or an older version means no choice yet: nothing is tracked', () => {
  for (const v of [undefined, '', 'yes', 'v0:essential,statistics', 'v1:essential,tracking', 'v1;statistics']) {
    const choice = parseConsent(v);
    assert.equal(choice, null, String(v));
    assert.equal(hasConsent(choice, 'statistics'), false);
  }
  assert.equal(hasConsent(null, 'essential'), true);
});

test('statistics consent is what the analytics cookie needs; both lifetimes are a year', () => {
  assert.equal(hasConsent(parseConsent('v1:essential,statistics'), 'statistics'), true);
  assert.equal(hasConsent(parseConsent('v1:essential,preferences'), 'statistics'), false);
  assert.equal(hasConsent(parseConsent(encodeURIComponent('v1:essential,statistics')), 'statistics'), true);
  assert.equal(CONSENT_COOKIE_MAX_AGE_S, 365 * 86400);
  assert.equal(ANALYTICS_COOKIE_MAX_AGE_S, 31536000);
});
