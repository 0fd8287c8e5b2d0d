// A server process of its own on an existing test database, for tests that kill it (the place-order
// crash test): SQLITE_FILE, or DATABASE_URL with PG_SCHEMA. It prints "listening <port>" when ready.
// PLACE_ORDER_STEP_PAUSE_MS widens the steps of the order transaction so a kill lands inside it;
// CART_OPERATION_PAUSE_MS slows background cart operations so another process can see them running.
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { openDatabase } from '../db/connection.ts';
import { buildApp } from '../app.ts';
import { FolderTransport } from '../mail/transport.ts';

const db = openDatabase({
  url: process.env.DATABASE_URL,
  sqliteFile: process.env.SQLITE_FILE,
  pgSchema: process.env.PG_SCHEMA,
});
const { app, services } = await buildApp({
  db: db.db,
  // API only, like startTestServer's default: mounting the storefront build made a start on a busy machine
  // miss Fastify's 10 s plugin timeout.
  storefront: false,
  mailTransport: new FolderTransport(mkdtempSync(path.join(os.tmpdir(), 'store-outbox-'))),
  cartOperationPauseMs: Number(process.env.CART_OPERATION_PAUSE_MS ?? 0),
  // The test's own folder when it names one (shared with its first server), never the project's data/;
  // else one under the temp folder, made only if an image is asked for (the disk cache creates it).
  imageCacheDir: process.env.IMAGE_CACHE_DIR || path.join(os.tmpdir(), `store-images-${process.pid}`),
});
services.orderPlacement.stepPauseMs = Number(process.env.PLACE_ORDER_STEP_PAUSE_MS ?? 0);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
