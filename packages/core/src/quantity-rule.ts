// Purchase quantity rule (spec 02 §3/§5) and the form messages it maps to (spec 01 §5, precedence spec 03 §5).
import Big from 'big.js';
import { FORM_MESSAGES, fieldValidity, VALIDITY_PRECEDENCE } from './form-validation.ts';
import { type DecimalInput, tryParseDecimal } from './money.ts';
import type { PurchaseQuantityRule } from './wire.ts';

/**
 * Defaults from spec 02 §3: minimum 1, maximum "very large", increment 1.
 * "Very large" is Number.MAX_SAFE_INTEGER, what the platform's own transformer uses; as a string it stays exact.
 */
export const DEFAULT_QUANTITY_RULE: Readonly<PurchaseQuantityRule> = Object.freeze({
  minimum: '1',
  maximum: String(Number.MAX_SAFE_INTEGER),
  increment: '1',
});

/** Form messages of spec 01 §5 that a quantity field can show. */
export const QUANTITY_MESSAGES = {
  valueMissing: FORM_MESSAGES.valueMissing,
  badInput: FORM_MESSAGES.badNumericInput,
  rangeOverflow: FORM_MESSAGES.rangeOverflow,
  rangeUnderflow: FORM_MESSAGES.rangeUnderflow,
  stepMismatch: FORM_MESSAGES.stepMismatch,
} as const;

export type QuantityProblem = keyof typeof QUANTITY_MESSAGES;

export interface QuantityCheck {
  valid: boolean;
  problem: QuantityProblem | null;
  message: string | null;
}

/**
 * Fills in defaults field by field: a missing or non-numeric value takes the default,
 * and so does an increment of 0 or less (it would make every quantity "invalid").
 */
export function resolveQuantityRule(rule?: Partial<PurchaseQuantityRule> | null): PurchaseQuantityRule {
  const pick = (v: string | undefined, fallback: string) => (tryParseDecimal(v) !== null ? String(v).trim() : fallback);
  const increment = pick(rule?.increment, DEFAULT_QUANTITY_RULE.increment);
  return {
    minimum: pick(rule?.minimum, DEFAULT_QUANTITY_RULE.minimum),
    maximum: pick(rule?.maximum, DEFAULT_QUANTITY_RULE.maximum),
    increment: new Big(increment).gt(0) ? increment : DEFAULT_QUANTITY_RULE.increment,
  };
}

/** A rule part as stores keep it: a whole number written plainly, small enough for exact integer arithmetic. */
const WHOLE = /^\d{1,16}$/;
const wholeOr = (v: string | undefined | null, fallback: number): number | null =>
  v === undefined || v === null ? fallback : WHOLE.test(v) && Number.isSafeInteger(Number(v)) ? Number(v) : null;

/**
 * checkQuantity's verdict for a whole quantity under a rule whose parts are whole numbers (missing ones take the
 * defaults), in integer arithmetic: the server checks every line added to a cart, and decimal objects for three
 * bounds and a step were a visible share of an add. null when some part is not such a number: checkQuantity decides.
 */
export function wholeQuantityValid(quantity: number, rule?: Partial<PurchaseQuantityRule> | null): boolean | null {
  const min = wholeOr(rule?.minimum, 1);
  const max = wholeOr(rule?.maximum, Number.MAX_SAFE_INTEGER);
  const step = wholeOr(rule?.increment, 1);
  if (min === null || max === null || step === null || !Number.isSafeInteger(quantity)) return null;
  // An increment of 0 is no increment: the default (resolveQuantityRule).
  const by = step > 0 ? step : 1;
  return quantity >= min && quantity <= max && (quantity - min) % by === 0;
}

const ok: QuantityCheck = Object.freeze({ valid: true, problem: null, message: null }) as QuantityCheck;
const fail = (problem: QuantityProblem): QuantityCheck => ({
  valid: false,
  problem,
  message: QUANTITY_MESSAGES[problem],
});

/**
 * Checks a quantity against the rule (spec 02 §5): valid when minimum <= q <= maximum and
 * (q - minimum) is a whole multiple of the increment. The form-validation module decides, as for every
 * field, so the help-message precedence of spec 03 §5 (bad numeric input, overflow, underflow, step) is the
 * one all forms share. An empty value reports valueMissing ("Complete this field").
 */
export function checkQuantity(
  quantity: DecimalInput | null | undefined,
  rule?: Partial<PurchaseQuantityRule> | null,
): QuantityCheck {
  const r = resolveQuantityRule(rule);
  const text = quantity === null || quantity === undefined ? '' : String(quantity);
  // Divisibility is measured from the minimum: with min 2 and step 5, valid values are 2, 7, 12...
  const validity = fieldValidity(text, {
    required: true,
    type: 'number',
    min: r.minimum,
    max: r.maximum,
    step: r.increment,
  });
  const problem = VALIDITY_PRECEDENCE.find((p) => validity[p]);
  if (!problem) return ok;
  return fail(problem === 'badNumericInput' ? 'badInput' : (problem as QuantityProblem));
}

export function isQuantityValid(
  quantity: DecimalInput | null | undefined,
  rule?: Partial<PurchaseQuantityRule> | null,
): boolean {
  return checkQuantity(quantity, rule).valid;
}

/**
 * Out of stock (spec 02 §5): available is 0 (or less) or below the rule minimum.
 * `available` null/undefined means inventory is not tracked, which is never out of stock.
 */
export function isOutOfStock(
  available: DecimalInput | null | undefined,
  rule?: Partial<PurchaseQuantityRule> | null,
): boolean {
  if (available === null || available === undefined) return false;
  const a = tryParseDecimal(available);
  if (a === null) return false;
  return a.lte(0) || a.lt(new Big(resolveQuantityRule(rule).minimum));
}

/** A quantity above what is available is invalid (spec 02 §5). Untracked inventory (null) never blocks. */
export function exceedsAvailable(
  quantity: DecimalInput | null | undefined,
  available: DecimalInput | null | undefined,
): boolean {
  if (available === null || available === undefined) return false;
  const a = tryParseDecimal(available);
  const q = tryParseDecimal(quantity);
  return a !== null && q?.gt(a) === true;
}
