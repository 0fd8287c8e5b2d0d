// How the XSS suite sees an execution and unsafe output, without relying on the store's
// Content-Security-Policy (a loosened policy must not hide an escaping bug):
// - executions: `__xss(n)` / `__XSS(n)` exposed to every page and frame of a browser context, and
//   `alert(n)` dialogs, recorded here in Node with the page they happened on;
// - unsafe output: a scan of the document for anything a vector could have created (inline event
//   handlers, scripts other than the store's own, frames, script URLs), run on the live page after
//   hydration and on the server's HTML parsed by DOMParser (which runs nothing);
// - escaped echo: each vector's text must appear as text (or a form value) on the page that shows it,
//   which proves it went through the page and came out as characters rather than markup.
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import type { PlacementRegistry } from './xss-vectors.ts';
import { EARLY_INPUT_SCRIPT } from '../packages/web/src/lib/early-input.ts';
import { APP_SCRIPTS_LOADER } from '../packages/web/src/server/paint-first.ts';

/** The inline scripts the store writes itself (each page's head), exactly. */
const OWN_SCRIPTS = [EARLY_INPUT_SCRIPT, APP_SCRIPTS_LOADER];

export interface Execution {
  n: number;
  via: 'detector' | 'dialog';
  url: string;
}

/** What a page run found: executions by placement, unsafe nodes, pages rendered. */
export class XssTally {
  readonly executions: Execution[] = [];
  readonly findings: string[] = [];
  readonly pageErrors: string[] = [];
  pagesRendered = 0;
  constructor(readonly registry: PlacementRegistry) {}

  describeExecutions(from = 0): string[] {
    return this.executions.slice(from).map((e) => `${this.registry.describe(e.n)} via ${e.via} on ${e.url}`);
  }
}

/** Records every detector call and dialog of pages in `context` into `tally`. */
export async function armDetector(context: BrowserContext, tally: XssTally): Promise<void> {
  const record = (via: Execution['via'], url: string, n: unknown) => tally.executions.push({ n: Number(n), via, url });
  for (const name of ['__xss', '__XSS'])
    await context.exposeBinding(name, ({ frame }, n: unknown) => record('detector', frame.url(), n));
  const watch = (page: Page) => {
    page.on('dialog', (dialog) => {
      record('dialog', page.url(), dialog.message());
      dialog.dismiss().catch(() => undefined);
    });
    page.on('pageerror', (error) => tally.pageErrors.push(`${page.url()}: ${error.message}`));
  };
  context.on('page', watch);
  for (const page of context.pages()) watch(page);
}

export interface PageReport {
  /** Nodes a vector could have created: inline handlers, foreign scripts, frames, script URLs. */
  findings: string[];
  /** The page's visible text, form values and text-carrying attributes. */
  text: string;
}

/**
 * Runs in the page: scans `html` parsed by DOMParser (the server's output, nothing executes) or, without
 * it, the live document. Kept free of closures so Playwright can ship it to the browser.
 */
function scanInPage(html: string | null, ownScripts: string[]): PageReport {
  const doc = html === null ? document : new DOMParser().parseFromString(html, 'text/html');
  const findings: string[] = [];
  const urlAttributes = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background'];
  const textAttributes = ['value', 'title', 'aria-label', 'alt', 'placeholder', 'content', 'aria-description'];
  const short = (el: Element) => el.outerHTML.slice(0, 120);
  for (const el of Array.from(doc.querySelectorAll('*'))) {
    const tag = el.localName;
    if (['iframe', 'frame', 'object', 'embed', 'base'].includes(tag)) findings.push(`a <${tag}>: ${short(el)}`);
    if (tag === 'meta' && /refresh/i.test(el.getAttribute('http-equiv') ?? ''))
      findings.push(`a meta refresh: ${short(el)}`);
    if (tag === 'script') {
      const type = (el.getAttribute('type') ?? '').toLowerCase();
      // Data blocks never run; one a vector broke out of would no longer be JSON.
      let data = type === 'application/json' || type === 'application/ld+json';
      try {
        if (data) JSON.parse(el.textContent ?? '');
      } catch {
        data = false;
      }
      const bundle = type === 'module' && el.hasAttribute('src') && !(el.textContent ?? '').trim();
      // The store's own inline scripts are known to the letter; anything else inline was made from a vector.
      const own = !type && !el.hasAttribute('src') && ownScripts.includes(el.textContent ?? '');
      if (!data && !bundle && !own) findings.push(`a script the store did not write: ${short(el)}`);
    }
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      const value = attr.value;
      // A browser ignores controls and spaces around and inside a URL's scheme.
      const scheme = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
      if (name.startsWith('on')) findings.push(`an inline handler ${name}: ${short(el)}`);
      else if (name === 'srcdoc') findings.push(`a srcdoc: ${short(el)}`);
      else if (
        urlAttributes.includes(name) &&
        (scheme.startsWith('javascript:') || scheme.startsWith('vbscript:') || scheme.startsWith('data:text/html'))
      )
        findings.push(`a script URL in ${name}: ${short(el)}`);
      else if (/__xss\(/i.test(value) && !textAttributes.includes(name) && !urlAttributes.includes(name))
        findings.push(`a vector in attribute ${name}: ${short(el)}`);
    }
  }
  // What a shopper sees: text outside scripts and styles, form values, text-carrying attributes.
  const parts: string[] = [doc.title];
  const walker = doc.createTreeWalker(doc.body ?? doc.documentElement, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement?.localName;
    if (parent !== 'script' && parent !== 'style' && parent !== 'title') parts.push(node.nodeValue ?? '');
  }
  for (const el of Array.from(doc.querySelectorAll('input, textarea, select'))) {
    parts.push((el as HTMLInputElement).value);
  }
  for (const el of Array.from(doc.querySelectorAll('[title], [aria-label], [alt], [placeholder], meta[content]'))) {
    for (const name of ['title', 'aria-label', 'alt', 'placeholder', 'content'])
      parts.push(el.getAttribute(name) ?? '');
  }
  return { findings, text: parts.join(' ') };
}

/**
 * scanInPage in `page`, shipped as source: the test's TypeScript is compiled with helpers (esbuild's
 * __name) that do not exist in the page.
 */
export async function scan(page: Page, html: string | null): Promise<PageReport> {
  const report: PageReport = await page.evaluate(
    `(() => { const __name = (f) => f; return (${scanInPage})(${JSON.stringify(html)}, ${JSON.stringify(OWN_SCRIPTS)}); })()`,
  );
  return { ...report, text: normalised(report.text) };
}

/** A vector's text as scanInPage normalises the page's text. */
export function normalised(text: string): string {
  return (
    text
      // Line separators and controls: the store may strip them from free text.
      .replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase()
  );
}

/** Waits for the storefront to hydrate; a page that never does fails with the script errors it had. */
export async function hydrated(page: Page, tally?: XssTally): Promise<void> {
  try {
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 10_000 });
  } catch (error) {
    throw new Error(`${page.url()} did not hydrate: ${tally?.pageErrors.join('; ') || String(error)}`);
  }
}

/** Lets handlers of just-created elements run (an img's onerror, a details' ontoggle) before counting. */
const settle = (page: Page) => page.waitForTimeout(100);

export type RenderMode = 'server' | 'hydrated' | 'client';
export interface RenderOptions {
  /** The ways to render (all three unless told). */
  modes?: RenderMode[];
  /** The page's data is loaded by the browser (the checkout): the server's HTML is scanned but shows none of it. */
  loadedInBrowser?: boolean;
}

/**
 * One page as every way it reaches a shopper: the server's HTML (scanned without running it), the same
 * page loaded and hydrated, and reached by a client-side navigation from the home page (the browser's
 * loaders and components render it). Checks that every `shows` text is on the page in each, and records
 * findings and executions in the tally.
 */
export async function renderEveryWay(
  page: Page,
  tally: XssTally,
  origin: string,
  path: string,
  shows: string[],
  options: RenderOptions = {},
): Promise<void> {
  const { modes = ['client', 'hydrated', 'server'], loadedInBrowser = false } = options;
  const url = `${origin}${path}`;
  for (const mode of modes) {
    const wanted = mode === 'server' && loadedInBrowser ? [] : shows.map(normalised);
    const missing = (report: PageReport) => wanted.filter((w) => !report.text.includes(w));
    let report: PageReport;
    if (mode === 'server') {
      const res = await page.request.get(url, { maxRedirects: 0 });
      report = await scan(page, await res.text());
    } else if (mode === 'hydrated') {
      await page.goto(url);
      await hydrated(page, tally);
      await settle(page);
      report = await scan(page, null);
    } else {
      // From the page on show (another of the store's pages, hydrated), or else the home page.
      const current = page.url().startsWith(origin) ? new URL(page.url()) : null;
      if (!current || `${current.pathname}${current.search}` === path) await page.goto(`${origin}/`);
      await hydrated(page, tally);
      await page.evaluate((to) => {
        history.pushState({ usr: null, key: 'xss', idx: (history.state?.idx ?? 0) + 1 }, '', to);
        dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
      }, path);
      // The browser's loaders fetch and render; wait until the page shows what it should.
      const until = Date.now() + 10_000;
      do {
        await settle(page);
        report = await scan(page, null);
      } while (missing(report).length && Date.now() < until);
    }
    record(tally, `${mode} render of ${path.length > 100 ? `${path.slice(0, 100)}…` : path}`, report, wanted);
  }
}

/** A point in a test's run, to check what happened after it. */
export const mark = (tally: XssTally) => ({ executions: tally.executions.length, findings: tally.findings.length });

/** Records a scan's findings and checks it shows every `shows` text. */
function record(tally: XssTally, where: string, report: PageReport, shows: string[]): void {
  tally.pagesRendered++;
  tally.findings.push(...report.findings.map((f) => `${where}: ${f}`));
  const missing = shows.map(normalised).filter((w) => !report.text.includes(w));
  assert.deepEqual(missing, [], `${where} shows every vector as text`);
}

/**
 * Scans the page as it is now (after an interaction; waiting up to 10 s for it to show every `shows`
 * text) and records what it found.
 */
export async function scanNow(page: Page, tally: XssTally, where: string, shows: string[] = []): Promise<void> {
  const wanted = shows.map(normalised);
  const until = Date.now() + 10_000;
  let report: PageReport;
  do {
    await settle(page);
    report = await scan(page, null);
  } while (wanted.some((w) => !report.text.includes(w)) && Date.now() < until);
  record(tally, where, report, shows);
}

/** Scans HTML the store writes outside its pages (an email), parsed in `page` without running it. */
export async function scanMarkup(page: Page, tally: XssTally, where: string, html: string, shows: string[]) {
  record(tally, where, await scan(page, html), shows);
}

/** Fails with every placement that executed, and every unsafe node found, since `from`. */
export function assertSafe(tally: XssTally, from: ReturnType<typeof mark>): void {
  assert.deepEqual(tally.describeExecutions(from.executions), [], 'no vector executed');
  assert.deepEqual(tally.findings.slice(from.findings), [], 'no element or attribute made from a vector');
}
