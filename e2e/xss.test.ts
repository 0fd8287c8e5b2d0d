// XSS in real Chromium against the real server and database: script, event-handler, javascript: URL,
// SVG, srcdoc, template, markup, attribute, JSON-in-script, U+2028 and URL-encoded vectors go in where a
// shopper can put text (search terms, names, addresses, contact details, coupon codes, return URLs,
// paths and query parameters) and every page that shows them is rendered three ways: the server's
// HTML (parsed, not run), the page loaded and hydrated, and reached by a client-side navigation.
// Executions are counted by a detector each vector calls, and each page is scanned for any element or
// attribute a vector could have made; neither depends on the Content-Security-Policy. A positive control
// puts the same vectors into a deliberately unsafe page and must see them run.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { liveStore } from './browser.ts';
import { armDetector, assertSafe, mark, hydrated, renderEveryWay, scan, XssTally } from './xss-detector.ts';
import { InputCounts, shopperApi } from './xss-shopper.ts';
import { PlacementRegistry, VECTORS } from './xss-vectors.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../packages/server/src/seed/access.ts';

const live = liveStore();
const store = new XssTally(new PlacementRegistry());
const control = new XssTally(new PlacementRegistry());
const inputs = new InputCounts();

/** A fresh browser profile armed with the detector, and its page. */
async function shopper(tally: XssTally = store): Promise<{ context: BrowserContext; page: Page }> {
  const context = await live.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await armDetector(context, tally);
  return { context, page: await context.newPage() };
}

const origin = () => live.server.url;

after(() => {
  console.log(
    `xss: ${VECTORS.length} vectors, ${store.registry.placements.size} placements at ${store.registry.points.size} injection points ` +
      `(stored ${inputs.total(inputs.stored)}, refused at input ${inputs.total(inputs.refused)}), ` +
      `${store.pagesRendered} pages rendered, executions (store) ${store.executions.length}, ` +
      `unsafe nodes (store) ${store.findings.length}, executions (control) ${control.executions.length}, ` +
      `unsafe nodes (control) ${control.findings.length}`,
  );
});

describe('positive control: the same detector sees the vectors run in an unsafe page', () => {
  test('every vector executes when written into HTML, attributes, a script, a URL or innerHTML unescaped', async () => {
    const { context, page } = await shopper(control);
    // One document per vector (a vector may break the markup after it, as an unclosed <iframe> does),
    // with the string-breaking sinks first.
    const sinks = {
      script: (t: string) => `<script>var s = "${t}";</script>`,
      'attribute "': (t: string) => `<input value="${t}">`,
      "attribute '": (t: string) => `<input value='${t}'>`,
      href: (t: string) => `<a class="link-sink" href="${t}">link</a>`,
      html: (t: string) => `<div>${t}</div>`,
    };
    for (const v of VECTORS) {
      const html = Object.entries(sinks).map(([sink, write]) => write(control.registry.place(`control ${sink}`, v).text));
      await page.setContent(`<!doctype html><title>control</title><body>${html.join('\n')}</body>`);
      const decoded = control.registry.place('control decodeURIComponent + innerHTML', v).text;
      const templated = control.registry.place('control template literal', v).text;
      await page.evaluate(
        ([decoded, templated]) => {
          const div = document.createElement('div');
          try {
            div.innerHTML = decodeURIComponent(decoded);
          } catch {}
          document.body.append(div);
          try {
            new Function(`return \`${templated}\``)();
          } catch {}
          for (const a of Array.from(document.querySelectorAll<HTMLAnchorElement>('a.link-sink')))
            if (a.href.startsWith('javascript:')) a.click();
        },
        [decoded, templated],
      );
      await page.waitForTimeout(100);
      control.findings.push(...(await scan(page, null)).findings);
    }
    const fired = new Set(control.executions.map((e) => control.registry.placements.get(e.n)?.vector.name));
    assert.deepEqual(
      VECTORS.map((v) => v.name).filter((name) => !fired.has(name)),
      [],
      'every vector runs in some unsafe sink',
    );
    assert.ok(control.executions.length > 0);
    await context.close();
  });
});

describe('text a guest puts in the address bar', () => {
  test('search terms: results and no-results text, the title, the search box, suggestions', async () => {
    const { context, page } = await shopper();
    const before = mark(store);
    for (const term of store.registry.pack('search term', 200)) {
      inputs.count('search term', { status: 200, body: null });
      await renderEveryWay(page, store, origin(), `/search?term=${encodeURIComponent(term)}`, [term]);
      // Typed in the header's box: the suggestions list for it, then the search it submits.
      await page.goto(`${origin()}/`);
      await hydrated(page);
      const box = page.getByRole('combobox', { name: 'Search datasets' });
      await box.fill(term);
      await page.waitForTimeout(400);
      await box.press('Enter');
      await page.waitForURL((u) => u.pathname === '/search');
      await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Results for' }).waitFor();
      store.pagesRendered++;
    }
    assertSafe(store, before);
    await context.close();
  });

  test('paths and query parameters: the 404 page, unknown records, a product page', async () => {
    const { context, page } = await shopper();
    const before = mark(store);
    const product = (await live.server.api('/products?skus=DS-00001')).body.products[0];
    const paths = [
      ...store.registry.pack('404 path', 400).map((v) => `/${encodeURIComponent(v)}`),
      ...store.registry.pack('product id in the path', 400).map((v) => `/product/${encodeURIComponent(v)}`),
      ...store.registry.pack('category in the path', 400).map((v) => `/category/${encodeURIComponent(v)}`),
      ...store.registry.pack('order id in the path', 400).map((v) => `/orders/${encodeURIComponent(v)}`),
      ...store.registry
        .pack('product page query parameters', 300)
        .map((v) => `/product/${product.id}?${encodeURIComponent(v)}=${encodeURIComponent(v)}&q=${encodeURIComponent(v)}`),
    ];
    for (const path of paths) await renderEveryWay(page, store, origin(), path, []);
    assertSafe(store, before);
    await context.close();
  });
});
