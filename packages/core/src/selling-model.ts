// Selling models: the default pick (spec 02 §4), term options (spec 02 §5/§9),
// labels (spec 01 §3, spec 03 §9) and the subscription selector state machine (spec 03 §4/§5/§9).
import type { PricingTermUnit, ProductSellingModel, SellingModelType } from './wire.ts';

/** The fields the rules read; ProductSellingModel from wire.ts fits. */
export type SellingModelLike = Pick<
  ProductSellingModel,
  'id' | 'sellingModelType' | 'pricingTerm' | 'pricingTermUnit' | 'subscriptionTermRule'
> & { name?: string | null };

export interface SellingModelSelection {
  productSellingModelId: string;
  /** Only for term-based models; absent for one-time and evergreen picks without a rule. */
  subscriptionTerm?: number;
}

/** Spec 02 §5/§9: term options stop after 50 steps. */
export const MAX_SUBSCRIPTION_TERM_OPTIONS = 50;

/**
 * Default selling model (spec 02 §4): OneTime if present; otherwise the first Evergreen or TermDefined
 * model with its minimum term. A TermDefined model without a rule starts at term 1 (a term is required
 * for it); an Evergreen model without a rule gets no term.
 */
export function defaultSellingModel(
  models: readonly SellingModelLike[] | null | undefined,
): SellingModelSelection | null {
  if (!models?.length) return null;
  const oneTime = models.find((m) => m.sellingModelType === 'OneTime');
  if (oneTime) return { productSellingModelId: oneTime.id };
  const sub = models.find((m) => m.sellingModelType === 'Evergreen' || m.sellingModelType === 'TermDefined');
  if (!sub) return null;
  const term = sub.subscriptionTermRule?.minimum ?? (sub.sellingModelType === 'TermDefined' ? 1 : undefined);
  return term === undefined
    ? { productSellingModelId: sub.id }
    : { productSellingModelId: sub.id, subscriptionTerm: term };
}

/** The selling model itself that defaultSellingModel picks: what a product is bought with when none is chosen. */
export function defaultSellingModelOf<T extends SellingModelLike>(models: readonly T[] | null | undefined): T | null {
  const chosen = defaultSellingModel(models);
  return chosen ? (models?.find((m) => m.id === chosen.productSellingModelId) ?? null) : null;
}

/**
 * Term choices from a rule: minimum, minimum + increment, ... up to maximum, at most 50 of them.
 * Increment defaults to 1 (also when 0 or negative, which would never advance); minimum defaults to 1.
 */
export function subscriptionTermOptions(
  rule: Partial<{ minimum: number | null; maximum: number | null; increment: number | null }> | null | undefined,
): number[] {
  const min = Number.isFinite(rule?.minimum) ? (rule!.minimum as number) : 1;
  const max = Number.isFinite(rule?.maximum) ? (rule!.maximum as number) : Number.POSITIVE_INFINITY;
  const step = Number.isFinite(rule?.increment) && (rule!.increment as number) > 0 ? (rule!.increment as number) : 1;
  const out: number[] = [];
  for (let term = min; term <= max && out.length < MAX_SUBSCRIPTION_TERM_OPTIONS; term += step) out.push(term);
  return out;
}

/** Type labels (spec 01 §3). 'one-time' is ours: the spec names only the two subscription types. */
export const SELLING_MODEL_TYPE_LABELS: Readonly<Record<SellingModelType, string>> = {
  OneTime: 'one-time',
  Evergreen: 'auto-renew',
  TermDefined: 'term-defined',
};

/** Unit words of spec 01 §3 keyed by the pricing term unit (Months / Annual, spec 03 §9). */
export const TERM_UNIT_LABELS: Readonly<Record<PricingTermUnit, { one: string; many: string; frequency: string }>> = {
  Months: { one: 'month', many: 'months', frequency: 'monthly' },
  Annual: { one: 'year', many: 'years', frequency: 'yearly' },
};

export function sellingModelTypeLabel(type: SellingModelType): string {
  return SELLING_MODEL_TYPE_LABELS[type];
}

/** "1 month", "12 months", "2 years". */
export function termLengthLabel(count: number, unit: PricingTermUnit): string {
  const words = TERM_UNIT_LABELS[unit];
  return `${count} ${count === 1 ? words.one : words.many}`;
}

/** "monthly" / "yearly" (how an auto-renew model bills). */
export function billingFrequencyLabel(unit: PricingTermUnit): string {
  return TERM_UNIT_LABELS[unit].frequency;
}

// ---- Option values: JSON text with productSellingModelId and optional subscriptionTerm (spec 03 §9) ----

export function sellingModelOptionValue(selection: SellingModelSelection): string {
  return JSON.stringify(
    selection.subscriptionTerm === undefined
      ? { productSellingModelId: selection.productSellingModelId }
      : { productSellingModelId: selection.productSellingModelId, subscriptionTerm: selection.subscriptionTerm },
  );
}

/** Parses an option value; null when it is not JSON or has no model id (so nothing gets announced). */
export function parseSellingModelOptionValue(value: string | null | undefined): SellingModelSelection | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!parsed || typeof parsed !== 'object') return null;
    const { productSellingModelId, subscriptionTerm } = parsed as Record<string, unknown>;
    if (typeof productSellingModelId !== 'string' || productSellingModelId === '') return null;
    return typeof subscriptionTerm === 'number' && Number.isFinite(subscriptionTerm)
      ? { productSellingModelId, subscriptionTerm }
      : { productSellingModelId };
  } catch {
    return null;
  }
}

// ---- Subscription selector ----

export interface SelectorOption {
  label: string;
  value: string;
  description?: string;
}

export interface SubscriptionSelectorState {
  readOnly: boolean;
  /** One per selling model type, in order of first appearance; value is the SellingModelType. */
  typeOptions: SelectorOption[];
  detailOptionsByType: Partial<Record<SellingModelType, SelectorOption[]>>;
  selectedType: SellingModelType | null;
  /** The selected detail option's value (JSON text). */
  selectedDetail: string | null;
}

export interface SubscriptionSelectorView {
  typeOptions: SelectorOption[];
  detailOptions: SelectorOption[];
  selectedType: SellingModelType | null;
  selectedDetail: string | null;
  /** Only with more than one type. */
  showTypeSelector: boolean;
  /** When the type selector shows or there is more than one detail. */
  showDetailSelector: boolean;
  /** Exactly one detail and no type selector: show it as plain text. */
  detailAsText: boolean;
  detailText: string | null;
}

export interface SelectorChange {
  state: SubscriptionSelectorState;
  /** The subscription-changed payload to announce, or null (read-only, or no model id found). */
  announcement: SellingModelSelection | null;
}

function detailOptionsFor(model: SellingModelLike): SelectorOption[] {
  const description = model.name ?? undefined;
  const unit = model.pricingTermUnit;
  if (model.sellingModelType === 'TermDefined') {
    const perTerm = model.pricingTerm && model.pricingTerm > 0 ? model.pricingTerm : 1;
    return subscriptionTermOptions(model.subscriptionTermRule).map((term) => ({
      label: unit
        ? termLengthLabel(term * perTerm, unit)
        : `${model.name ?? SELLING_MODEL_TYPE_LABELS.TermDefined} (${term})`,
      value: sellingModelOptionValue({ productSellingModelId: model.id, subscriptionTerm: term }),
      description,
    }));
  }
  const label =
    model.sellingModelType === 'Evergreen' && unit
      ? billingFrequencyLabel(unit)
      : model.name || SELLING_MODEL_TYPE_LABELS[model.sellingModelType];
  return [{ label, value: sellingModelOptionValue({ productSellingModelId: model.id }), description }];
}

function findDetail(
  state: SubscriptionSelectorState,
  selection: SellingModelSelection,
): { type: SellingModelType; option: SelectorOption } | null {
  let sameModel: { type: SellingModelType; option: SelectorOption } | null = null;
  for (const { value: type } of state.typeOptions) {
    for (const option of state.detailOptionsByType[type as SellingModelType] ?? []) {
      const parsed = parseSellingModelOptionValue(option.value);
      if (parsed?.productSellingModelId !== selection.productSellingModelId) continue;
      if (parsed.subscriptionTerm === selection.subscriptionTerm) return { type: type as SellingModelType, option };
      sameModel ??= { type: type as SellingModelType, option };
    }
  }
  // Same model but a term outside the options: fall back to that model's first term.
  return sameModel;
}

/** Sets type and detail from a selected model (spec 03 §4 "A selection sets the type and detail"). Unknown models change nothing. */
export function applySellingModelSelection(
  state: SubscriptionSelectorState,
  selection: SellingModelSelection | null,
): SubscriptionSelectorState {
  const found = selection ? findDetail(state, selection) : null;
  return found ? { ...state, selectedType: found.type, selectedDetail: found.option.value } : state;
}

/**
 * Builds the selector. With a current selection it reflects it; with none it picks the first type option and
 * that type's first detail option (spec 03 §4). The initial pick is not an announcement; use `selectionOf`
 * to read it.
 */
export function createSubscriptionSelector(
  models: readonly SellingModelLike[] | null | undefined,
  options: { current?: SellingModelSelection | null; readOnly?: boolean } = {},
): SubscriptionSelectorState {
  const typeOptions: SelectorOption[] = [];
  const detailOptionsByType: Partial<Record<SellingModelType, SelectorOption[]>> = {};
  for (const model of models ?? []) {
    const type = model.sellingModelType;
    if (!detailOptionsByType[type]) {
      detailOptionsByType[type] = [];
      typeOptions.push({ label: SELLING_MODEL_TYPE_LABELS[type], value: type });
    }
    detailOptionsByType[type]!.push(...detailOptionsFor(model));
  }
  const firstType = (typeOptions[0]?.value as SellingModelType | undefined) ?? null;
  const base: SubscriptionSelectorState = {
    readOnly: options.readOnly ?? false,
    typeOptions,
    detailOptionsByType,
    selectedType: firstType,
    selectedDetail: firstType ? (detailOptionsByType[firstType]?.[0]?.value ?? null) : null,
  };
  return options.current ? applySellingModelSelection(base, options.current) : base;
}

function announce(state: SubscriptionSelectorState): SellingModelSelection | null {
  return state.readOnly ? null : parseSellingModelOptionValue(state.selectedDetail);
}

/** Changing the type resets the detail to that type's first option and announces it. Unknown types change nothing. */
export function changeSubscriptionType(state: SubscriptionSelectorState, type: string): SelectorChange {
  const details = state.detailOptionsByType[type as SellingModelType];
  if (!details) return { state, announcement: null };
  const next = { ...state, selectedType: type as SellingModelType, selectedDetail: details[0]?.value ?? null };
  return { state: next, announcement: announce(next) };
}

/** Changing the detail announces it. A value not offered for the current type changes nothing. */
export function changeSubscriptionDetail(state: SubscriptionSelectorState, value: string): SelectorChange {
  const offered = state.selectedType ? (state.detailOptionsByType[state.selectedType] ?? []) : [];
  if (!offered.some((o) => o.value === value)) return { state, announcement: null };
  const next = { ...state, selectedDetail: value };
  return { state: next, announcement: announce(next) };
}

/** The current selection as a payload (ignores read-only: this is a read, not an announcement). */
export function selectionOf(state: SubscriptionSelectorState): SellingModelSelection | null {
  return parseSellingModelOptionValue(state.selectedDetail);
}

/** What to render (spec 03 §5 "Subscription selector"). */
export function subscriptionSelectorView(state: SubscriptionSelectorState): SubscriptionSelectorView {
  const detailOptions = state.selectedType ? (state.detailOptionsByType[state.selectedType] ?? []) : [];
  const showTypeSelector = state.typeOptions.length > 1;
  const showDetailSelector = showTypeSelector || detailOptions.length > 1;
  const detailAsText = !showTypeSelector && detailOptions.length === 1;
  return {
    typeOptions: state.typeOptions,
    detailOptions,
    selectedType: state.selectedType,
    selectedDetail: state.selectedDetail,
    showTypeSelector,
    showDetailSelector,
    detailAsText,
    detailText: detailAsText ? detailOptions[0]!.label : null,
  };
}
