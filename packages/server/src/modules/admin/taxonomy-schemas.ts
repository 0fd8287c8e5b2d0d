// Request schemas of the workspace's categories, entitlement policies and inventory (validation and the
// OpenAPI document). Write bodies are strict: a field the API does not take is refused, not ignored.
import { z } from 'zod';
import { URL_NAME_MAX } from '@store/core';
import { freeText, multilineText, recordId } from '../schemas.ts';
import { workspaceParams } from './schemas.ts';

export const categoryParams = workspaceParams.extend({ categoryId: z.string().max(18) });
export const policyParams = workspaceParams.extend({ policyId: z.string().max(18) });

const name = freeText(255).refine((v) => v.trim() !== '', 'must not be blank');
const status = z.enum(['Live', 'Draft']);
// The url name's own rule (core urlNameProblem) is applied by the service, so its message is the form's.
const urlName = z.string().max(URL_NAME_MAX + 20);

const categoryFields = {
  name,
  urlName,
  parentId: recordId.nullable(),
  description: multilineText(2000).nullable(),
  status,
};

export const categoryCreateBody = z
  .object({ ...categoryFields })
  .partial()
  .required({ name: true })
  .strict();
export const categoryUpdateBody = z
  .object({ ...categoryFields })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'must change at least one field');
export const categoryOrderBody = z
  .object({ parentId: recordId.nullable(), categoryIds: z.array(recordId).min(1).max(500) })
  .strict();

const policyFields = {
  name,
  buyerGroupIds: z.array(recordId).max(100),
  categoryIds: z.array(recordId).max(500),
};
export const policyCreateBody = z.object(policyFields).strict();
export const policyUpdateBody = z
  .object(policyFields)
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'must change at least one field');

export const inventoryBody = z
  .object({
    levels: z
      .array(z.object({ locationId: recordId, onHand: z.number().int().min(0).max(1_000_000_000) }).strict())
      .min(1)
      .max(100),
  })
  .strict();
