// Checkout under load (issue 6): start-checkout and place-order, on SQLite and on PostgreSQL, each on
// a server of its own over a freshly seeded catalogue of CHECKOUT_PRODUCTS products (the same on both
// databases, so the two are compared on equal data; and orders can't be deleted through the API, so a
// reused file would grow from run to run).
//
// Start-checkout: guest sessions with carts of CART_LINES once-only datasets (fulfilment Dataset, no
// stock), made before the timed window; each request starts the checkout of a different cart
// (PUT checkouts {cartId: "active"}, expected 202). A second start of the same cart would only find
// the checkout, so a cart is never started twice; the pool of carts is sized from the warm-up's rate.
//
// Place-order: checkouts taken to paid before the timed window (start, contact details, delivery
// address, card payment with the test gateway's token); each request places a different one
// (POST checkouts/{id}/orders with an Idempotency-Key, expected 201), so requests/s is orders/s.
// The carts started in the start-checkout run are paid for first, then fresh ones.
//
// Both databases are thrown away: the SQLite file is reseeded on the next run, the PostgreSQL database
// (or throwaway server) is removed at the end of the phase (bench/postgres.ts).
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  ONCE_ONLY_FOR_GUESTS,
  cookieOf,
  describe,
  onceOnlyProducts,
  parallel,
  send,
  shuffled,
  unexpected,
  verdict,
  type Guest,
} from './cart-phase.ts';
import { startCeiling } from './ceiling.ts';
import { DATA_DIR, ROOT, ensureDataset, seedPostgres } from './dataset.ts';
import { processCpuMs, processTreeCpuMs, runLoad, type LoadRequest } from './load.ts';
import { PostgresUnavailable, benchPostgres, type BenchPostgres } from './postgres.ts';
import type { CheckoutReport, CheckoutRow, ScenarioResult } from './report.ts';
import { runScenario, type LoadSettings } from './scenario.ts';
import { INDEX_TIMEOUT_MS } from './search-phase.ts';
import { waitForIndex } from './search.ts';
import { startStoreServer, type StoreServer } from './server.ts';

/** The catalogue both checkout servers run on. */
export const CHECKOUT_PRODUCTS = 3000;
/** Lines per cart (distinct once-only datasets). */
export const CART_LINES = 3;
const PREP_CONCURRENCY = 8;
/** Start-checkouts/s assumed for the warm-up's number of requests (the measured window's comes from the warm-up's rate). */
const START_RATE_GUESS = 300;
/** Place-orders/s assumed for the warm-up, as a share of the start-checkout rate just measured. */
const PLACE_PER_START_GUESS = 0.4;
/**
 * The measured window is a number of requests (each uses up prepared work): the rate of the warm-up's
 * second half times the run's duration, times this (the warm-up runs colder, so its rate is on the low side).
 */
const WINDOW_MARGIN = 1.1;

const CONTACT = { firstName: 'Ada', lastName: 'Lovelace' };
const ADDRESS = {
  name: 'Ada Lovelace',
  street: '415 Mission St',
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94105',
  country: 'US',
};

const log = (msg: string) => console.log(`[bench] ${msg}`);
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

interface Buyer extends Guest {
  n: number;
  checkoutId?: string;
}

// ---- buyers over plain HTTP ----

/** A guest with a cart of CART_LINES datasets: the CSRF cookie from session-context, then one batch add (the first cart write makes the session). */
async function newBuyer(origin: string, api: string, products: string[], n: number): Promise<Buyer> {
  const ctx = await send(`${origin}${api}/session-context`, undefined);
  const csrf = cookieOf(ctx.res, 'csrf_token');
  if (ctx.status !== 200 || !csrf) throw unexpected('GET session-context (for its csrf_token cookie)', ctx);
  const offset = n * CART_LINES;
  const pre: Buyer = { cookie: `csrf_token=${csrf}`, csrf, offset, n };
  const ids = Array.from({ length: CART_LINES }, (_, i) => products[(offset + i) % products.length]!);
  const r = await send(`${origin}${api}/carts/current/cart-items/batch`, pre, {
    method: 'POST',
    body: { inputs: ids.map((productId) => ({ richInput: { productId, quantity: '1' } })) },
  });
  const sid = cookieOf(r.res, 'sid');
  if (r.status !== 200 || r.body?.hasErrors || !sid)
    throw unexpected(`POST cart-items/batch (${CART_LINES} lines, the guest's first cart write)`, r);
  return { ...pre, cookie: `sid=${sid}; csrf_token=${csrf}` };
}

/** Takes the buyer's checkout to paid: start (or find), contact details, delivery address, card. */
async function payFor(origin: string, api: string, b: Buyer): Promise<Buyer> {
  const started = await send(`${origin}${api}/checkouts`, b, { method: 'PUT', body: { cartId: 'active' } });
  const id = started.body?.checkoutId as string | undefined;
  if (started.status !== 202 || !id) throw unexpected('PUT checkouts', started);
  const url = `${origin}${api}/checkouts/${id}`;
  const contact = await send(url, b, {
    method: 'PATCH',
    body: { contactInfo: { ...CONTACT, email: `buyer${b.n}@example.com` } },
  });
  if (contact.status !== 202) throw unexpected('PATCH checkouts/{id} {contactInfo}', contact);
  const address = await send(url, b, { method: 'PATCH', body: { deliveryAddress: ADDRESS } });
  if (address.status !== 202) throw unexpected('PATCH checkouts/{id} {deliveryAddress}', address);
  const paid = await send(`${url}/payments`, b, {
    method: 'POST',
    body: { requestType: 'Auth', paymentToken: 'tok_test_success_visa_4242', billingAddress: ADDRESS },
  });
  if (paid.status !== 200 || paid.body?.salesforceResultCode !== 'Success')
    throw unexpected('POST checkouts/{id}/payments', paid);
  return { ...b, checkoutId: id };
}

/** CPU time (ms) of a PostgreSQL postmaster and its children (the backends), from /proc. */
function postgresCpuMs(postmasterPid: number | undefined): number | undefined {
  if (!postmasterPid) return undefined;
  let total = processCpuMs(postmasterPid);
  if (total === undefined) return undefined;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmasterPid) total += processCpuMs(Number(entry)) ?? 0;
    } catch {
      /* gone meanwhile */
    }
  }
  return total;
}

/**
 * Samples what the benchmark database's other sessions are doing (pg_stat_activity, every 100 ms)
 * while a window runs: on average how many run a statement, wait for a lock (another transaction's
 * row), or sit idle inside a transaction (waiting for the server's next statement).
 */
function sampleSessions(url: string): {
  end(): void;
  stop(): Promise<{ samples: number; active: number; lock: number; idleInTx: number } | undefined>;
} {
  const client = new pg.Client({ connectionString: url });
  let running = true;
  const sum = { samples: 0, active: 0, lock: 0, idleInTx: 0 };
  const loop = (async () => {
    await client.connect();
    while (running) {
      const {
        rows: [r],
      } =
        await client.query(`SELECT count(*) FILTER (WHERE state = 'active') AS active, count(*) FILTER (WHERE wait_event_type = 'Lock') AS lock,
          count(*) FILTER (WHERE state = 'idle in transaction') AS idle_tx
        FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`);
      sum.samples++;
      sum.active += Number(r.active);
      sum.lock += Number(r.lock);
      sum.idleInTx += Number(r.idle_tx);
      await new Promise((res) => setTimeout(res, 100));
    }
  })();
  return {
    /** No more samples (synchronous). */
    end() {
      running = false;
    },
    async stop() {
      running = false;
      const ok = await loop.then(
        () => true,
        () => false,
      );
      await client.end().catch(() => {});
      if (!ok || !sum.samples) return undefined;
      return {
        samples: sum.samples,
        active: sum.active / sum.samples,
        lock: sum.lock / sum.samples,
        idleInTx: sum.idleInTx / sum.samples,
      };
    },
  };
}

// ---- one call under load ----

/**
 * Hands out one-time work (a cart to start, a checkout to place): each request takes the next
 * prepared item. The windows send exactly as many requests as were prepared, so the pool should never
 * run dry; should it, a used item is handed out again (the server then only finds the checkout, or
 * replays the order) and counted: in the measured window that is a failed run.
 */
class Pool<T> {
  ready: T[] = [];
  used: T[] = [];
  private cursor = 0;
  measuring = false;
  reusedWarmup = 0;
  reusedMeasured = 0;

  get left(): number {
    return this.ready.length - this.cursor;
  }

  take(): T {
    if (this.cursor < this.ready.length) {
      const x = this.ready[this.cursor++]!;
      this.used.push(x);
      return x;
    }
    if (this.measuring) this.reusedMeasured++;
    else this.reusedWarmup++;
    return this.used[(this.reusedMeasured + this.reusedWarmup) % this.used.length]!;
  }

  /** The items never handed out. */
  rest(): T[] {
    return this.ready.slice(this.cursor);
  }
}

interface Call<T> {
  name: string;
  route: string;
  expected: number;
  /** Prepares `count` items (outside the timed windows). */
  prepare: (count: number) => Promise<T[]>;
  request: (x: T) => LoadRequest;
  /** A problem with an expected-status answer's body, if any. */
  check: (body: string) => string | undefined;
  /** The warm-up's rate guess, requests/s (it sends warm-up seconds × this many requests). */
  guessRate: number;
}

interface CallRun<T> {
  entry: ScenarioResult;
  ok: boolean;
  pool: Pool<T>;
  prepNotes: string[];
  sessionNotes: string[];
}

async function runCall<T>(
  database: string,
  c: Call<T>,
  o: { settings: LoadSettings; origin: string; pid?: number; postmasterPid?: number; pgUrl?: string },
): Promise<CallRun<T>> {
  const { settings } = o;
  const entry: ScenarioResult = { name: c.name, route: c.route };
  const pool = new Pool<T>();
  const prepNotes: string[] = [];
  const sessionNotes: string[] = [];
  const samples: string[] = [];
  let badBodies = 0;
  try {
    let t = Date.now();
    const atLeast = 2 * settings.connections;
    const warmN = settings.warmup > 0 ? Math.max(atLeast, Math.ceil(settings.warmup * c.guessRate)) : 0;
    let measuredN = 0;
    if (warmN) {
      pool.ready.push(...(await c.prepare(warmN)));
      prepNotes.push(`${fmt(warmN)} for the warm-up in ${seconds(t)}`);
      log(
        `${database}, ${c.name}: ${fmt(warmN)} prepared for the warm-up (${seconds(t)}); warm-up of ${fmt(warmN)} requests (~${settings.warmup} s) at ${settings.connections} connection(s)…`,
      );
    }
    let pgBefore: number | undefined;
    let pgAfter: number | undefined;
    let activity: Awaited<ReturnType<ReturnType<typeof sampleSessions>['stop']>>;
    let sessions: ReturnType<typeof sampleSessions> | undefined;
    const load = runLoad({
      origin: o.origin,
      paths: [],
      connections: settings.connections,
      duration: settings.duration,
      warmup: settings.warmup,
      serverPid: o.pid,
      extraCpuMs: o.postmasterPid ? () => processTreeCpuMs(o.postmasterPid) : undefined,
      warmupRequests: warmN || undefined,
      measuredRequests: () => measuredN,
      atMeasuredEnd: () => {
        pgAfter = postgresCpuMs(o.postmasterPid);
        sessions?.end();
      },
      next: () => c.request(pool.take()),
      onResponse: (status, body) => {
        if (status === c.expected) {
          const problem = c.check(body);
          if (problem) {
            badBodies++;
            if (samples.length < 5) samples.push(`${status} ${problem}: ${body.slice(0, 200)}`);
          }
        } else if (samples.length < 5) samples.push(`${status} ${body.slice(0, 300)}`);
      },
      afterWarmup: async (warm) => {
        // The measured window: as many requests as the warm-up's rate makes in the run's duration (a little more).
        const rate = Number.isFinite(warm.rps) && warm.rps > 0 ? warm.rps : c.guessRate;
        measuredN = Math.max(atLeast, Math.ceil(settings.duration * rate * WINDOW_MARGIN));
        t = Date.now();
        if (pool.left < measuredN) {
          const more = measuredN - pool.left;
          pool.ready.push(...(await c.prepare(more)));
          prepNotes.push(`${fmt(more)} for the measured window in ${seconds(t)}`);
        }
        log(
          `${database}, ${c.name}: warm-up ${fmt(rate)} req/s${pool.reusedWarmup ? ` (the warm-up ran out of prepared work: ${pool.reusedWarmup} repeats)` : ''}; ${fmt(pool.left)} prepared (${seconds(t)}); measuring ${fmt(measuredN)} requests (~${fmt(measuredN / rate, 1)} s) at ${settings.connections} connection(s)…`,
        );
        pool.measuring = true;
        badBodies = 0;
        pgBefore = postgresCpuMs(o.postmasterPid);
        if (o.pgUrl) sessions = sampleSessions(o.pgUrl);
      },
    });
    // The sampler stops with the window, whether it ends well or not.
    const r = await load.finally(() =>
      sessions?.stop().then((a) => {
        activity = a;
      }),
    );
    entry.result = r;
    log(`  ${describe(r)}`);
    const pgCpu =
      pgBefore !== undefined && pgAfter !== undefined && r.requests ? (pgAfter - pgBefore) / r.requests : undefined;
    entry.note =
      [
        r.seconds === undefined ? undefined : `${fmt(r.requests)} in ${fmt(r.seconds, 1)} s`,
        pgCpu === undefined ? undefined : `PostgreSQL backends ${fmt(pgCpu * 1000)} µs/req more`,
      ]
        .filter(Boolean)
        .join('; ') || undefined;
    if (activity)
      sessionNotes.push(
        `${c.name}: ${fmt(activity.active, 1)} running a statement (${fmt(activity.lock, 1)} of them waiting for a lock), ${fmt(activity.idleInTx, 1)} idle in a transaction (${activity.samples} samples)`,
      );
    const bad =
      verdict(r, c.expected) ??
      (pool.reusedMeasured
        ? `the prepared work ran out: ${pool.reusedMeasured} measured requests repeated an earlier one`
        : undefined) ??
      (badBodies ? `${badBodies} measured ${c.expected} answers without the expected body` : undefined);
    if (bad) {
      entry.error = `${bad}${samples.length ? `; first: ${samples[0]}` : ''}`;
      console.error(`[bench] ✗ ${database}, ${c.name}: ${entry.error}`);
      for (const s of samples.slice(1)) console.error(`[bench]     ${s}`);
    }
    return { entry, ok: !bad, pool, prepNotes, sessionNotes };
  } catch (err) {
    entry.error = (err as Error).message;
    console.error(`[bench] ✗ ${database}, ${c.name}: ${entry.error}`);
    return { entry, ok: false, pool, prepNotes, sessionNotes };
  }
}

// ---- one database ----

export interface OnDatabase {
  database: string;
  origin: string;
  pid?: number;
  postmasterPid?: number;
  pgUrl?: string;
  products: string[];
}

export async function measureOn(
  d: OnDatabase,
  api: string,
  settings: LoadSettings,
  report: CheckoutReport,
): Promise<{ rows: CheckoutRow[]; ok: boolean }> {
  const { origin, products, database } = d;
  let buyers = 0;
  const fresh = (count: number) =>
    parallel(
      Array.from({ length: count }, () => buyers++),
      (n) => newBuyer(origin, api, products, n),
      PREP_CONCURRENCY,
    );
  const opts = { settings, origin, pid: d.pid, postmasterPid: d.postmasterPid, pgUrl: d.pgUrl };

  const start = await runCall<Buyer>(
    database,
    {
      name: 'start-checkout',
      route: 'PUT …/checkouts',
      expected: 202,
      guessRate: START_RATE_GUESS,
      prepare: fresh,
      request: (b) => ({
        method: 'PUT',
        path: `${api}/checkouts`,
        headers: { cookie: b.cookie, 'x-csrf-token': b.csrf, 'content-type': 'application/json' },
        body: '{"cartId":"active"}',
      }),
      check: (body) => (/"checkoutId":"2z9/.test(body) ? undefined : 'no checkoutId'),
    },
    opts,
  );
  if (start.entry.result)
    start.entry.note = [`a fresh ${CART_LINES}-line cart each`, start.entry.note].filter(Boolean).join('; ');

  // Place-order: the carts started above are paid for first (their start is then a cheap find), then fresh ones.
  const started = [...new Set(start.pool.used)];
  const unstarted = start.pool.rest();
  const rate = start.entry.result?.rps ?? START_RATE_GUESS;
  const orderIds = new Set<string>();
  const place = await runCall<Buyer>(
    database,
    {
      name: 'place-order',
      route: 'POST …/checkouts/{id}/orders',
      expected: 201,
      guessRate: Math.min(Math.max(rate * PLACE_PER_START_GUESS, 30), 1000),
      prepare: async (count) => {
        const take = [...started.splice(0, count)];
        take.push(...unstarted.splice(0, count - take.length));
        if (take.length < count) take.push(...(await fresh(count - take.length)));
        return parallel(take, (b) => payFor(origin, api, b), PREP_CONCURRENCY);
      },
      request: (b) => ({
        method: 'POST',
        path: `${api}/checkouts/${b.checkoutId}/orders`,
        headers: { cookie: b.cookie, 'x-csrf-token': b.csrf, 'idempotency-key': `bench-${b.checkoutId}` },
      }),
      check: (body) => {
        const id = /"orderSummaryId":"(801[A-Za-z0-9]+)"/.exec(body)?.[1];
        if (!id) return 'no orderSummaryId';
        if (orderIds.has(id)) return `order ${id} answered twice`;
        orderIds.add(id);
        return undefined;
      },
    },
    opts,
  );
  if (place.entry.result)
    place.entry.note = [`a paid ${CART_LINES}-line checkout each`, place.entry.note].filter(Boolean).join('; ');

  report.setup.push(
    `${database}: ${fmt(buyers)} guest carts made (session-context, then one batch add of ${CART_LINES} lines); start-checkout pool: ${start.prepNotes.join(', ') || '–'}; place-order pool (start, contact, address, card payment per checkout): ${place.prepNotes.join(', ') || '–'}. ${fmt(orderIds.size)} orders placed (warm-up and measured), each a distinct order id.`,
  );
  const sessions = [...start.sessionNotes, ...place.sessionNotes];
  if (sessions.length) {
    report.notes.push(
      `${database}: the server's ${process.env.PG_POOL_SIZE ?? 10} database sessions during the measured windows, on average (pg_stat_activity every 100 ms): ${sessions.join('; ')}.`,
    );
  }
  if (start.pool.reusedWarmup || place.pool.reusedWarmup) {
    report.notes.push(
      `${database}: the warm-up ran out of prepared work (${start.pool.reusedWarmup} start-checkout and ${place.pool.reusedWarmup} place-order warm-up requests repeated an earlier one; the measured windows did not).`,
    );
  }
  return {
    rows: [
      { database, scenario: start.entry },
      { database, scenario: place.entry },
    ],
    ok: start.ok && place.ok,
  };
}

const failedRows = (database: string, error: string): CheckoutRow[] =>
  ['start-checkout', 'place-order'].map((name) => ({
    database,
    scenario: { name, route: name === 'start-checkout' ? 'PUT …/checkouts' : 'POST …/checkouts/{id}/orders', error },
  }));

/** Every once-only guest-buyable dataset in the PostgreSQL database, in the SQLite order (sorted by id, then the same shuffle). */
export async function onceOnlyProductsPg(url: string, webstoreId: string, seed = 20240605): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = (await client.query(ONCE_ONLY_FOR_GUESTS.replace('?', '$1'), [webstoreId])).rows as { id: string }[];
    return shuffled(rows.map((r) => r.id).sort(), seed);
  } finally {
    await client.end();
  }
}

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true }))
    n += e.isDirectory() ? countFiles(path.join(dir, e.name)) : 1;
  return n;
}

const MAIL_BY_STATUS = 'SELECT status, count(*) AS n FROM mail_outbox GROUP BY status';

/** The mail outbox's rows by status, from the stopped server's database; undefined where there is no outbox table. */
async function mailByStatus(where: { file: string } | { url: string }): Promise<Record<string, number> | undefined> {
  try {
    let rows: { status: string; n: number | string }[];
    if ('file' in where) {
      const db = new Database(where.file, { readonly: true, fileMustExist: true });
      try {
        rows = db.prepare(MAIL_BY_STATUS).all() as typeof rows;
      } finally {
        db.close();
      }
    } else {
      const client = new pg.Client({ connectionString: where.url });
      await client.connect();
      try {
        rows = (await client.query(MAIL_BY_STATUS)).rows;
      } finally {
        await client.end();
      }
    }
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  } catch {
    return undefined;
  }
}

/** Stops the server, then says what became of the emails the orders queued. */
async function stopServer(
  server: StoreServer | undefined,
  mailDir: string,
  database: string,
  where: { file: string } | { url: string } | undefined,
  report: CheckoutReport,
): Promise<void> {
  if (!server) return;
  await server.child.stop();
  const files = countFiles(mailDir);
  const mail = where ? await mailByStatus(where) : undefined;
  const queued = mail ? Object.values(mail).reduce((a, b) => a + b, 0) : 0;
  if (mail && queued) {
    report.notes.push(
      `${database}: the orders queued ${fmt(queued)} emails (confirmation and download links); when the server was stopped, right after the place-order window, ${Object.entries(
        mail,
      )
        .map(([st, n]) => `${fmt(n)} ${st}`)
        .join(
          ', ',
        )} (${fmt(files)} files in ${path.relative(ROOT, mailDir)}, the outbox folder: SMTP_URL is unset for the benchmark's servers). Sending happens after the commit, in the background, so what was sent within the window is in place-order's CPU per request and the rest is not.`,
    );
  } else if (files) {
    report.notes.push(
      `${database}: the server wrote ${fmt(files)} emails to ${path.relative(ROOT, mailDir)} (the outbox folder: SMTP_URL is unset for the benchmark's servers).`,
    );
  }
}

// ---- the phase ----

export interface CheckoutOptions {
  api: string;
  webstoreId: string;
  settings: LoadSettings;
  products?: number;
  /** The run's ceiling; when absent it is measured on the SQLite checkout server (`ceilingMode`). */
  ceiling?: ScenarioResult;
  ceilingMode?: 'auto' | 'separate';
}

/** Runs start-checkout and place-order on SQLite, then on PostgreSQL; failures are recorded in the report, not thrown. */
export async function measureCheckout(
  o: CheckoutOptions,
): Promise<{ checkout: CheckoutReport; ok: boolean; ceilingNote?: string }> {
  const products = o.products ?? CHECKOUT_PRODUCTS;
  const report: CheckoutReport = { ceiling: o.ceiling, rows: [], setup: [], notes: [] };
  let ok = true;
  let ceilingNote: string | undefined;

  report.setup.push(
    `Windows: every request uses up one prepared cart or checkout, so each window sends a fixed number of requests rather than running for a fixed time: the warm-up ${o.settings.warmup} s × a guessed rate (${START_RATE_GUESS}/s for start-checkout; ${PLACE_PER_START_GUESS} × the measured start-checkout rate for place-order), the measured window the rate of the warm-up's second half × ${o.settings.duration} s × ${WINDOW_MARGIN}, split equally over the ${o.settings.connections} connections; req/s is the measured requests ÷ the window's wall time (the note gives both). Preparing the carts and checkouts (the setup below) happens before each window and is not measured.`,
  );

  // 1. SQLite: a small file of its own, seeded afresh.
  const sqliteMail = path.join(DATA_DIR, 'outbox-checkout-sqlite');
  let server: StoreServer | undefined;
  let sqliteFile: string | undefined;
  try {
    rmSync(sqliteMail, { recursive: true, force: true });
    const dataset = await ensureDataset(products, true, 'checkout');
    sqliteFile = dataset.file;
    report.setup.push(
      `SQLite: better-sqlite3 (WAL, \`synchronous=NORMAL\`), \`${path.relative(ROOT, dataset.file)}\`, ${fmt(dataset.products)} products (${fmt(dataset.sizeBytes / 2 ** 20)} MiB), seeded in this run in ${dataset.seedSeconds.toFixed(1)} s. A file of its own rather than the main 100,000-product file: placed orders can't be deleted through the API, so the reused file would grow run by run, and this way both databases hold the same catalogue.`,
    );
    server = await startStoreServer(dataset, {
      logName: 'server-checkout-sqlite.log',
      timeoutMs: INDEX_TIMEOUT_MS,
      mailDir: sqliteMail,
    });
    await waitForIndex(server.origin, server.child, server.startedAt, INDEX_TIMEOUT_MS);
    const pid = server.child.proc.pid;
    if (!report.ceiling) {
      const ceiling = await startCeiling(server.origin, pid, o.ceilingMode ?? 'auto');
      const c = await runScenario(ceiling.scenario, o.settings);
      await ceiling.bare?.stop();
      report.ceiling = c.entry;
      ceilingNote = ceiling.note;
      ok &&= c.ok;
    }
    const list = onceOnlyProducts(dataset.file, o.webstoreId);
    if (list.length < CART_LINES)
      throw new Error(`only ${list.length} once-only guest-priced datasets in ${dataset.file}`);
    report.setup.push(
      `SQLite: ${fmt(list.length)} once-only datasets a guest can buy (as in the cart phase), shuffled with a fixed seed; cart n takes the ${CART_LINES} at n × ${CART_LINES} (wrapping), so no cart holds one twice.`,
    );
    const m = await measureOn(
      { database: 'SQLite', origin: server.origin, pid, products: list },
      o.api,
      o.settings,
      report,
    );
    report.rows.push(...m.rows);
    ok &&= m.ok;
  } catch (err) {
    const error = (err as Error).message;
    console.error(`[bench] ✗ checkout on SQLite: ${error}`);
    report.rows.push(...failedRows('SQLite', error.split('\n')[0]!));
    ok = false;
  } finally {
    await stopServer(server, sqliteMail, 'SQLite', sqliteFile ? { file: sqliteFile } : undefined, report);
    server = undefined;
  }

  // 2. PostgreSQL: DATABASE_URL (a database of its own in it) or a throwaway server.
  const pgMail = path.join(DATA_DIR, 'outbox-checkout-postgres');
  let db: BenchPostgres | undefined;
  try {
    rmSync(pgMail, { recursive: true, force: true });
    try {
      db = await benchPostgres();
    } catch (err) {
      if (err instanceof PostgresUnavailable) {
        const why = `PostgreSQL not available, not measured: ${err.message}`;
        console.warn(`[bench] checkout: ${why}`);
        report.rows.push(...failedRows('PostgreSQL', why));
        report.notes.push(`**PostgreSQL was not measured:** ${err.message}.`);
        return { checkout: report, ok, ceilingNote };
      }
      throw new Error(`PostgreSQL could not be started: ${(err as Error).message}`);
    }
    log(`seeding ${fmt(products)} products into PostgreSQL…`);
    const seedSeconds = await seedPostgres(db.url, products);
    const list = await onceOnlyProductsPg(db.url, o.webstoreId);
    if (list.length < CART_LINES)
      throw new Error(`only ${list.length} once-only guest-priced datasets in the PostgreSQL database`);
    report.setup.push(
      `PostgreSQL: ${db.description}; seeded in this run with the same seeder and size (${fmt(list.length)} once-only datasets) in ${seedSeconds.toFixed(1)} s; the server's pool: ${process.env.PG_POOL_SIZE ?? 10} connections (\`PG_POOL_SIZE\`).`,
    );
    server = await startStoreServer(
      { products, databaseUrl: db.url },
      { logName: 'server-checkout-postgres.log', timeoutMs: INDEX_TIMEOUT_MS, mailDir: pgMail },
    );
    await waitForIndex(server.origin, server.child, server.startedAt, INDEX_TIMEOUT_MS);
    const m = await measureOn(
      {
        database: 'PostgreSQL',
        origin: server.origin,
        pid: server.child.proc.pid,
        postmasterPid: db.postmasterPid,
        pgUrl: db.url,
        products: list,
      },
      o.api,
      o.settings,
      report,
    );
    report.rows.push(...m.rows);
    ok &&= m.ok;
  } catch (err) {
    const error = (err as Error).message;
    console.error(`[bench] ✗ checkout on PostgreSQL: ${error}`);
    report.rows.push(...failedRows('PostgreSQL', error.split('\n')[0]!));
    ok = false;
  } finally {
    await stopServer(server, pgMail, 'PostgreSQL', db ? { url: db.url } : undefined, report);
    await db?.close();
  }

  const measured = report.rows.filter((r) => r.scenario.result);
  if (measured.length) {
    report.notes.push(
      `How to read the latencies: at ${o.settings.connections} connections a request mostly waits behind the others (one JavaScript thread; SQLite runs one write transaction at a time; PostgreSQL through a pool of ${process.env.PG_POOL_SIZE ?? 10}), so mean latency ≈ connections ÷ req/s (Little's law); the work one call costs is the server CPU per request (the Node process only; on PostgreSQL the database's own CPU is in the note). Measured: ${measured.map((r) => `${r.database} ${r.scenario.name}: mean ${r.scenario.result!.mean.toFixed(2)} ms vs ${o.settings.connections} ÷ req/s = ${((1000 * o.settings.connections) / r.scenario.result!.rps).toFixed(2)} ms`).join('; ')}.`,
    );
  }
  return { checkout: report, ok, ceilingNote };
}
