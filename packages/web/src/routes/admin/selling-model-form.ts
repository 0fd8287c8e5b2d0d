// The selling-model form's rules and conversions: the form's text fields to the API's fields, with the shared
// field messages (core checkField) and core's sellingModelProblem for what only the whole model can say.
import {
  billingFrequencyLabel,
  checkField,
  sellingModelProblem,
  sellingModelTypeLabel,
  termLengthLabel,
  type AdminSellingModel,
  type PricingTermUnit,
  type SellingModelFields,
  type SubscriptionModelType,
} from '@store/core';

export const MODEL_FIELDS = [
  'name',
  'sellingModelType',
  'pricingTerm',
  'pricingTermUnit',
  'minimum',
  'maximum',
  'increment',
] as const;
export type ModelValues = Record<(typeof MODEL_FIELDS)[number], string>;

const whole = (v: string) => checkField(v, { required: true, type: 'number', min: 1, max: 120, step: 1 });
export const MODEL_RULES = {
  name: (v: string) => checkField(v, { required: true, maxLength: 80 }),
  pricingTerm: whole,
  term: whole,
};

/** The form's first values: the model's, or a new monthly auto-renew one's. */
export function modelValues(m: AdminSellingModel | null): ModelValues {
  return {
    name: m?.name ?? '',
    sellingModelType: m?.sellingModelType ?? 'Evergreen',
    pricingTerm: String(m?.pricingTerm ?? 1),
    pricingTermUnit: m?.pricingTermUnit ?? 'Months',
    minimum: m?.subscriptionTermRule ? String(m.subscriptionTermRule.minimum) : '',
    maximum: m?.subscriptionTermRule ? String(m.subscriptionTermRule.maximum) : '',
    increment: m?.subscriptionTermRule ? String(m.subscriptionTermRule.increment) : '',
  };
}

/** The submitted form as API fields, or the messages per field (and one for the whole model). */
export function modelFields(v: ModelValues): {
  fields: SellingModelFields & { sellingModelType: SubscriptionModelType };
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const check = (name: keyof ModelValues, rule: (v: string) => string | null) => {
    const message = rule(v[name].trim());
    if (message) errors[name] = message;
  };
  const type: SubscriptionModelType = v.sellingModelType === 'TermDefined' ? 'TermDefined' : 'Evergreen';
  check('name', MODEL_RULES.name);
  check('pricingTerm', MODEL_RULES.pricingTerm);
  if (type === 'TermDefined') for (const f of ['minimum', 'maximum', 'increment'] as const) check(f, MODEL_RULES.term);
  const fields = {
    name: v.name.trim(),
    sellingModelType: type,
    pricingTerm: Number(v.pricingTerm),
    pricingTermUnit: (v.pricingTermUnit === 'Annual' ? 'Annual' : 'Months') as PricingTermUnit,
    subscriptionTermRule:
      type === 'TermDefined'
        ? { minimum: Number(v.minimum), maximum: Number(v.maximum), increment: Number(v.increment) }
        : null,
  };
  if (!Object.keys(errors).length) {
    const problem = sellingModelProblem(type, fields);
    if (problem) errors.model = problem;
  }
  return { fields, errors };
}

/** How the table and the price form name a model's terms: "auto-renew, billed monthly", "term-defined: 12–36 months, every 12". */
export function termsLabel(m: AdminSellingModel): string {
  if (m.sellingModelType === 'OneTime' || !m.pricingTermUnit) return sellingModelTypeLabel(m.sellingModelType);
  const every =
    m.pricingTerm && m.pricingTerm > 1
      ? `every ${termLengthLabel(m.pricingTerm, m.pricingTermUnit)}`
      : billingFrequencyLabel(m.pricingTermUnit);
  const rule = m.subscriptionTermRule;
  if (!rule) return `auto-renew, billed ${every}`;
  const span =
    rule.minimum === rule.maximum
      ? termLengthLabel(rule.minimum, m.pricingTermUnit)
      : `${rule.minimum}–${termLengthLabel(rule.maximum, m.pricingTermUnit)}, in steps of ${rule.increment}`;
  return `term-defined: ${span}, billed ${every}`;
}
