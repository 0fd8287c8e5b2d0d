// Lighthouse (default config = mobile preset with simulated throttling, performance category only)
// on Debian's Chromium. Each run gets a fresh browser; reports are kept in bench/.lighthouse/.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { onCleanup } from './processes.ts';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface LighthouseRun {
  score: number; // 0–100
  fcp: number;
  lcp: number;
  tbt: number; // ms
  cls: number;
  jsBytes: number; // transferSize of Script requests
  totalBytes: number;
  benchmarkIndex?: number;
  warnings: string[];
  reportFile: string;
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

export async function runLighthouse(url: string, reportFile: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: 'silent',
  });
  const unregister = onCleanup(() => {
    try {
      chrome.kill();
    } catch {
      /* already gone */
    }
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    mkdirSync(path.dirname(reportFile), { recursive: true });
    writeFileSync(reportFile, JSON.stringify(lhr));
    // The run's trace beside its report (web-1.trace.json), for a look at its long tasks in DevTools' Performance
    // panel: which work the simulated TBT counts.
    const trace = (result.artifacts as { Trace?: unknown }).Trace;
    if (trace) writeFileSync(reportFile.replace(/\.json$/, '.trace.json'), JSON.stringify(trace));
    if (lhr.runtimeError)
      throw new Error(`Lighthouse runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const score = lhr.categories.performance?.score;
    if (score === null || score === undefined)
      throw new Error(`Lighthouse gave no performance score (${(lhr.runWarnings ?? []).join('; ')})`);
    const num = (id: string) => {
      const v = lhr.audits[id]?.numericValue;
      if (typeof v !== 'number')
        throw new Error(`Lighthouse audit ${id} has no value: ${lhr.audits[id]?.errorMessage ?? 'missing'}`);
      return v;
    };
    const items = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
    if (!items.length) throw new Error('Lighthouse network-requests audit is empty');
    const jsBytes = items.filter((i) => i.resourceType === 'Script').reduce((s, i) => s + (i.transferSize ?? 0), 0);
    const totalBytes = items.reduce((s, i) => s + (i.transferSize ?? 0), 0);
    return {
      score: Math.round(score * 100),
      fcp: num('first-contentful-paint'),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      jsBytes,
      totalBytes,
      benchmarkIndex: lhr.environment?.benchmarkIndex,
      warnings: lhr.runWarnings ?? [],
      reportFile,
    };
  } finally {
    unregister();
    chrome.kill();
  }
}
