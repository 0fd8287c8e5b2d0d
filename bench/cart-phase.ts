// The cart under load (issue 5), on the running store server: add-to-cart by many guest sessions, and
// reading carts of 200 lines (summary, compact summary, a page of lines).
//
// Add to cart: ROTATION guest carts take the adds round robin, each request adding the next product of
// its cart's own list (once-only datasets, so a repeat would be a 409). The carts are staggered (cart j
// starts the window holding j lines) and a cart is retired at CART_LINES_CAP lines, its slot taken by a
// fresh guest session prepared before the timed window, so every add lands on a cart of 0..49 lines,
// uniformly. Every counted answer must be a 201; afterwards the lines in the carts are counted against
// the 201s.
//
// Cart reads: SUMMARY_CARTS guest carts of SUMMARY_LINES lines, built with background batch adds (202,
// then compact-summary polled until Completed), read at the run's connections.
//
// All guest carts and sessions made here are deleted (DELETE carts/current, POST logout) at the end,
// so the benchmark database does not grow from run to run.
import Database from 'better-sqlite3';
import { mulberry32 } from '../packages/server/src/datasets/random.ts';
import { runLoad, type LoadRequest, type LoadResult } from './load.ts';
import type { CartReport, ScenarioResult } from './report.ts';
import type { LoadSettings } from './scenario.ts';

/** A cart taking adds is retired at this many lines. */
export const CART_LINES_CAP = 50;
/** Carts taking adds at any one time (one per size 0..CART_LINES_CAP-1). */
const ROTATION = CART_LINES_CAP;
export const SUMMARY_LINES = 200;
const SUMMARY_CARTS = 3;
/** The batch call's limit (CART_BATCH_MAX); above 10 lines it runs in the background (202). */
const BATCH_MAX = 100;
const SYNC_BATCH_MAX = 10;
const PREP_CONCURRENCY = 8;
/** Adds/s assumed for the warm-up's session pool (topped up from the warm-up's measured rate). */
const WARMUP_RATE_GUESS = 3000;

const log = (msg: string) => console.log(`[bench] ${msg}`);
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

// Datasets a guest may put in a cart, once each: active simple DS- products with the quantity rule
// 1..1, no subscription selling model (the default model would need a term), and a one-time price in
// a price book of the guest buyer group. (No DS- product sits in the partner-only category.)
export const ONCE_ONLY_FOR_GUESTS = `
  SELECT p.id FROM product p JOIN webstore w ON w.id = p.webstore_id
  WHERE p.webstore_id = ? AND p.is_active = 1 AND p.product_class = 'Simple' AND p.sku LIKE 'DS-%'
    AND p.qty_min = '1' AND p.qty_max = '1'
    AND NOT EXISTS (SELECT 1 FROM product_selling_model m JOIN selling_model s ON s.id = m.selling_model_id
                    WHERE m.product_id = p.id AND s.selling_model_type <> 'OneTime')
    AND EXISTS (SELECT 1 FROM price_book_entry e
      JOIN price_book pb ON pb.id = e.price_book_id AND pb.is_active = 1
      JOIN buyer_group_price_book b ON b.price_book_id = e.price_book_id AND b.buyer_group_id = w.guest_buyer_group_id
      WHERE e.product_id = p.id AND e.is_active = 1 AND e.selling_model_id IS NULL)
  ORDER BY p.id`;

/** `all` shuffled in place with a fixed seed (the same order every run). */
export function shuffled<T>(all: T[], seed: number): T[] {
  const next = mulberry32(seed);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all;
}

/** Every once-only guest-buyable dataset, shuffled with a fixed seed (the same order every run). */
export function onceOnlyProducts(file: string, webstoreId: string, seed = 20240605): string[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return shuffled(db.prepare(ONCE_ONLY_FOR_GUESTS).pluck().all(webstoreId) as string[], seed);
  } finally {
    db.close();
  }
}

// ---- guests over plain HTTP ----

export interface Guest {
  cookie: string;
  csrf: string /** Where this guest's products start in the product list. */;
  offset: number;
}

export function cookieOf(res: Response, name: string): string | undefined {
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';')[0]!;
    const eq = pair.indexOf('=');
    if (pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

export async function send(
  url: string,
  guest: Guest | undefined,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: any; text: string; res: Response }> {
  const method = init.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (guest) {
    headers.cookie = guest.cookie;
    if (method !== 'GET') headers['x-csrf-token'] = guest.csrf;
  }
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, text, res };
}

export const unexpected = (what: string, r: { status: number; text: string }) =>
  new Error(`${what} answered ${r.status}: ${r.text.slice(0, 300)}`);

/** A guest as a browser becomes one: the CSRF cookie from session-context, then the first cart write makes the session (PUT carts/current: the empty cart). */
export async function newGuest(origin: string, api: string, offset: number): Promise<Guest> {
  const ctx = await send(`${origin}${api}/session-context`, undefined);
  const csrf = cookieOf(ctx.res, 'csrf_token');
  if (ctx.status !== 200 || !csrf) throw unexpected('GET session-context (for its csrf_token cookie)', ctx);
  const pre: Guest = { cookie: `csrf_token=${csrf}`, csrf, offset };
  const made = await send(`${origin}${api}/carts/current`, pre, { method: 'PUT' });
  const sid = cookieOf(made.res, 'sid');
  if (made.status !== 201 || !sid) throw unexpected('PUT carts/current (the guest\u2019s first cart write)', made);
  return { cookie: `sid=${sid}; csrf_token=${csrf}`, csrf, offset };
}

/** Runs `fn` over `items` with a few requests in flight. */
export async function parallel<T, R>(
  items: T[],
  fn: (item: T, index: number) => Promise<R>,
  concurrency = PREP_CONCURRENCY,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

async function compact(
  origin: string,
  api: string,
  guest: Guest,
): Promise<{ uniqueProductCount: number; totalProductCount: string; asyncOperationStatus: string }> {
  const r = await send(`${origin}${api}/carts/compact-summary`, guest);
  if (r.status !== 200) throw unexpected('GET carts/compact-summary', r);
  return r.body;
}

/**
 * Adds `productIds` to the guest's cart with batch calls: up to 10 lines answer 200 with per-line
 * results; more run in the background (202) and compact-summary is polled until Completed.
 * Returns the seconds each background batch took, from the POST to Completed.
 */
async function batchAdd(origin: string, api: string, guest: Guest, productIds: string[]): Promise<number[]> {
  const seconds: number[] = [];
  for (let at = 0; at < productIds.length; at += BATCH_MAX) {
    const chunk = productIds.slice(at, at + BATCH_MAX);
    const before = chunk.length > SYNC_BATCH_MAX ? (await compact(origin, api, guest)).uniqueProductCount : 0;
    const started = process.hrtime.bigint();
    const r = await send(`${origin}${api}/carts/current/cart-items/batch`, guest, {
      method: 'POST',
      body: { inputs: chunk.map((productId) => ({ richInput: { productId, quantity: '1' } })) },
    });
    if (chunk.length <= SYNC_BATCH_MAX) {
      if (r.status !== 200 || r.body?.hasErrors) throw unexpected(`POST cart-items/batch (${chunk.length} lines)`, r);
      continue;
    }
    if (r.status !== 202) throw unexpected(`POST cart-items/batch (${chunk.length} lines, expected 202)`, r);
    for (const deadline = Date.now() + 120_000; ; ) {
      const c = await compact(origin, api, guest);
      if (c.asyncOperationStatus === 'Completed') {
        if (c.uniqueProductCount !== before + chunk.length)
          throw new Error(
            `a background batch of ${chunk.length} lines completed with ${c.uniqueProductCount - before} of them in the cart`,
          );
        break;
      }
      if (c.asyncOperationStatus !== 'Processing')
        throw new Error(`a background batch ended ${c.asyncOperationStatus}`);
      if (Date.now() > deadline)
        throw new Error(`a background batch of ${chunk.length} lines was still Processing after 120 s`);
      await new Promise((res) => setTimeout(res, 25));
    }
    seconds.push(Number(process.hrtime.bigint() - started) / 1e9);
  }
  return seconds;
}

/** Deletes a guest's cart and ends their session; false when either call did not answer 204. */
async function dismiss(origin: string, api: string, guest: Guest): Promise<boolean> {
  const del = await send(`${origin}${api}/carts/current`, guest, { method: 'DELETE' }).catch(() => undefined);
  const out = await send(`${origin}/services/auth/logout`, guest, { method: 'POST' }).catch(() => undefined);
  return del?.status === 204 && out?.status === 204;
}

// ---- add to cart ----

interface Slot {
  guest: Guest;
  issued: number;
}

/**
 * Hands out the add-to-cart requests: slot after slot, each the next unused product of the slot's
 * cart; a cart at the cap gives its slot to the next prepared guest.
 */
class AddStream {
  slots: Slot[] = [];
  pool: Guest[] = [];
  used: Guest[] = [];
  private cursor = 0;
  measuring = false;
  /** Requests built in the measured window, the cart sizes they saw, and those past the cap for want of a fresh guest. */
  measured = { requests: 0, sizeSum: 0, minSize: Infinity, maxSize: 0, overCap: 0 };
  warmupOverCap = 0;

  constructor(
    private api: string,
    private products: string[],
  ) {}

  next = (): LoadRequest => {
    const slot = this.slots[this.cursor++ % this.slots.length]!;
    if (slot.issued >= CART_LINES_CAP && this.pool.length) {
      slot.guest = this.pool.shift()!;
      slot.issued = 0;
      this.used.push(slot.guest);
    }
    const size = slot.issued;
    if (size >= CART_LINES_CAP) {
      if (this.measuring) this.measured.overCap++;
      else this.warmupOverCap++;
    }
    if (this.measuring) {
      const m = this.measured;
      m.requests++;
      m.sizeSum += size;
      m.minSize = Math.min(m.minSize, size);
      m.maxSize = Math.max(m.maxSize, size);
    }
    const productId = this.products[(slot.guest.offset + slot.issued++) % this.products.length]!;
    return {
      method: 'POST',
      path: `${this.api}/carts/current/cart-items`,
      headers: { cookie: slot.guest.cookie, 'x-csrf-token': slot.guest.csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ productId, quantity: '1', type: 'Product' }),
    };
  };
}

/** Status counts and the first few unexpected answers of a load run (warm-up included). */
export function answers(expected: number) {
  const counts: Record<number, number> = {};
  const samples: string[] = [];
  return {
    counts,
    samples,
    onResponse: (status: number, body: string) => {
      counts[status] = (counts[status] ?? 0) + 1;
      if (status !== expected && samples.length < 5) samples.push(`${status} ${body.slice(0, 300)}`);
    },
  };
}

/** A measured run is valid when every counted answer had the expected status and none failed. */
export function verdict(r: LoadResult, expected: number): string | undefined {
  const others = Object.entries(r.statusCodes).filter(([code]) => Number(code) !== expected);
  if (!r.errors && !others.length) return undefined;
  return `${r.errors} errors, ${others.map(([c, n]) => `${n}× ${c}`).join(', ') || 'no other status'} (every counted answer must be a ${expected})`;
}

export const describe = (r: LoadResult) =>
  `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms${r.cpuMsPerRequest === undefined ? '' : `, server CPU ${(r.cpuMsPerRequest * 1000).toFixed(0)} µs/req`}, ${r.errors} errors, ${r.non2xx} non-2xx`;

export async function addToCart(
  o: CartOptions,
  products: string[],
  report: CartReport,
): Promise<{ entry: ScenarioResult; ok: boolean; guests: Guest[] }> {
  const { api, origin, settings } = o;
  const entry: ScenarioResult = {
    name: 'add to cart',
    route: 'POST …/carts/current/cart-items',
    note: `0–${CART_LINES_CAP - 1} lines`,
  };
  const stream = new AddStream(api, products);
  let guestCount = 0;
  const fresh = (n: number) =>
    parallel(
      Array.from({ length: n }, () => guestCount++),
      (k) => newGuest(origin, api, k * CART_LINES_CAP),
    );
  try {
    // The rotation, staggered: slot j's cart already holds j lines (sync batches of up to 10).
    const started = Date.now();
    const first = await fresh(ROTATION);
    await parallel(first, async (g, j) => {
      const ids = Array.from({ length: j }, (_, n) => products[(g.offset + n) % products.length]!);
      for (let at = 0; at < ids.length; at += SYNC_BATCH_MAX)
        await batchAdd(origin, api, g, ids.slice(at, at + SYNC_BATCH_MAX));
    });
    stream.slots = first.map((guest, j) => ({ guest, issued: j }));
    stream.used.push(...first);
    const prefilled = (ROTATION * (ROTATION - 1)) / 2;
    stream.pool = await fresh(Math.ceil((settings.warmup * WARMUP_RATE_GUESS) / CART_LINES_CAP) + 10);
    log(
      `add to cart: ${ROTATION} guest carts prefilled with 0–${ROTATION - 1} lines (${prefilled} lines), ${stream.pool.length} fresh guests ready (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );

    const seen = answers(201);
    log(`add to cart: ${settings.warmup} s warm-up + ${settings.duration} s at ${settings.connections} connection(s)…`);
    const r = await runLoad({
      origin,
      paths: [],
      connections: settings.connections,
      duration: settings.duration,
      warmup: settings.warmup,
      serverPid: o.pid,
      extraCpuMs: o.extraCpuMs,
      next: stream.next,
      onResponse: seen.onResponse,
      afterWarmup: async (warm) => {
        // Enough fresh guests for the measured window at twice the warm-up's rate.
        const rate = Number.isFinite(warm.rps) ? Math.max(warm.rps, 200) : WARMUP_RATE_GUESS;
        const need = Math.ceil((settings.duration * rate * 2) / CART_LINES_CAP) + ROTATION;
        const t = Date.now();
        if (stream.pool.length < need) stream.pool.push(...(await fresh(need - stream.pool.length)));
        log(
          `add to cart: warm-up ${fmt(warm.rps)} adds/s; ${stream.pool.length} fresh guests ready for the measured window (${((Date.now() - t) / 1000).toFixed(1)} s)`,
        );
        stream.measuring = true;
      },
    });
    entry.result = r;
    log(`  ${describe(r)}`);
    const m = stream.measured;
    entry.note = `${m.minSize}–${m.maxSize} lines (mean ${fmt(m.sizeSum / Math.max(1, m.requests), 1)})`;

    // Every 201 must be a line: count the lines of every cart that took adds.
    const lines = (await parallel(stream.used, (g) => compact(origin, api, g))).reduce(
      (n, c) => n + c.uniqueProductCount,
      0,
    );
    const created = seen.counts[201] ?? 0;
    const uncounted = lines - prefilled - created;
    const guests = [...stream.used, ...stream.pool];
    report.setup.push(
      `Add to cart: ${ROTATION} guest carts take the adds round robin, staggered (cart j starts with j lines, prefilled by batch adds), so each add lands on a cart holding ${entry.note.replace(/ lines/, ' lines before it')}; a cart is retired at ${CART_LINES_CAP} lines and its slot taken by a fresh guest session prepared before the timed window (GET session-context for the CSRF cookie, PUT carts/current for the session and its empty cart). Each request adds the next once-only dataset of its cart's own list (\`{productId, quantity: "1", type: "Product"}\` with the session cookie and \`x-csrf-token\`). ${fmt(stream.used.length)} guest carts took adds (warm-up included), ${fmt(stream.pool.length)} prepared guests were left unused.`,
    );
    report.notes.push(
      `Add to cart, line check: the carts that took adds hold ${fmt(lines)} lines = ${fmt(prefilled)} prefilled + ${fmt(created)} answered 201 (warm-up and measured)${uncounted ? ` + ${uncounted} sent as a window closed (autocannon drops the answers of requests in flight when it stops; at most 2 × ${settings.connections})` : ''}.`,
    );
    if (uncounted < 0 || uncounted > 2 * settings.connections) {
      report.notes.push(
        `**Add to cart: the line count does not match the 201s (${uncounted} lines unaccounted for).**`,
      );
    }
    if (stream.warmupOverCap)
      report.notes.push(
        `Add to cart: the warm-up ran out of fresh guests; ${stream.warmupOverCap} warm-up adds went to carts past ${CART_LINES_CAP} lines.`,
      );
    const bad =
      verdict(r, 201) ??
      (m.overCap
        ? `${m.overCap} measured adds went to carts past ${CART_LINES_CAP} lines (the prepared guests ran out)`
        : undefined) ??
      (uncounted < 0 || uncounted > 2 * settings.connections
        ? `the carts hold ${uncounted} lines more than the 201s account for`
        : undefined);
    if (bad) {
      entry.error = `${bad}${seen.samples.length ? `; first: ${seen.samples[0]}` : ''}`;
      console.error(`[bench] ✗ add to cart: ${entry.error}`);
      for (const s of seen.samples.slice(1)) console.error(`[bench]     ${s}`);
    }
    return { entry, ok: !bad, guests };
  } catch (err) {
    entry.error = (err as Error).message;
    console.error(`[bench] ✗ add to cart: ${entry.error}`);
    return { entry, ok: false, guests: [...stream.used, ...stream.pool] };
  }
}

// ---- reading a 200-line cart ----

async function cartReads(
  o: CartOptions,
  products: string[],
  report: CartReport,
  guests: Guest[],
): Promise<{ entries: ScenarioResult[]; ok: boolean }> {
  const { api, origin, settings } = o;
  const reads = [
    {
      name: `cart summary, ${SUMMARY_LINES} lines`,
      route: 'GET …/carts/current',
      path: `${api}/carts/current`,
      note: `${SUMMARY_LINES} lines`,
      check: (b: any) => b?.uniqueProductCount === SUMMARY_LINES && b?.totalProductCount === String(SUMMARY_LINES),
    },
    {
      name: `compact summary, ${SUMMARY_LINES} lines`,
      route: 'GET …/carts/compact-summary',
      path: `${api}/carts/compact-summary`,
      note: `${SUMMARY_LINES} lines`,
      check: (b: any) => b?.uniqueProductCount === SUMMARY_LINES,
    },
    {
      name: `cart lines, first page of ${SUMMARY_LINES}`,
      route: 'GET …/carts/current/cart-items?pageSize=25',
      path: `${api}/carts/current/cart-items?pageSize=25`,
      note: `25 of ${SUMMARY_LINES} lines`,
      check: (b: any) => b?.count === 25 && b?.totalItemCount === SUMMARY_LINES && b?.cartItems?.length === 25,
    },
  ];
  try {
    // The carts: distinct products within each (and from the add-to-cart carts' first lines).
    const started = Date.now();
    const carts = await parallel(
      Array.from({ length: SUMMARY_CARTS }, (_, i) => i),
      (i) => newGuest(origin, api, products.length - (i + 1) * SUMMARY_LINES),
      SUMMARY_CARTS,
    );
    guests.push(...carts);
    const batchSeconds: number[] = [];
    for (const g of carts) {
      const ids = Array.from({ length: SUMMARY_LINES }, (_, n) => products[(g.offset + n) % products.length]!);
      batchSeconds.push(...(await batchAdd(origin, api, g, ids)));
    }
    log(
      `cart reads: ${SUMMARY_CARTS} guest carts of ${SUMMARY_LINES} lines built in ${((Date.now() - started) / 1000).toFixed(1)} s (background batches of ${BATCH_MAX}: ${batchSeconds.map((s) => s.toFixed(2)).join(', ')} s)`,
    );
    report.setup.push(
      `Cart reads: ${SUMMARY_CARTS} guest carts of exactly ${SUMMARY_LINES} once-only datasets, built before the timed windows with batch adds of ${BATCH_MAX} lines (each answered 202 and ran in the background; compact-summary polled every 25 ms until \`Completed\`: ${batchSeconds.map((s) => `${s.toFixed(2)} s`).join(', ')} per batch of ${BATCH_MAX}). The requests rotate over the ${SUMMARY_CARTS} carts' session cookies. The carts do not change while they are read, so after its first read each cart's page is answered from the kept page (services/carts/line-page.ts: kept while the cart's lines stamp and the read model's clock stand still); \`node --import tsx bench/cart-profile.ts --only page\` measures the page read after each change to one of its lines beside it.`,
    );
  } catch (err) {
    const error = `building the ${SUMMARY_LINES}-line carts: ${(err as Error).message}`;
    console.error(`[bench] ✗ cart reads: ${error}`);
    return { entries: reads.map((x) => ({ name: x.name, route: x.route, note: x.note, error })), ok: false };
  }

  const carts = guests.slice(-SUMMARY_CARTS);
  const entries: ScenarioResult[] = [];
  let ok = true;
  for (const x of reads) {
    const entry: ScenarioResult = { name: x.name, route: x.route, note: x.note };
    entries.push(entry);
    try {
      for (const g of carts) {
        const first = await send(origin + x.path, g);
        if (first.status !== 200 || !x.check(first.body))
          throw unexpected(`pre-flight ${x.route} (expected ${x.note})`, first);
      }
      log(
        `${x.name}: ${settings.warmup} s warm-up + ${settings.duration} s at ${settings.connections} connection(s) over ${SUMMARY_CARTS} carts…`,
      );
      let i = 0;
      const seen = answers(200);
      const r = await runLoad({
        origin,
        paths: [],
        connections: settings.connections,
        duration: settings.duration,
        warmup: settings.warmup,
        serverPid: o.pid,
        next: () => ({ path: x.path, headers: { cookie: carts[i++ % carts.length]!.cookie } }),
        onResponse: seen.onResponse,
      });
      entry.result = r;
      log(`  ${describe(r)}`);
      const bad = verdict(r, 200);
      if (bad) {
        entry.error = `${bad}${seen.samples.length ? `; first: ${seen.samples[0]}` : ''}`;
        console.error(`[bench] ✗ ${x.name}: ${entry.error}`);
        ok = false;
      }
    } catch (err) {
      entry.error = (err as Error).message;
      console.error(`[bench] ✗ ${x.name}: ${entry.error}`);
      ok = false;
    }
  }
  return { entries, ok };
}

// ---- the phase ----

export interface CartOptions {
  api: string;
  origin: string;
  pid?: number;
  file: string;
  webstoreId: string;
  settings: LoadSettings;
  /** Another CPU clock read over the measured window (the processes phase: PostgreSQL's). */
  extraCpuMs?: () => number | undefined;
}

/** Runs add-to-cart and the 200-line cart reads; failures are recorded in the report, not thrown. */
export async function measureCart(o: CartOptions): Promise<{ cart: CartReport; ok: boolean }> {
  const report: CartReport = { scenarios: [], setup: [], notes: [] };
  const guests: Guest[] = [];
  let ok = true;
  try {
    const products = onceOnlyProducts(o.file, o.webstoreId);
    const needed = CART_LINES_CAP + SUMMARY_CARTS * SUMMARY_LINES;
    if (products.length < needed)
      throw new Error(
        `only ${products.length} once-only guest-priced datasets in ${o.file}; the cart phase needs ${needed}`,
      );
    report.setup.push(
      `Products: the ${fmt(products.length)} once-only datasets a guest can buy (active DS- products, quantity rule 1..1, one-time price in the guest price book), shuffled with a fixed seed; every cart takes distinct ones (a repeat would be a 409 MAX_LIMIT_EXCEEDED).`,
    );

    const add = await addToCart(o, products, report);
    report.scenarios.push(add.entry);
    guests.push(...add.guests);
    ok &&= add.ok;

    const reads = await cartReads(o, products, report, guests);
    report.scenarios.push(...reads.entries);
    ok &&= reads.ok;

    const measured = report.scenarios.filter((s) => s.result);
    if (measured.length) {
      report.notes.push(
        `How to read the latencies: the server answers on one JavaScript thread and SQLite runs one statement (a change: one transaction) at a time, so at ${o.settings.connections} connections a request mostly waits behind the others: mean latency ≈ connections ÷ req/s (Little's law); the work one request costs is the server CPU per request. Measured: ${measured.map((s) => `${s.name}: mean ${s.result!.mean.toFixed(2)} ms vs ${o.settings.connections} ÷ req/s = ${((1000 * o.settings.connections) / s.result!.rps).toFixed(2)} ms`).join('; ')}.`,
      );
    }
  } catch (err) {
    report.error = (err as Error).message;
    console.error(`[bench] ✗ cart: ${report.error}`);
    ok = false;
  } finally {
    if (guests.length) {
      const started = Date.now();
      const done = await parallel(guests, (g) => dismiss(o.origin, o.api, g));
      const failed = done.filter((d) => !d).length;
      log(
        `cart: ${guests.length - failed} of ${guests.length} guest carts deleted and sessions ended (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
      report.notes.push(
        `Afterwards every guest cart made here was deleted (DELETE carts/current) and its session ended (POST /services/auth/logout): ${fmt(guests.length - failed)} of ${fmt(guests.length)}${failed ? ' — **the rest stay in the benchmark database**' : ''}.`,
      );
    }
  }
  return { cart: report, ok };
}
