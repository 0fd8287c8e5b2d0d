// The demo content (seed/content.ts) as stored: what the storefront and the workspace will read.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import {
  CONTENT_KEY_PATTERN,
  MANAGED_CONTENT_ID_PATTERN,
  type BlockDefinition,
  type PageLayoutContentBody,
} from '@store/core';
import { openDatabase, type Db } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { allocateIds } from '../db/ids.ts';
import { referencedKeys } from '../services/content/references.ts';
import { sanitiseRichDescription } from '../services/admin/rich-description.ts';
import { DEMO_CONTENT, DEMO_PAGE_URL_NAMES, seedContent } from './content.ts';
import { WEBSTORE_ID } from './store.ts';

let dir: string;
let db: Db;
before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'content-seed-'));
  db = openDatabase({ sqliteFile: path.join(dir, 'test.sqlite') });
  await migrateToLatest(db.db);
  assert.equal(await seedContent(db.db, WEBSTORE_ID), Object.keys(DEMO_CONTENT).length);
});
after(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const rows = () => db.db.selectFrom('managed_content').selectAll().orderBy('created_at').execute();
const blocksOf = (body: PageLayoutContentBody): BlockDefinition[] => {
  const out: BlockDefinition[] = [];
  const walk = (bs: BlockDefinition[]) => {
    for (const b of bs) {
      out.push(b);
      if (b.type === 'responsiveWrapper') walk(b.components);
    }
  };
  for (const section of body.sections) for (const column of section.columns) walk(column.components);
  return out;
};

describe('demo content', () => {
  it('has every item under its fixed key, with ids from the counter, in the listed order', async () => {
    const all = await rows();
    assert.deepEqual(
      all.map((r) => r.content_key),
      Object.values(DEMO_CONTENT),
    );
    for (const r of all) {
      assert.match(r.content_key, CONTENT_KEY_PATTERN);
      assert.match(r.id, MANAGED_CONTENT_ID_PATTERN);
      assert.equal(r.webstore_id, WEBSTORE_ID);
    }
    // The workspace's next id follows the seeded ones.
    const [next] = await allocateIds(db.db, '20Y');
    assert.ok(!all.some((r) => r.id === next));
  });

  it('publishes four pages and leaves the press page a Draft that was never published', async () => {
    const pages = (await rows()).filter((r) => r.type_fqn === 'dd__pageLayout');
    assert.deepEqual(
      pages.map((p) => [p.url_name, p.title, p.live_body_json !== null]),
      [
        [DEMO_PAGE_URL_NAMES.home, 'Data Depot', true],
        ['about', 'About Data Depot', true],
        ['data-quality', 'Data quality', true],
        ['licence-terms', 'Licence terms', true],
        ['press', 'Press', false],
      ],
    );
    const press = pages.find((p) => p.url_name === 'press')!;
    assert.equal(press.published_at, null);
    assert.equal(press.live_title, null);
    for (const p of pages.filter((x) => x.live_body_json)) assert.equal(p.live_body_json, p.body_json);
  });

  it('composes each Live page of text blocks, rich text, a button and a responsive wrapper', async () => {
    const pages = (await rows()).filter((r) => r.type_fqn === 'dd__pageLayout' && r.live_body_json);
    for (const page of pages) {
      const types = new Set(blocksOf(JSON.parse(page.body_json)).map((b) => b.type));
      for (const t of ['textBlock', 'richText', 'button', 'responsiveWrapper'])
        assert.ok(types.has(t as BlockDefinition['type']), `${page.url_name}: ${t}`);
    }
    const home = JSON.parse(pages.find((p) => p.url_name === 'home')!.body_json) as PageLayoutContentBody;
    const threeColumns = home.sections.find((s) => s.columns.length === 3)!;
    assert.deepEqual(threeColumns.direction, { desktop: 'row', tablet: 'column', mobile: 'column-reverse' });
    assert.deepEqual(
      referencedKeys(home).sort(),
      [
        DEMO_CONTENT.homeBanner,
        DEMO_CONTENT.featuredCollection,
        DEMO_CONTENT.homeRichText,
        DEMO_CONTENT.qualityPage,
      ].sort(),
    );
    const about = JSON.parse(pages.find((p) => p.url_name === 'about')!.body_json) as PageLayoutContentBody;
    const background = about.sections.find((s) => s.backgroundImage)!.backgroundImage!;
    assert.deepEqual(
      [background.desktop?.contentKey, background.tablet?.contentKey, background.mobile?.contentKey],
      [DEMO_CONTENT.aboutBackgroundDesktop, DEMO_CONTENT.aboutBackgroundTablet, DEMO_CONTENT.aboutBackgroundMobile],
    );
  });

  it('stores rich text sanitised, with headings, lists and a link', async () => {
    const texts = (await rows()).filter((r) => r.type_fqn === 'dd__richText');
    assert.equal(texts.length, 4);
    for (const t of texts) {
      const { html } = JSON.parse(t.body_json) as { html: string };
      assert.equal(sanitiseRichDescription(html), html, `${t.url_name}: sanitising again changes nothing`);
      assert.match(html, /<h2>/);
      assert.match(html, /<(ul|ol)><li>/);
      assert.match(html, /<a href="[^"]+" rel="noopener">/);
    }
  });

  it('keeps each image as a PNG of its stated size, with its alt text', async () => {
    const images = (await rows()).filter((r) => r.type_fqn === 'sfdc_cms__image');
    assert.equal(images.length, 5);
    const media = await db.db.selectFrom('cms_media').selectAll().execute();
    assert.equal(media.length, images.length);
    for (const image of images) {
      const body = JSON.parse(image.body_json);
      assert.ok(body.altText.length > 0);
      const m = media.find((x) => x.content_id === image.id)!;
      const meta = await sharp(Buffer.from(m.content)).metadata();
      assert.equal(meta.format, 'png');
      assert.deepEqual([meta.width, meta.height], [body.source.width, body.source.height]);
      assert.deepEqual([m.width, m.height, m.byte_size], [meta.width, meta.height, m.content.length]);
      assert.match(m.version, /^[0-9a-f]{16}$/);
    }
    const hero = images.find((i) => i.content_key === DEMO_CONTENT.heroImage)!;
    assert.ok(JSON.parse(hero.body_json).source.width >= 1920, 'a wide hero');
  });

  it('leaves a store that has content alone', async () => {
    const before = await rows();
    assert.equal(await seedContent(db.db, WEBSTORE_ID), 0);
    assert.deepEqual(await rows(), before);
  });
});
