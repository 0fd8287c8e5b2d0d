// Request schemas of the workspace's product-class operations (issue 15 item 3): a variation parent's
// variations, a variation's values, a set's or bundle's components and a quantity rule.
import { z } from 'zod';
import { MAX_COMPONENTS, MAX_VARIATION_ATTRIBUTES } from '@store/core';
import { freeText, recordId } from '../schemas.ts';
import { productCreateFields, productParams, productSku } from './schemas.ts';

const shortText = (max: number) => freeText(max).refine((v) => v.trim() !== '', 'must not be blank');

export const variationParams = productParams.extend({ variationId: z.string().max(18) });

export const variationCreateBody = z.object({
  ...productCreateFields,
  /** Attribute name → value; checked against the parent's attributes by the service. */
  values: z.record(shortText(40), shortText(80)).refine((v) => Object.keys(v).length <= MAX_VARIATION_ATTRIBUTES, {
    message: `must name at most ${MAX_VARIATION_ATTRIBUTES} attributes`,
  }),
});

const component = z.union([z.object({ productId: recordId }).strict(), z.object({ sku: productSku }).strict()]);
export const componentsBody = z.object({ components: z.array(component).max(MAX_COMPONENTS) });

const wholeNumber = z
  .string()
  .max(16)
  .regex(/^\s*\d{1,15}\s*$/, 'must be a whole number');
export const quantityRuleBody = z.object({ minimum: wholeNumber, maximum: wholeNumber, increment: wholeNumber });
