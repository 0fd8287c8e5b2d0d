// `npm start` as production runs it: the compiled server (scripts/build-server.mjs → packages/server/dist), with
// WORKERS=2 on the test database (SQLite, or PostgreSQL when DATABASE_URL is set). The server is the real
// compiled output started as a child process; every request is real HTTP on a connection of its own, so the
// cluster hands them to both workers, and each answer names its process (x-store-pid, under BENCH_BARE_ROUTE=1).
import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
// @ts-expect-error: a plain .mjs script without types (the build is a Node script, so it runs before any install)
import { SERVER_DIST, serverBuildStaleReason } from '../../../scripts/build-server.mjs';
// @ts-expect-error: a plain .mjs script without types
import { startCommand } from '../../../scripts/start-command.mjs';
import { DEMO_WEBSTORE_ID } from './app.ts';
import { pricedProducts } from './test-support/checkout.ts';
import { openTestDatabase, type TestDatabase } from './test-support/test-database.ts';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const BASE = `/services/data/v65.0/commerce/webstores/${DEMO_WEBSTORE_ID}`;
const START_TIMEOUT_MS = 180_000;

interface Answer {
  status: number;
  pid: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request on a connection of its own (no keep-alive), so the cluster may hand it to any worker. */
function request(port: number, method: string, p: string, headers: Record<string, string> = {}, body?: unknown) {
  return new Promise<Answer>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: p,
        agent: false,
        headers: {
          accept: 'application/json',
          ...headers,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        timeout: 60_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, pid: Number(res.headers['x-store-pid']), headers: res.headers, text }),
        );
      },
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error(`${method} ${p} timed out`)));
    req.end(payload);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = START_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The worker pids seen over `n` requests of /healthz, each on its own connection. */
async function pidsAnswering(port: number, n = 12): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let i = 0; i < n; i++) pids.add((await request(port, 'GET', '/healthz')).pid);
  return pids;
}

let database: TestDatabase;
let primary: ChildProcess;
let port: number;
let log = '';
const temp = mkdtempSync(path.join(os.tmpdir(), 'store-compiled-'));

before(async () => {
  // The build npm start makes (also proves it builds from a clean dist).
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'pipe' });
  database = await openTestDatabase(500);
  const { target } = database;
  const env: NodeJS.ProcessEnv = { ...process.env, LOG: '0', BENCH_BARE_ROUTE: '1', WORKERS: '2' };
  delete env.SMTP_URL;
  delete env.DATABASE_URL;
  env.MAIL_OUTBOX_DIR = path.join(temp, 'outbox');
  env.IMAGE_CACHE_DIR = path.join(temp, 'images');
  if (target.pgUrl) {
    // The compiled start takes DATABASE_URL alone; the test copy's schema goes in the URL's options.
    const url = new URL(target.pgUrl);
    if (target.pgSchema) url.searchParams.set('options', `-c search_path=${target.pgSchema}`);
    env.DATABASE_URL = url.toString();
  } else env.SQLITE_FILE = target.sqliteFile;
  // The compiled seed command npm start runs first: on a seeded database it only adds what is missing.
  execFileSync(process.execPath, [path.join(SERVER_DIST, 'seed-cli.js'), '--if-empty'], {
    cwd: temp,
    env,
    stdio: 'pipe',
  });
  port = await freePort();
  // With the variables and node options npm start gives it (package.json; a bad option would stop the start here).
  const start = startCommand() as { env: Record<string, string>; nodeArgs: string[] };
  primary = spawn(process.execPath, [...start.nodeArgs, path.join(SERVER_DIST, 'main.js')], {
    cwd: temp,
    env: { ...env, ...start.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  primary.stdout!.on('data', (d) => {
    log += d;
  });
  primary.stderr!.on('data', (d) => {
    log += d;
  });
  await until('both workers to answer', async () => {
    if (primary.exitCode !== null) throw new Error(`the server exited (${primary.exitCode}): ${log}`);
    return (await pidsAnswering(port, 6)).size === 2 ? true : undefined;
  }).catch((e: Error) => {
    throw new Error(`${e.message}\n${log}`);
  });
});

after(async () => {
  if (primary && primary.exitCode === null && primary.signalCode === null) primary.kill('SIGKILL');
  await database?.drop();
  rmSync(temp, { recursive: true, force: true });
});

test('the build is current after a build, and stale once a source is newer (ensure.mjs start rebuilds it)', () => {
  assert.equal(serverBuildStaleReason(), null);
  const main = path.join(SERVER_DIST, 'main.js');
  const past = new Date(Date.now() - 3600_000);
  utimesSync(main, past, past);
  assert.equal(serverBuildStaleReason(), 'sources changed since the last build');
  execFileSync(process.execPath, ['scripts/ensure.mjs', 'start'], { cwd: ROOT, stdio: 'pipe' });
  assert.equal(serverBuildStaleReason(), null);
  assert.ok(statSync(main).mtimeMs > past.getTime() + 60_000, 'main.js was rebuilt');
});

test('WORKERS=2: two worker processes (not the primary) answer on one port: a page and the API', async () => {
  const pids = await pidsAnswering(port);
  assert.equal(pids.size, 2, `pids seen: ${[...pids].join(', ')}`);
  assert.ok(!pids.has(primary.pid!), 'the primary serves nothing itself');

  const page = await request(port, 'GET', '/product/01t000000000101AAA', { accept: 'text/html' });
  assert.equal(page.status, 200);
  assert.match(page.text, /US Dentists, Email and Phone/);
  const api = await request(port, 'GET', `${BASE}/products/01t000000000101AAA`);
  assert.equal(api.status, 200);
  assert.equal(JSON.parse(api.text).id, '01t000000000101AAA');
});

test('a cart made through one process is read through the other', async () => {
  const [productId] = await pricedProducts(database.db.db, 1, 'Dataset');
  const ctx = await request(port, 'GET', `${BASE}/session-context`);
  const csrf = /csrf_token=([^;]+)/.exec(String(ctx.headers['set-cookie']))?.[1];
  assert.ok(csrf, 'a csrf_token cookie');
  const made = await request(port, 'PUT', `${BASE}/carts/current`, {
    cookie: `csrf_token=${csrf}`,
    'x-csrf-token': csrf,
  });
  assert.equal(made.status, 201, made.text);
  const sid = /sid=([^;]+)/.exec(String(made.headers['set-cookie']))?.[1];
  assert.ok(sid, 'a session cookie');
  const guest = { cookie: `sid=${sid}; csrf_token=${csrf}`, 'x-csrf-token': csrf };
  const added = await request(port, 'POST', `${BASE}/carts/current/cart-items`, guest, {
    productId,
    quantity: '1',
    type: 'Product',
  });
  assert.equal(added.status, 201, added.text);

  // Read the cart until the other worker answers (connections alternate, so this takes a request or two).
  const other = await until(
    'the other worker',
    async () => {
      const r = await request(port, 'GET', `${BASE}/carts/current/cart-items`, { cookie: guest.cookie });
      return r.pid !== added.pid ? r : undefined;
    },
    30_000,
  );
  assert.equal(other.status, 200, other.text);
  const lines = JSON.parse(other.text).cartItems.map((i: { cartItem: { productId: string } }) => i.cartItem.productId);
  assert.deepEqual(lines, [productId]);
});

test('a worker that dies is replaced; SIGTERM to the primary stops every worker', async () => {
  const before = await pidsAnswering(port);
  const [victim] = [...before];
  process.kill(victim!, 'SIGKILL');
  const after = await until('a replacement worker', async () => {
    const pids = await pidsAnswering(port, 8);
    return pids.size === 2 && !pids.has(victim!) ? pids : undefined;
  });
  assert.equal(after.size, 2);

  const exited = new Promise<number | null>((resolve) => primary.once('exit', (code) => resolve(code)));
  primary.kill('SIGTERM');
  assert.equal(await exited, 0);
  for (const pid of after) assert.equal(alive(pid), false, `worker ${pid} stopped with the primary`);
});
