// Request schemas of the workspace API (validation and, through @fastify/swagger, the OpenAPI document).
import { z } from 'zod';
import {
  AUDIT_RECORD_TYPES,
  MAX_FEATURED_DATASETS,
  MAX_RELATED_DATASETS,
  RICH_DESCRIPTION_MAX_LENGTH,
  SKU_MAX_LENGTH,
  SKU_PATTERN,
  CREATABLE_PRODUCT_CLASSES,
  MAX_ATTRIBUTE_VALUES,
  MAX_VARIATION_ATTRIBUTES,
  TIER_ADJUSTMENT_TYPES,
} from '@store/core';
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
 * description is HTML, sanitised to core's allow-list before it is stored (services/admin/rich-description.ts).
 */
const productFields = {
  name: shortText(255),
  status,
  description: multilineText(4000).nullable(),
  richDescription: multilineText(RICH_DESCRIPTION_MAX_LENGTH).nullable(),
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

/** A variation parent's attributes and the values its variations may take. */
export const variationAttributes = z
  .array(
    z.object({
      name: shortText(40),
      values: z.array(shortText(80)).min(1).max(MAX_ATTRIBUTE_VALUES),
    }),
  )
  .min(1)
  .max(MAX_VARIATION_ATTRIBUTES);

export const productSku = z
  .string()
  .min(1)
  .max(SKU_MAX_LENGTH)
  .regex(SKU_PATTERN, 'must be letters, digits, dots, dashes or underscores');

/** A new product's fields (of any class): sku and name required, the rest optional. */
export const productCreateFields = {
  ...z.object(productFields).partial().shape,
  sku: productSku,
  name: shortText(255),
};

/**
 * A new product of a class "New product" offers. A VariationParent names its variation attributes (the
 * service checks them with core's variationAttributesProblem); the others must not.
 */
export const productCreateBody = z
  .object({
    ...productCreateFields,
    productClass: z.enum(CREATABLE_PRODUCT_CLASSES).optional(),
    variationAttributes: variationAttributes.optional(),
  })
  .refine((b) => (b.productClass === 'VariationParent') === (b.variationAttributes !== undefined), {
    message: 'variationAttributes are sent for a VariationParent, and only for one',
    path: ['variationAttributes'],
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
  recordType: z.enum(AUDIT_RECORD_TYPES).optional(),
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

/** An uploaded image's alternative text (required: it is what a screen reader says instead of the image). */
const altText = freeText(300).refine((v) => v.trim() !== '', 'must describe the image');
export const imageUploadQuery = z.object({
  altText: altText.describe('What the image shows, for shoppers who cannot see it'),
});
export const imageUpdateBody = z.object({ altText });

/** An ordered pick list of products (featured datasets, related datasets), each once. */
const pickList = (max: number) =>
  z.object({
    productIds: z
      .array(recordId)
      .max(max)
      .refine((ids) => new Set(ids).size === ids.length, 'must name each product once'),
  });
export const featuredBody = pickList(MAX_FEATURED_DATASETS);
export const relatedBody = pickList(MAX_RELATED_DATASETS);
