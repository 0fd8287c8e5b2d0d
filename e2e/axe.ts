// axe-core run inside a page driven by playwright-core: the rules of WCAG 2.0, 2.1 and 2.2 at levels A and AA,
// each violation reduced to what a fix needs (rule, impact, the element's selector, the page state it was seen in).
// The page's context must be made with `bypassCSP: true`: axe is injected as a script of its own, which a strict
// Content-Security-Policy would refuse.
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import type { Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] as const;

export interface A11yViolation {
  /** The page state scanned, e.g. "cart (filled) @375px". */
  state: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/** Runs axe over the whole document as it is now; one entry per failing element. */
export async function axeViolations(page: Page, state: string): Promise<A11yViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const found = await page.evaluate(
    async (tags) => (await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: tags })).violations,
    [...WCAG_TAGS],
  );
  return found.flatMap((v) =>
    v.nodes.map((n) => ({
      state,
      rule: v.id,
      impact: v.impact ?? 'unknown',
      target: n.target.map(String).join(' >> '),
      summary: (n.failureSummary ?? v.help).replace(/\s+/g, ' ').slice(0, 300),
    })),
  );
}

/** One line per violation: page state, rule, impact, selector and what is wrong. */
export function describeViolations(list: readonly A11yViolation[]): string {
  return list.map((v) => `[${v.state}] ${v.rule} (${v.impact}) at ${v.target}: ${v.summary}`).join('\n');
}
