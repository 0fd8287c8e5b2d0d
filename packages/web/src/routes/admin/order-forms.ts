// The order page's forms, as rules and conversions: shipping a delivery group (core shipment-tracking: the
// carrier and the tracking number's format, checked as the seller types and again on submit), the refund's
// selection and the amount it gives back (core refund-split, the server's own arithmetic, so the confirmation
// shows the cents the gateway will be asked for), and a cancellation's reason. The server has the last word.

import {
  CARRIER_NAMES,
  carrierProblem,
  checkChoices,
  checkField,
  decimalToMinorUnits,
  minorUnitsToDecimal,
  refundForLines,
  trackingNumberProblem,
  type AdminOrderDetail,
  type ShipInput,
} from '@store/core';

/** The carrier select's value for "a carrier not in the list" (its name then comes from the text field). */
export const OTHER_CARRIER = 'other';

export type ShipField = 'carrier' | 'otherCarrier' | 'trackingNumber';

/** The carrier the form names: the one chosen, or the seller's own words when "Other" is chosen. */
export function carrierOf(choice: string, other: string): string {
  return choice === OTHER_CARRIER ? other.trim() : choice;
}

/** A custom rule outranks "required" (spec 03 §5 precedence), so a blank field is left to the latter. */
const unlessBlank = (rule: (v: string) => string | null) => (v: string) => (v === '' ? null : rule(v));

export const otherCarrierRule = (v: string) => checkField(v, { required: true, custom: unlessBlank(carrierProblem) });

/** The tracking number's rule for the carrier chosen (a known carrier's own format, else the general one). */
export const trackingRule = (carrier: string) => (v: string) =>
  checkField(v, { required: true, maxLength: 60, custom: unlessBlank((t) => trackingNumberProblem(carrier, t)) });

/** What the tracking field's hint says for the carrier chosen. */
export function trackingHint(carrier: string): string {
  const problem = CARRIER_NAMES.includes(carrier) ? trackingNumberProblem(carrier, '') : null;
  return problem ?? 'Spaces and dashes are fine; they are left out.';
}

/** The ship form's input, or the message of each field in error. */
export function shipInput(
  values: Record<ShipField, string>,
): { input: ShipInput; errors: null } | { input: null; errors: Partial<Record<ShipField, string>> } {
  const errors: Partial<Record<ShipField, string>> = {};
  const carrier = carrierOf(values.carrier, values.otherCarrier);
  if (values.carrier === OTHER_CARRIER) {
    const message = otherCarrierRule(values.otherCarrier);
    if (message) errors.otherCarrier = message;
  } else if (!CARRIER_NAMES.includes(values.carrier)) errors.carrier = checkChoices([], { required: true })!;
  const tracking = trackingRule(carrier)(values.trackingNumber);
  if (tracking) errors.trackingNumber = tracking;
  return Object.keys(errors).length
    ? { input: null, errors }
    : { input: { carrier, trackingNumber: values.trackingNumber.trim() }, errors: null };
}

/** The lines still refundable (not refunded, not on a cancelled order). */
export function refundableLines(order: AdminOrderDetail) {
  return order.status === 'Cancelled' ? [] : order.lines.filter((l) => l.status !== 'Refunded');
}

const minor = (amount: string) => BigInt(decimalToMinorUnits(amount));

/** What is left to refund on the order: the grand total less what was refunded. */
export function leftToRefund(order: AdminOrderDetail): string {
  return minorUnitsToDecimal(minor(order.grandTotalAmount) - minor(order.totalRefundedAmount));
}

/**
 * What a refund gives back, as the server will work it out: the lines' shares (their totals after their own
 * promotions, their part of the order's promotions, and their tax in a Net store), or, for the whole order,
 * everything not yet refunded (delivery and gift wrap included).
 */
export function refundAmount(order: AdminOrderDetail, selection: 'whole' | readonly string[]): string {
  if (selection === 'whole') return leftToRefund(order);
  const lineAdjustments = order.lines.reduce((sum, l) => sum + minor(l.totalAdjustmentAmount), 0n);
  return minorUnitsToDecimal(
    refundForLines(
      {
        taxType: order.taxType,
        // The order's own (cart-level) promotions: its adjustments less those of its lines.
        orderAdjustmentMinor: Number(minor(order.totalAdjustmentAmount) - lineAdjustments),
        lines: order.lines.map((l) => ({
          id: l.orderItemId,
          totalMinor: Number(minor(l.totalPrice)),
          taxMinor: Number(minor(l.totalTax)),
        })),
      },
      selection,
    ),
  );
}

/** The refund form's choice: the whole order, or the lines ticked; an error when neither was chosen. */
export function refundSelection(form: FormData): { selection: 'whole' | string[] } | { error: string } {
  if (form.get('scope') === 'whole') return { selection: 'whole' };
  const lines = form.getAll('line').filter((v): v is string => typeof v === 'string' && v !== '');
  const message = checkChoices(lines, { required: true });
  return message ? { error: message } : { selection: lines };
}

export const reasonRule = (required: boolean) => (v: string) => checkField(v, { required, maxLength: 500 });

/** A fresh key for one refund: the confirmation carries it, so sending it twice refunds once. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `wsr-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
