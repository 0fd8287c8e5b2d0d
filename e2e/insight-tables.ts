// The workspace's Insights page as the browser tests read it: a table (named by its caption), each body row's
// cells as the seller reads them.
import type { Page } from 'playwright-core';

/** The captions of the Insights page's tables. */
export const INSIGHT_TABLES = {
  funnel: 'Datasets by views, then orders',
  zeroResultTerms: 'Search terms that found nothing, most often first',
  topTerms: 'Search terms, most searched first',
} as const;

/** A table's body rows as the seller reads them: each cell's text, white space collapsed. */
export async function insightRows(page: Page, caption: string): Promise<string[][]> {
  const table = page.getByRole('table', { name: caption });
  return table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim())),
    );
}
