// A real server over a real database for API tests: a fresh SQLite file per test file, or, when
// DATABASE_URL is set, a fresh PostgreSQL database or schema per test file (so test files may run in
// parallel), migrated and seeded (test-database.ts: a copy of the run's seeded template).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../db/connection.ts';
import { openTestDatabase, type DatabaseTarget } from './test-database.ts';
import { buildApp, DEMO_WEBSTORE_ID } from '../app.ts';
import type { ServiceOptions } from '../services/index.ts';
import type { Services } from '../services/index.ts';
import { bumpCatalogVersion } from '../db/catalog-version.ts';
import type { SessionConfig } from '../auth/sessions.ts';
import { DEMO_PASSWORD } from '../seed/access.ts';
import { createAgent, type Agent, type Reply } from './agent.ts';
import { FolderTransport } from '../mail/transport.ts';
import type { ProxyTrust } from '../http/proxy-trust.ts';
import type { KyselyPlugin } from 'kysely';

export type { Agent, Reply } from './agent.ts';

export const WEBSTORE_ID = DEMO_WEBSTORE_ID;
export const BASE = `/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}`;

export interface TestServer {
  url: string;
  db: Db;
  services: Services;
  /** What a catalogue write does: bump the version, and (in this process) forget the cached store row. */
  catalogueChanged(): Promise<void>;
  get(path: string, init?: RequestInit): Promise<Reply>;
  api(path: string, init?: RequestInit): Promise<Reply>;
  /** A browser-like client with its own cookie jar that sends the CSRF header (a guest until it logs in). */
  agent(): Agent;
  /** An agent logged in as the user (demo password by default). */
  login(email: string, password?: string): Promise<Agent>;
  /**
   * The token of the newest registration link mailed to an address (registration answers 202 and mails a
   * link; the account exists once the link is confirmed), or undefined when no such link was sent.
   */
  registrationToken(email: string): Promise<string | undefined>;
  /** Registers a shopper as a browser would: the form, then the mailed link; the agent ends logged in. */
  register(
    details: { firstName: string; lastName: string; email: string; password: string },
    a?: Agent,
  ): Promise<Agent>;
  /** The folder this server writes its emails to (.eml files). */
  outbox: string;
  /** The folder this server keeps resized images in (its own, or the one of shareDatabaseOf). */
  imageCache: string;
  /** Where the database lives, for a second server process on the same data. */
  target: DatabaseTarget;
  close(): Promise<void>;
}

export interface TestServerOptions {
  storefront?: boolean;
  products?: number;
  session?: SessionConfig;
  /** Serve the database of another test server (a second process on the same data); no seeding. */
  shareDatabaseOf?: TestServer;
  cartOperationPauseMs?: number;
  /** The workspace's background imports (a pause per progress step lets a browser test watch a small file). */
  importRunner?: ServiceOptions['importRunner'];
  /** Which proxies' X-Forwarded-* to believe (TRUST_PROXY); none by default, whatever the environment says. */
  trustProxy?: ProxyTrust;
  /** The store's configured public address (PUBLIC_URL); none by default. */
  publicUrl?: string;
  /** URLs per sitemap file (the sitemaps.org 50,000 by default): a small one makes the sitemap index observable. */
  sitemapMaxUrls?: number;
  /**
   * Ask shoppers for cookie consent (the store's shopperConsentEnabled, on in the demo seed). Off unless asked,
   * so the browser tests written before the consent banner see pages without it; the consent tests ask for it.
   */
  consentBanner?: boolean;
  /** When buffered shopper activities are written (a long wait or a small batch makes the batching observable). */
  activityBuffer?: ServiceOptions['activityBuffer'];
  /** Kysely plugins the server's queries go through (a test that counts what a request reads). */
  plugins?: KyselyPlugin[];
  /** Policies to swap in (policies/), as a store would through buildApp. */
  policies?: Pick<
    ServiceOptions,
    'taxCalculation' | 'orderNumbers' | 'guestCartMerge' | 'stockAllocation' | 'paymentGateway'
  >;
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  let db: Db;
  let target: DatabaseTarget;
  let drop: () => Promise<void>;
  const shared = opts.shareDatabaseOf?.target;
  if (shared) {
    // Another connection to the first server's database, closed with this server; the first one drops it.
    db = openDatabase({ url: shared.pgUrl, sqliteFile: shared.sqliteFile, pgSchema: shared.pgSchema });
    target = shared;
    drop = () => db.close();
  } else {
    ({ db, target, drop } = await openTestDatabase(opts.products ?? 500));
    if (!opts.consentBanner) await setShopperConsent(db, false);
  }
  // Emails go to a folder of this server's own (read by tests), never to the project's data/outbox.
  const outbox = mkdtempSync(path.join(os.tmpdir(), 'store-outbox-'));
  // Resized images likewise, shared with the server whose database this one serves (as processes would).
  const imageCache = opts.shareDatabaseOf?.imageCache ?? mkdtempSync(path.join(os.tmpdir(), 'store-images-'));
  const { app, services } = await buildApp({
    db: (opts.plugins ?? []).reduce((withPlugins, plugin) => withPlugins.withPlugin(plugin), db.db),
    storefront: opts.storefront ?? false,
    session: opts.session,
    cartOperationPauseMs: opts.cartOperationPauseMs,
    importRunner: opts.importRunner,
    trustProxy: opts.trustProxy ?? null,
    publicUrl: opts.publicUrl,
    sitemapMaxUrls: opts.sitemapMaxUrls,
    activityBuffer: opts.activityBuffer,
    mailTransport: new FolderTransport(outbox),
    imageCacheDir: imageCache,
    ...opts.policies,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const get = async (p: string, init?: RequestInit) => {
    const res = await fetch(url + p, init);
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: res.status, headers: res.headers, body, text };
  };
  const agent = () => createAgent(url, BASE);
  const registrationToken = async (email: string) => {
    const mail = await db.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', email.toLowerCase())
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return registrationLinkToken(mail?.text_body ?? '');
  };
  return {
    url,
    db,
    get,
    services,
    target,
    agent,
    outbox,
    imageCache,
    registrationToken,
    register: async (details, a = agent()) => {
      const asked = await a.post('/services/auth/register', details);
      if (asked.status !== 202)
        throw new Error(`registration of ${details.email} refused: ${asked.status} ${asked.text}`);
      const token = await registrationToken(details.email);
      if (!token) throw new Error(`no registration link mailed to ${details.email}`);
      const confirmed = await a.post('/services/auth/register/confirm', { token });
      if (confirmed.status >= 300)
        throw new Error(`confirming ${details.email} failed: ${confirmed.status} ${confirmed.text}`);
      return a;
    },
    login: async (email, password = DEMO_PASSWORD) => {
      const a = agent();
      const res = await a.post('/services/auth/login', { email, password });
      if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${res.text}`);
      return a;
    },
    catalogueChanged: async () => {
      await bumpCatalogVersion(db.db, WEBSTORE_ID);
      services.webstores.invalidate();
    },
    api: (p, init) => get(BASE + p, init),
    close: async () => {
      await services.cartOperations.idle();
      await services.mail.stop();
      await app.close();
      rmSync(outbox, { recursive: true, force: true });
      if (!opts.shareDatabaseOf) rmSync(imageCache, { recursive: true, force: true });
      await drop();
    },
  };
}

async function setShopperConsent(db: Db, enabled: boolean): Promise<void> {
  const row = await db.db
    .selectFrom('webstore')
    .select('settings_json')
    .where('id', '=', WEBSTORE_ID)
    .executeTakeFirst();
  if (!row) return;
  const settings = { ...JSON.parse(row.settings_json), shopperConsentEnabled: enabled };
  await db.db
    .updateTable('webstore')
    .set({ settings_json: JSON.stringify(settings) })
    .where('id', '=', WEBSTORE_ID)
    .execute();
}

/** The token in a registration mail's confirmation link (`/register/confirm?token=…`). */
export function registrationLinkToken(mailText: string): string | undefined {
  return /\/register\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mailText)?.[1];
}

/** Asserts the platform's error body and returns its first entry. */
export function errorOf(res: { body: any }): { errorCode: string; message: string } {
  if (
    !Array.isArray(res.body) ||
    typeof res.body[0]?.errorCode !== 'string' ||
    typeof res.body[0]?.message !== 'string'
  ) {
    throw new Error(`not an error body: ${JSON.stringify(res.body)}`);
  }
  return res.body[0];
}

/** Runs `body` with the store closed to guests (guestBrowsingEnabled off), then restores its settings. */
export async function withGuestBrowsingOff(s: TestServer, body: () => Promise<void>): Promise<void> {
  const row = await s.db.db.selectFrom('webstore').selectAll().where('id', '=', WEBSTORE_ID).executeTakeFirstOrThrow();
  await s.db.db
    .updateTable('webstore')
    .set({ settings_json: JSON.stringify({ ...JSON.parse(row.settings_json), guestBrowsingEnabled: false }) })
    .where('id', '=', WEBSTORE_ID)
    .execute();
  s.services.webstores.invalidate();
  try {
    await body();
  } finally {
    await s.db.db
      .updateTable('webstore')
      .set({ settings_json: row.settings_json })
      .where('id', '=', WEBSTORE_ID)
      .execute();
    s.services.webstores.invalidate();
  }
}
