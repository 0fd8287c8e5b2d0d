// Request schemas of the workspace's promotions, customers and settings routes (issue 15): shapes here,
// meaning (percent ranges, tier order, date order, known countries and currencies) in core's rules, which
// the services apply, so the workspace's forms and the server refuse the same things with the same words.
import { z } from 'zod';
import { COUPON_CODE_PATTERN, MAX_PROMOTION_COUPONS, MAX_PROMOTION_TIERS } from '@store/core';
import { freeText, multilineText, recordId } from '../schemas.ts';
import { tableQuery, workspaceParams } from './schemas.ts';

const shortText = (max: number) => freeText(max).refine((v) => v.trim() !== '', 'must not be blank');
const decimalText = (pattern: RegExp, message: string) => z.string().max(20).regex(pattern, message);
const percent = decimalText(/^\d{1,3}(\.\d{1,4})?$/, 'must be a percentage such as 10 or 12.5');
const ids = z.array(recordId).max(200).nullable();
const table = { ...tableQuery, q: freeText(100).optional() };

export const promotionParams = workspaceParams.extend({ promotionId: z.string().max(18) });
export const accountParams = workspaceParams.extend({ accountId: z.string().max(18) });
export const buyerParams = workspaceParams.extend({ userId: z.string().max(18) });
export const buyerGroupParams = workspaceParams.extend({ buyerGroupId: z.string().max(18) });

const discount = z.discriminatedUnion('type', [
  z.object({ type: z.literal('PercentOff'), percent }).strict(),
  z
    .object({
      type: z.literal('AmountOff'),
      amount: decimalText(/^\d{1,12}(\.\d{1,2})?$/, 'must be an amount with at most 2 decimals'),
    })
    .strict(),
  z
    .object({
      type: z.literal('TieredPercentOff'),
      tiers: z
        .array(z.object({ minQuantity: z.number().int().min(1).max(1e9), percent }).strict())
        .min(1)
        .max(MAX_PROMOTION_TIERS),
    })
    .strict(),
]);

const coupon = z
  .object({
    code: z.string().max(40).regex(COUPON_CODE_PATTERN, 'must be 3 to 40 letters, digits, dashes or underscores'),
    maxUses: z.number().int().min(1).max(1e9).nullable().optional().default(null),
    maxUsesPerCustomer: z.number().int().min(1).max(1e9).nullable().optional().default(null),
  })
  .strict();

const promotionFields = {
  name: shortText(255),
  termsAndConditions: multilineText(2000).nullable(),
  priority: z.number().int().min(0).max(100_000),
  stacking: z.enum(['Stackable', 'Exclusive']),
  target: z.enum(['Item', 'Cart']),
  discount,
  startsAt: z.iso.datetime({ offset: true }).nullable(),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  productIds: ids,
  categoryIds: ids,
  buyerGroupIds: ids,
  accountIds: ids,
  oneTimeOnly: z.boolean(),
  isActive: z.boolean(),
  coupons: z.array(coupon).max(MAX_PROMOTION_COUPONS),
};

export const promotionCreateBody = z
  .object({ ...z.object(promotionFields).partial().shape, name: promotionFields.name, discount })
  .strict();
export const promotionUpdateBody = z
  .object(promotionFields)
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'must change at least one field');

export const promotionListQuery = z.object({ ...table, status: z.enum(['Active', 'Inactive']).optional() });

export const promotionTrialBody = z
  .object({
    promotionId: recordId.optional(),
    promotion: z.object(promotionFields).partial().strict().optional(),
    lines: z
      .array(z.object({ productId: recordId, quantity: z.number().int().min(1).max(1_000_000) }).strict())
      .min(1)
      .max(50),
    accountId: recordId.optional(),
    buyerGroupIds: z.array(recordId).max(20).optional(),
    couponCodes: z.array(freeText(40)).max(2).optional(),
    at: z.iso.datetime({ offset: true }).optional(),
    alone: z.boolean().optional(),
  })
  .strict();

export const searchQuery = z.object(table);

export const accountUpdateBody = z
  .object({ name: shortText(255), buyerGroupIds: z.array(recordId).max(50) })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'must change at least one field');
export const managedAccountsBody = z.object({ accountIds: z.array(recordId).max(200) }).strict();
export const buyerGroupCreateBody = z.object({ name: shortText(255) }).strict();
export const buyerGroupUpdateBody = z
  .object({ name: shortText(255), memberAccountIds: z.array(recordId).max(1000) })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'must change at least one field');

const countryCode = z.string().regex(/^[A-Z]{2}$/, 'must be a 2-letter country code');
const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'must be a 3-letter currency code');
export const settingsBody = z
  .object({
    storeName: shortText(120),
    country: countryCode,
    guestBrowsingEnabled: z.boolean(),
    guestCartEnabled: z.boolean(),
    guestCheckoutEnabled: z.boolean(),
    splitShipmentEnabled: z.boolean(),
    defaultCurrency: currencyCode,
    supportedCurrencies: z.array(currencyCode).min(1).max(20),
    sessionDrivenCurrency: z.boolean(),
    taxType: z.enum(['Net', 'Gross']),
    shippingCountries: z.array(countryCode).min(1).max(250),
    giftingConfig: z
      .object({ isGiftingEnabled: z.boolean(), isGiftMessageEnabled: z.boolean(), isGiftWrapEnabled: z.boolean() })
      .strict(),
    sessionIdleTimeoutSeconds: z.number().int().min(1).max(1e9).nullable(),
    shopperConsentEnabled: z.boolean(),
    shopperSignals: z
      .object({
        activityTrackingEnabled: z.boolean(),
        recommendationsEnabled: z.boolean(),
        activityRetentionDays: z.number().int().min(1).max(1e9),
      })
      .strict(),
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'must change at least one setting');
