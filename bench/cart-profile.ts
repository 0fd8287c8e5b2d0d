// In-process CPU per request of add to cart and the cart lines page (issue 20 item 2), steadier than a load run
// on a shared machine: builds the app on a bench SQLite file and sends requests one at a time through Fastify's
// inject, timing process CPU and counting SQLite statements. For profiling: --profile PREFIX writes a V8 CPU
// profile of each measured loop only (<prefix>-add.cpuprofile, <prefix>-page.cpuprofile).
//
//   node --import tsx bench/cart-profile.ts [--products 100000] [--n 300] [--only add|page|summary] [--cycle 3000] [--sql] [--profile /tmp/p]
// add: guest carts of 0–49 lines (a cart is replaced by a fresh guest at 50), like the bench's cart phase.
// page: GET carts/current/cart-items?pageSize=25 of a 200-line guest cart, read again (the kept page), and read
// after each change to one of its lines. The guests' carts stay in the file
// (the bench's own phase deletes its carts; these are a few hundred rows in a throwaway copy).
// summary: GET carts/current of a one-line guest cart, the floor of a cart request (session, store, cart row).
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '../packages/server/src/db/connection.ts';
import { buildApp } from '../packages/server/src/app.ts';
import { countStatements } from './statement-counter.ts';
import { API, PROFILER_OPTIONS, WEBSTORE_ID, measureLoop, selectBenchFile } from './in-process.ts';
import { onceOnlyProducts } from './cart-phase.ts';

const { values: args } = parseArgs({
  options: {
    ...PROFILER_OPTIONS,
    products: { type: 'string', default: '100000' },
    n: { type: 'string', default: '300' },
    // Adds cycle over this many products (0: each product once): with a few thousand, every product is warm
    // (SQLite's pages, the per-process caches) after the first cycle; what an add costs when reads are warm.
    cycle: { type: 'string', default: '0' },
  },
});
const file = selectBenchFile(args.products);
const n = Number(args.n);
// A different slice of the once-only datasets per run (by time), so reruns on one file do not repeat a product.
const cycle = Number(args.cycle);
const products = cycle ? onceOnlyProducts(file, WEBSTORE_ID).slice(0, cycle) : onceOnlyProducts(file, WEBSTORE_ID);
let next = cycle ? 0 : Math.floor(Date.now() / 1000) % Math.max(1, products.length - 20000);
const product = () => products[next++ % products.length]!;
const { db } = openDatabase();
const statements = await countStatements(args.sql);
const { app } = await buildApp({ db, logger: false });

type Guest = { cookie: string; csrf: string; lines: number };
const cookieOf = (setCookie: string | string[] | undefined, name: string) =>
  [setCookie ?? []]
    .flat()
    .map((c) => new RegExp(`^${name}=([^;]*)`).exec(c)?.[1])
    .find(Boolean);
async function newGuest(): Promise<Guest> {
  const ctx = await app.inject({ method: 'GET', url: `${API}/session-context` });
  const csrf = cookieOf(ctx.headers['set-cookie'], 'csrf_token')!;
  const made = await app.inject({
    method: 'PUT',
    url: `${API}/carts/current`,
    headers: { cookie: `csrf_token=${csrf}`, 'x-csrf-token': csrf },
  });
  const sid = cookieOf(made.headers['set-cookie'], 'sid');
  if (made.statusCode !== 201 || !sid) throw new Error(`PUT carts/current: ${made.statusCode} ${made.body}`);
  return { cookie: `sid=${sid}; csrf_token=${csrf}`, csrf, lines: 0 };
}
async function add(g: Guest) {
  const r = await app.inject({
    method: 'POST',
    url: `${API}/carts/current/cart-items`,
    headers: { cookie: g.cookie, 'x-csrf-token': g.csrf },
    payload: { productId: product(), quantity: '1', type: 'Product' },
  });
  if (r.statusCode !== 201) throw new Error(`add: ${r.statusCode} ${r.body.slice(0, 300)}`);
  g.lines++;
  return r;
}

// 50 carts staggered 0..49 lines, adds round robin; a cart at 50 lines is replaced by a fresh guest (prepared
// before the measured loop, as the bench does).
const ROTATION = 50;
async function addLoop(count: number, carts: Guest[], spare: Guest[]) {
  for (let i = 0; i < count; i++) {
    const slot = i % ROTATION;
    if (carts[slot]!.lines >= ROTATION) carts[slot] = spare.pop() ?? (await newGuest());
    await add(carts[slot]!);
  }
}

const measure = (name: string, loop: () => Promise<unknown>) =>
  measureLoop(name, n, loop, { statements, profile: args.profile, sampleMicros: 100 }); // finer than the 1 ms default

if (!args.only || args.only === 'add') {
  const carts: Guest[] = [];
  for (let j = 0; j < ROTATION; j++) {
    const g = await newGuest();
    for (let k = 0; k < j; k++) await add(g);
    carts.push(g);
  }
  const spare = await Promise.all(Array.from({ length: Math.ceil(n / ROTATION) + 2 }, () => newGuest()));
  await addLoop(Math.max(100, cycle), carts, spare); // warm (every product once, with --cycle)
  await measure('add', () => addLoop(n, carts, spare));
}
if (!args.only || args.only === 'page') {
  const g = await newGuest();
  for (let k = 0; k < 200; k++) await add(g);
  const page = () =>
    app.inject({ method: 'GET', url: `${API}/carts/current/cart-items?pageSize=25`, headers: { cookie: g.cookie } });
  for (let i = 0; i < 50; i++) await page(); // warm
  await measure('page', async () => {
    for (let i = 0; i < n; i++) {
      const r = await page();
      if (r.statusCode !== 200) throw new Error(`page: ${r.statusCode} ${r.body.slice(0, 300)}`);
    }
  });
  // The same page after a change to one of its lines (its quantity, 1 and 2 in turn, written straight in the
  // database: one statement in the measured loop): the kept page is not used, the other 24 lines' answers are.
  const line = JSON.parse((await page()).body).cartItems[0].cartItem.cartItemId as string;
  const changed = async () => {
    await sql`update cart_item set quantity = 3 - quantity where id = ${line}`.execute(db);
    const r = await page();
    if (r.statusCode !== 200) throw new Error(`page: ${r.statusCode} ${r.body.slice(0, 300)}`);
  };
  for (let i = 0; i < 50; i++) await changed(); // warm
  await measure('page after a change', async () => {
    for (let i = 0; i < n; i++) await changed();
  });
}
if (!args.only || args.only === 'summary') {
  // The floor under both: GET carts/current of a guest's cart (session, store, cart row; no line read).
  const g = await newGuest();
  await add(g);
  const summary = () => app.inject({ method: 'GET', url: `${API}/carts/current`, headers: { cookie: g.cookie } });
  for (let i = 0; i < 50; i++) await summary(); // warm
  await measure('summary', async () => {
    for (let i = 0; i < n; i++) {
      const r = await summary();
      if (r.statusCode !== 200) throw new Error(`summary: ${r.statusCode} ${r.body.slice(0, 300)}`);
    }
  });
}
await app.close();
process.exit(0);
