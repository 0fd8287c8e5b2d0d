// When a subscription bought today starts, ends and renews (dates are calendar days, YYYY-MM-DD, UTC).
// Term-defined: the bought terms run back to back and end the day before the next term would start;
// renewal is offered from that next day. Evergreen (auto-renew): no end; the next charge falls one
// billing period after the start. Month arithmetic clamps to the month's last day (31 Jan + 1 month
// is 28/29 Feb), as billing systems do.
import type { PricingTermUnit } from './wire.ts';

export interface SubscriptionDates {
  startDate: string;
  endDate: string | null;
  nextRenewalDate: string | null;
}

function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const t = new Date(`${day}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

const monthsOf = (pricingTerm: number, unit: PricingTermUnit) => (unit === 'Annual' ? 12 : 1) * pricingTerm;

export function subscriptionDates(
  type: 'Evergreen' | 'TermDefined',
  pricingTerm: number,
  unit: PricingTermUnit,
  termCount: number | null,
  start: Date | string,
): SubscriptionDates {
  const startDate = typeof start === 'string' ? start.slice(0, 10) : start.toISOString().slice(0, 10);
  const period = monthsOf(pricingTerm, unit);
  if (type === 'Evergreen') return { startDate, endDate: null, nextRenewalDate: addMonths(startDate, period) };
  const renewal = addMonths(startDate, period * Math.max(1, termCount ?? 1));
  return { startDate, endDate: addDays(renewal, -1), nextRenewalDate: renewal };
}

/** Today as a calendar day (UTC), the way subscription dates are kept. */
export const calendarDay = (d: Date = new Date()): string => d.toISOString().slice(0, 10);

/**
 * The first renewal of an auto-renew subscription after `today`: the start plus a whole number of billing
 * periods (at least one), each counted from the start so month-end clamping never drifts (31 Jan → 28 Feb →
 * 31 Mar). The current term is the period that ends the day before it.
 */
export function nextRenewalAfter(startDate: string, pricingTerm: number, unit: PricingTermUnit, today: string): string {
  const period = Math.max(1, monthsOf(pricingTerm, unit));
  // Jump close to today, then step: months between the two days, in whole periods.
  const [sy, sm] = startDate.split('-').map(Number) as [number, number];
  const [ty, tm] = today.split('-').map(Number) as [number, number];
  let k = Math.max(1, Math.floor(((ty - sy) * 12 + (tm - sm)) / period));
  while (k > 1 && addMonths(startDate, (k - 1) * period) > today) k--;
  while (addMonths(startDate, k * period) <= today) k++;
  return addMonths(startDate, k * period);
}

/** The day the latest period of an auto-renew subscription began (its latest delivery): the start, or a renewal since. */
export function latestRenewal(startDate: string, pricingTerm: number, unit: PricingTermUnit, today: string): string {
  if (today < startDate) return startDate;
  const next = nextRenewalAfter(startDate, pricingTerm, unit, today);
  const period = Math.max(1, monthsOf(pricingTerm, unit));
  // The renewal one period before the next (counted from the start, like every renewal).
  let k = 0;
  while (addMonths(startDate, (k + 1) * period) < next) k++;
  return addMonths(startDate, k * period);
}

/** What can be done to a subscription's auto-renewal (issue 17): switch it off, back on, or nothing. */
export type AutoRenewChange = 'off' | 'on' | null;

/**
 * Only an auto-renew (evergreen) subscription that is active and has not ended can change: while it renews it
 * may be switched off (it then ends at the end of the current term); once switched off, and until that end
 * date has passed, back on. A term-defined one never renews by itself.
 */
export function autoRenewChange(
  s: { sellingModelType: 'Evergreen' | 'TermDefined'; status: string; endDate: string | null },
  today: string,
): AutoRenewChange {
  if (s.sellingModelType !== 'Evergreen' || s.status !== 'Active') return null;
  if (s.endDate === null) return 'off';
  return s.endDate >= today ? 'on' : null;
}
