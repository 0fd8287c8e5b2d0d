import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StoreSettings } from '@store/core';
import { settingsOf, settingsValues, SWITCHES } from './settings-form.ts';

const SETTINGS: StoreSettings = {
  storeName: 'Data Depot',
  country: 'US',
  guestBrowsingEnabled: true,
  guestCartEnabled: true,
  guestCheckoutEnabled: true,
  splitShipmentEnabled: false,
  defaultCurrency: 'USD',
  supportedCurrencies: ['USD'],
  sessionDrivenCurrency: false,
  taxType: 'Net',
  shippingCountries: ['US', 'CA'],
  giftingConfig: { isGiftingEnabled: true, isGiftMessageEnabled: true, isGiftWrapEnabled: false },
  sessionIdleTimeoutSeconds: null,
  shopperConsentEnabled: true,
  shopperSignals: { activityTrackingEnabled: true, recommendationsEnabled: true, activityRetentionDays: 400 },
};

/** The form as the page renders it for the settings, with `change` over it. */
function formOf(s: StoreSettings, change: Record<string, string | null> = {}) {
  const v = settingsValues(s);
  const form = new FormData();
  const fields: Record<string, string | null> = {
    storeName: v.storeName,
    country: v.country,
    defaultCurrency: v.defaultCurrency,
    supportedCurrencies: v.supportedCurrencies,
    shippingCountries: v.shippingCountries,
    sessionIdleTimeoutSeconds: v.sessionIdleTimeoutSeconds,
    activityRetentionDays: v.activityRetentionDays,
    taxType: v.taxType,
    ...Object.fromEntries(SWITCHES.map(([name]) => [name, v[name] ? 'true' : null])),
    ...change,
  };
  for (const [k, value] of Object.entries(fields)) if (value !== null) form.append(k, value);
  return form;
}

describe('the store settings form', () => {
  it('reads back exactly the settings it was filled from', () => {
    const read = settingsOf(formOf(SETTINGS));
    assert.deepEqual(read.settings, SETTINGS);
    assert.deepEqual(read.fieldErrors, {});
    assert.equal(read.problem, null);
  });

  it('lists are comma-separated codes in any case; switches off when unticked', () => {
    const read = settingsOf(
      formOf(SETTINGS, {
        shippingCountries: 'us, ca,gb',
        isGiftMessageEnabled: null,
        sessionIdleTimeoutSeconds: '900',
      }),
    );
    assert.deepEqual(read.settings.shippingCountries, ['US', 'CA', 'GB']);
    assert.equal(read.settings.giftingConfig.isGiftMessageEnabled, false);
    assert.equal(read.settings.sessionIdleTimeoutSeconds, 900);
  });

  it('the consent and signal switches and the retention days (issue 18)', () => {
    const read = settingsOf(formOf(SETTINGS, { recommendationsEnabled: null, activityRetentionDays: '30' }));
    assert.equal(read.settings.shopperConsentEnabled, true);
    assert.deepEqual(read.settings.shopperSignals, {
      activityTrackingEnabled: true,
      recommendationsEnabled: false,
      activityRetentionDays: 30,
    });
    assert.ok(settingsOf(formOf(SETTINGS, { activityRetentionDays: '0' })).fieldErrors.activityRetentionDays);
    assert.ok(settingsOf(formOf(SETTINGS, { activityRetentionDays: '' })).fieldErrors.activityRetentionDays);
  });

  it('gives the shared field messages, then core’s verdict on the whole', () => {
    const blank = settingsOf(formOf(SETTINGS, { storeName: '', sessionIdleTimeoutSeconds: '10' }));
    assert.equal(blank.fieldErrors.storeName, 'Complete this field');
    assert.ok(blank.fieldErrors.sessionIdleTimeoutSeconds);
    assert.equal(blank.problem, null, 'no verdict on the whole while a field is wrong');
    assert.equal(
      settingsOf(formOf(SETTINGS, { guestBrowsingEnabled: null })).problem,
      'Guest carts need guest browsing to be on.',
    );
    assert.equal(
      settingsOf(formOf(SETTINGS, { defaultCurrency: 'EUR' })).problem,
      'The default currency EUR must be one of the supported currencies.',
    );
  });
});
