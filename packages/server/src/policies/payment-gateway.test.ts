// The built-in test gateway's refunds on a real database (a fresh SQLite file, or a fresh PostgreSQL schema when
// DATABASE_URL is set): a refund gives back part of a used authorisation, never more than it authorised in all,
// the same idempotency key answers the same refund, and an authorisation never used or voided refunds nothing.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { TestPaymentGateway } from './payment-gateway.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'store-gateway-'));
const schema = process.env.DATABASE_URL ? `t_${randomBytes(6).toString('hex')}` : undefined;
let db: Db;
let gateway: TestPaymentGateway;

before(async () => {
  db = schema
    ? openDatabase({ url: process.env.DATABASE_URL, pgSchema: schema })
    : openDatabase({ sqliteFile: path.join(dir, 'test.sqlite') });
  await migrateToLatest(db.db);
  gateway = new TestPaymentGateway(db.db);
});
after(async () => {
  if (schema) await sql.raw(`DROP SCHEMA ${schema} CASCADE`).execute(db.db);
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A used (server-side Auth) authorisation of the amount: its reference. */
async function paid(amountMinor: number, key: string): Promise<string> {
  const r = await gateway.authorize({
    token: 'tok_test_success_visa_4242',
    amountMinor,
    currency: 'USD',
    idempotencyKey: key,
  });
  assert.equal(r.status, 'Authorized');
  return (r as { reference: string }).reference;
}

const refunded = async (reference: string) =>
  Number(
    (
      await db.db
        .selectFrom('test_gateway_refund')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_minor'), eb.lit(0)).as('n'))
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('test gateway refunds', () => {
  it('gives back parts of a payment up to what it authorised, never more', async () => {
    const ref = await paid(10_000, 'pay-1');
    const first = await gateway.refund(ref, 2_500, 'r-1');
    assert.equal(first.status, 'Refunded');
    assert.equal((await gateway.refund(ref, 7_500, 'r-2')).status, 'Refunded');
    const over = await gateway.refund(ref, 1, 'r-3');
    assert.equal(over.status, 'Refused');
    assert.match((over as { message: string }).message, /more than the payment has left/);
    assert.equal(await refunded(ref), 10_000);
  });

  it('answers the same key with the same refund, once; another refund under that key is refused', async () => {
    const ref = await paid(5_000, 'pay-2');
    const a = await gateway.refund(ref, 1_000, 'same-key');
    const b = await gateway.refund(ref, 1_000, 'same-key');
    assert.deepEqual(a, b);
    assert.equal(await refunded(ref), 1_000, 'refunded once');
    assert.equal((await gateway.refund(ref, 2_000, 'same-key')).status, 'Refused');
    assert.equal(await refunded(ref), 1_000);
  });

  it('two refunds at once never add up to more than the payment', async () => {
    const ref = await paid(3_000, 'pay-3');
    const results = await Promise.all([1, 2, 3].map((i) => gateway.refund(ref, 2_000, `race-${i}`)));
    assert.equal(results.filter((r) => r.status === 'Refunded').length, 1);
    assert.equal(await refunded(ref), 2_000);
  });

  it('refunds nothing of a voided, unknown or not-yet-used authorisation, nor a non-positive amount', async () => {
    const voided = await paid(4_000, 'pay-4');
    await gateway.void(voided);
    assert.equal((await gateway.refund(voided, 100, 'v-1')).status, 'Refused');
    assert.equal((await gateway.refund('auth_test_nope', 100, 'v-2')).status, 'Refused');
    const issued = await gateway.issueAuthorization({
      token: 'tok_test_success_visa_4242',
      amountMinor: 900,
      currency: 'USD',
    });
    const unused = (issued as { reference: string }).reference;
    assert.equal((await gateway.refund(unused, 100, 'v-3')).status, 'Refused', 'an authorisation no payment used');
    const ref = await paid(1_000, 'pay-5');
    assert.equal((await gateway.refund(ref, 0, 'v-4')).status, 'Refused');
    assert.equal((await gateway.refund(ref, 1.5, 'v-5')).status, 'Refused');
    assert.equal(await refunded(ref), 0);
  });
});
