// The promotion editor's fields and their conversions: form fields to the workspace API's promotion and back,
// each field checked with the shared form rules (core checkField, the messages of spec 01 §5) and the whole
// with core's promotionProblem (the same words the server answers with). Dates are edited in UTC, so the
// page reads the same on the server and in any browser. Products are named by SKU (or record id); the route
// turns SKUs into ids.

import {
  checkField,
  formatCurrency,
  isRecordId,
  promotionProblem,
  type AdminCoupon,
  type AdminPromotion,
  type PromotionDiscount,
  type PromotionFields,
  type PromotionTarget,
} from '@store/core';

export type DiscountType = PromotionDiscount['type'];

/** What the editor's form says, before SKUs are resolved to product ids. */
export interface PromotionDraft {
  fields: Omit<PromotionFields, 'productIds'>;
  /** SKUs or product ids, as typed; none = every line (unless categories are named). */
  products: string[];
  fieldErrors: Record<string, string>;
  /** Core's verdict on the discount, dates and coupons, or null. */
  problem: string | null;
}

/** Rows the editor shows: what there is and one more, at least `min`. */
export const rowsFor = (count: number, min: number) => Math.max(min, count + 1);
export const TRIAL_ROWS = 3;

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};
const list = (v: string) =>
  v
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
/** Rows named `${prefix}-${i}-…` present in the form, in order. */
const rowIndexes = (form: FormData, prefix: string, part: string) => {
  const out: number[] = [];
  for (let i = 0; form.has(`${prefix}-${i}-${part}`); i++) out.push(i);
  return out;
};

/** A UTC date-time as the editor's field holds it (YYYY-MM-DDTHH:MM), and back to ISO 8601. */
export const utcField = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 16) : '');
const isoOf = (field: string) => (field ? `${field.length === 16 ? `${field}:00` : field}Z` : null);
/** A date-time for a table cell, in UTC. */
export const utcText = (iso: string) => `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const RULES = {
  name: (v: string) => checkField(v, { required: true, maxLength: 255 }),
  priority: (v: string) => checkField(v, { required: true, type: 'number', min: 0, max: 100000, step: 1 }),
  date: (v: string) => checkField(v, { pattern: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?/ }),
  maxUses: (v: string) => checkField(v, { type: 'number', min: 1, max: 1e9, step: 1 }),
  quantity: (v: string) => checkField(v, { required: true, type: 'number', min: 1, max: 1_000_000, step: 1 }),
} as const;
export const promotionRule = (name: keyof typeof RULES) => RULES[name];

function discountOf(form: FormData, errors: Record<string, string>): PromotionDiscount {
  const type = text(form, 'discountType') as DiscountType;
  if (type === 'AmountOff') return { type, amount: text(form, 'amount') };
  if (type === 'TieredPercentOff') {
    const tiers = rowIndexes(form, 'tier', 'min')
      .map((i) => ({ i, min: text(form, `tier-${i}-min`), percent: text(form, `tier-${i}-percent`) }))
      .filter((t) => t.min !== '' || t.percent !== '');
    for (const t of tiers) {
      const problem = checkField(t.min, { required: true, type: 'number', min: 1, step: 1 });
      if (problem) errors[`tier-${t.i}-min`] = problem;
    }
    return { type, tiers: tiers.map((t) => ({ minQuantity: Number(t.min), percent: t.percent })) };
  }
  return { type: 'PercentOff', percent: text(form, 'percent') };
}

/** The editor's form as a promotion, with every field's message and core's verdict on the whole. */
export function promotionDraft(form: FormData): PromotionDraft {
  const errors: Record<string, string> = {};
  const check = (name: string, rule: (v: string) => string | null, value = text(form, name)) => {
    const message = rule(value);
    if (message) errors[name] = message;
    return value;
  };
  const name = check('name', RULES.name);
  const priority = check('priority', RULES.priority);
  const startsAt = check('startsAt', RULES.date);
  const endsAt = check('endsAt', RULES.date);
  const coupons = rowIndexes(form, 'coupon', 'code')
    .map((i) => ({
      i,
      code: text(form, `coupon-${i}-code`),
      maxUses: text(form, `coupon-${i}-maxUses`),
      perCustomer: text(form, `coupon-${i}-maxUsesPerCustomer`),
    }))
    .filter((c) => c.code !== '' || c.maxUses !== '' || c.perCustomer !== '')
    .map((c) => ({
      code: c.code,
      maxUses: check(`coupon-${c.i}-maxUses`, RULES.maxUses, c.maxUses) === '' ? null : Number(c.maxUses),
      maxUsesPerCustomer:
        check(`coupon-${c.i}-maxUsesPerCustomer`, RULES.maxUses, c.perCustomer) === '' ? null : Number(c.perCustomer),
    }));
  const discount = discountOf(form, errors);
  const groups = form.getAll('buyerGroupIds').filter((v): v is string => typeof v === 'string' && v !== '');
  const buyerGroupIds = [...groups, ...list(text(form, 'buyerGroupIdsText'))];
  const accountIds = list(text(form, 'accountIds'));
  const categoryIds = form.getAll('categoryIds').filter((v): v is string => typeof v === 'string' && v !== '');
  const fields: PromotionDraft['fields'] = {
    name,
    termsAndConditions: text(form, 'termsAndConditions') || null,
    discount,
    target: text(form, 'target') === 'Cart' ? 'Cart' : 'Item',
    categoryIds: categoryIds.length ? categoryIds : null,
    buyerGroupIds: buyerGroupIds.length ? buyerGroupIds : null,
    accountIds: accountIds.length ? accountIds : null,
    startsAt: errors.startsAt ? null : isoOf(startsAt),
    endsAt: errors.endsAt ? null : isoOf(endsAt),
    priority: Number(priority),
    stacking: text(form, 'stacking') === 'Exclusive' ? 'Exclusive' : 'Stackable',
    oneTimeOnly: form.get('oneTimeOnly') === 'true',
    isActive: form.get('isActive') === 'true',
    coupons,
  };
  return { fields, products: list(text(form, 'products')), fieldErrors: errors, problem: promotionProblem(fields) };
}

/** The SKUs or ids typed that are not record ids (the route looks those up). */
export const skusAmong = (refs: readonly string[]) => refs.filter((r) => !isProductId(r));
const isProductId = (r: string): boolean => isRecordId(r, 'product');

/** The sample cart's filled rows: a product (SKU or id) and a quantity each, with each quantity's message. */
export function trialLines(form: FormData) {
  const errors: Record<string, string> = {};
  const lines = rowIndexes(form, 'line', 'product')
    .map((i) => ({ i, product: text(form, `line-${i}-product`), quantity: text(form, `line-${i}-quantity`) }))
    .filter((l) => l.product !== '')
    .map((l) => {
      const message = RULES.quantity(l.quantity);
      if (message) errors[`line-${l.i}-quantity`] = message;
      return { product: l.product, quantity: Number(l.quantity) };
    });
  if (!lines.length) errors['line-0-product'] = checkField('', { required: true })!;
  return { lines, errors, couponCode: text(form, 'trialCoupon'), accountId: text(form, 'trialAccount') };
}

/** How the table names a discount: "10% off each line", "$11.00 off the cart", "Buy 5+: 10%…". */
export function discountLabel(d: PromotionDiscount, target: PromotionTarget, currency = 'USD'): string {
  const where = target === 'Cart' ? 'the cart' : 'each item';
  if (d.type === 'PercentOff') return `${d.percent}% off ${where}`;
  if (d.type === 'AmountOff') return `${formatCurrency(d.amount, currency)} off ${where}`;
  return `Buy more, save more: ${d.tiers.map((t) => `${t.minQuantity}+ ${t.percent}%`).join(', ')}`;
}

/** A code's use against its limits: "1 of 5 used", "3 used (no limit)", "1 of 5 used, 1 per customer". */
export const couponUse = (c: Pick<AdminCoupon, 'timesUsed' | 'maxUses' | 'maxUsesPerCustomer'>) =>
  (c.maxUses === null ? `${c.timesUsed} used (no limit)` : `${c.timesUsed} of ${c.maxUses} used`) +
  (c.maxUsesPerCustomer ? `, ${c.maxUsesPerCustomer} per customer` : '');

/** The editor's first values for a saved promotion, or a new one's defaults (as the server's). */
export function promotionValues(p: AdminPromotion | null) {
  return {
    name: p?.name ?? '',
    termsAndConditions: p?.termsAndConditions ?? '',
    discountType: (p?.discount.type ?? 'PercentOff') as DiscountType,
    percent: p?.discount.type === 'PercentOff' ? p.discount.percent : '',
    amount: p?.discount.type === 'AmountOff' ? p.discount.amount : '',
    tiers: p?.discount.type === 'TieredPercentOff' ? p.discount.tiers : [],
    target: p?.target ?? 'Item',
    categoryIds: p?.categoryIds ?? [],
    buyerGroupIds: p?.buyerGroupIds ?? [],
    accountIds: (p?.accountIds ?? []).join(', '),
    startsAt: utcField(p?.startsAt ?? null),
    endsAt: utcField(p?.endsAt ?? null),
    priority: String(p?.priority ?? 100),
    stacking: p?.stacking ?? 'Stackable',
    oneTimeOnly: p?.oneTimeOnly ?? true,
    isActive: p?.isActive ?? true,
    coupons: p?.coupons.filter((c) => c.isActive) ?? [],
  };
}
