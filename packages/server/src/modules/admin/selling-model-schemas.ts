// Request schemas of the workspace's selling models (validation and the OpenAPI document). The rules a schema
// cannot say (a term-defined model needs terms, the longest a step away from the shortest) are core's
// sellingModelProblem, which the service applies.
import { z } from 'zod';
import { PRICING_TERM_UNITS, SUBSCRIPTION_MODEL_TYPES } from '@store/core';
import { freeText } from '../schemas.ts';
import { workspaceParams } from './schemas.ts';

export const sellingModelParams = workspaceParams.extend({ sellingModelId: z.string().max(18) });

const term = z.number().int().min(1).max(120);
const fields = {
  name: freeText(80).refine((v) => v.trim() !== '', 'must not be blank'),
  pricingTerm: term,
  pricingTermUnit: z.enum(PRICING_TERM_UNITS),
  subscriptionTermRule: z.object({ minimum: term, maximum: term, increment: term }).strict().nullable(),
};

export const sellingModelCreateBody = z
  .object({
    ...fields,
    sellingModelType: z.enum(SUBSCRIPTION_MODEL_TYPES),
    pricingTerm: term.optional().default(1),
    subscriptionTermRule: fields.subscriptionTermRule.optional().default(null),
  })
  .strict();

export const sellingModelUpdateBody = z
  .object(fields)
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'must change at least one field');

export const productSellingModelsBody = z.object({ sellingModelIds: z.array(z.string().max(18)).max(20) }).strict();
