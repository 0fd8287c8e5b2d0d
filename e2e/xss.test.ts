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
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { encodeRefinements, MAX_WISHLIST_NAME_LENGTH } from '@store/core';
import { liveStore } from './browser.ts';
import {
  armDetector,
  assertSafe,
  mark,
  hydrated,
  renderEveryWay,
  type RenderMode,
  scan,
  scanMarkup,
  scanNow,
  XssTally,
} from './xss-detector.ts';
import { InputCounts, shopperApi } from './xss-shopper.ts';
import { PlacementRegistry, STORABLE_VECTORS, VECTORS } from './xss-vectors.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../packages/server/src/seed/access.ts';
import { WEBSTORE_ID } from '../packages/server/src/seed/store.ts';
import { PROMOTION_IDS } from '../packages/server/src/seed/promotions.ts';
import { decodeWords, readEml } from '../packages/server/src/test-support/eml.ts';

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

/** The demo's first dataset (DS-00001), which anyone may buy. */
async function aDataset(): Promise<string> {
  return (await live.server.api('/products?skus=DS-00001')).body.products[0].id;
}

/** The demo's first printed directory (PD-00001): it ships, so its order and email carry the address. */
async function aPrintedDirectory(): Promise<string> {
  return (await live.server.api('/products?skus=PD-00001')).body.products[0].id;
}

after(() => {
  console.log(
    `xss: ${VECTORS.length} vectors, ${store.registry.placements.size} placements at ${store.registry.points.size} injection points ` +
      `(carried ${inputs.total(inputs.carried)}, refused at input ${inputs.total(inputs.refused)}), ` +
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
      const html = Object.entries(sinks).map(([sink, write]) =>
        write(control.registry.place(`control ${sink}`, v).text),
      );
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

    // The scan alone (nothing run, as with a CSP that blocks the vectors): every vector that makes markup
    // in HTML, an attribute or a URL leaves a node the scan reports. Those that only act inside a script
    // string or a template (or once decoded) make none there.
    const markupless = ['template', 'U+2028 string breakout', 'URL-encoded'];
    const unseen: string[] = [];
    for (const v of VECTORS.filter((v) => !markupless.includes(v.name))) {
      const html = ['attribute "', "attribute '", 'href', 'html'].map((sink) =>
        sinks[sink as keyof typeof sinks](control.registry.place(`control ${sink} (scan only)`, v).text),
      );
      const report = await scan(page, `<!doctype html><title>control</title><body>${html.join('\n')}</body>`);
      if (report.findings.length === 0) unseen.push(v.name);
    }
    assert.deepEqual(unseen, [], 'the scan sees every markup-making vector without running it');
    await context.close();
  });
});

describe('text a guest puts in the address bar', () => {
  test('search terms: results and no-results text, the title, the search box, suggestions', async () => {
    const { context, page } = await shopper();
    const before = mark(store);
    for (const term of store.registry.pack('search term', 200)) {
      inputs.carry('search term');
      await renderEveryWay(page, store, origin(), `/search?term=${encodeURIComponent(term)}`, [term]);
      // Typed in the header's box: the suggestions list for it, then the search it submits.
      await page.goto(`${origin()}/`);
      await hydrated(page);
      const box = page.getByRole('combobox', { name: 'Search datasets' });
      await box.fill(term);
      await page.waitForTimeout(400);
      await scanNow(page, store, 'the header search box with its suggestions', [term]);
      await box.press('Enter');
      await page.waitForURL((u) => u.pathname === '/search');
      await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Results for' }).waitFor();
      await scanNow(page, store, 'the search the header box submitted', [term]);
    }
    assertSafe(store, before);
    await context.close();
  });

  test('paths and query parameters: the 404 page, unknown records, a product page', async () => {
    const { context, page } = await shopper();
    const before = mark(store);
    const productId = await aDataset();
    const q = encodeURIComponent;
    const paths = [
      ...store.registry.pack('404 path', 600).map((v) => `/${encodeURIComponent(v)}`),
      ...store.registry.pack('product id in the path', 600).map((v) => `/product/${encodeURIComponent(v)}`),
      ...store.registry.pack('category in the path', 600).map((v) => `/category/${encodeURIComponent(v)}`),
      ...store.registry.pack('order id in the path', 600).map((v) => `/orders/${encodeURIComponent(v)}`),
      // Search parameters the server refuses with a message that repeats them (an unknown category, a
      // refinement given twice).
      ...store.registry
        .pack('search category, sort and page', 200)
        .map((v) => `/search?term=data&category=${q(v)}&sort=${q(v)}&page=${q(v)}`),
      ...store.registry.pack('search refinements', 300).map((v) => {
        const twice = encodeRefinements([
          { nameOrId: v, values: [v] },
          { nameOrId: v, values: [v] },
        ]);
        return `/search?term=data&refinements=${twice}`;
      }),
      ...store.registry
        .pack('product page query parameters', 300)
        .map(
          (v) => `/product/${productId}?${encodeURIComponent(v)}=${encodeURIComponent(v)}&q=${encodeURIComponent(v)}`,
        ),
    ];
    for (const path of paths) {
      inputs.carry('path or query parameter');
      await renderEveryWay(page, store, origin(), path, []);
    }
    assertSafe(store, before);
    await context.close();
  });
});

describe('return addresses', () => {
  test('returnUrl/startURL on login and register, after logging in and after logout: this site only, nothing runs', async () => {
    const { context, page } = await shopper();
    const before = mark(store);
    const point = 'return URL';
    // Vectors inside a path of this site (allowed as a return address) and every vector as the address itself.
    const packed = store.registry.pack(point, 400).map((v) => `/search?term=${encodeURIComponent(v)}`);
    const schemes = [
      store.registry.place(point, VECTORS.find((v) => v.name === 'javascript: URL')!).text,
      ` JaVaScRiPt:__xss(${store.registry.place(point, VECTORS[0]!).n})`,
      `java\tscript:__xss(${store.registry.place(point, VECTORS[0]!).n})`,
      `data:text/html,<script>__xss(${store.registry.place(point, VECTORS[0]!).n})</script>`,
      '//evil.example/',
      '/\\evil.example/',
      '/%2F%2Fevil.example/',
      'https://evil.example/',
    ];
    for (const target of [...packed, ...schemes]) {
      inputs.carry(point);
      const q = encodeURIComponent(target);
      // The client render of the login page is shown with the vectors in a path; the rest load it whole.
      const modes: RenderMode[] = packed.includes(target) ? ['client', 'hydrated', 'server'] : ['hydrated', 'server'];
      await renderEveryWay(page, store, origin(), `/login?returnUrl=${q}&startURL=${q}`, [], { modes });
      await renderEveryWay(page, store, origin(), `/register?returnUrl=${q}&startURL=${q}`, [], { modes: ['server'] });
    }
    // Logging in with an unsafe address lands on this site's home page; a safe one is followed.
    for (const target of [packed[0]!, ...schemes.slice(0, 1), ...schemes.slice(4)]) {
      await page.goto(`${origin()}/login?returnUrl=${encodeURIComponent(target)}`);
      await hydrated(page, store);
      await page.getByLabel('Email').fill(DEMO_USERS.consumer.email);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      // Off-site and script addresses go home; a path of this site (even an odd one) is followed.
      const offSite = !target.startsWith('/') || /^\/[/\\]/.test(target);
      await page.waitForURL((u) => u.pathname !== '/login');
      await page.waitForLoadState();
      assert.equal(new URL(page.url()).origin, origin(), `returnUrl ${target} stays on this site`);
      if (offSite) assert.equal(page.url(), `${origin()}/`, `returnUrl ${target} goes home`);
      else assert.equal(page.url(), new URL(target, origin()).href);
      await scanNow(page, store, `after logging in with returnUrl ${target.slice(0, 40)}`);
      // Logging out with the same addresses in the query still goes home.
      await page.goto(
        `${origin()}/webruntime/logout?returnUrl=${encodeURIComponent(target)}&startURL=${encodeURIComponent(target)}`,
      );
      await page.waitForURL(`${origin()}/`);
      await scanNow(page, store, 'after logging out');
    }
    assertSafe(store, before);
    await context.close();
  });
});

const PASSWORD = 'Engines1843';

describe('what shoppers write about themselves', () => {
  test('names: the header greeting and the profile; a quoted email; account names in the switcher and profile', async () => {
    const before = mark(store);
    const { context, page } = await shopper();
    const api = shopperApi(page, origin());
    await page.goto(`${origin()}/`);

    // An email with a vector in its quoted local part: kept or refused, never run.
    for (const name of ['img onerror', 'svg onload']) {
      const vector = VECTORS.find((v) => v.name === name)!;
      const email = `"${store.registry.place('email', vector).text}"@example.com`;
      const res = await api.post('/services/auth/register', {
        firstName: 'Ada',
        lastName: 'Q',
        email,
        password: PASSWORD,
      });
      if (inputs.count('email', res)) {
        await renderEveryWay(page, store, origin(), '/profile', [email.toLowerCase()]);
        await page.goto(`${origin()}/webruntime/logout`);
      }
    }

    // Registration mails a link; following it creates the account and logs this browser in.
    const email = `xss.names.${Date.now()}@example.com`;
    const asked = await api.post('/services/auth/register', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      password: PASSWORD,
    });
    assert.equal(asked.status, 202, JSON.stringify(asked.body));
    const token = await live.server.registrationToken(email);
    const registered = await api.post('/services/auth/register/confirm', { token });
    assert.equal(registered.status, 201, JSON.stringify(registered.body));
    const firsts = store.registry.pack('first name', 80);
    const lasts = store.registry.pack('last name', 80);
    for (let i = 0; i < Math.max(firsts.length, lasts.length); i++) {
      const change = { firstName: firsts[i] ?? 'Ada', lastName: lasts[i] ?? 'Lovelace' };
      const res = await api.patch('/services/auth/profile', change);
      inputs.count('first name', res);
      inputs.count('last name', res);
      if (res.status === 400) continue;
      // The profile page: the name in the header's greeting and in the details.
      await renderEveryWay(page, store, origin(), '/profile', [change.firstName, change.lastName]);
    }
    assert.ok((inputs.carried.get('first name') ?? 0) > 0, 'names carry vectors (free text)');

    // The account's address book, offered at the checkout.
    const accountId = (await api.get('/session-context')).body.accountId as string;
    const book = {
      name: store.registry.pack('address book name', 255),
      street: store.registry.pack('address book street', 255),
      companyName: store.registry.pack('address book company', 255),
      city: store.registry.fill('address book city', 80, 3, 3),
    };
    const shown: string[] = [];
    for (let i = 0; i < Math.max(...Object.values(book).map((v) => v.length)); i++) {
      const address = {
        name: book.name[i] ?? 'Ada Lovelace',
        street: book.street[i] ?? '415 Mission St',
        companyName: book.companyName[i] ?? 'Analytical Engines',
        city: book.city[i] ?? 'San Francisco',
        region: 'CA',
        postalCode: '94105',
        country: 'US',
        addressType: 'Shipping',
      };
      const res = await api.post(`/accounts/${accountId}/addresses`, address);
      if (inputs.count('address book', res)) shown.push(address.street, address.city);
    }
    assert.ok(shown.length > 0, 'address lines carry vectors (free text)');
    const line = await api.post('/carts/current/cart-items', {
      productId: await aDataset(),
      quantity: '1',
      type: 'Product',
    });
    assert.equal(line.status, 201, JSON.stringify(line.body));
    await renderEveryWay(page, store, origin(), '/checkout', [], { loadedInBrowser: true });
    // The page is the hydrated checkout (the server render is only fetched): open the book.
    await page.getByRole('button', { name: 'Change address' }).click();
    await scanNow(page, store, "the checkout's saved addresses", shown);
    await context.close();

    // Account names (an administrator's data, not a shopper's: written to the database as an edit would).
    const accounts = await live.server.db.db.selectFrom('account').select(['id', 'name']).execute();
    const managed = accounts.filter((a) => a.name === 'Contoso Dental Group' || a.name === 'Fabrikam Research');
    const names = store.registry.pack('account name', 255);
    assert.ok(names.length <= managed.length);
    try {
      for (const [i, name] of names.entries())
        await live.server.db.db.updateTable('account').set({ name }).where('id', '=', managed[i]!.id).execute();
      const buyer = await shopper();
      const res = await shopperApi(buyer.page, origin()).post('/services/auth/login', {
        email: DEMO_USERS.buyer.email,
        password: DEMO_PASSWORD,
      });
      assert.equal(res.status, 200);
      await renderEveryWay(buyer.page, store, origin(), '/profile', names);
      await buyer.context.close();
    } finally {
      for (const a of managed)
        await live.server.db.db.updateTable('account').set({ name: a.name }).where('id', '=', a.id).execute();
    }
    assertSafe(store, before);
  });
});

describe('wishlists', () => {
  test('list names: the lists page, the header, the add-to-list dialog and its toast', async () => {
    const before = mark(store);
    const { context, page } = await shopper();
    const api = shopperApi(page, origin());
    const login = await api.post('/services/auth/login', { email: DEMO_USERS.consumer.email, password: DEMO_PASSWORD });
    assert.equal(login.status, 200);
    const shown: string[] = [];
    for (const name of store.registry.pack('wishlist name', MAX_WISHLIST_NAME_LENGTH)) {
      if (inputs.count('wishlist name', await api.post('/wishlists', { name }))) shown.push(name);
    }
    assert.ok(shown.length > 0, 'list names carry vectors (free text)');
    // Every name in the page's list of lists (the newest also as the shown list's heading).
    await renderEveryWay(page, store, origin(), '/account/lists', shown);
    // The control's dialog offers each list by name; choosing one says so in a toast.
    await page.goto(`${origin()}/product/${await aDataset()}`);
    await hydrated(page, store);
    await page.locator('main .add-to-list').getByRole('button', { name: 'Add to list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to a list' });
    await scanNow(page, store, 'the add-to-list dialog', shown);
    await dialog
      .getByRole('button')
      .filter({ hasText: shown[0]!.slice(0, 12) })
      .first()
      .click();
    await page.locator('.toast').filter({ hasText: 'Added to' }).waitFor();
    await scanNow(page, store, 'the add-to-list toast', []);
    await context.close();
    assertSafe(store, before);
  });
});

describe('a guest at the cart and checkout', () => {
  test('coupon codes (refused and applied), contact details, delivery and billing addresses, the order confirmation', async () => {
    const before = mark(store);
    const { context, page } = await shopper();
    const api = shopperApi(page, origin());
    const productId = await aDataset();
    await page.goto(`${origin()}/`);
    const addLine = async (id = productId) => {
      const res = await api.post('/carts/current/cart-items', { productId: id, quantity: '1', type: 'Product' });
      assert.equal(res.status, 201, JSON.stringify(res.body));
    };
    await addLine();

    // Codes that are no coupon: typed into the cart's form, the refusal names them.
    await page.goto(`${origin()}/cart`);
    await hydrated(page, store);
    for (const code of store.registry.pack('refused coupon code', 50)) {
      await page.getByLabel('Coupon code').fill(code);
      await page.getByRole('button', { name: 'Apply' }).click();
      await scanNow(page, store, 'the cart after a refused coupon', [code]);
      inputs.carry('refused coupon code');
    }

    // Live coupons whose codes carry vectors (a seller's data: written to the database), applied two at a time.
    const codes = store.registry.fill('applied coupon code', 50, 4);
    await live.server.db.db
      .insertInto('coupon')
      .values(
        codes.map((code, i) => ({
          id: `0Qc00000000${900 + i}AAA`,
          promotion_id: PROMOTION_IDS.welcome,
          webstore_id: WEBSTORE_ID,
          code: code.toUpperCase(),
          is_active: 1,
        })),
      )
      .execute();
    for (let i = 0; i < codes.length; i += 2) {
      const pair = codes.slice(i, i + 2);
      const applied: string[] = [];
      for (const code of pair) {
        const res = await api.post('/carts/active/cart-coupons', { couponCode: code });
        if (inputs.count('applied coupon code', res))
          applied.push(res.body.cartCoupons.coupons.find((c: any) => c.couponCode === code.toUpperCase()).cartCouponId);
      }
      await renderEveryWay(page, store, origin(), '/cart', pair);
      if (i + 2 < codes.length)
        for (const id of applied) {
          const removed = await api.del(`/carts/active/cart-coupons/${id}`);
          assert.ok(removed.status < 300, JSON.stringify(removed));
        }
    }
    assert.ok((inputs.carried.get('applied coupon code') ?? 0) > 0, 'coupon codes carry vectors (free text)');
    // A third code on a full cart: the server's refusal repeats the code, and the cart shows it.
    await page.goto(`${origin()}/cart`);
    await hydrated(page, store);
    for (const code of store.registry.fill('third coupon code (echoed refusal)', 50, 2, 7)) {
      await page.getByLabel('Coupon code').fill(code);
      await page.getByRole('button', { name: 'Apply' }).click();
      await scanNow(page, store, 'the cart refusing a third coupon', [code]);
      inputs.carry('third coupon code (echoed refusal)');
    }

    const points = {
      first: ['contact first name', 80, 0],
      last: ['contact last name', 80, 5],
      name: ['address name', 255, 0],
      street: ['address street', 255, 4],
      company: ['address company', 255, 8],
      city: ['address city', 80, 10],
    } as const;
    const fields = Object.fromEntries(
      Object.entries(points).map(([k, [point, max, offset]]) => [
        k,
        store.registry.fill(point, max, 2, offset, STORABLE_VECTORS),
      ]),
    ) as Record<keyof typeof points, string[]>;
    const phones = store.registry.fill('contact phone', 40, 2, 2);
    const emails = ['svg onload', 'attribute " breakout'].map(
      (name) => `"${store.registry.place('contact email', VECTORS.find((v) => v.name === name)!).text}"@example.com`,
    );
    const orders: Array<{ number: string; emailShows: string[] }> = [];
    for (let round = 0; round < 2; round++) {
      // The first order is a download, the second ships (its confirmation email carries the address).
      if (round > 0) await addLine(await aPrintedDirectory());
      const started = await api.put('/checkouts', { cartId: 'active' });
      assert.equal(started.status, 202, JSON.stringify(started.body));
      const id = started.body.checkoutId as string;
      const shows: string[] = [];
      const contact = { firstName: fields.first[round]!, lastName: fields.last[round]!, email: 'ada@example.com' };
      const named = await api.patch(`/checkouts/${id}`, { contactInfo: contact });
      inputs.count('contact first name', named);
      inputs.count('contact last name', named);
      if (named.status < 300) shows.push(contact.firstName, contact.lastName);
      const emailed = await api.patch(`/checkouts/${id}`, { contactInfo: { ...contact, email: emails[round] } });
      if (inputs.count('contact email', emailed)) shows.push(emails[round]!);
      const phoned = await api.patch(`/checkouts/${id}`, { contactInfo: { phoneNumber: phones[round] } });
      if (inputs.count('contact phone', phoned)) shows.push(phones[round]!);
      const address = {
        name: fields.name[round]!,
        street: fields.street[round]!,
        companyName: fields.company[round]!,
        city: fields.city[round]!,
        region: 'CA',
        postalCode: '94105',
        country: 'US',
      };
      const delivered = await api.patch(`/checkouts/${id}`, { deliveryAddress: address });
      inputs.count('delivery address', delivered);
      const paid = await api.post(`/checkouts/${id}/payments`, {
        requestType: 'Auth',
        paymentToken: 'tok_test_success_visa_4242',
        billingAddress: address,
      });
      inputs.count('billing address', paid);
      assert.ok(paid.status < 300, `address lines carry vectors (free text): ${JSON.stringify(paid.body)}`);
      await renderEveryWay(page, store, origin(), '/checkout', [...shows, address.street, address.city], {
        loadedInBrowser: true,
      });
      const placed = await api.post(`/checkouts/${id}/orders`);
      assert.equal(placed.status, 201, JSON.stringify(placed.body));
      const onOrder = [...shows, address.name, address.street, address.companyName, address.city];
      await renderEveryWay(page, store, origin(), `/orders/${placed.body.orderSummaryId}?placed=1`, onOrder);
      // The email names nothing of the shopper's but the delivery address, and only for goods that ship.
      const shipped = [address.name, address.street, address.companyName, address.city];
      orders.push({ number: placed.body.orderReferenceNumber, emailShows: round > 0 ? shipped : [] });
    }

    // The order's emails (HTML parts, parsed without running them): the confirmation repeats the details.
    await live.server.services.mail.tick();
    const mails = readdirSync(live.server.outbox).map((f) =>
      readEml(readFileSync(path.join(live.server.outbox, f), 'utf8')),
    );
    for (const order of orders) {
      const mine = mails.filter((m) => m.html.includes(order.number));
      assert.ok(mine.length > 0, `emails for ${order.number}`);
      const confirmation = mine.find((m) => /confirm/i.test(decodeWords(m.headers.get('subject') ?? '')));
      assert.ok(confirmation, `an order confirmation for ${order.number}`);
      await scanMarkup(page, store, `the confirmation email of ${order.number}`, confirmation.html, order.emailShows);
      for (const m of mine)
        if (m !== confirmation) await scanMarkup(page, store, `an email of ${order.number}`, m.html, []);
    }
    assertSafe(store, before);
    await context.close();
  });
});
