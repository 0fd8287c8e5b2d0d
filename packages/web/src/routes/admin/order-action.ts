// What the order page's forms do (its route action): ship a delivery group, review a refund (its amount, from
// core refund-split, before anything is sent), refund, cancel, re-send the downloads email. Each form's fields
// are checked with the shared rules first; the server's refusal comes back as the form's message.

import type { WorkspaceCalls } from '@store/client/workspace';
import { money } from '../../lib/cart/cart-view.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formValues } from '../../lib/forms.ts';
import {
  newIdempotencyKey,
  reasonRule,
  refundAmount,
  refundSelection,
  shipInput,
  type ShipField,
} from './order-forms.ts';

export type OrderIntent = 'ship' | 'refund-review' | 'refund' | 'cancel' | 'resend';

/** A refund checked and priced, waiting for the seller's confirmation. */
export interface RefundReview {
  amount: string;
  whole: boolean;
  lineIds: string[];
  reason: string;
  /** Sent with the confirmed refund: a second click (or a retry) gives back the same refund, not another. */
  key: string;
}

export interface OrderActionResult {
  intent: OrderIntent;
  /** The delivery group a ship result is about. */
  groupId?: string;
  fieldErrors?: Record<string, string>;
  formError?: string;
  values?: Record<string, string>;
  /** What was done, in words. */
  done?: string;
  review?: RefundReview;
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};

export async function orderAction(w: WorkspaceCalls, orderId: string, form: FormData): Promise<OrderActionResult> {
  const intent = text(form, 'intent') as OrderIntent;
  const refused = (error: unknown, extra: Partial<OrderActionResult> = {}): OrderActionResult => ({
    intent,
    formError: errorMessage(error),
    ...extra,
  });
  switch (intent) {
    case 'ship': {
      const groupId = text(form, 'groupId');
      const values = formValues<ShipField>(form, ['carrier', 'otherCarrier', 'trackingNumber']);
      const checked = shipInput(values);
      if (!checked.input) return { intent, groupId, fieldErrors: checked.errors, values };
      try {
        const shipped = await w.shipDeliveryGroup(orderId, groupId, checked.input);
        return {
          intent,
          groupId,
          done: `Shipped with ${shipped.carrier}, tracking number ${shipped.trackingNumber}. The buyer has been emailed.`,
        };
      } catch (error) {
        return refused(error, { groupId, values });
      }
    }
    case 'refund-review': {
      const reason = text(form, 'reason');
      const chosen = refundSelection(form);
      const reasonError = reasonRule(false)(reason);
      if ('error' in chosen || reasonError)
        return {
          intent,
          fieldErrors: {
            ...('error' in chosen ? { lines: chosen.error } : {}),
            ...(reasonError ? { reason: reasonError } : {}),
          },
          values: { reason },
        };
      try {
        const order = await w.getOrder(orderId);
        const whole = chosen.selection === 'whole';
        return {
          intent,
          review: {
            amount: refundAmount(order, chosen.selection),
            whole,
            lineIds: whole ? [] : [...chosen.selection],
            reason,
            key: newIdempotencyKey(),
          },
        };
      } catch (error) {
        return refused(error);
      }
    }
    case 'refund': {
      const reason = text(form, 'reason');
      const whole = text(form, 'scope') === 'whole';
      const lineIds = form.getAll('line').filter((v): v is string => typeof v === 'string' && v !== '');
      try {
        const answer = await w.refundOrder(
          orderId,
          { ...(whole ? { wholeOrder: true } : { orderItemIds: lineIds }), reason: reason || null },
          { idempotencyKey: text(form, 'key') || newIdempotencyKey() },
        );
        return { intent, done: answer.message };
      } catch (error) {
        return refused(error);
      }
    }
    case 'cancel': {
      const reason = text(form, 'reason');
      const reasonError = reasonRule(true)(reason);
      if (reasonError) return { intent, fieldErrors: { reason: reasonError }, values: { reason } };
      try {
        const answer = await w.cancelOrder(orderId, reason, { idempotencyKey: newIdempotencyKey() });
        return { intent, done: answer.message };
      } catch (error) {
        return refused(error, { values: { reason } });
      }
    }
    case 'resend': {
      try {
        const sent = await w.resendDownloads(orderId);
        return { intent, done: `Fresh download links were emailed to ${sent.to}.` };
      } catch (error) {
        return refused(error);
      }
    }
    default:
      return { intent, formError: 'Unknown request.' };
  }
}

/** The confirmation's question: how much goes back, and where. */
export function reviewQuestion(review: RefundReview, currency: string, paymentMethod: string): string {
  const where = paymentMethod === 'PurchaseOrder' ? 'as a credit (purchase order)' : 'to the buyer’s card';
  return `Refund ${money(review.amount, currency)} ${where}?`;
}
