// Managed content in the workspace over real HTTP (issue 16 item 7): create, list, read, change with the
// revision (a stale one is a 409), publish and unpublish with the status the table shows, a body checked per
// type (colours, heading tags, column widths, block types, references and their types, url names, links),
// rich text sanitised with video iframes kept only from https players, delete refused while in use, an image
// item's upload and alt text, and every write in the audit log.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { cmsMediaPath, CONTENT_KEY_PATTERN, MANAGED_CONTENT_ID_PATTERN } from '@store/core';
import { BASE, errorOf, startTestServer, type Agent, type TestServer } from '../../test-support/server.ts';
import { DEMO_USERS } from '../../seed/access.ts';
import { CATALOGUE_MANAGER } from '../../seed/workspace-users.ts';
import { WORKSPACE_BASE as W } from '../../test-support/workspace-operations.ts';
import { productIdOf } from '../../test-support/purchase.ts';

let s: TestServer;
let admin: Agent;
let manager: Agent;
let serial = 0;

before(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO_USERS.admin.email);
  manager = await s.login(CATALOGUE_MANAGER.email);
});
after(async () => {
  await s?.close();
});

const create = (type: string, body: unknown, over: Record<string, unknown> = {}, who = admin) =>
  who.post(`${W}/content`, { type, title: `Item ${++serial}`, urlName: `item-${serial}`, body, ...over });

async function made(type: string, body: unknown, over: Record<string, unknown> = {}) {
  const r = await create(type, body, over);
  assert.equal(r.status, 201, r.text);
  return r.body;
}

const png = () =>
  sharp({ create: { width: 640, height: 320, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();

const page = (components: unknown[], extra: Record<string, unknown> = {}) => ({
  sections: [{ id: 's1', columns: [{ id: 'c1', width: 12, components }], ...extra }],
});

describe('content items in the workspace', () => {
  test('a new item is a Draft with its ids, shows in the table by type and title, and reads back', async () => {
    const banner = await made('dd__banner', { heading: 'Spring datasets', textColor: '#112233' }, { title: 'Spring' });
    assert.match(banner.contentKey, CONTENT_KEY_PATTERN);
    assert.match(banner.managedContentId, MANAGED_CONTENT_ID_PATTERN);
    assert.equal(banner.status, 'Draft');
    assert.equal(banner.live, null);
    assert.equal(banner.revision, 1);
    const list = (await admin.get(`${W}/content?type=dd__banner&q=spring`)).body;
    assert.deepEqual(
      list.items.map((i: any) => i.managedContentId),
      [banner.managedContentId],
    );
    const none = (await admin.get(`${W}/content?type=dd__richText&q=spring`)).body;
    assert.equal(none.total, 0);
    const one = (await admin.get(`${W}/content/${banner.managedContentId}`)).body;
    assert.deepEqual(one.body, { heading: 'Spring datasets', textColor: '#112233' });
    assert.equal((await admin.get(`${W}/content/20Y000000009999AAA`)).status, 404);
    assert.equal((await admin.get(`${W}/content/not-an-id`)).status, 400);
  });

  test('publish makes the working copy live; a later save shows unpublished changes; unpublish removes it', async () => {
    const b = await made('dd__banner', { heading: 'First' });
    const live = (await admin.post(`${W}/content/${b.managedContentId}/actions/publish`)).body;
    assert.equal(live.status, 'Live');
    assert.ok(live.publishedAt);
    assert.deepEqual(live.live.body, { heading: 'First' });
    const changed = await admin.patch(`${W}/content/${b.managedContentId}`, {
      revision: live.revision,
      body: { heading: 'Second' },
    });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.body.status, 'Changed');
    assert.deepEqual(changed.body.live.body, { heading: 'First' });
    const off = (await admin.post(`${W}/content/${b.managedContentId}/actions/unpublish`)).body;
    assert.equal(off.status, 'Draft');
    assert.equal(off.live, null);
    const again = await admin.post(`${W}/content/${b.managedContentId}/actions/unpublish`);
    assert.equal(again.status, 409);
  });

  test('a save on a revision someone else saved after is refused with 409 and changes nothing', async () => {
    const b = await made('dd__banner', { heading: 'Mine' });
    const first = await manager.patch(`${W}/content/${b.managedContentId}`, { revision: 1, title: 'Theirs' });
    assert.equal(first.status, 200, first.text);
    const stale = await admin.patch(`${W}/content/${b.managedContentId}`, { revision: 1, title: 'Mine again' });
    assert.equal(stale.status, 409);
    assert.equal(errorOf(stale).errorCode, 'CONCURRENT_CHANGE');
    assert.equal((await admin.get(`${W}/content/${b.managedContentId}`)).body.title, 'Theirs');
  });

  test('bodies are checked per type: colours, tags, widths, block types, links, url names (400, nothing made)', async () => {
    const before = (await admin.get(`${W}/content?pageSize=1`)).body.total;
    const bad: Array<[string, unknown, Record<string, unknown>?]> = [
      ['dd__banner', { heading: 'x', textColor: 'red' }],
      ['dd__banner', { heading: 'x', backgroundColor: '#12345' }],
      ['dd__banner', { heading: '' }],
      ['dd__banner', { heading: 'x', script: 'alert(1)' }],
      ['dd__banner', { heading: 'x', button: { text: 'Go', link: { type: 'standard__namedPage', attributes: {} } } }],
      ['dd__banner', { heading: 'x', image: { contentKey: 'MC00000000000000000000000000' } }],
      ['dd__pageLayout', page([{ type: 'textBlock', id: 't', text: 'x', tag: 'h7' }])],
      ['dd__pageLayout', page([{ type: 'marquee', id: 't' }])],
      ['dd__pageLayout', { sections: [{ id: 's', columns: [{ id: 'c', width: 13, components: [] }] }] }],
      ['dd__pageLayout', page([], { minHeight: '1px;background:url(x)' })],
      ['dd__pageLayout', page([{ type: 'textBlock', id: 't', text: 'x', url: 'javascript:alert(1)' }])],
      ['dd__productCollection', { source: { kind: 'products', productIds: ['01t000000009999AAA'] } }],
      ['dd__productCollection', { source: { kind: 'featured' }, numberOfColumns: 7 }],
      ['dd__pageLayout', page([]), { urlName: 'checkout' }],
      ['dd__pageLayout', page([]), { urlName: 'About Us' }],
      ['sfdc_cms__image', { altText: 'x' }, { type: 'nope' }],
    ];
    for (const [type, body, over] of bad) {
      const r = await create(type, body, over);
      assert.equal(r.status, 400, `${JSON.stringify(body)} ${JSON.stringify(over)}: ${r.status} ${r.text}`);
      assert.ok(errorOf(r).message, r.text);
    }
    assert.equal((await admin.get(`${W}/content?pageSize=1`)).body.total, before);
  });

  test('multi-value padding, a see-through overlay and a theme text style are kept; CSS beyond lengths is not', async () => {
    const ok = await made(
      'dd__pageLayout',
      page([{ type: 'textBlock', id: 't', text: 'x', textStyle: 'lead' }], {
        padding: '2rem 1rem',
        margin: '0 10%',
        backgroundImage: { overlayColor: 'rgba(0, 0, 0, 0.35)' },
      }),
    );
    assert.equal(ok.body.sections[0].padding, '2rem 1rem');
    for (const bad of ['2rem;color:red', 'expression(1)', '1rem 1rem 1rem 1rem 1rem'])
      assert.equal((await create('dd__pageLayout', page([], { padding: bad }))).status, 400, bad);
    const overlay = { backgroundImage: { overlayColor: 'rgba(0,0,0,0.3);x' } };
    assert.equal((await create('dd__pageLayout', page([], overlay))).status, 400);
  });

  test('every item already in the store (the demo content) saves back unchanged and keeps its status', async () => {
    const all = (await admin.get(`${W}/content?pageSize=100`)).body.items as Array<{ managedContentId: string }>;
    for (const { managedContentId: id } of all) {
      const item = (await admin.get(`${W}/content/${id}`)).body;
      const saved = await admin.patch(`${W}/content/${id}`, { revision: item.revision, body: item.body });
      assert.equal(saved.status, 200, `${item.title}: ${saved.text}`);
      assert.equal(saved.body.status, item.status, `${item.title} keeps its status`);
    }
  });

  test('references must exist and be of the right type; url names are unique per type', async () => {
    const text = await made('dd__richText', { html: '<p>Hi</p>' });
    const wrongType = await create('dd__banner', { heading: 'x', image: { contentKey: text.contentKey } });
    assert.equal(wrongType.status, 400);
    assert.match(errorOf(wrongType).message, /dd__richText/);
    const product = await productIdOf(s, 'DS-00001');
    const coll = await made('dd__productCollection', { source: { kind: 'products', productIds: [product] } });
    const layout = await made(
      'dd__pageLayout',
      page([{ type: 'productCollection', id: 'p', contentKey: coll.contentKey }]),
      {
        urlName: 'layout-unique',
      },
    );
    assert.equal(layout.status, 'Draft');
    const misplaced = await create('dd__pageLayout', page([{ type: 'banner', id: 'b', contentKey: coll.contentKey }]));
    assert.equal(misplaced.status, 400);
    const dup = await create('dd__pageLayout', page([]), { urlName: 'layout-unique' });
    assert.equal(dup.status, 409);
    // Another type may use the same url name.
    assert.equal((await create('dd__richText', { html: '' }, { urlName: 'layout-unique' })).status, 201);
  });

  test('rich text is stored sanitised; video iframes stay only over https from the players', async () => {
    const html =
      '<h2 onclick="x()">Title</h2><script>alert(1)</script><a href="javascript:alert(1)">bad</a>' +
      '<a href="https://example.com/">ok</a><img src="x" onerror="alert(1)">' +
      '<iframe src="https://www.youtube.com/embed/abc123"></iframe>' +
      '<iframe src="http://www.youtube.com/embed/abc123"></iframe>' +
      '<iframe src="https://evil.example/embed/x"></iframe><iframe srcdoc="<script>1</script>"></iframe>';
    const item = await made('dd__richText', { html });
    const stored: string = item.body.html;
    assert.doesNotMatch(stored, /script|onclick|onerror|javascript:|evil\.example|http:\/\/|srcdoc/i);
    assert.match(stored, /<h2>Title<\/h2>/);
    assert.match(stored, /href="https:\/\/example\.com\/"/);
    assert.equal(stored.match(/<iframe/g)?.length, 1);
    assert.match(stored, /src="https:\/\/www\.youtube\.com\/embed\/abc123"/);
    const layout = await made(
      'dd__pageLayout',
      page([{ type: 'richText', id: 'r', value: '<p onmouseover="x()">Hi</p>' }]),
    );
    assert.equal(layout.body.sections[0].columns[0].components[0].value, '<p>Hi</p>');
  });

  test('an item in use cannot be deleted (409) until its user lets go; then it goes', async () => {
    const image = await made('sfdc_cms__image', { altText: 'A chart' });
    const banner = await made('dd__banner', { heading: 'Uses an image', image: { contentKey: image.contentKey } });
    const refused = await admin.delete(`${W}/content/${image.managedContentId}`);
    assert.equal(refused.status, 409);
    assert.equal(errorOf(refused).errorCode, 'ENTITY_IS_IN_USE');
    const cut = await admin.patch(`${W}/content/${banner.managedContentId}`, {
      revision: 1,
      body: { heading: 'No image' },
    });
    assert.equal(cut.status, 200, cut.text);
    assert.equal((await admin.delete(`${W}/content/${image.managedContentId}`)).status, 204);
    assert.equal((await admin.get(`${W}/content/${image.managedContentId}`)).status, 404);
  });

  test("an image item takes its bytes (checked and normalised) and keeps its body's source in step", async () => {
    const image = await made('sfdc_cms__image', { altText: 'Before upload' });
    const early = await admin.post(`${W}/content/${image.managedContentId}/actions/publish`);
    assert.equal(early.status, 409, 'an image without bytes is not published');
    const notImage = await admin.sendBytes('PUT', `${W}/content/${image.managedContentId}/image`, 'hello', 'image/png');
    assert.equal(notImage.status, 400);
    const up = await admin.sendBytes(
      'PUT',
      `${W}/content/${image.managedContentId}/image?altText=${encodeURIComponent('Green field')}`,
      await png(),
      'image/png',
    );
    assert.equal(up.status, 200, up.text);
    const { version, ...source } = up.body.body.source;
    assert.deepEqual(source, { url: cmsMediaPath(image.contentKey), mimeType: 'image/webp', width: 640, height: 320 });
    assert.match(version, /^[0-9a-f]{16}$/, "the bytes' version");
    assert.equal(up.body.body.altText, 'Green field');
    assert.equal(up.body.media.width, 640);
    const alt = await admin.patch(`${W}/content/${image.managedContentId}/image`, { altText: 'A green field' });
    assert.equal(alt.body.body.altText, 'A green field');
    // A client's own source is ignored: the stored one stays.
    const spoof = await admin.patch(`${W}/content/${image.managedContentId}`, {
      revision: alt.body.revision,
      body: {
        altText: 'Still green',
        source: { url: 'https://evil.example/x.png', mimeType: 'x', width: 1, height: 1 },
      },
    });
    assert.equal(spoof.body.body.source.url, cmsMediaPath(image.contentKey));
    assert.equal((await admin.post(`${W}/content/${image.managedContentId}/actions/publish`)).status, 200);
    const banner = await made('dd__banner', { heading: 'x' });
    const wrong = await admin.sendBytes(
      'PUT',
      `${W}/content/${banner.managedContentId}/image`,
      await png(),
      'image/png',
    );
    assert.equal(wrong.status, 400);
  });

  test('a new picture for a Live image is an unpublished change: shoppers keep the published bytes until Publish', async () => {
    const image = await made('sfdc_cms__image', { altText: 'A field' });
    const picture = (background: string) =>
      sharp({ create: { width: 400, height: 200, channels: 3, background } })
        .png()
        .toBuffer();
    const upload = async (background: string) => {
      const r = await admin.sendBytes(
        'PUT',
        `${W}/content/${image.managedContentId}/image`,
        await picture(background),
        'image/png',
      );
      assert.equal(r.status, 200, r.text);
      return r.body;
    };
    /** The red channel of the picture a party is served (the original bytes, decoded). */
    const red = async (who: Agent) => {
      const res = await fetch(`${s.url}${cmsMediaPath(image.contentKey)}`, { headers: { cookie: who.cookieHeader() } });
      assert.equal(res.status, 200, `${res.status}`);
      const { data } = await sharp(Buffer.from(await res.arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });
      return data[0];
    };
    await upload('#ff0000');
    assert.equal((await admin.post(`${W}/content/${image.managedContentId}/actions/publish`)).status, 200);
    const guest = s.agent();
    assert.equal(await red(guest), 255, 'the published picture');

    const changed = await upload('#0000ff');
    assert.equal(changed.status, 'Changed', 'a new picture is an unpublished change');
    assert.equal(await red(guest), 255, 'shoppers still see the published picture');
    const previewer = await s.login(DEMO_USERS.admin.email);
    assert.equal((await previewer.patch(`${BASE}/session-context`, { isPreview: true })).status, 200);
    assert.equal(await red(previewer), 0, 'preview shows the new picture');

    const published = await admin.post(`${W}/content/${image.managedContentId}/actions/publish`);
    assert.equal(published.body.status, 'Live');
    assert.equal(await red(guest), 0, 'after Publish shoppers see the new picture');
    assert.equal((await admin.post(`${W}/content/${image.managedContentId}/actions/unpublish`)).status, 200);
    const gone = await fetch(`${s.url}${cmsMediaPath(image.contentKey)}`);
    assert.equal(gone.status, 404, 'an unpublished image is not served to shoppers');
  });

  test('every write is in the audit log under ManagedContent', async () => {
    const b = await made('dd__banner', { heading: 'Audited' });
    await admin.post(`${W}/content/${b.managedContentId}/actions/publish`);
    const log = (await admin.get(`${W}/audit-log?recordType=ManagedContent&recordId=${b.managedContentId}`)).body;
    assert.deepEqual(
      log.items.map((e: any) => e.action),
      ['publishContent', 'createContent'],
    );
  });

  test('a guest or a buyer gets 403 and the content stays as it was', async () => {
    const buyer = await s.login(DEMO_USERS.buyer.email);
    for (const who of [s.agent(), buyer]) {
      assert.equal((await who.get(`${W}/content`)).status, 403);
      assert.equal((await create('dd__richText', { html: '' }, {}, who)).status, 403);
    }
  });
});
