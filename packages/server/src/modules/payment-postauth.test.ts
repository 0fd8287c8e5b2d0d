// PostAuth with the built-in test gateway over real HTTP: a checkout is paid with an authorisation the
// browser obtained from the gateway itself, and the gateway accepts only references it issued, for the
// checkout's amount and currency, once, before they expire and unless voided. Every refusal is a 400 and
// leaves the checkout unpaid.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, errorOf, startTestServer, type Agent, type TestServer } from '../test-support/server.ts';
import type { TestPaymentGateway } from '../policies/payment-gateway.ts';
import { ADDRESS, guestCheckout } from '../test-support/purchase.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s?.close();
});

/** A guest's checkout of one dataset, ready for payment: its agent, id, and amount in minor units. */
async function readyCheckout(sku: string): Promise<{ a: Agent; id: string; amountMinor: number; currency: string }> {
  const { a, id } = await guestCheckout(s, sku);
  const summary = (await a.api(`/checkouts/${id}`)).body.cartSummary;
  assert.match(summary.grandTotalAmount, /^\d+\.\d{2}$/);
  const amountMinor = Number(summary.grandTotalAmount.replace('.', ''));
  return { a, id, amountMinor, currency: summary.currencyIsoCode };
}

const gateway = () => s.services.payments.gateway as TestPaymentGateway;

async function issued(amountMinor: number, currency: string): Promise<string> {
  const result = await gateway().issueAuthorization({ token: 'tok_test_success_visa_4242', amountMinor, currency });
  assert.equal(result.status, 'Authorized');
  return (result as { reference: string }).reference;
}

const postAuth = (a: Agent, id: string, reference: string) =>
  a.post(`${BASE}/checkouts/${id}/payments`, {
    requestType: 'PostAuth',
    paymentToken: reference,
    billingAddress: ADDRESS,
  });

async function assertRefusedAndUnpaid(a: Agent, id: string, reference: string, what: string) {
  const res = await postAuth(a, id, reference);
  assert.equal(res.status, 400, `${what}: ${res.text}`);
  assert.equal(errorOf(res).errorCode, 'INVALID_API_INPUT', what);
  const paid = await s.db.db.selectFrom('payment').select('id').where('checkout_id', '=', id).execute();
  assert.deepEqual(paid, [], `${what}: no payment`);
}

describe('PostAuth with the test gateway', () => {
  test('an issued reference pays the checkout once; a second checkout cannot reuse it', async () => {
    const first = await readyCheckout('DS-00004');
    const reference = await issued(first.amountMinor, first.currency);
    const paid = await postAuth(first.a, first.id, reference);
    assert.equal(paid.status, 200, paid.text);
    assert.equal(paid.body.salesforceResultCode, 'Success');
    assert.equal(paid.body.paymentData.cardLast4, '4242');

    const second = await readyCheckout('DS-00004');
    await assertRefusedAndUnpaid(second.a, second.id, reference, 'a reference already used');
  });

  test('a well-formed reference the gateway never issued is refused', async () => {
    const c = await readyCheckout('DS-00005');
    await assertRefusedAndUnpaid(c.a, c.id, `auth_test_${'0'.repeat(24)}`, 'never issued');
    await assertRefusedAndUnpaid(c.a, c.id, 'auth_test_abc', 'malformed');
  });

  test('a reference another checkout got by Auth cannot pay this one', async () => {
    const other = await readyCheckout('DS-00006');
    const auth = await other.a.post(`${BASE}/checkouts/${other.id}/payments`, {
      requestType: 'Auth',
      paymentToken: 'tok_test_success_visa_4242',
      billingAddress: ADDRESS,
    });
    assert.equal(auth.status, 200, auth.text);
    const row = await s.db.db
      .selectFrom('payment')
      .select('gateway_reference')
      .where('checkout_id', '=', other.id)
      .executeTakeFirstOrThrow();
    const c = await readyCheckout('DS-00006');
    await assertRefusedAndUnpaid(c.a, c.id, row.gateway_reference!, 'an Auth reference replayed');
  });

  test('a reference for another amount or currency, an expired one and a voided one are refused', async () => {
    const c = await readyCheckout('DS-00007');
    await assertRefusedAndUnpaid(c.a, c.id, await issued(c.amountMinor + 1, c.currency), 'another amount');
    await assertRefusedAndUnpaid(
      c.a,
      c.id,
      await issued(c.amountMinor, c.currency === 'USD' ? 'EUR' : 'USD'),
      'another currency',
    );
    const expired = await issued(c.amountMinor, c.currency);
    await s.db.db
      .updateTable('test_gateway_authorization')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('reference', '=', expired)
      .execute();
    await assertRefusedAndUnpaid(c.a, c.id, expired, 'expired');
    const voided = await issued(c.amountMinor, c.currency);
    await gateway().void(voided);
    await assertRefusedAndUnpaid(c.a, c.id, voided, 'voided');
    // The right one still works after all that.
    assert.equal((await postAuth(c.a, c.id, await issued(c.amountMinor, c.currency))).status, 200);
  });
});
