// Request schemas of the workspace API (validation and, through @fastify/swagger, the OpenAPI document).
import { z } from 'zod';
import { TIER_ADJUSTMENT_TYPES } from '@store/core';
import { decimalInput, freeText, multilineText, recordId } from '../schemas.ts';

export const workspaceParams = z.object({ webstoreId: z.string().min(1).max(40) });
export const productParams = workspaceParams.extend({ productId: z.string().max(18) });

/** Paging and sorting every workspace table accepts. */
export const tableQuery = {
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
  sort: z
    .string()
    .max(40)
    .regex(/^-?[A-Za-z]+$/, 'must be a column key, with - for descending')
    .optional(),
};

const status = z.enum(['Live', 'Draft']);

export const productListQuery = z.object({
  ...tableQuery,
  q: freeText(100).optional(),
  status: status.optional(),
  categoryId: recordId.optional(),
  productClass: z.enum(['Simple', 'VariationParent', 'Variation', 'Set', 'Bundle']).optional(),
});

const shortText = (max: number) => freeText(max).refine((v) => v.trim() !== '', 'must not be blank');
const textList = (maxItems: number, maxLength: number) => z.array(shortText(maxLength)).max(maxItems);

/**
 * A product's editable fields (the dataset fields of spec 03 §3 by plain names); null clears a field. The rich
 * description is read-only here until the server sanitises HTML on write (the stored column is trusted as
 * sanitised): .notes-admin.md.
 */
const productFields = {
  name: shortText(255),
  status,
  description: multilineText(4000).nullable(),
  recordCount: z.number().int().min(0).max(1e12).nullable(),
  countries: textList(250, 80),
  sicCode: z
    .string()
    .regex(/^\d{4}$/, 'must be a 4-digit SIC code')
    .nullable(),
  listStatus: freeText(40).nullable(),
  lastUpdated: z.iso.date().nullable(),
  categoryLines: textList(5, 255),
  includedFields: textList(100, 80),
  categoryIds: z.array(recordId).max(20),
};

export const productCreateBody = z.object({
  ...z.object(productFields).partial().shape,
  sku: z
    .string()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be letters, digits, dots, dashes or underscores'),
  name: shortText(255),
  productClass: z.literal('Simple').optional(),
});
export const productUpdateBody = z
  .object({ ...productFields, sku: z.string().max(40) })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'must change at least one field');

const tier = z.object({
  lowerBound: z.number().int().min(1).max(1e9),
  upperBound: z.number().int().min(1).max(1e9).nullable(),
  adjustmentType: z.enum(TIER_ADJUSTMENT_TYPES),
  adjustmentValue: z.string().regex(/^\d{1,12}(\.\d{1,4})?$/, 'must be a decimal of zero or more'),
});
export const pricesBody = z.object({
  entries: z
    .array(
      z.object({
        priceBookId: recordId,
        sellingModelId: recordId.nullable().optional(),
        unitPrice: decimalInput(20)
          .transform(String)
          .refine((v) => /^\d{1,12}(\.\d{1,2})?$/.test(v), 'must be an amount with at most 2 decimals'),
        isActive: z.boolean().optional(),
        tiers: z.array(tier).max(20).optional(),
      }),
    )
    .max(50),
});

export const auditQuery = z.object({
  ...tableQuery,
  recordType: z
    .enum([
      'Product',
      'ProductPrices',
      'SellingModel',
      'Order',
      'Promotion',
      'Account',
      'Buyer',
      'BuyerGroup',
      'StoreSettings',
    ])
    .optional(),
  recordId: recordId.optional(),
  userId: z
    .string()
    .regex(/^[A-Za-z0-9]{1,18}$/, 'must be a user id')
    .optional(),
  action: z
    .string()
    .regex(/^[A-Za-z]{1,40}$/, 'must be an action name')
    .optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
});
