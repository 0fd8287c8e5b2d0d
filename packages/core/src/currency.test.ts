import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type CurrencyContext, chooseCurrency } from './currency.ts';

const ctx = (over: Partial<CurrencyContext> = {}): CurrencyContext => ({
  sessionDrivenCurrency: false,
  supportedCurrencies: ['USD', 'EUR', 'GBP'],
  defaultCurrency: 'USD',
  markets: [{ localeCurrencyMap: { de_DE: 'EUR', 'en-GB': 'GBP', fr_FR: 'CHF' } }],
  ...over,
});

test('none when the session drives the currency', () => {
  assert.equal(chooseCurrency(ctx({ sessionDrivenCurrency: true }), 'de-DE'), null);
  assert.equal(chooseCurrency(ctx({ sessionDrivenCurrency: true, supportedCurrencies: ['EUR'] })), null);
});

test('the only supported currency when there is just one', () => {
  assert.equal(chooseCurrency(ctx({ supportedCurrencies: ['EUR'] }), 'en-GB'), 'EUR');
});

test('the mapped locale currency when supported (either locale spelling)', () => {
  assert.equal(chooseCurrency(ctx(), 'de-DE'), 'EUR');
  assert.equal(chooseCurrency(ctx(), 'de_DE'), 'EUR');
  assert.equal(chooseCurrency(ctx(), 'en_GB'), 'GBP');
});

test('otherwise the default currency', () => {
  assert.equal(chooseCurrency(ctx(), 'fr-FR'), 'USD'); // mapped CHF is not supported
  assert.equal(chooseCurrency(ctx(), 'ja-JP'), 'USD'); // not mapped
  assert.equal(chooseCurrency(ctx()), 'USD'); // no locale
  assert.equal(chooseCurrency(ctx({ markets: null }), 'de-DE'), 'USD');
  assert.equal(chooseCurrency(ctx({ supportedCurrencies: [] }), 'de-DE'), 'USD');
});

test('currency codes compare case-insensitively', () => {
  assert.equal(chooseCurrency(ctx({ markets: [{ localeCurrencyMap: { 'de-DE': 'eur' } }] }), 'de-DE'), 'EUR');
});
