// The store settings form's conversions: the settings to form fields and back, each field checked with the
// shared form rules (core checkField) and the whole with core's storeSettingsProblem, the words the server
// answers with too. Lists (currencies, shipping countries) are typed as comma-separated codes.

import {
  ACTIVITY_RETENTION_DAYS_RANGE,
  checkField,
  SESSION_IDLE_TIMEOUT_RANGE_S,
  storeSettingsProblem,
  type StoreSettings,
} from '@store/core';

export const SETTINGS_SAVED =
  'The settings have been saved. They are in effect now: shoppers get them on their next page.';

/** The switches, by their field (gifting's three under giftingConfig, the signals' two under shopperSignals). */
export const SWITCHES = [
  ['guestBrowsingEnabled', 'Guests may browse the store'],
  ['guestCartEnabled', 'Guests may fill a cart'],
  ['guestCheckoutEnabled', 'Guests may check out'],
  ['splitShipmentEnabled', 'Orders may ship to several addresses'],
  ['sessionDrivenCurrency', 'Shoppers may choose among the currencies'],
  ['isGiftingEnabled', 'Gifting'],
  ['isGiftMessageEnabled', 'Gift messages'],
  ['isGiftWrapEnabled', 'Gift wrap'],
  ['shopperConsentEnabled', 'Ask shoppers for cookie consent (nothing is tracked before it)'],
  ['activityTrackingEnabled', 'Record shopper activities (views, searches, adds) with consent'],
  ['recommendationsEnabled', 'Recommend datasets from the store’s own activities and orders'],
] as const;
/** Where each group of switches starts and ends in SWITCHES. */
export const SWITCH_GROUPS = { shoppers: [0, 5], gifting: [5, 8], signals: [8, 11] } as const;
type Switch = (typeof SWITCHES)[number][0];

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};
const codes = (v: string) =>
  v
    .split(/[\s,]+/)
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);

const RULES = {
  storeName: (v: string) => checkField(v, { required: true, maxLength: 120 }),
  country: (v: string) => checkField(v, { required: true, pattern: /[A-Za-z]{2}/ }),
  defaultCurrency: (v: string) => checkField(v, { required: true, pattern: /[A-Za-z]{3}/ }),
  supportedCurrencies: (v: string) => checkField(v, { required: true }),
  shippingCountries: (v: string) => checkField(v, { required: true }),
  sessionIdleTimeoutSeconds: (v: string) =>
    checkField(v, {
      type: 'number',
      min: SESSION_IDLE_TIMEOUT_RANGE_S.min,
      max: SESSION_IDLE_TIMEOUT_RANGE_S.max,
      step: 1,
    }),
  activityRetentionDays: (v: string) =>
    checkField(v, {
      required: true,
      type: 'number',
      min: ACTIVITY_RETENTION_DAYS_RANGE.min,
      max: ACTIVITY_RETENTION_DAYS_RANGE.max,
      step: 1,
    }),
} as const;
export type SettingsField = keyof typeof RULES;
export const settingsRule = (field: SettingsField) => RULES[field];

/** The form's first values. */
export function settingsValues(s: StoreSettings): Record<SettingsField | 'taxType', string> & Record<Switch, boolean> {
  return {
    storeName: s.storeName,
    country: s.country,
    defaultCurrency: s.defaultCurrency,
    supportedCurrencies: s.supportedCurrencies.join(', '),
    shippingCountries: s.shippingCountries.join(', '),
    sessionIdleTimeoutSeconds: s.sessionIdleTimeoutSeconds === null ? '' : String(s.sessionIdleTimeoutSeconds),
    taxType: s.taxType,
    guestBrowsingEnabled: s.guestBrowsingEnabled,
    guestCartEnabled: s.guestCartEnabled,
    guestCheckoutEnabled: s.guestCheckoutEnabled,
    splitShipmentEnabled: s.splitShipmentEnabled,
    sessionDrivenCurrency: s.sessionDrivenCurrency,
    ...s.giftingConfig,
    shopperConsentEnabled: s.shopperConsentEnabled,
    activityTrackingEnabled: s.shopperSignals.activityTrackingEnabled,
    recommendationsEnabled: s.shopperSignals.recommendationsEnabled,
    activityRetentionDays: String(s.shopperSignals.activityRetentionDays),
  };
}

/** The submitted form as settings, with each field's message and core's verdict on the whole. */
export function settingsOf(form: FormData) {
  const fieldErrors: Partial<Record<SettingsField, string>> = {};
  for (const [field, rule] of Object.entries(RULES) as Array<[SettingsField, (v: string) => string | null]>) {
    const message = rule(text(form, field));
    if (message) fieldErrors[field] = message;
  }
  const on = (name: Switch) => form.get(name) === 'true';
  const idle = text(form, 'sessionIdleTimeoutSeconds');
  const settings: StoreSettings = {
    storeName: text(form, 'storeName'),
    country: text(form, 'country').toUpperCase(),
    guestBrowsingEnabled: on('guestBrowsingEnabled'),
    guestCartEnabled: on('guestCartEnabled'),
    guestCheckoutEnabled: on('guestCheckoutEnabled'),
    splitShipmentEnabled: on('splitShipmentEnabled'),
    defaultCurrency: text(form, 'defaultCurrency').toUpperCase(),
    supportedCurrencies: codes(text(form, 'supportedCurrencies')),
    sessionDrivenCurrency: on('sessionDrivenCurrency'),
    taxType: text(form, 'taxType') === 'Gross' ? 'Gross' : 'Net',
    shippingCountries: codes(text(form, 'shippingCountries')),
    giftingConfig: {
      isGiftingEnabled: on('isGiftingEnabled'),
      isGiftMessageEnabled: on('isGiftMessageEnabled'),
      isGiftWrapEnabled: on('isGiftWrapEnabled'),
    },
    sessionIdleTimeoutSeconds: idle === '' ? null : Number(idle),
    shopperConsentEnabled: on('shopperConsentEnabled'),
    shopperSignals: {
      activityTrackingEnabled: on('activityTrackingEnabled'),
      recommendationsEnabled: on('recommendationsEnabled'),
      activityRetentionDays: Number(text(form, 'activityRetentionDays')),
    },
  };
  const hasErrors = Object.keys(fieldErrors).length > 0;
  return { settings, fieldErrors, problem: hasErrors ? null : storeSettingsProblem(settings) };
}
