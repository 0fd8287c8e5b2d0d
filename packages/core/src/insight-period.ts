// The period seller insights cover (issue 18 item 4): whole UTC days, both ends inclusive. The server applies
// these rules to every insights call and the workspace page builds its presets from them, so the two never
// disagree about what "the last 30 days" means.

import { addDays } from './subscription-dates.ts';
import type { InsightPeriod } from './workspace-insights.ts';

/** What an insights call asks for (GET …/insights): both ends optional, see resolveInsightPeriod. */
export interface InsightQuery {
  /** ISO dates, both inclusive. */
  from?: string;
  to?: string;
  /** Datasets the funnel lists at most (default INSIGHT_FUNNEL_LIMIT, at most 500). */
  limit?: number;
}

/** The period when none is asked for: the last 30 days, today included. */
export const DEFAULT_INSIGHT_DAYS = 30;
/** The longest period one call may cover (a leap year), so one call's cost stays bounded. */
export const MAX_INSIGHT_DAYS = 366;
/** The period chooser's presets, in days ending today. */
export const INSIGHT_PRESET_DAYS = [7, 30, 90] as const;
/** Datasets the funnel lists at most (the most viewed first). */
export const INSIGHT_FUNNEL_LIMIT = 100;
/** Search terms each search list shows at most. */
export const INSIGHT_TERM_LIMIT = 20;

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDate(s: string): boolean {
  if (!ISO_DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Days a period covers, both ends counted (2026-11-01..2026-11-01 is 1). */
export function insightPeriodDays(p: InsightPeriod): number {
  return Math.round((Date.parse(`${p.to}T00:00:00.000Z`) - Date.parse(`${p.from}T00:00:00.000Z`)) / DAY_MS) + 1;
}

/** The `days` days ending on `today` (an ISO date), today included. */
export function lastDays(today: string, days: number): InsightPeriod {
  return { from: addDays(today, -(days - 1)), to: today };
}

/**
 * The period asked for, with the defaults filled in: neither end → the last 30 days; only `from` → from then to
 * today; only `to` → the 30 days ending then. `today` is the server's UTC date.
 */
export function resolveInsightPeriod(asked: { from?: string; to?: string }, today: string): InsightPeriod {
  const to = asked.to ?? today;
  const from = asked.from ?? addDays(to, -(DEFAULT_INSIGHT_DAYS - 1));
  return { from, to };
}

/** Why a period cannot be reported on, or null: real dates, from ≤ to, at most MAX_INSIGHT_DAYS days. */
export function insightPeriodProblem(p: InsightPeriod): string | null {
  if (!isIsoDate(p.from)) return 'from must be a date written YYYY-MM-DD';
  if (!isIsoDate(p.to)) return 'to must be a date written YYYY-MM-DD';
  if (p.from > p.to) return 'from must not be after to';
  if (insightPeriodDays(p) > MAX_INSIGHT_DAYS) return `the period must be at most ${MAX_INSIGHT_DAYS} days`;
  return null;
}

/** The half-open instant range [start, end) of a period's days in UTC, as ISO timestamps stored rows compare to. */
export function insightPeriodInstants(p: InsightPeriod): { start: string; end: string } {
  return { start: `${p.from}T00:00:00.000Z`, end: `${addDays(p.to, 1)}T00:00:00.000Z` };
}
