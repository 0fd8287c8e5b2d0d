// The mail outbox on a real database (a fresh SQLite file, or a fresh PostgreSQL schema when
// DATABASE_URL is set): queued in the caller's transaction, sent once even by competing processes,
// retried with backoff, given up after MAX_ATTEMPTS, delivered in the background.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, beforeEach, describe, it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { LEASE_MS, MAX_ATTEMPTS, MailOutbox, RETRY_BACKOFF_MS } from './outbox.ts';
import type { MailMessage, MailTransport } from '../policies/mail-transport.ts';
import { FolderTransport } from './transport.ts';

let target: { sqliteFile?: string; pgSchema?: string };
const dir = mkdtempSync(path.join(os.tmpdir(), 'store-outbox-'));
const open: Db[] = [];
/** A new connection to the test database, as another server process would have. */
const connect = (): Db => {
  const db = target.pgSchema
    ? openDatabase({ url: process.env.DATABASE_URL, pgSchema: target.pgSchema })
    : openDatabase({ sqliteFile: target.sqliteFile });
  open.push(db);
  return db;
};
let db: Db;

before(async () => {
  target = process.env.DATABASE_URL
    ? { pgSchema: `t_${randomBytes(6).toString('hex')}` }
    : { sqliteFile: path.join(dir, 'test.sqlite') };
  db = connect();
  await migrateToLatest(db.db);
});
after(async () => {
  if (target.pgSchema) await sql.raw(`DROP SCHEMA ${target.pgSchema} CASCADE`).execute(db.db);
  for (const d of open) await d.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await db.db.deleteFrom('mail_outbox').execute();
});

/** A transport that keeps what it is given, optionally slow or failing. */
class RecordingTransport implements MailTransport {
  sent: MailMessage[] = [];
  calls = 0;
  constructor(
    private readonly behaviour: { delayMs?: number; fail?: (call: number, m: MailMessage) => boolean } = {},
  ) {}
  async send(m: MailMessage): Promise<void> {
    const call = ++this.calls;
    if (this.behaviour.delayMs) await sleep(this.behaviour.delayMs);
    if (this.behaviour.fail?.(call, m)) throw new Error(`SMTP 451 try again later (call ${call})`);
    this.sent.push(m);
  }
}

const msg = (n: number | string): MailMessage => ({
  to: `buyer${n}@example.com`,
  subject: `Order ${n}`,
  text: `Text ${n}`,
  html: `<p>HTML ${n}</p>`,
});
const row = (id: string) => db.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const T0 = Date.parse('2026-11-21T10:00:00.000Z');

describe('MailOutbox', () => {
  it("queues a Pending message in the caller's transaction, and not at all when it rolls back", async () => {
    const id = await db.db
      .transaction()
      .execute((trx) => MailOutbox.enqueueIn(trx, 'order-confirmation', msg(1), new Date(T0), '801000000000001AAA'));
    assert.match(id, /^0Ml[0-9A-Za-z]{12}AAA$/);
    assert.deepEqual(await row(id), {
      id,
      kind: 'order-confirmation',
      to_address: 'buyer1@example.com',
      subject: 'Order 1',
      text_body: 'Text 1',
      html_body: '<p>HTML 1</p>',
      status: 'Pending',
      attempts: 0,
      lease_until: '2026-11-21T10:00:00.000Z',
      last_error: null,
      created_at: '2026-11-21T10:00:00.000Z',
      sent_at: null,
      // The order the message is about (the workspace lists an order's emails by it).
      order_id: '801000000000001AAA',
    });
    await assert.rejects(
      db.db.transaction().execute(async (trx) => {
        await MailOutbox.enqueueIn(trx, 'order-confirmation', msg(2));
        throw new Error('the order failed');
      }),
      /the order failed/,
    );
    assert.equal(
      (await db.db.selectFrom('mail_outbox').select('id').execute()).length,
      1,
      'rolled back with the order',
    );
    await assert.rejects(MailOutbox.enqueueIn(db.db, 'x', { ...msg(3), from: 'a@b.example' }), TypeError);
    await assert.rejects(MailOutbox.enqueueIn(db.db, 'x', { ...msg(3), to: '' }), TypeError);
  });

  it('sends due messages through the transport and marks them Sent', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push(await MailOutbox.enqueueIn(db.db, 'order-confirmation', msg(i), new Date(T0 + i)));
    const folder = path.join(dir, 'outbox');
    const outbox = new MailOutbox(db.db, new FolderTransport(folder), { now: () => new Date(T0 + 1000) });
    assert.equal(await outbox.deliverPending(), 3);
    const files = readdirSync(folder).sort();
    assert.equal(files.length, 3);
    assert.match(
      readFileSync(path.join(folder, files[0]), 'utf8'),
      /^To: buyer\d@example\.com\r\nSubject: Order \d\r\n/m,
    );
    for (const id of ids) {
      const r = await row(id);
      assert.equal(r.status, 'Sent');
      assert.equal(r.sent_at, '2026-11-21T10:00:01.000Z');
      assert.equal(r.attempts, 1);
      assert.equal(r.last_error, null);
    }
    assert.equal(await outbox.deliverPending(), 0, 'nothing twice');
    assert.equal(readdirSync(folder).length, 3);
  });

  it('sends the oldest first, at most `limit`, and nothing not yet due', async () => {
    for (let i = 4; i >= 0; i--) await MailOutbox.enqueueIn(db.db, 'k', msg(i), new Date(T0 + i * 1000));
    const transport = new RecordingTransport();
    let now = T0 + 2000;
    const outbox = new MailOutbox(db.db, transport, { now: () => new Date(now) });
    assert.equal(await outbox.deliverPending(2), 2);
    assert.deepEqual(
      transport.sent.map((m) => m.subject),
      ['Order 0', 'Order 1'],
    );
    assert.equal(await outbox.deliverPending(), 1, 'only what is due by now');
    assert.deepEqual(
      transport.sent.map((m) => m.subject),
      ['Order 0', 'Order 1', 'Order 2'],
    );
    now = T0 + 10_000;
    assert.equal(await outbox.deliverPending(), 2);
    assert.deepEqual(
      transport.sent.map((m) => m.to),
      ['buyer0@example.com', 'buyer1@example.com', 'buyer2@example.com', 'buyer3@example.com', 'buyer4@example.com'],
    );
    assert.deepEqual(transport.sent[4], msg(4), 'the message as queued');
  });

  it('retries a failed send after a growing backoff and gives up after MAX_ATTEMPTS', async () => {
    const id = await MailOutbox.enqueueIn(db.db, 'k', msg('f'), new Date(T0));
    const transport = new RecordingTransport({ fail: () => true });
    let now = T0;
    const outbox = new MailOutbox(db.db, transport, { now: () => new Date(now) });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      assert.equal(await outbox.deliverPending(), 0);
      assert.equal(transport.calls, attempt);
      const r = await row(id);
      assert.equal(r.attempts, attempt);
      assert.match(r.last_error!, new RegExp(`SMTP 451 try again later \\(call ${attempt}\\)`));
      if (attempt === MAX_ATTEMPTS) {
        assert.equal(r.status, 'Failed');
        break;
      }
      assert.equal(r.status, 'Pending');
      const backoff = RETRY_BACKOFF_MS[attempt - 1];
      assert.equal(r.lease_until, new Date(now + backoff).toISOString());
      now += backoff - 1;
      await outbox.deliverPending();
      assert.equal(transport.calls, attempt, 'not before the backoff is over');
      now += 1;
    }
    now += 365 * 86_400_000;
    await outbox.deliverPending();
    assert.equal(transport.calls, MAX_ATTEMPTS, 'a Failed message is left alone');
    assert.deepEqual(
      RETRY_BACKOFF_MS.slice().sort((a, b) => a - b),
      [...RETRY_BACKOFF_MS],
      'backoff grows',
    );
  });

  it('clears the error when a retry succeeds', async () => {
    const id = await MailOutbox.enqueueIn(db.db, 'k', msg('r'), new Date(T0));
    const transport = new RecordingTransport({ fail: (call) => call <= 2 });
    let now = T0;
    const outbox = new MailOutbox(db.db, transport, { now: () => new Date(now) });
    await outbox.deliverPending();
    now += RETRY_BACKOFF_MS[0];
    await outbox.deliverPending();
    now += RETRY_BACKOFF_MS[1];
    assert.equal(await outbox.deliverPending(), 1);
    const r = await row(id);
    assert.deepEqual([r.status, r.attempts, r.last_error, r.sent_at], ['Sent', 3, null, new Date(now).toISOString()]);
  });

  it('sends each message once when two processes deliver at the same time', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 30; i++) ids.add(await MailOutbox.enqueueIn(db.db, 'k', msg(i), new Date(T0 + i)));
    const a = new RecordingTransport({ delayMs: 2 });
    const b = new RecordingTransport({ delayMs: 2 });
    const now = () => new Date(T0 + 60_000);
    const [sentA, sentB] = await Promise.all([
      new MailOutbox(connect().db, a, { now }).deliverPending(50),
      new MailOutbox(connect().db, b, { now }).deliverPending(50),
    ]);
    assert.equal(sentA + sentB, 30);
    const subjects = [...a.sent, ...b.sent].map((m) => m.subject);
    assert.equal(subjects.length, 30);
    assert.equal(new Set(subjects).size, 30, 'no message sent twice');
    const rows = await db.db.selectFrom('mail_outbox').select(['id', 'status', 'attempts']).execute();
    assert.ok(rows.every((r) => ids.has(r.id) && r.status === 'Sent' && r.attempts === 1));
  });

  it('takes over the messages of a process that died while sending, and gives up on one that keeps dying', async () => {
    const id = await MailOutbox.enqueueIn(db.db, 'k', msg('c'), new Date(T0));
    // Claimed by a process that never came back.
    await db.db
      .updateTable('mail_outbox')
      .set({ attempts: 1, lease_until: new Date(T0 + LEASE_MS).toISOString() })
      .where('id', '=', id)
      .execute();
    const transport = new RecordingTransport();
    let now = T0 + LEASE_MS - 1;
    const outbox = new MailOutbox(db.db, transport, { now: () => new Date(now) });
    assert.equal(await outbox.deliverPending(), 0, 'its lease still holds');
    now += 1;
    assert.equal(await outbox.deliverPending(), 1);
    assert.deepEqual([(await row(id)).status, (await row(id)).attempts], ['Sent', 2]);

    const doomed = await MailOutbox.enqueueIn(db.db, 'k', msg('d'), new Date(T0));
    await db.db.updateTable('mail_outbox').set({ attempts: MAX_ATTEMPTS }).where('id', '=', doomed).execute();
    assert.equal(await outbox.deliverPending(), 0);
    assert.equal(transport.calls, 1, 'not sent again');
    const r = await row(doomed);
    assert.equal(r.status, 'Failed');
    assert.equal(r.attempts, MAX_ATTEMPTS);
    assert.match(r.last_error!, /no outcome/);
  });

  it("delivers in the background between start and stop, on an unref'd timer", async () => {
    const transport = new RecordingTransport({ delayMs: 5 });
    const outbox = new MailOutbox(db.db, transport);
    outbox.start(10);
    try {
      assert.equal((outbox as unknown as { timer: NodeJS.Timeout }).timer.hasRef(), false);
      const id = await MailOutbox.enqueueIn(db.db, 'k', msg('bg'));
      for (let i = 0; i < 200 && (await row(id)).status !== 'Sent'; i++) await sleep(10);
      assert.equal((await row(id)).status, 'Sent');
    } finally {
      await outbox.stop();
    }
    const later = await MailOutbox.enqueueIn(db.db, 'k', msg('after-stop'));
    await sleep(100);
    assert.equal((await row(later)).status, 'Pending', 'nothing after stop');
    assert.equal(transport.calls, 1);
  });

  it('runs one delivery at a time per outbox and reports background errors', async () => {
    for (let i = 0; i < 3; i++) await MailOutbox.enqueueIn(db.db, 'k', msg(i), new Date(T0));
    const transport = new RecordingTransport({ delayMs: 5 });
    const outbox = new MailOutbox(db.db, transport);
    const first = outbox.tick();
    assert.equal(outbox.tick(), first, 'joins the run under way');
    await first;
    assert.equal(transport.calls, 3);

    const errors: unknown[] = [];
    const broken = connect();
    await broken.db.selectFrom('mail_outbox').select('id').execute();
    const failing = new MailOutbox(broken.db, transport, { onError: (e) => errors.push(e) });
    await broken.close();
    await failing.tick();
    assert.equal(errors.length, 1, 'a database error goes to onError, not to an unhandled rejection');
  });
});
