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

function addDays(day: string, days: number): string {
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
