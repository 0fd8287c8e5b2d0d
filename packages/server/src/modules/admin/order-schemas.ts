// Request schemas of the workspace's order calls (issue 15 §6): validation and the OpenAPI document.
import { z } from 'zod';
import { CARRIER_NAMES } from '@store/core';
import { flag, freeText, recordId } from '../schemas.ts';
import { tableQuery, workspaceParams } from './schemas.ts';

export const orderParams = workspaceParams.extend({ orderId: z.string().max(18) });
export const deliveryGroupParams = orderParams.extend({ deliveryGroupId: z.string().max(18) });

const day = z.iso.date();

export const orderListQuery = z.object({
  ...tableQuery,
  /** Order number or email, any part. */
  q: freeText(100).optional(),
  status: z.enum(['Activated', 'Fulfilled', 'Cancelled', 'Refunded']).optional(),
  from: day.optional(),
  to: day.optional(),
  accountId: recordId.optional(),
  email: freeText(254).optional(),
  hasPrintedGoods: flag.optional(),
});

// Write bodies are strict: a field the call doesn't know (an `amount` on a refund, say) is refused, never ignored.
export const shipBody = z
  .object({
    carrier: freeText(40).describe(`One of ${CARRIER_NAMES.join(', ')}, or the carrier's own name.`),
    trackingNumber: freeText(60),
  })
  .strict();

const reason = freeText(500).nullable().optional();

export const refundBody = z
  .object({
    orderItemIds: z.array(recordId).min(1).max(100).optional(),
    wholeOrder: z.literal(true).optional(),
    reason,
  })
  .strict();

/** A cancellation says why (kept on the refund and the audit entry): an empty body is not a cancellation. */
export const cancelBody = z
  .object({ reason: freeText(500).refine((v) => v.trim() !== '', 'must not be blank') })
  .strict();
