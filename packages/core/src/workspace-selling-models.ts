// The store's selling models as the workspace reads and writes them (issue 15 §3): one-time, and the
// subscriptions the product page offers (auto-renew every term, or a fixed number of terms to choose from).
// The rules are here so the workspace form and the server refuse the same things with the same words.
import { MAX_SUBSCRIPTION_TERM_OPTIONS } from './selling-model.ts';
import type { PricingTermUnit, SellingModelType } from './wire.ts';

export const PRICING_TERM_UNITS = ['Months', 'Annual'] as const satisfies readonly PricingTermUnit[];
/** The types a seller may create: the store has its one one-time model already. */
export const SUBSCRIPTION_MODEL_TYPES = ['Evergreen', 'TermDefined'] as const;
export type SubscriptionModelType = (typeof SUBSCRIPTION_MODEL_TYPES)[number];

export interface SubscriptionTermRule {
  minimum: number;
  maximum: number;
  increment: number;
}

/** What a seller sets on a subscription model. */
export interface SellingModelFields {
  name: string;
  /** How many units one billing term is (1 = every month / every year). */
  pricingTerm: number;
  pricingTermUnit: PricingTermUnit;
  /** The terms a buyer chooses from (TermDefined only; null for Evergreen). */
  subscriptionTermRule: SubscriptionTermRule | null;
}

export interface SellingModelCreate extends SellingModelFields {
  sellingModelType: SubscriptionModelType;
}

export interface AdminSellingModel {
  id: string;
  name: string;
  sellingModelType: SellingModelType;
  pricingTerm: number | null;
  pricingTermUnit: PricingTermUnit | null;
  subscriptionTermRule: SubscriptionTermRule | null;
  /** Products offered with it. */
  productCount: number;
}

/** A product's selling models, the store's one-time model first. */
export interface ProductSellingModels {
  productId: string;
  sellingModelIds: string[];
}

const MAX_TERM = 120;

/** Why these fields can't make a selling model of that type, or null. */
export function sellingModelProblem(type: SellingModelType, f: SellingModelFields): string | null {
  if (type === 'OneTime') return 'The one-time model has no terms to set; only its name can change.';
  const name = f.name.trim();
  if (!name) return 'A selling model needs a name.';
  if (name.length > 80) return 'A selling model’s name takes at most 80 characters.';
  if (!Number.isInteger(f.pricingTerm) || f.pricingTerm < 1 || f.pricingTerm > MAX_TERM)
    return `The billing term must be a whole number from 1 to ${MAX_TERM}.`;
  if (!(PRICING_TERM_UNITS as readonly string[]).includes(f.pricingTermUnit))
    return 'The billing unit must be Months or Annual.';
  const rule = f.subscriptionTermRule;
  if (type === 'Evergreen')
    return rule ? 'An auto-renew model renews until cancelled; it has no terms to choose from.' : null;
  if (!rule) return 'A term-defined model needs its terms: the shortest, the longest and the step between.';
  const { minimum, maximum, increment } = rule;
  if (![minimum, maximum, increment].every((n) => Number.isInteger(n) && n >= 1 && n <= MAX_TERM))
    return `The terms must be whole numbers from 1 to ${MAX_TERM}.`;
  if (maximum < minimum) return 'The longest term can’t be shorter than the shortest.';
  if ((maximum - minimum) % increment !== 0) return 'The longest term must be the shortest plus a number of steps.';
  if ((maximum - minimum) / increment + 1 > MAX_SUBSCRIPTION_TERM_OPTIONS)
    return `A buyer chooses from at most ${MAX_SUBSCRIPTION_TERM_OPTIONS} terms; make the step larger.`;
  return null;
}
