// XSS through managed content (issue 16), in real Chromium against the real server and database: script,
// event-handler, javascript:, SVG and the other vectors of xss-vectors.ts go into rich text (a rich-text
// item and inline rich text), text blocks (text and link URL), buttons (text, assistive text, web page
// URLs), link references (every page reference type's attributes), banners and content titles.
//   - Stored as the workspace stores them: through the workspace API as an administrator. What the API
//     refuses at input (a script URL as a button's link) is counted; what it keeps is published.
//   - Stored behind the workspace's back (as a compatible hosted store's delivery, a restore or a bug in a
//     future editor could): rows written straight into the database, so only the storefront's own
//     defences (sanitiser, safe URLs, escaping) stand between them and the page.
// Every page is rendered the three ways of xss-detector.ts (server HTML, hydrated, client navigation), the
// detector counts executions in every frame, and the scan reports unsafe nodes. The one frame a page may
// hold is an https player of an allowlisted video host: it must still load and play (the host is answered
// by a stand-in player, this machine has no internet), while the same player over http and frames of any
// other host are gone — and would report an execution if they ever loaded.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { CONTENT_TYPES } from '@store/core';
import { liveStore } from './browser.ts';
import { armDetector, assertSafe, hydrated, mark, renderEveryWay, scan, XssTally } from './xss-detector.ts';
import { PlacementRegistry, STORABLE_VECTORS, VECTORS, type Vector } from './xss-vectors.ts';
import { DEMO_USERS } from '../packages/server/src/seed/access.ts';
import { DEMO_CONTENT } from '../packages/server/src/seed/content.ts';
import { insertContentItem } from '../packages/server/src/test-support/content.ts';
import { WEBSTORE_ID } from '../packages/server/src/test-support/server.ts';
import { toPlainText } from '../packages/web/src/lib/sanitize.ts';

const live = liveStore();
const store = new XssTally(new PlacementRegistry());
const W = `/services/admin/webstores/${WEBSTORE_ID}`;

/** The allowlisted player every page embeds, and frames that must never survive. */
const PLAYER = 'https://www.youtube-nocookie.com/embed/dd-tour';
const FORBIDDEN_FRAMES = [
  'http://www.youtube.com/embed/dd-tour',
  'https://evil.example/embed/x',
  'https://www.youtube.com.evil.example/embed/x',
  '//evil.example/embed/x',
];

const refusedAtInput: string[] = [];
let carried = 0;

after(() => {
  console.log(
    `content xss: ${store.registry.placements.size} placements at ${store.registry.points.size} injection points ` +
      `(carried ${carried}, refused at input ${refusedAtInput.length}), ${store.pagesRendered} pages rendered, ` +
      `executions ${store.executions.length}, unsafe nodes ${store.findings.length}`,
  );
  if (store.pageErrors.length) console.log(`page errors:\n${store.pageErrors.join('\n')}`);
});

/**
 * A browser profile armed with the detector. The allowlisted video host is answered by a stand-in player
 * that marks itself playing; any other outside host answers with a page that calls the detector, so a
 * frame that should not exist and still loads shows up as an execution.
 */
async function shopper(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await live.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await armDetector(context, store);
  const outside = store.registry.place('a frame of another host', VECTORS[0]!).n;
  await context.route(
    (url) => !url.href.startsWith(live.server.url),
    (route: Route) => {
      const url = route.request().url();
      if (url.startsWith(PLAYER))
        return route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><title>player</title><video></video><script>document.body.dataset.state = "playing";</script>',
        });
      return route.fulfill({ contentType: 'text/html', body: `<script>__xss(${outside})</script>` });
    },
  );
  return { context, page: await context.newPage() };
}

/** The scan reports every frame; the allowlisted player is the one a page may have. */
function withoutPlayer(tally: XssTally, from: ReturnType<typeof mark>): ReturnType<typeof mark> {
  const own = tally.findings.slice(from.findings);
  const kept = own.filter((f) => !(f.includes('a <iframe>') && f.includes(`src="${PLAYER}"`)));
  tally.findings.splice(from.findings, own.length, ...kept);
  return from;
}

/** Waits until the page's player frames have loaded and play; no other frame may exist. */
async function assertPlayerOnly(page: Page): Promise<void> {
  const sources = await page.locator('iframe').evaluateAll((fs) => fs.map((f) => f.getAttribute('src')));
  assert.ok(sources.length > 0, 'the allowlisted https player is kept');
  assert.deepEqual(
    sources.filter((src) => src !== PLAYER),
    [],
    'no frame but the allowlisted https player',
  );
  const until = Date.now() + 10_000;
  let playing = 0;
  while (Date.now() < until) {
    const players = page.frames().filter((f) => f.url().startsWith(PLAYER));
    const states = await Promise.all(
      players.map((f) => f.evaluate(() => document.body?.dataset.state).catch(() => undefined)),
    );
    playing = states.filter((state) => state === 'playing').length;
    if (playing === sources.length) break;
    await page.waitForTimeout(100);
  }
  assert.equal(playing, sources.length, 'every allowlisted player loads and plays');
}

/** Every vector as a URL a link could carry, and the spellings that hide a script scheme. */
function urlVectors(point: string): string[] {
  const js = (n: number) => `__xss(${n})`;
  const place = (name: string, make: (n: number) => string) => store.registry.place(point, { name, make }).text;
  return [
    place('javascript: URL', (n) => `javascript:${js(n)}`),
    place('mixed-case javascript: URL', (n) => ` JaVaScRiPt:${js(n)}`),
    place('encoded newline javascript: URL', (n) => `java%0ascript:${js(n)}`),
    place('entity javascript: URL', (n) => `&#106;avascript:${js(n)}`),
    place('tab in javascript: URL', (n) => `java\tscript:${js(n)}`),
    place('data: URL', (n) => `data:text/html,<script>${js(n)}</script>`),
    place('vbscript: URL', (n) => `vbscript:${js(n)}`),
  ];
}

/** Rich text carrying every vector, the URL vectors as links and images, and the frames. */
function hostileHtml(point: string, vectors: readonly Vector[]): string {
  const markup = vectors.map((v) => store.registry.place(point, v).text).join('<br>');
  const links = urlVectors(`${point} (link)`)
    .map(
      (u, i) => `<a href="${u.replace(/"/g, '&quot;')}">link ${i}</a><img src="${u.replace(/"/g, '&quot;')}" alt="">`,
    )
    .join(' ');
  const svg = `<svg><script>__xss(${store.registry.place(point, { name: 'svg script', make: (n) => String(n) }).n})</script></svg>`;
  const frames = FORBIDDEN_FRAMES.map((src) => `<iframe src="${src}" title="x"></iframe>`).join('');
  return `<h2>Watch the tour</h2><iframe src="${PLAYER}" title="Data Depot tour"></iframe>${frames}<p>${markup}</p><p>${links}</p>${svg}`;
}

/** A button block per URL vector and per hostile page reference. */
function hostileButtons(point: string, plain: (p: string) => string): Record<string, unknown>[] {
  const buttons: Record<string, unknown>[] = urlVectors(`${point} web page url`).map((url, i) => ({
    type: 'button',
    id: `url-${i}`,
    text: plain(`${point} text`),
    assistiveText: plain(`${point} assistive text`),
    link: { type: 'standard__webPage', attributes: { url } },
  }));
  const v = () => plain(`${point} reference attribute`);
  const references = [
    { type: 'standard__recordPage', attributes: { objectApiName: 'Product2', recordId: v(), urlName: v() } },
    { type: 'standard__recordPage', attributes: { objectApiName: 'ProductCategory', recordId: v(), urlPath: v() } },
    { type: 'standard__managedContentPage', attributes: { contentTypeName: v(), contentKey: v() } },
    { type: 'standard__namedPage', attributes: { name: v() } },
    { type: 'standard__objectPage', attributes: { objectApiName: v(), filterName: v() } },
    {
      type: 'standard__recordRelationshipPage',
      attributes: { objectApiName: v(), recordId: v(), relationshipApiName: v() },
    },
    { type: v(), attributes: { url: urlVectors(`${point} unknown reference type`)[0] } },
  ];
  for (const [i, link] of references.entries())
    buttons.push({ type: 'button', id: `ref-${i}`, text: `Reference ${i}`, link });
  return buttons;
}

function layout(parts: {
  heading: string;
  text: string;
  linkUrl: string;
  richKey: string;
  bannerKey?: string;
  buttons: Record<string, unknown>[];
  inline: string;
}) {
  const components: Record<string, unknown>[] = [
    { type: 'textBlock', id: 'h', text: parts.heading, tag: 'h2' },
    { type: 'textBlock', id: 't', text: parts.text, tag: 'p' },
    {
      type: 'textBlock',
      id: 'l',
      text: 'Read more',
      tag: 'p',
      linkable: true,
      url: parts.linkUrl,
      linkAssistiveText: parts.text.slice(0, 200),
    },
    { type: 'richText', id: 'r', contentKey: parts.richKey },
    { type: 'richText', id: 'ri', value: parts.inline },
    ...parts.buttons,
  ];
  if (parts.bannerKey) components.unshift({ type: 'banner', id: 'b', contentKey: parts.bannerKey });
  return {
    description: parts.text.slice(0, 300),
    sections: [{ id: 's', columns: [{ id: 'c', components }] }],
  };
}

describe('content stored behind the workspace (straight into the database)', () => {
  test('rich text, text blocks, buttons, link references, banners and titles: nothing runs, the player plays', async () => {
    const db = live.server.db.db;
    const point = 'database';
    const all = (p: string) => VECTORS.map((v) => store.registry.place(`${point} ${p}`, v).text).join(' ');
    const title = all('content title');
    const heading = all('text block heading');
    const text = all('text block text');
    const rich = await insertContentItem(db, {
      type: CONTENT_TYPES.richText,
      status: 'Live',
      title: all('rich text title'),
      body: { html: hostileHtml(`${point} rich text item`, VECTORS) },
    });
    const bannerHeading = all('banner heading');
    const banner = await insertContentItem(db, {
      type: CONTENT_TYPES.banner,
      status: 'Live',
      body: {
        heading: bannerHeading,
        text: all('banner text'),
        image: { contentKey: DEMO_CONTENT.heroImage },
        button: {
          text: all('banner button'),
          link: { type: 'standard__webPage', attributes: { url: urlVectors(`${point} banner button url`)[0] } },
        },
      },
    });
    const page = await insertContentItem(db, {
      type: CONTENT_TYPES.pageLayout,
      status: 'Live',
      title,
      urlName: 'xss-stored',
      body: layout({
        heading,
        text,
        linkUrl: urlVectors(`${point} text block url`)[0]!,
        richKey: rich.contentKey,
        bannerKey: banner.contentKey,
        buttons: hostileButtons(`${point} button`, (p) => store.registry.place(p, VECTORS[1]!).text),
        inline: hostileHtml(`${point} inline rich text`, VECTORS),
      }),
    });
    carried += store.registry.placements.size;

    const { context, page: tab } = await shopper();
    const before = mark(store);
    await renderEveryWay(tab, store, live.server.url, `/${page.urlName}`, [
      title,
      bannerHeading,
      // A text block shows plain text: markup is removed, not escaped (spec 03 §2.3).
      toPlainText(heading),
      toPlainText(text),
    ]);
    await tab.goto(`${live.server.url}/${page.urlName}`);
    await hydrated(tab, store);
    await assertPlayerOnly(tab);
    // Every link the page kept goes somewhere harmless; following them runs nothing.
    const hrefs = await tab.locator('main a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    for (const href of hrefs)
      assert.doesNotMatch(href.replace(/[\u0000-\u0020]/g, ''), /^(javascript|vbscript|data):/i, href);
    for (const link of await tab.locator('main .content-layout a[href="#"]').all()) await link.click();
    await tab.waitForTimeout(200);
    const report = await scan(tab, null);
    store.findings.push(...report.findings.map((f) => `after clicking its links: ${f}`));
    assertSafe(store, withoutPlayer(store, before));
    await context.close();
  });
});

describe('content stored through the workspace', () => {
  test('what the workspace keeps is published and shown as text; script URLs are refused at input', async () => {
    const admin = await live.server.login(DEMO_USERS.admin.email);
    const point = 'workspace';
    const create = async (type: string, title: string, urlName: string, body: Record<string, unknown>) => {
      const res = await admin.post(`${W}/content`, { type, title, urlName, body });
      return res;
    };
    // Titles hold at most 255 characters: the vectors take several pages.
    const titles = store.registry.pack(`${point} content title`, 255, STORABLE_VECTORS);
    const richRes = await create(CONTENT_TYPES.richText, 'Hostile rich text', 'xss-rich', {
      html: hostileHtml(`${point} rich text item`, STORABLE_VECTORS),
    });
    assert.equal(richRes.status, 201, JSON.stringify(richRes.body));
    const richKey = richRes.body.contentKey as string;
    // What the workspace stored has nothing that could run.
    const stored = (await admin.get(`${W}/content/${richRes.body.managedContentId}`)).body.body.html as string;
    // (Script URLs may remain as the words of a text node; no element, attribute or frame carries them.)
    assert.doesNotMatch(stored, /<script|<svg|\son\w+\s*=|srcdoc/i, 'no script, handler or srcdoc');
    assert.doesNotMatch(stored, /(href|src)\s*=\s*["']?\s*(javascript|vbscript|data):/i, 'no script URL');
    assert.doesNotMatch(
      stored,
      /<iframe[^>]+src="(?!https:\/\/www\.youtube-nocookie\.com\/embed\/)/i,
      'no other frame',
    );
    assert.match(stored, /youtube-nocookie\.com\/embed\/dd-tour/, 'the allowlisted player is kept');

    // A script URL as a button's link, a text block's url or a reference: refused, nothing stored.
    for (const url of urlVectors(`${point} button url (refused)`)) {
      const res = await create(CONTENT_TYPES.pageLayout, 'Refused', 'xss-refused', {
        sections: [
          {
            id: 's',
            columns: [
              {
                id: 'c',
                components: [
                  { type: 'button', id: 'b', text: 'Go', link: { type: 'standard__webPage', attributes: { url } } },
                ],
              },
            ],
          },
        ],
      });
      assert.equal(res.status, 400, `${JSON.stringify(url)} as a button link: ${res.status}`);
      assert.ok(Array.isArray(res.body) && res.body[0]?.errorCode, 'the error shape');
      refusedAtInput.push(url);
    }
    assert.equal((await admin.get(`${W}/content?q=Refused`)).body.items?.length ?? 0, 0, 'nothing was stored');

    const pages: Array<{ path: string; shows: string[] }> = [];
    for (const [i, title] of titles.entries()) {
      const heading = store.registry.pack(`${point} text block heading`, 2000, STORABLE_VECTORS)[0]!;
      const text = store.registry.pack(`${point} text block text`, 2000, STORABLE_VECTORS)[0]!;
      // Button texts hold at most 120 characters and assistive texts 200: a button per packed value.
      const buttonTexts = store.registry.pack(`${point} button text`, 120, STORABLE_VECTORS);
      const assistive = store.registry.pack(`${point} button assistive text`, 200, STORABLE_VECTORS);
      const buttons = buttonTexts.map((t, j) => ({
        type: 'button',
        id: `b${j}`,
        text: t,
        assistiveText: assistive[j % assistive.length],
        link: { type: 'standard__namedPage', attributes: { name: 'Home' } },
      }));
      const res = await create(
        CONTENT_TYPES.pageLayout,
        title,
        `xss-page-${i}`,
        layout({
          heading,
          text,
          linkUrl: '/search',
          richKey,
          buttons,
          inline: hostileHtml(`${point} inline rich text`, STORABLE_VECTORS),
        }),
      );
      assert.equal(res.status, 201, JSON.stringify(res.body));
      for (const item of [res.body, richRes.body]) {
        const published = await admin.post(`${W}/content/${item.managedContentId}/actions/publish`);
        assert.equal(published.status, 200, JSON.stringify(published.body));
      }
      carried += 3;
      pages.push({
        path: `/xss-page-${i}`,
        shows: [title, toPlainText(heading), toPlainText(text), ...buttonTexts],
      });
    }

    const { context, page } = await shopper();
    const before = mark(store);
    for (const p of pages) await renderEveryWay(page, store, live.server.url, p.path, p.shows);
    await page.goto(`${live.server.url}${pages[0]!.path}`);
    await hydrated(page, store);
    await assertPlayerOnly(page);
    assertSafe(store, withoutPlayer(store, before));
    await context.close();
  });
});
