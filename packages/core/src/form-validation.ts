// One field-validation rule for every form (spec 01 §5's messages, spec 03 §5's help-message precedence).
// Pure, so the storefront's forms, the quantity control and tests agree on what a shopper reads; the server
// checks again with its own rules and has the last word.

import Big from 'big.js';
import { emailListItems, invalidEmailMessage, isEmailShaped, isValidEmail } from './email.ts';
import { tryParseDecimal } from './money.ts';

/** The form messages shown to users (spec 01 §5), by the validity problem that shows each. */
export const FORM_MESSAGES = {
  valueMissing: 'Complete this field',
  badInput: 'Enter a valid value',
  rangeOverflow: 'The number is too high',
  rangeUnderflow: 'The number is too low',
  tooLong: 'Your entry is too long',
  tooShort: 'Your entry is too short',
  badNumericInput: 'Enter a valid numeric value',
  stepMismatch: "Your entry isn't a valid increment",
  // The spec lists both format texts without saying which problem shows which: a pattern the form sets
  // gives the short one, a value that is not of the field's type (an email that is no plain addr-spec)
  // the sentence, as the platform's own type-mismatch label reads.
  patternMismatch: 'Invalid Format',
  typeMismatch: 'You have entered an invalid format',
  badEmailInput: invalidEmailMessage(),
  selectAtLeastOne: 'You must select at least one choice from this set',
} as const;

/** The help-message precedence of spec 03 §5: when several problems hold, the first one here is shown. */
export const VALIDITY_PRECEDENCE = [
  'customError',
  'badInput',
  'badNumericInput',
  'patternMismatch',
  'rangeOverflow',
  'rangeUnderflow',
  'stepMismatch',
  'tooLong',
  'tooShort',
  'badEmailInput',
  'typeMismatch',
  'valueMissing',
  'selectAtLeastOne',
] as const;

export type ValidityProblem = (typeof VALIDITY_PRECEDENCE)[number];
export type Validity = Partial<Record<ValidityProblem, boolean>>;

/**
 * The one message a field shows for its problems: the first in the precedence. A custom error shows its
 * own text; the email message names an example address (spec 01 §5 "such as {email}").
 */
export function helpMessage(
  validity: Validity,
  options: { customError?: string | null; emailExample?: string } = {},
): string | null {
  const problem = VALIDITY_PRECEDENCE.find((p) => validity[p]);
  if (!problem) return null;
  if (problem === 'customError') return options.customError ?? null;
  if (problem === 'badEmailInput' && options.emailExample) return invalidEmailMessage(options.emailExample);
  return FORM_MESSAGES[problem];
}

/** What a field asks of its value; every constraint is optional, as on an HTML input. */
export interface FieldConstraints {
  required?: boolean;
  /** 'email' is one address, 'email-list' a comma-separated list (spec 03 §5), 'number' a decimal. */
  type?: 'text' | 'email' | 'email-list' | 'number';
  minLength?: number;
  maxLength?: number;
  /** The whole value must match (as an HTML pattern attribute does). */
  pattern?: RegExp;
  /** Number fields: bounds and the step, counted from min (as HTML does), exact in decimals. */
  min?: string | number;
  max?: string | number;
  step?: string | number;
  /** A value the field cannot take (a password without a letter and a number): "Enter a valid value". */
  accepts?: (value: string) => boolean;
  /** The form's own rule: a message, or null when it passes. Shown before any other (precedence 1). */
  custom?: (value: string) => string | null;
  emailExample?: string;
}

/** A choice set (checkboxes): required means at least one chosen. */
export interface ChoiceConstraints {
  required?: boolean;
}

function emailValidity(value: string, list: boolean): Validity {
  const items = list ? emailListItems(value) : [value];
  if (!items?.every(isEmailShaped)) return { badEmailInput: true };
  return { typeMismatch: !items.every(isValidEmail) };
}

function numberValidity(value: string, c: FieldConstraints): Validity {
  const n = tryParseDecimal(value);
  if (n === null) return { badNumericInput: true };
  const min = tryParseDecimal(c.min);
  const max = tryParseDecimal(c.max);
  const step = tryParseDecimal(c.step);
  return {
    rangeOverflow: max !== null && n.gt(max),
    rangeUnderflow: min !== null && n.lt(min),
    stepMismatch:
      step?.gt(0) === true &&
      !n
        .minus(min ?? new Big(0))
        .mod(step)
        .eq(0),
  };
}

/** Every problem a text value has under the constraints. Surrounding spaces do not count (a form trims them). */
export function fieldValidity(raw: string, c: FieldConstraints): Validity {
  const value = raw.trim();
  const customError = c.custom?.(value) ?? null;
  if (value === '') return { customError: customError !== null, valueMissing: c.required === true };
  const length = [...value].length; // characters as a shopper counts them, not UTF-16 units
  return {
    customError: customError !== null,
    badInput: c.accepts ? !c.accepts(value) : false,
    patternMismatch: c.pattern ? !new RegExp(`^(?:${c.pattern.source})$`, c.pattern.flags).test(value) : false,
    tooLong: c.maxLength !== undefined && length > c.maxLength,
    tooShort: c.minLength !== undefined && length < c.minLength,
    ...(c.type === 'number' ? numberValidity(value, c) : {}),
    ...(c.type === 'email' || c.type === 'email-list' ? emailValidity(value, c.type === 'email-list') : {}),
  };
}

/** The message a text field shows, or null when its value passes. */
export function checkField(value: string, c: FieldConstraints): string | null {
  return helpMessage(fieldValidity(value, c), { customError: c.custom?.(value.trim()), emailExample: c.emailExample });
}

/** The message a choice set shows: "You must select at least one choice from this set" when required and empty. */
export function checkChoices(chosen: readonly string[], c: ChoiceConstraints): string | null {
  return helpMessage({ selectAtLeastOne: c.required === true && chosen.length === 0 });
}
