// The fixed, size-independent part of the demo store: the webstore and its settings, selling
// models, price books, buyer groups, tax policies and the warehouses. Ids are fixed constants so
// the rest of the project (tests, e2e, docs) can name them.
import type { ApplicationContext } from '@store/core';
import { KEY_PREFIX, formatId } from '../domain/record-ids.ts';
import type {
  BuyerGroupPriceBookTable,
  BuyerGroupTable,
  GiftWrapProductTable,
  LocationGroupMemberTable,
  LocationGroupTable,
  LocationTable,
  PriceBookTable,
  SellingModelTable,
  TaxPolicyTable,
  TaxRateTable,
  WebstoreTable,
} from '../db/schema.ts';
import { isoDaysBefore } from '../datasets/random.ts';

export const STORE_NAME = 'Data Depot';
export const WEBSTORE_ID = formatId(KEY_PREFIX.webstore, 1);
/** Published catalogue snapshot accepted by the versioned routes (key prefix 0cv is not allocated at runtime). */
export const SNAPSHOT_ID = '0cv000000000001AAA';
export const MARKET_ID = '0Mk000000000001AAA';

export const SELLING_MODEL_IDS = {
  oneTime: formatId(KEY_PREFIX.sellingModel, 1),
  monthlyRefresh: formatId(KEY_PREFIX.sellingModel, 2),
  annual: formatId(KEY_PREFIX.sellingModel, 3),
  monthlyTerm: formatId(KEY_PREFIX.sellingModel, 4),
} as const;
export type SellingModelKey = keyof typeof SELLING_MODEL_IDS;

export const PRICE_BOOK_IDS = {
  standard: formatId(KEY_PREFIX.priceBook, 1),
  store: formatId(KEY_PREFIX.priceBook, 2),
  wholesale: formatId(KEY_PREFIX.priceBook, 3),
} as const;

export const BUYER_GROUP_IDS = {
  guest: formatId(KEY_PREFIX.buyerGroup, 1),
  wholesale: formatId(KEY_PREFIX.buyerGroup, 2),
} as const;

export const TAX_POLICY_IDS = {
  digital: formatId(KEY_PREFIX.taxPolicy, 1),
  printed: formatId(KEY_PREFIX.taxPolicy, 2),
} as const;

export const LOCATION_IDS = {
  reno: formatId(KEY_PREFIX.location, 1),
  columbus: formatId(KEY_PREFIX.location, 2),
} as const;
// Product number 99 sits between the hand-made products (1..34) and the datasets (101+), so it never
// collides with a catalogue product.
export const GIFT_WRAP_PRODUCT_ID = formatId(KEY_PREFIX.product, 99);
export const GIFT_WRAP_PRICE = '4.95';
export const LOCATION_GROUP_ID = formatId(KEY_PREFIX.locationGroup, 1);

export function applicationContext(): ApplicationContext {
  return {
    cartCalculateEnabled: true,
    catalogSnapshotVersionId: SNAPSHOT_ID,
    checkoutSettings: {
      isManagedCheckoutEnabled: true,
      isMngCheckoutAutoPublished: true,
      paymentConfiguration: {
        businessAchEnabled: false,
        paymentMethodManualCaptureEnabled: false,
        paymentMethodSetDevName: 'DataDepotPayments',
      },
      shippingMethodsEnabled: true,
    },
    clientSidePaymentConfiguration: null,
    country: 'US',
    defaultCurrency: 'USD',
    giftingConfig: { isGiftingEnabled: true, isGiftMessageEnabled: true, isGiftWrapEnabled: true },
    guestBrowsingEnabled: true,
    guestCartEnabled: true,
    guestCheckoutEnabled: true,
    guestCartCheckoutEnabled: true,
    inventoryConfiguration: {
      isInventoryEnabled: true,
      inventoryDefaultSource: { locationSourceId: LOCATION_GROUP_ID, locationSourceType: 'LocationGroup' },
    },
    managedCheckoutVersion: '0.117.0',
    markets: [{ marketId: MARKET_ID, localeCurrencyMap: { en_US: 'USD' } }],
    orderStatuses: [
      { apiName: 'Draft', displayValue: 'Draft' },
      { apiName: 'Activated', displayValue: 'Activated' },
      { apiName: 'Fulfilled', displayValue: 'Fulfilled' },
      { apiName: 'Cancelled', displayValue: 'Cancelled' },
    ],
    placeOrderV2Enabled: true,
    propertiesEx: { highScaleCartEnabled: false, shopperCopilotUIEnabled: false, paymentsLegacyFormsEnabled: false },
    sessionDrivenCurrency: false,
    shippingCountries: ['US', 'CA', 'GB', 'DE', 'FR', 'AU', 'JP'],
    // The demo asks for cookie consent (issue 18); test servers switch it off unless asked (TestServerOptions.consentBanner).
    shopperConsentEnabled: true,
    skipPhoneNumberValidationEnabled: false,
    splitShipmentEnabled: true,
    subscriptionConfig: {
      subscriptionPlusEnabled: true,
      rlmSubscriptionEnabled: false,
      commerceSubscriptionARCUIEnabled: false,
    },
    supportedCurrencies: ['USD'],
    taxType: 'Net',
    usesSingleEntitlementPolicy: true,
    usesUniversalPricebooks: false,
  };
}

export interface StoreRows {
  webstore: WebstoreTable[];
  tax_policy: TaxPolicyTable[];
  tax_rate: TaxRateTable[];
  selling_model: SellingModelTable[];
  price_book: PriceBookTable[];
  buyer_group: BuyerGroupTable[];
  buyer_group_price_book: BuyerGroupPriceBookTable[];
  location: LocationTable[];
  location_group: LocationGroupTable[];
  location_group_member: LocationGroupMemberTable[];
  gift_wrap_product: GiftWrapProductTable[];
}

// [country, region, rate, treatment]; region null = the country-wide rate. Digital data is exempt
// in some states (California, Florida), taxable in others; printed goods are taxable almost everywhere.
const DIGITAL_RATES: [string, string | null, string, string][] = [
  ['US', null, '0', 'US - No Sales Tax'],
  ['US', 'CA', '0', 'California - Digital Products Exempt'],
  ['US', 'NY', '4', 'New York State Sales Tax'],
  ['US', 'TX', '6.25', 'Texas Data Processing Services Tax'],
  ['US', 'WA', '6.5', 'Washington Digital Products Tax'],
  ['US', 'PA', '6', 'Pennsylvania Sales Tax'],
  ['US', 'OH', '5.75', 'Ohio Sales Tax'],
  ['US', 'FL', '0', 'Florida - Digital Products Exempt'],
  ['GB', null, '20', 'UK VAT Standard Rate'],
  ['DE', null, '19', 'Germany VAT (MwSt)'],
  ['FR', null, '20', 'France VAT (TVA)'],
  ['AU', null, '10', 'Australia GST'],
  ['JP', null, '10', 'Japan Consumption Tax'],
  ['CA', null, '5', 'Canada GST'],
  ['CA', 'ON', '13', 'Ontario HST'],
];
const PRINTED_RATES: [string, string | null, string, string][] = [
  ['US', null, '0', 'US - No Sales Tax'],
  ['US', 'CA', '7.25', 'California Sales Tax'],
  ['US', 'NY', '4', 'New York State Sales Tax'],
  ['US', 'TX', '6.25', 'Texas Sales Tax'],
  ['US', 'FL', '6', 'Florida Sales Tax'],
  ['US', 'IL', '6.25', 'Illinois Sales Tax'],
  ['US', 'WA', '6.5', 'Washington Sales Tax'],
  ['US', 'PA', '6', 'Pennsylvania Sales Tax'],
  ['US', 'OH', '5.75', 'Ohio Sales Tax'],
  ['US', 'OR', '0', 'Oregon - No Sales Tax'],
  ['US', 'DE', '0', 'Delaware - No Sales Tax'],
  ['GB', null, '0', 'UK VAT Zero Rate (Printed Matter)'],
  ['DE', null, '7', 'Germany VAT Reduced Rate (Books)'],
  ['FR', null, '5.5', 'France VAT Reduced Rate (Books)'],
  ['AU', null, '10', 'Australia GST'],
  ['JP', null, '10', 'Japan Consumption Tax'],
  ['CA', null, '5', 'Canada GST'],
  ['CA', 'ON', '13', 'Ontario HST'],
];

export function storeRows(): StoreRows {
  const created = isoDaysBefore(730);
  const rates = (policy: string, list: typeof DIGITAL_RATES): TaxRateTable[] =>
    list.map(([country, region, rate_percentage, treatment_name]) => ({
      tax_policy_id: policy,
      country,
      region,
      rate_percentage,
      treatment_name,
    }));
  return {
    webstore: [
      {
        id: WEBSTORE_ID,
        name: STORE_NAME,
        settings_json: JSON.stringify(applicationContext()),
        catalog_version: 1,
        promotions_version: 0,
        tax_version: 0,
        price_books_version: 0,
        snapshot_id: SNAPSHOT_ID,
        guest_buyer_group_id: BUYER_GROUP_IDS.guest,
        shopper_buyer_group_id: null,
        created_at: created,
      },
    ],
    tax_policy: [
      {
        id: TAX_POLICY_IDS.digital,
        name: 'Digital Data Products',
        description: 'Electronically delivered datasets (CSV downloads and subscriptions).',
      },
      {
        id: TAX_POLICY_IDS.printed,
        name: 'Printed Goods',
        description: 'Printed directories shipped from our warehouses.',
      },
    ],
    tax_rate: [...rates(TAX_POLICY_IDS.digital, DIGITAL_RATES), ...rates(TAX_POLICY_IDS.printed, PRINTED_RATES)],
    selling_model: [
      {
        id: SELLING_MODEL_IDS.oneTime,
        webstore_id: WEBSTORE_ID,
        name: 'One-Time Purchase',
        selling_model_type: 'OneTime',
        pricing_term: null,
        pricing_term_unit: null,
        term_min: null,
        term_max: null,
        term_increment: null,
      },
      {
        id: SELLING_MODEL_IDS.monthlyRefresh,
        webstore_id: WEBSTORE_ID,
        name: 'Monthly Refresh',
        selling_model_type: 'Evergreen',
        pricing_term: 1,
        pricing_term_unit: 'Months',
        term_min: null,
        term_max: null,
        term_increment: null,
      },
      {
        id: SELLING_MODEL_IDS.annual,
        webstore_id: WEBSTORE_ID,
        name: 'Annual Subscription',
        selling_model_type: 'TermDefined',
        pricing_term: 1,
        pricing_term_unit: 'Annual',
        term_min: 1,
        term_max: 3,
        term_increment: 1,
      },
      {
        id: SELLING_MODEL_IDS.monthlyTerm,
        webstore_id: WEBSTORE_ID,
        name: 'Monthly Term',
        selling_model_type: 'TermDefined',
        pricing_term: 1,
        pricing_term_unit: 'Months',
        term_min: 3,
        term_max: 24,
        term_increment: 3,
      },
    ],
    price_book: [
      {
        id: PRICE_BOOK_IDS.standard,
        webstore_id: WEBSTORE_ID,
        name: 'Standard Price Book',
        is_standard: 1,
        is_active: 1,
        currency: 'USD',
      },
      {
        id: PRICE_BOOK_IDS.store,
        webstore_id: WEBSTORE_ID,
        name: 'Store Price Book',
        is_standard: 0,
        is_active: 1,
        currency: 'USD',
      },
      {
        id: PRICE_BOOK_IDS.wholesale,
        webstore_id: WEBSTORE_ID,
        name: 'Wholesale Partners Price Book',
        is_standard: 0,
        is_active: 1,
        currency: 'USD',
      },
    ],
    buyer_group: [
      { id: BUYER_GROUP_IDS.guest, webstore_id: WEBSTORE_ID, name: 'Guest Buyers' },
      { id: BUYER_GROUP_IDS.wholesale, webstore_id: WEBSTORE_ID, name: 'Wholesale Partners' },
    ],
    // Lower priority number wins; wholesale partners fall back to store prices for anything not in their book.
    buyer_group_price_book: [
      { buyer_group_id: BUYER_GROUP_IDS.guest, price_book_id: PRICE_BOOK_IDS.store, priority: 1 },
      { buyer_group_id: BUYER_GROUP_IDS.wholesale, price_book_id: PRICE_BOOK_IDS.wholesale, priority: 1 },
      { buyer_group_id: BUYER_GROUP_IDS.wholesale, price_book_id: PRICE_BOOK_IDS.store, priority: 2 },
    ],
    location: [
      { id: LOCATION_IDS.reno, name: 'Reno Distribution Center', location_type: 'Warehouse' },
      { id: LOCATION_IDS.columbus, name: 'Columbus Fulfillment Center', location_type: 'Warehouse' },
    ],
    location_group: [{ id: LOCATION_GROUP_ID, name: 'Data Depot Fulfillment Network', webstore_id: WEBSTORE_ID }],
    location_group_member: [
      { location_group_id: LOCATION_GROUP_ID, location_id: LOCATION_IDS.reno },
      { location_group_id: LOCATION_GROUP_ID, location_id: LOCATION_IDS.columbus },
    ],
    gift_wrap_product: [
      {
        webstore_id: WEBSTORE_ID,
        id: GIFT_WRAP_PRODUCT_ID,
        sku: 'GIFT-WRAP',
        name: 'Gift Wrap',
        description:
          'Printed directories wrapped in recycled kraft paper with a ribbon; a gift message is printed on a card.',
        unit_price: GIFT_WRAP_PRICE,
        currency: 'USD',
      },
    ],
  };
}
