// Media, rich description and featured datasets in the workspace, in real Chromium against the real server and
// database (issue 15): the administrator writes a rich description with script in it and sees the sanitised
// preview, uploads a PNG with its alternative text through the product form, and a guest then sees that image
// (a rendition of the upload, at a srcset width) and the clean description on the product page; the featured
// list is reordered and the home page follows. Axe finds nothing on the product form.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { liveStore } from './browser.ts';
import { hydrated, logInTo as logIn } from './workspace-login.ts';
import { axeViolations, describeViolations } from './axe.ts';
import { DEMO_USERS } from '../packages/server/src/seed/access.ts';

const live = liveStore();
const SKU = 'DS-00005';
const ALT = 'A red square standing for the dataset';

/** bypassCSP for the workspace only: axe is injected as a script of its own, which the store's CSP refuses. */
async function open(browser: Browser, bypassCSP = false) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, bypassCSP });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

const logInTo = (page: Page, email: string, path: string) => logIn(page, live.server.url, email, path);

async function productOf(sku: string) {
  return live.server.db.db
    .selectFrom('product')
    .select(['id', 'name'])
    .where('sku', '=', sku)
    .executeTakeFirstOrThrow();
}

test('the administrator uploads an image and writes a rich description; a guest sees both on the product page', async () => {
  const product = await productOf(SKU);
  const admin = await open(live.browser, true);
  const a = admin.page;
  await logInTo(a, DEMO_USERS.admin.email, `/admin/products/${product.id}`);
  await a.getByRole('heading', { level: 1, name: product.name }).waitFor();

  // The rich description: what would run is gone from the preview, the markup a description needs is kept.
  const description = a.getByLabel('Rich description (HTML)');
  await description.fill(
    '<h2>Coverage</h2><p>Clinics <strong>with owner names</strong>.</p>' +
      '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2"><a href="javascript:window.__xss=3">go</a>',
  );
  const preview = a.getByRole('region', { name: 'Preview' });
  await preview.getByRole('heading', { name: 'Coverage' }).waitFor();
  assert.equal(await preview.locator('img, script').count(), 0);
  assert.equal(await preview.locator('a').getAttribute('href'), null);
  await a.getByRole('button', { name: 'Save product' }).click();
  await a.getByText('The product has been saved.').waitFor();

  // The image: a bad file first (the form's own check), then a real PNG with its alternative text.
  const upload = a.getByRole('form', { name: 'Upload an image' });
  await upload.getByLabel('Image file (PNG, JPEG or WebP, up to 10 MB)').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await upload.getByRole('button', { name: 'Upload image' }).click();
  await upload.getByText('The image must be a PNG, JPEG or WebP file.').waitFor();
  await upload.getByText('Complete this field').waitFor();

  const png = await sharp({ create: { width: 1000, height: 750, channels: 3, background: { r: 220, g: 0, b: 0 } } })
    .png()
    .toBuffer();
  await upload.getByLabel('Image file (PNG, JPEG or WebP, up to 10 MB)').setInputFiles({
    name: 'red.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await upload.getByLabel('Alternative text').fill(ALT);
  await upload.getByRole('button', { name: 'Upload image' }).click();
  await a.getByText('The image has been saved. Shoppers see it now.').waitFor();
  await a.getByRole('img', { name: ALT }).waitFor();
  await a.getByText('Uploaded image, 1000 × 750 pixels.').waitFor();

  const violations = await axeViolations(a, 'product form with an uploaded image');
  assert.deepEqual(violations, [], describeViolations(violations));
  assert.deepEqual(admin.errors, []);
  await admin.context.close();

  // A guest, in a fresh browser: the product page shows the upload and the sanitised description.
  const guest = await open(live.browser);
  const g = guest.page;
  await g.addInitScript(() => {
    (window as unknown as { __xss?: number }).__xss = 0;
  });
  await g.goto(`${live.server.url}/product/${product.id}`);
  await hydrated(g);
  const image = g.getByRole('img', { name: ALT });
  await image.waitFor();
  assert.match(
    (await image.getAttribute('src')) ?? '',
    new RegExp(`^/media/products/${SKU}/960\\.webp\\?v=[0-9a-f]{16}$`),
  );
  assert.match(
    (await image.getAttribute('srcset')) ?? '',
    new RegExp(`/media/products/${SKU}/640\\.webp\\?v=[0-9a-f]+ 640w`),
  );
  await g.waitForFunction((alt) => {
    const img = [...document.images].find((i) => i.alt === alt);
    return !!img && img.complete && img.naturalWidth > 0;
  }, ALT);
  // The browser drew the upload: a rendition of it, WebP, red.
  const shown = await g.evaluate((alt) => [...document.images].find((i) => i.alt === alt)!.currentSrc, ALT);
  const rendition = await fetch(shown);
  assert.equal(rendition.headers.get('content-type'), 'image/webp');
  const { data } = await sharp(Buffer.from(await rendition.arrayBuffer()))
    .resize(1, 1)
    .raw()
    .toBuffer({ resolveWithObject: true });
  assert.ok(data[0]! > 180 && data[1]! < 40, `the rendition is the red upload: ${[...data]}`);

  await g.getByRole('heading', { level: 2, name: 'Coverage' }).waitFor();
  await g.getByText('with owner names').first().waitFor();
  assert.equal(await g.evaluate(() => (window as unknown as { __xss?: number }).__xss), 0);
  assert.deepEqual(guest.errors, []);
  await guest.context.close();
});

test('the featured datasets are reordered in the workspace; the home page follows', async () => {
  const first = await productOf('DS-00006');
  const second = await productOf('DS-00002');
  const admin = await open(live.browser);
  const a = admin.page;
  await logInTo(a, DEMO_USERS.admin.email, '/admin/featured');
  await a.getByRole('heading', { level: 1, name: 'Featured datasets' }).waitFor();
  await a.getByLabel('Featured datasets: SKUs in order').fill('DS-00006, NO-SUCH-SKU');
  await a.getByRole('button', { name: 'Save featured datasets' }).click();
  await a.getByText(/No product has the SKU NO-SUCH-SKU/).waitFor();
  await a.getByLabel('Featured datasets: SKUs in order').fill('DS-00006, DS-00002');
  await a.getByRole('button', { name: 'Save featured datasets' }).click();
  await a.getByText('The featured datasets have been saved. The home page shows them now.').waitFor();
  await a.getByRole('list', { name: 'Featured datasets' }).getByText('DS-00006').waitFor();
  await admin.context.close();

  const guest = await open(live.browser);
  await guest.page.goto(`${live.server.url}/`);
  const featured = guest.page.getByRole('region', { name: 'Featured datasets' });
  await featured.getByText(first.name).first().waitFor();
  const text = await featured.innerText();
  assert.ok(text.indexOf(first.name) < text.indexOf(second.name), 'in the order the seller gave');
  assert.ok(!text.includes((await productOf('DS-00001')).name), 'the old list is gone');
  await guest.context.close();
});
