// Lighthouse's SEO and accessibility categories on the pages search engines are meant to find (issue 16: "score 100
// on the home page and a content page"): the home page, a content page (/about), a category page and a product
// page, each in a fresh Debian Chromium as bench/lighthouse.ts runs it (mobile emulation, the two categories only).
// A score under 100 fails the test with every failing audit named. First, the head a crawler gets of a content page.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { liveStore } from './browser.ts';

const live = liveStore();
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['seo', 'accessibility'] as const;

interface AuditResult {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  details?: { items?: unknown[] };
}

/** Lighthouse's scores (0–100) of the two categories, and the audits that pulled a score down. */
async function audit(url: string): Promise<{ scores: Record<string, number>; failing: string[] }> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    handleSIGINT: false,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    assert.ok(result, 'Lighthouse gave no result');
    const { lhr } = result;
    assert.equal(lhr.runtimeError, undefined, JSON.stringify(lhr.runtimeError));
    const scores: Record<string, number> = {};
    const failing: string[] = [];
    for (const name of CATEGORIES) {
      const category = lhr.categories[name]!;
      scores[name] = Math.round((category.score ?? 0) * 100);
      for (const ref of category.auditRefs) {
        const a = lhr.audits[ref.id] as AuditResult | undefined;
        if (!a || ref.weight === 0 || a.scoreDisplayMode === 'notApplicable' || a.scoreDisplayMode === 'manual')
          continue;
        if (a.score !== 1) {
          const items = (a.details?.items ?? []).slice(0, 3).map((i) => JSON.stringify(i).slice(0, 300));
          failing.push(
            `${name}/${a.id} (${a.title}): score ${a.score}${items.length ? `\n      ${items.join('\n      ')}` : ''}`,
          );
        }
      }
    }
    return { scores, failing };
  } finally {
    chrome.kill();
  }
}

async function expectPerfect(path: string) {
  const { scores, failing } = await audit(`${live.server.url}${path}`);
  console.log(`lighthouse ${path}: seo ${scores.seo}, accessibility ${scores.accessibility}`);
  assert.deepEqual(scores, { seo: 100, accessibility: 100 }, `${path}, failing audits:\n  ${failing.join('\n  ')}`);
}

/** The <head> and the JSON-LD blocks of a page as a crawler (a guest) gets it. */
async function crawl(path: string) {
  const html = await (await fetch(`${live.server.url}${path}`)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
  return { head, ld };
}

describe('content pages for search engines', () => {
  test('/about: title, canonical and hreflang from its SEO properties, an AboutPage in JSON-LD', async () => {
    const origin = live.server.url;
    const { head, ld } = await crawl('/about');
    assert.match(head, /<title>About Data Depot \| [^<]+<\/title>/);
    assert.ok(head.includes(`<link rel="canonical" href="${origin}/about">`), head);
    assert.ok(head.includes(`<link rel="alternate" hreflang="en-US" href="${origin}/about">`), head);
    assert.ok(head.includes(`<link rel="alternate" hreflang="x-default" href="${origin}/about">`), head);
    assert.doesNotMatch(head, /name="robots"/);
    const page = ld.flatMap((l) => l['@graph'] ?? []).find((g: { '@type': string }) => g['@type'] === 'AboutPage');
    assert.ok(page, JSON.stringify(ld));
    assert.equal(page.url, `${origin}/about`);
    assert.equal(page.name, 'About Data Depot');
  });

  test("with the storefront mounted, /sitemap.xml and /robots.txt are the server's, not pages", async () => {
    const sitemap = await fetch(`${live.server.url}/sitemap.xml`);
    assert.equal(sitemap.status, 200);
    assert.match(sitemap.headers.get('content-type') ?? '', /^application\/xml/);
    const xml = await sitemap.text();
    assert.ok(xml.includes(`<loc>${live.server.url}/about</loc>`));
    const robots = await fetch(`${live.server.url}/robots.txt`);
    assert.match(robots.headers.get('content-type') ?? '', /^text\/plain/);
    assert.match(await robots.text(), /^Sitemap: /m);
    assert.equal((await fetch(`${live.server.url}/sitemaps/sitemap-1.xml`)).status, 200);
  });

  test('the stored home page: its canonical and hreflang, a WebPage in JSON-LD', async () => {
    const { head, ld } = await crawl('/');
    assert.ok(head.includes(`<link rel="canonical" href="${live.server.url}/">`), head);
    assert.ok(head.includes(`<link rel="alternate" hreflang="en-US" href="${live.server.url}/">`), head);
    assert.ok(ld.flatMap((l) => l['@graph'] ?? []).some((g: { '@type': string }) => g['@type'] === 'WebPage'));
  });
});

describe('Lighthouse SEO and accessibility', { timeout: 300_000 }, () => {
  test('home page: 100 and 100', async () => {
    await expectPerfect('/');
  });

  test('a content page (/about): 100 and 100', async () => {
    await expectPerfect('/about');
  });

  test('a category page: 100 and 100', async () => {
    const c = await live.server.db.db
      .selectFrom('category')
      .select('url_name')
      .where('publish_status', '=', 'Live')
      .where('depth', '=', 0)
      .orderBy('sort_order')
      .executeTakeFirstOrThrow();
    await expectPerfect(`/category/${c.url_name}`);
  });

  test('a product page: 100 and 100', async () => {
    const p = await live.server.db.db
      .selectFrom('product')
      .select('id')
      .where('sku', '=', 'DS-00001')
      .executeTakeFirstOrThrow();
    await expectPerfect(`/product/${p.id}`);
  });
});
