import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCommerceClient } from './api.ts';
import { CommerceFetchError } from './errors.ts';
import { json, pathOf, queryOf, recordingFetch, type RecordedCall, type Responder } from './test-support.ts';

const WS = '0ZE000000000001AAA';
const BASE = `/services/data/v65.0/commerce/webstores/${WS}`;
const CO = '2z9000000000001AAA';
const ACCOUNT = '001000000000002AAA';
const ORDER = '801000000000001AAA';

function setup(respond?: Responder) {
  const { fetch, calls } = recordingFetch(respond);
  const client = createCommerceClient({ webstoreId: WS, fetch, csrfToken: () => 'tok' });
  return { client, calls };
}
const sent = (call: RecordedCall) => ({
  method: call.method,
  path: pathOf(call.url),
  query: queryOf(call.url),
  body: call.body ? JSON.parse(call.body) : undefined,
});
const noContent = () => new Response(null, { status: 204 });
const checkout = (status: number, extra: Record<string, unknown> = {}) => ({
  checkoutId: CO,
  checkoutStatus: status,
  errors: [],
  ...extra,
});

describe('checkout calls', () => {
  it('PUT checkouts {cartId: active} answers the checkout with its 202; the account is added when set', async () => {
    const { client, calls } = setup(() => json(checkout(202), { status: 202 }));
    const answer = await client.startCheckout(undefined, { effectiveAccountId: ACCOUNT });
    assert.equal(answer.status, 202);
    assert.equal(answer.checkout.checkoutId, CO);
    assert.deepEqual(sent(calls[0]), {
      method: 'PUT',
      path: `${BASE}/checkouts`,
      query: { effectiveAccountId: ACCOUNT },
      body: { cartId: 'active' },
    });
    assert.equal(calls[0].headers['X-CSRF-Token'], 'tok');
  });

  it('GET checkouts/{id}: a 422 is an answer with the checkout and its errors; a 410 is thrown', async () => {
    const problem = { type: '/commerce/errors/out-of-stock', title: 'Only 0 left', detail: '' };
    let status = 422;
    const { client, calls } = setup(() =>
      status === 422
        ? json(checkout(422, { errors: [problem] }), { status })
        : json([{ errorCode: 'CHECKOUT_COMPLETED', message: 'Placed as DD-00001001.' }], { status }),
    );
    const answer = await client.getCheckout('active');
    assert.equal(answer.status, 422);
    assert.deepEqual(answer.checkout.errors, [problem]);
    assert.equal(pathOf(calls[0].url), `${BASE}/checkouts/active`);
    status = 410;
    await assert.rejects(
      client.getCheckout(CO),
      (e: unknown) =>
        e instanceof CommerceFetchError && e.status === 410 && e.errors[0]?.message === 'Placed as DD-00001001.',
    );
  });

  it('PATCH takes exactly one group of fields; checked before anything is sent', async () => {
    const { client, calls } = setup(() => json(checkout(202), { status: 202 }));
    const address = {
      name: 'Ada Lovelace',
      street: '415 Mission St',
      city: 'San Francisco',
      region: 'CA',
      postalCode: '94105',
      country: 'US',
    };
    await client.updateCheckout(CO, { deliveryAddress: address });
    await client.updateCheckout(CO, { contactInfo: { email: 'ada@example.com' } });
    await client.updateCheckout(CO, { deliveryMethodId: '2dm000000000001AAA' });
    assert.deepEqual(
      calls.map((c) => sent(c).body),
      [
        { deliveryAddress: address },
        { contactInfo: { email: 'ada@example.com' } },
        { deliveryMethodId: '2dm000000000001AAA' },
      ],
    );
    assert.ok(calls.every((c) => c.method === 'PATCH' && pathOf(c.url) === `${BASE}/checkouts/${CO}`));
    assert.throws(() => client.updateCheckout(CO, { contactInfo: {}, deliveryMethodId: 'x' } as never), TypeError);
    assert.throws(() => client.updateCheckout('', { deliveryMethodId: 'x' }), TypeError);
    assert.equal(calls.length, 3);
  });

  it('DELETE, coupons within the checkout, prepare', async () => {
    const { client, calls } = setup((c) =>
      c.method === 'DELETE'
        ? noContent()
        : pathOf(c.url).endsWith('/prepare')
          ? json({ ready: false, errors: [] })
          : json({ cartCoupons: { coupons: [] } }, { status: 201 }),
    );
    await client.deleteCheckout(CO);
    await client.applyCheckoutCoupon(CO, ' welcome10 ');
    await client.deleteCheckoutCoupon(CO, '0lc000000000001AAA');
    assert.deepEqual(await client.prepareOrder(CO), { ready: false, errors: [] });
    assert.deepEqual(calls.map(sent), [
      { method: 'DELETE', path: `${BASE}/checkouts/${CO}`, query: {}, body: undefined },
      { method: 'POST', path: `${BASE}/checkouts/${CO}/coupons`, query: {}, body: { couponCode: 'welcome10' } },
      { method: 'DELETE', path: `${BASE}/checkouts/${CO}/coupons/0lc000000000001AAA`, query: {}, body: undefined },
      { method: 'POST', path: `${BASE}/checkouts/${CO}/orders/actions/prepare`, query: {}, body: undefined },
    ]);
  });

  it('payments: a decline (422) and a gateway failure (502) are answers; a card number is never sent', async () => {
    const declined = {
      salesforceResultCode: 'Decline',
      paymentData: null,
      errors: [{ type: 'd', title: 'Your card was declined.', detail: 'Use another card.' }],
    };
    const outcomes = [
      json({ salesforceResultCode: 'Success', paymentData: { paymentId: 'p' }, errors: [] }),
      json(declined, { status: 422 }),
      json({ ...declined, salesforceResultCode: 'SystemError' }, { status: 502 }),
      json([{ errorCode: 'INVALID_API_INPUT', message: 'Bad PO' }], { status: 400 }),
    ];
    const { client, calls } = setup(() => outcomes.shift()!);
    const billingAddress = { name: 'Ada', street: '1 St', country: 'US' };
    assert.equal(
      (
        await client.payCheckout(CO, {
          requestType: 'Auth',
          paymentToken: 'tok_test_success_visa_4242',
          billingAddress,
        })
      ).status,
      200,
    );
    const decline = await client.payCheckout(CO, {
      requestType: 'Auth',
      paymentToken: 'tok_test_decline_visa_0002',
      billingAddress,
    });
    assert.equal(decline.status, 422);
    assert.equal(decline.payment.errors[0]?.title, 'Your card was declined.');
    assert.equal(
      (await client.payCheckout(CO, { requestType: 'Auth', paymentToken: 'tok_test_fail_visa_0119' })).payment
        .salesforceResultCode,
      'SystemError',
    );
    await assert.rejects(
      client.payCheckout(CO, { requestType: 'SimplePurchaseOrder', paymentToken: '<x>' }),
      (e: unknown) => e instanceof CommerceFetchError && e.status === 400,
    );
    await assert.rejects(
      client.payCheckout(CO, { requestType: 'Auth', paymentToken: '4242 4242 4242 4242' }),
      TypeError,
    );
    assert.equal(calls.length, 4, 'the card number never left');
    assert.deepEqual(sent(calls[0]).body, {
      requestType: 'Auth',
      paymentToken: 'tok_test_success_visa_4242',
      billingAddress,
    });
  });

  it('POST orders sends the Idempotency-Key header when given', async () => {
    const placed = { orderReferenceNumber: 'DD-00001001', orderSummaryId: ORDER, salesOrderId: ORDER, errors: [] };
    const { client, calls } = setup(() => json(placed, { status: 201 }));
    assert.deepEqual(await client.placeOrder(CO, { idempotencyKey: 'k-1' }), placed);
    await client.placeOrder(CO);
    assert.equal(calls[0].headers['idempotency-key'], 'k-1');
    assert.equal(calls[1].headers['idempotency-key'], undefined);
    assert.equal(pathOf(calls[0].url), `${BASE}/checkouts/${CO}/orders`);
  });
});

describe('address book, orders and subscriptions', () => {
  it('GET accounts/current/addresses with the spec defaults; POST and PATCH', async () => {
    const { client, calls } = setup(() => json({ items: [] }));
    await client.getAddresses();
    await client.createAddress({ name: 'HQ', street: '1 Main St', country: 'US' }, { accountId: ACCOUNT });
    await client.updateAddress('8lW000000000001AAA', { isDefault: true });
    assert.deepEqual(calls.map(sent), [
      {
        method: 'GET',
        path: `${BASE}/accounts/current/addresses`,
        query: { excludeUnsupportedCountries: 'true', shouldShowDefaultAddrFirst: 'true', pageSize: '25' },
        body: undefined,
      },
      {
        method: 'POST',
        path: `${BASE}/accounts/${ACCOUNT}/addresses`,
        query: {},
        body: { name: 'HQ', street: '1 Main St', country: 'US' },
      },
      {
        method: 'PATCH',
        path: `${BASE}/accounts/current/addresses/8lW000000000001AAA`,
        query: {},
        body: { isDefault: true },
      },
    ]);
    await assert.rejects(client.updateAddress('', {}), TypeError, 'spec 02 §5: addressId is required');
    assert.equal(calls.length, 3);
  });

  it('order history, one order, its downloads, subscriptions', async () => {
    const { client, calls } = setup(() => json({}));
    await client.getOrderSummaries({ pageSize: 10, effectiveAccountId: ACCOUNT });
    await client.getOrderSummary(ORDER);
    await client.getOrderDownloads(ORDER);
    await client.getSubscriptions();
    assert.deepEqual(
      calls.map((c) => [pathOf(c.url), queryOf(c.url)]),
      [
        [`${BASE}/order-summaries`, { pageSize: '10', effectiveAccountId: ACCOUNT }],
        [`${BASE}/order-summaries/${ORDER}`, {}],
        [`${BASE}/order-summaries/${ORDER}/downloads`, {}],
        [`${BASE}/subscriptions`, {}],
      ],
    );
    await assert.rejects(client.getOrderSummary(''), TypeError);
  });
});

describe('the account area (issue 17)', () => {
  const ADDRESS_ID = '81W000000000001AAA';
  const SUBSCRIPTION = '1sb000000000001AAA';

  it('DELETE accounts/{account}/addresses/{id}: the effective account by default, or the one named; 204 is done', async () => {
    const { client, calls } = setup(noContent);
    assert.equal(await client.deleteAddress(ADDRESS_ID), undefined);
    await client.deleteAddress(ADDRESS_ID, { accountId: ACCOUNT, effectiveAccountId: ACCOUNT });
    assert.deepEqual(calls.map(sent), [
      { method: 'DELETE', path: `${BASE}/accounts/current/addresses/${ADDRESS_ID}`, query: {}, body: undefined },
      {
        method: 'DELETE',
        path: `${BASE}/accounts/${ACCOUNT}/addresses/${ADDRESS_ID}`,
        query: { effectiveAccountId: ACCOUNT },
        body: undefined,
      },
    ]);
    assert.equal(calls[0].headers['X-CSRF-Token'], 'tok', 'a change carries the CSRF token');
  });

  it('deleteAddress: a missing id is refused before anything is sent; a 404 is thrown', async () => {
    const { client, calls } = setup(() =>
      json([{ errorCode: 'ITEM_NOT_FOUND', message: 'Not in this address book.' }], { status: 404 }),
    );
    await assert.rejects(client.deleteAddress(''), TypeError);
    await assert.rejects(client.deleteAddress('  '), TypeError);
    assert.equal(calls.length, 0);
    await assert.rejects(
      client.deleteAddress(ADDRESS_ID),
      (e: unknown) => e instanceof CommerceFetchError && e.status === 404 && e.errors[0]?.type === 'ITEM_NOT_FOUND',
    );
  });

  it('GET downloads with paging; the page size is checked before anything is sent', async () => {
    const page = {
      count: 0,
      items: [],
      pageSize: 10,
      currentPageToken: '1',
      nextPageToken: null,
      previousPageToken: '0',
    };
    const { client, calls } = setup(() => json(page));
    assert.deepEqual(
      await client.getAccountDownloads({ pageSize: 10, pageToken: '1', effectiveAccountId: ACCOUNT }),
      page,
    );
    await client.getAccountDownloads();
    assert.deepEqual(
      calls.map((c) => [pathOf(c.url), queryOf(c.url)]),
      [
        [`${BASE}/downloads`, { pageSize: '10', pageToken: '1', effectiveAccountId: ACCOUNT }],
        [`${BASE}/downloads`, {}],
      ],
    );
    for (const pageSize of [0, 101, 2.5]) await assert.rejects(client.getAccountDownloads({ pageSize }), TypeError);
    assert.equal(calls.length, 2);
  });

  it('PATCH subscriptions/{id} {autoRenew}; a 409 comes back as the server said it', async () => {
    let status = 200;
    const { client, calls } = setup(() =>
      status === 200
        ? json({ subscriptionId: SUBSCRIPTION, autoRenew: false, endDate: '2027-01-25' })
        : json([{ errorCode: 'SUBSCRIPTION_ENDED', message: 'This subscription has ended.' }], { status }),
    );
    const view = await client.setSubscriptionAutoRenew(SUBSCRIPTION, false);
    assert.equal(view.endDate, '2027-01-25');
    assert.deepEqual(sent(calls[0]), {
      method: 'PATCH',
      path: `${BASE}/subscriptions/${SUBSCRIPTION}`,
      query: {},
      body: { autoRenew: false },
    });
    await assert.rejects(client.setSubscriptionAutoRenew('', true), TypeError);
    await assert.rejects(client.setSubscriptionAutoRenew(SUBSCRIPTION, 'no' as unknown as boolean), TypeError);
    assert.equal(calls.length, 1);
    status = 409;
    await assert.rejects(
      client.setSubscriptionAutoRenew(SUBSCRIPTION, true),
      (e: unknown) => e instanceof CommerceFetchError && e.status === 409 && e.errors[0]?.type === 'SUBSCRIPTION_ENDED',
    );
  });
});
