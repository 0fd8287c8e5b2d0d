import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  applyStoreSettings,
  DEFAULT_SHOPPER_SIGNALS,
  storeSettingsOf,
  storeSettingsProblem,
  type StoreSettings,
} from './store-settings.ts';
import type { ApplicationContext } from './wire.ts';

const settings = (over: Partial<StoreSettings> = {}): StoreSettings => ({
  storeName: 'Data Depot',
  country: 'US',
  guestBrowsingEnabled: true,
  guestCartEnabled: true,
  guestCheckoutEnabled: true,
  splitShipmentEnabled: true,
  defaultCurrency: 'USD',
  supportedCurrencies: ['USD', 'EUR'],
  sessionDrivenCurrency: false,
  taxType: 'Net',
  shippingCountries: ['US', 'CA'],
  giftingConfig: { isGiftingEnabled: true, isGiftMessageEnabled: true, isGiftWrapEnabled: true },
  sessionIdleTimeoutSeconds: null,
  shopperConsentEnabled: true,
  shopperSignals: { activityTrackingEnabled: true, recommendationsEnabled: true, activityRetentionDays: 400 },
  ...over,
});

test('sound settings pass; unknown codes, a default outside the list and empty lists are named', () => {
  assert.equal(storeSettingsProblem(settings()), null);
  assert.match(storeSettingsProblem(settings({ country: 'QQ' }))!, /QQ isn't a known country/);
  assert.match(storeSettingsProblem(settings({ supportedCurrencies: ['USD', 'ABC'] }))!, /ABC isn't a known ISO 4217/);
  assert.match(storeSettingsProblem(settings({ defaultCurrency: 'GBP' }))!, /default currency GBP/);
  assert.match(storeSettingsProblem(settings({ supportedCurrencies: [] }))!, /at least one currency/);
  assert.match(storeSettingsProblem(settings({ shippingCountries: ['US', 'US'] }))!, /listed twice/);
  assert.match(storeSettingsProblem(settings({ storeName: ' ' }))!, /blank/);
});

test('guest access and gifting settings depend on each other; the session timeout has a range', () => {
  assert.match(storeSettingsProblem(settings({ guestCartEnabled: false }))!, /Guest checkout needs guest carts/);
  assert.match(
    storeSettingsProblem(settings({ guestBrowsingEnabled: false, guestCheckoutEnabled: false }))!,
    /Guest carts need guest browsing/,
  );
  const gifting = { isGiftingEnabled: false, isGiftMessageEnabled: false, isGiftWrapEnabled: true };
  assert.match(storeSettingsProblem(settings({ giftingConfig: gifting }))!, /need gifting/);
  assert.equal(storeSettingsProblem(settings({ sessionIdleTimeoutSeconds: 300 })), null);
  assert.match(storeSettingsProblem(settings({ sessionIdleTimeoutSeconds: 299 }))!, /300 to 604800/);
});

test('applying settings keeps the rest of the context and derives guest cart checkout and the market currency', () => {
  const { storeName: _name, ...fields } = settings();
  const ctx = {
    cartCalculateEnabled: true,
    markets: [{ marketId: 'm', localeCurrencyMap: { en_US: 'USD' } }],
    ...fields,
    guestCartCheckoutEnabled: true,
  } as unknown as ApplicationContext;
  const applied = applyStoreSettings(ctx, settings({ guestCheckoutEnabled: false, defaultCurrency: 'EUR' }));
  assert.equal(applied.cartCalculateEnabled, true);
  assert.equal(applied.guestCartCheckoutEnabled, false);
  assert.deepEqual(applied.markets, [{ marketId: 'm', localeCurrencyMap: { en_US: 'EUR' } }]);
  assert.equal('storeName' in applied, false, 'the name lives on the webstore row');
  assert.equal(storeSettingsOf(applied, 'Data Depot').defaultCurrency, 'EUR');
});

test('shopper signals (issue 18): a store made before them reads the defaults; retention is 1 to 3650 days', () => {
  const { storeName: _name, shopperSignals: _s, ...fields } = settings();
  const ctx = { markets: [], ...fields } as unknown as ApplicationContext;
  assert.deepEqual(storeSettingsOf(ctx, 'Data Depot').shopperSignals, DEFAULT_SHOPPER_SIGNALS);
  const signals = (activityRetentionDays: number) => ({ ...DEFAULT_SHOPPER_SIGNALS, activityRetentionDays });
  assert.equal(storeSettingsProblem(settings({ shopperSignals: signals(1) })), null);
  assert.equal(storeSettingsProblem(settings({ shopperSignals: signals(3650) })), null);
  for (const days of [0, 3651, 1.5])
    assert.match(storeSettingsProblem(settings({ shopperSignals: signals(days) }))!, /1 to 3650/);
  const applied = applyStoreSettings(ctx, settings({ shopperSignals: signals(30) }));
  assert.equal(storeSettingsOf(applied, 'Data Depot').shopperSignals.activityRetentionDays, 30);
});
