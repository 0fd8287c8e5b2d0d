// What the insights page reads from its address and shows beside the server's counts: the period asked for (in
// the URL, so a period can be bookmarked and shared), the presets' addresses, and the funnel's rates.

import {
  INSIGHT_PRESET_DAYS,
  insightPeriodProblem,
  lastDays,
  resolveInsightPeriod,
  type InsightPeriod,
  type InsightQuery,
} from '@store/core';

export const INSIGHTS_PATH = '/admin/insights';

/** Today's date in UTC, the day the server's periods are counted in. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * The call the address asks for: its from/to when they make a period (the server's defaults fill a missing
 * end), else none and the reason, so the page can say why it shows the default period instead.
 */
export function insightQueryOf(
  params: URLSearchParams,
  today: string,
): { query: InsightQuery; problem: string | null } {
  const asked: InsightQuery = {};
  const from = params.get('from');
  const to = params.get('to');
  if (from) asked.from = from;
  if (to) asked.to = to;
  const problem = insightPeriodProblem(resolveInsightPeriod(asked, today));
  return problem ? { query: {}, problem } : { query: asked, problem: null };
}

export const periodHref = (p: InsightPeriod) => `${INSIGHTS_PATH}?${new URLSearchParams({ from: p.from, to: p.to })}`;

/** The presets (last 7, 30, 90 days ending today) with their periods. */
export const insightPresets = (today: string) =>
  INSIGHT_PRESET_DAYS.map((days) => ({ days, period: lastDays(today, days) }));

/** A step's share of the views ("40%", "12.5%"), or an em dash when nothing was viewed (no rate to give). */
export function rateOf(count: number, views: number): string {
  if (views === 0) return '—';
  return `${Math.round((count / views) * 1000) / 10}%`;
}
