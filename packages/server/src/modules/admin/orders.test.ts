// The workspace's orders (issue 15 §6) through the real API: the table with its filters, search, sorting and
// paging; shipping a printed directory's group (the buyer's order read shows the carrier and tracking number, and
// a "shipped" email is queued); refunding a dataset line (its download link is refused, the buyer's order shows
// the refund), the whole order, twice (refused), by purchase order (a credit); cancelling; re-sending the
// downloads email; the audit entries; and who may do any of it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decimalToMinorUnits, formatCurrency } from '@store/core';
import { BASE, errorOf, startTestServer, type Agent, type TestServer } from '../../test-support/server.ts';
import { placeCardOrder, placeGuestOrder, productIdOf, startCheckout } from '../../test-support/purchase.ts';
import { DEMO_USERS } from '../../seed/access.ts';
import { DEMO_COUPONS } from '../../seed/promotions.ts';
import { CATALOGUE_MANAGER } from '../../seed/workspace-users.ts';
import { operationsOf, type OpenApiDoc } from '../../security/openapi-fuzz.ts';
import { fuzzAsAdministrator } from '../../test-support/workspace-fuzz.ts';

const W = '/services/admin/webstores/0ZE000000000001AAA';
const cents = (amount: string) => Number(decimalToMinorUnits(amount));
/** A decimal amount as the emails show it ("$1,234.50"). */
const dollars = (amount: string) => formatCurrency(amount, 'USD', 'en-US', { maximumFractionDigits: 2 });

let s: TestServer;
let admin: Agent;
let manager: Agent;
let consumer: Agent;
let buyer: Agent;
/** Orders placed for the tests: a printed directory, three datasets with a $25 coupon, a purchase order, a guest's. */
const orders = { printed: '', datasets: '', purchaseOrder: '', guest: '' };

/** Everything an order call could change, read from the database. */
async function orderState(orderId: string): Promise<string> {
  const db = s.db.db;
  const [order, items, groups, refunds, mail, audit, gatewayRefunds] = await Promise.all([
    db.selectFrom('sales_order').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow(),
    db.selectFrom('order_item').selectAll().where('order_id', '=', orderId).orderBy('id').execute(),
    db.selectFrom('order_delivery_group').selectAll().where('order_id', '=', orderId).orderBy('id').execute(),
    db.selectFrom('order_refund').selectAll().where('order_id', '=', orderId).orderBy('id').execute(),
    db.selectFrom('mail_outbox').select('id').where('order_id', '=', orderId).orderBy('id').execute(),
    db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('test_gateway_refund')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return JSON.stringify({ order, items, groups, refunds, mail, audit: Number(audit.n), gw: Number(gatewayRefunds.n) });
}

/** The refund emails queued for an order, oldest first. */
async function refundEmails(orderId: string) {
  return s.db.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('kind', '=', 'order-refunded')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

async function auditOf(orderId: string) {
  return (await admin.get(`${W}/audit-log?recordType=Order&recordId=${orderId}&sort=occurredAt`)).body.items as Array<{
    action: string;
    user: { email: string };
    before: any;
    after: any;
  }>;
}

before(async () => {
  s = await startTestServer();
  [admin, manager, consumer, buyer] = await Promise.all([
    s.login(DEMO_USERS.admin.email),
    s.login(CATALOGUE_MANAGER.email),
    s.login(DEMO_USERS.consumer.email),
    s.login(DEMO_USERS.buyer.email),
  ]);
  orders.printed = await placeCardOrder(consumer, await productIdOf(s, 'PD-00001'));
  // Three datasets and a $25 order-level coupon: each line's refund carries its share of the discount.
  for (const sku of ['DS-00002', 'DS-00003']) {
    const added = await consumer.post(`${BASE}/carts/current/cart-items`, {
      productId: await productIdOf(s, sku),
      quantity: '1',
      type: 'Product',
    });
    assert.equal(added.status, 201, added.text);
  }
  const coupon = await consumer.post(`${BASE}/carts/current/cart-coupons`, { couponCode: DEMO_COUPONS.data25 });
  assert.equal(coupon.status, 201, coupon.text);
  orders.datasets = await placeCardOrder(consumer, await productIdOf(s, 'DS-00004'));
  const po = await startCheckout(buyer, await productIdOf(s, 'DS-00005'), { contact: false });
  const paid = await buyer.post(`${BASE}/checkouts/${po}/payments`, {
    requestType: 'SimplePurchaseOrder',
    paymentToken: 'PO-5150',
  });
  assert.equal(paid.status, 200, paid.text);
  const placed = await buyer.post(`${BASE}/checkouts/${po}/orders`);
  assert.equal(placed.status, 201, placed.text);
  orders.purchaseOrder = placed.body.orderSummaryId;
  orders.guest = await placeGuestOrder(s, 'PD-00002');
});
after(async () => {
  await s?.close();
});

describe('the order table', () => {
  test('pages, sorts, filters and searches on the server', async () => {
    const all = await admin.get(`${W}/orders?pageSize=2&sort=orderNumber`);
    assert.equal(all.status, 200, all.text);
    assert.equal(all.body.total, 4);
    assert.equal(all.body.pageCount, 2);
    assert.equal(all.body.items.length, 2);
    const page2 = (await admin.get(`${W}/orders?pageSize=2&page=2&sort=orderNumber`)).body.items;
    const numbers = [...all.body.items, ...page2].map((o: any) => o.orderNumber);
    assert.deepEqual(numbers, [...numbers].sort(), 'sorted by number across pages');
    assert.equal(new Set(numbers).size, 4, 'no order twice, none skipped');

    const printed = (await admin.get(`${W}/orders?hasPrintedGoods=true`)).body;
    assert.deepEqual(printed.items.map((o: any) => o.id).sort(), [orders.printed, orders.guest].sort());
    assert.ok(printed.items.every((o: any) => o.hasPrintedGoods === true));
    const datasetsOnly = (await admin.get(`${W}/orders?hasPrintedGoods=false`)).body;
    assert.deepEqual(datasetsOnly.items.map((o: any) => o.id).sort(), [orders.datasets, orders.purchaseOrder].sort());

    const byEmail = (await admin.get(`${W}/orders?email=${encodeURIComponent(DEMO_USERS.buyer.email.toUpperCase())}`))
      .body;
    assert.deepEqual(
      byEmail.items.map((o: any) => o.id),
      [orders.purchaseOrder],
    );
    const guest = (await admin.get(`${W}/orders?q=ada@exam`)).body;
    assert.deepEqual(
      guest.items.map((o: any) => o.id),
      [orders.guest],
      'search finds an email by any part',
    );
    assert.equal(guest.items[0].guest, true);
    const number = byEmail.items[0].orderNumber as string;
    const byNumber = (await admin.get(`${W}/orders?q=${number.slice(-4)}`)).body;
    assert.ok(
      byNumber.items.some((o: any) => o.orderNumber === number),
      'search finds an order number by any part',
    );
    const account = byEmail.items[0].accountId as string;
    assert.deepEqual(
      (await admin.get(`${W}/orders?accountId=${account}`)).body.items.map((o: any) => o.id),
      [orders.purchaseOrder],
    );
    assert.deepEqual(
      (await admin.get(`${W}/orders?accountId=${account.slice(0, 15)}`)).body.items.map((o: any) => o.id),
      [orders.purchaseOrder],
      'a 15-character account id finds the same orders',
    );
    const today = new Date().toISOString().slice(0, 10);
    assert.equal((await admin.get(`${W}/orders?from=${today}&to=${today}`)).body.total, 4);
    assert.equal((await admin.get(`${W}/orders?to=2020-01-01`)).body.total, 0);
    assert.equal((await admin.get(`${W}/orders?status=Cancelled`)).body.total, 0);
    const byTotal = (await admin.get(`${W}/orders?sort=-total`)).body.items.map((o: any) => cents(o.grandTotalAmount));
    assert.deepEqual(
      byTotal,
      [...byTotal].sort((a, b) => b - a),
    );
  });

  test('bad table input is a 400 in the error shape', async () => {
    for (const q of [
      'sort=password',
      'status=Lost',
      'from=yesterday',
      'pageSize=1000',
      'hasPrintedGoods=maybe',
      'accountId=x',
    ]) {
      const res = await admin.get(`${W}/orders?${q}`);
      assert.equal(res.status, 400, `${q}: ${res.text}`);
      errorOf(res);
    }
  });

  test('the detail: payment, delivery groups, lines, downloads and the emails the order sent', async () => {
    const res = await admin.get(`${W}/orders/${orders.datasets}`);
    assert.equal(res.status, 200, res.text);
    const o = res.body;
    assert.equal(o.lines.length, 3);
    assert.equal(o.payment.method, 'Card');
    assert.equal(o.payment.cardLast4, '4242');
    assert.equal(o.customer.email, DEMO_USERS.consumer.email);
    assert.equal(o.customer.guest, false);
    assert.deepEqual(
      o.downloads.map((d: any) => d.status),
      ['Available', 'Available', 'Available'],
    );
    assert.deepEqual(o.emails.map((m: any) => m.kind).sort(), ['downloads-ready', 'order-confirmation']);
    assert.equal(o.downloadEmailsSent, 1);
    assert.equal(o.deliveryGroups[0].status, 'Delivered');
    assert.equal((await admin.get(`${W}/orders/801000000000999AAA`)).status, 404);
    assert.equal((await admin.get(`${W}/orders/not-an-id`)).status, 400);
  });
});

describe('shipping a printed directory', () => {
  test('bad carriers and tracking numbers are refused with a 400 and change nothing', async () => {
    const group = (await admin.get(`${W}/orders/${orders.printed}`)).body.deliveryGroups[0].id;
    const path = `${W}/orders/${orders.printed}/delivery-groups/${group}/actions/ship`;
    const before = await orderState(orders.printed);
    for (const body of [
      { carrier: 'UPS', trackingNumber: '12345' },
      { carrier: 'x', trackingNumber: '1Z999AA10123456784' },
      { carrier: 'Acme', trackingNumber: 'NO-DIGITS' },
      { carrier: 'UPS' },
      { carrier: 'UPS', trackingNumber: 42 },
    ]) {
      const res = await admin.post(path, body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
      errorOf(res);
    }
    assert.equal(await orderState(orders.printed), before);
  });

  test('the buyer’s order shows the carrier and tracking number, an email is queued, the order is Fulfilled', async () => {
    const detail = (await admin.get(`${W}/orders/${orders.printed}`)).body;
    const group = detail.deliveryGroups.find((g: any) => g.deliveryKind === 'Shipped');
    assert.equal(group.status, 'Pending');
    const shipped = await admin.post(`${W}/orders/${orders.printed}/delivery-groups/${group.id}/actions/ship`, {
      carrier: 'ups',
      trackingNumber: '1z 999 aa1 01 2345 6784',
    });
    assert.equal(shipped.status, 200, shipped.text);
    assert.equal(shipped.body.carrier, 'UPS');
    assert.equal(shipped.body.trackingNumber, '1Z999AA10123456784');
    assert.equal(shipped.body.orderStatus, 'Fulfilled');

    const mine = await consumer.api(`/order-summaries/${orders.printed}`);
    assert.equal(mine.status, 200);
    assert.equal(mine.body.status, 'Fulfilled');
    const seen = mine.body.deliveryGroups.find((g: any) => g.id === group.id);
    assert.equal(seen.status, 'Shipped');
    assert.equal(seen.carrier, 'UPS');
    assert.equal(seen.trackingNumber, '1Z999AA10123456784');
    assert.ok(seen.shippedAt);

    const mail = await s.db.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('order_id', '=', orders.printed)
      .where('kind', '=', 'order-shipped')
      .execute();
    assert.equal(mail.length, 1);
    assert.equal(mail[0]!.to_address, DEMO_USERS.consumer.email);
    assert.match(mail[0]!.subject, /has shipped/);
    assert.match(mail[0]!.text_body, /Tracking number: 1Z999AA10123456784/);
    assert.match(mail[0]!.text_body, /Carrier: UPS/);

    const again = await admin.post(`${W}/orders/${orders.printed}/delivery-groups/${group.id}/actions/ship`, {
      carrier: 'FedEx',
      trackingNumber: '123456789012',
    });
    assert.equal(again.status, 409);
    assert.equal(errorOf(again).errorCode, 'ALREADY_SHIPPED');

    const entries = await auditOf(orders.printed);
    assert.deepEqual(
      entries.map((e) => e.action),
      ['ship'],
    );
    assert.equal(entries[0]!.user.email, DEMO_USERS.admin.email);
    assert.equal(entries[0]!.after.trackingNumber, '1Z999AA10123456784');

    const cancel = await admin.post(`${W}/orders/${orders.printed}/actions/cancel`, { reason: 'Changed their mind' });
    assert.equal(cancel.status, 409, 'a shipped order is refunded, not cancelled');
    assert.equal(errorOf(cancel).errorCode, 'ORDER_NOT_CANCELLABLE');
  });

  test('a digital group has nothing to ship', async () => {
    const group = (await admin.get(`${W}/orders/${orders.datasets}`)).body.deliveryGroups[0].id;
    const res = await admin.post(`${W}/orders/${orders.datasets}/delivery-groups/${group}/actions/ship`, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    assert.equal(res.status, 409);
    assert.equal(errorOf(res).errorCode, 'NOT_SHIPPABLE');
  });
});

describe('refunds', () => {
  test('a refunded dataset line: its download link is refused and the buyer sees the refund', async () => {
    const links = (await consumer.api(`/order-summaries/${orders.datasets}/downloads`)).body.items;
    assert.equal(links.length, 3);
    const [first] = links;
    assert.equal((await consumer.get(first.url)).status, 200, 'the link works before the refund');

    const order = (await consumer.api(`/order-summaries/${orders.datasets}`)).body;
    assert.ok(cents(order.cartAdjustments[0]?.adjustmentAmount ?? '0') < 0, 'the order has an order-level discount');
    const refunded = await admin.post(
      `${W}/orders/${orders.datasets}/refunds`,
      { orderItemIds: [first.orderItemId], reason: 'Wrong list' },
      { headers: { 'idempotency-key': 'refund-line-1' } },
    );
    assert.equal(refunded.status, 201, refunded.text);
    const line = order.lines.find((l: any) => l.orderItemId === first.orderItemId);
    const amount = cents(refunded.body.refund.amount);
    // The line's price and tax, less a part of the order's discount (a third or so: the lines cost about the same).
    assert.ok(amount < cents(line.totalPrice) + cents(line.totalTax), `${amount} includes a discount share`);
    assert.ok(amount > 0);
    assert.equal(refunded.body.refund.kind, 'Refund');
    assert.equal(refunded.body.refund.status, 'Succeeded');

    const gone = await consumer.get(first.url);
    assert.equal(gone.status, 410, 'the refunded dataset’s link is refused');
    assert.equal(errorOf(gone).errorCode, 'DOWNLOAD_REFUNDED');
    const left = (await consumer.api(`/order-summaries/${orders.datasets}/downloads`)).body.items;
    assert.deepEqual(
      left.map((l: any) => l.orderItemId),
      links.slice(1).map((l: any) => l.orderItemId),
      'the order page offers only the datasets still theirs',
    );
    assert.equal((await consumer.get(links[1].url)).status, 200, 'the other lines still download');

    const mine = (await consumer.api(`/order-summaries/${orders.datasets}`)).body;
    assert.equal(mine.totalRefundedAmount, refunded.body.refund.amount);
    assert.equal(mine.refunds.length, 1);
    assert.deepEqual(mine.refunds[0].orderItemIds, [first.orderItemId]);
    assert.equal(mine.refunds[0].reason, 'Wrong list');
    assert.equal(mine.lines.find((l: any) => l.orderItemId === first.orderItemId).status, 'Refunded');

    // The buyer is told: what was refunded, how much, where it goes and why.
    const [email, ...more] = await refundEmails(orders.datasets);
    assert.equal(more.length, 0, 'one email for one refund');
    assert.equal(email!.to_address, DEMO_USERS.consumer.email);
    assert.match(email!.subject, new RegExp(`order ${order.orderNumber} refund`));
    assert.ok(email!.text_body.includes(`- 1 × ${line.name}`), email!.text_body);
    const others = order.lines.filter((l: any) => l.orderItemId !== first.orderItemId);
    assert.ok(
      others.every((l: any) => !email!.text_body.includes(l.name)),
      'only the refunded line is named',
    );
    const shown = dollars(refunded.body.refund.amount);
    assert.ok(email!.text_body.includes(`Amount: ${shown}, back to your card.`), email!.text_body);
    assert.match(email!.text_body, /Reason: Wrong list/);
    assert.ok(email!.html_body.includes(shown) && email!.html_body.includes('Wrong list'));

    // The same key again answers the same refund and refunds nothing more.
    const before = await orderState(orders.datasets);
    const replay = await admin.post(
      `${W}/orders/${orders.datasets}/refunds`,
      { orderItemIds: [first.orderItemId] },
      { headers: { 'idempotency-key': 'refund-line-1' } },
    );
    assert.equal(replay.status, 201);
    assert.equal(replay.body.refund.refundId, refunded.body.refund.refundId);
    assert.equal(await orderState(orders.datasets), before);

    // A second refund of the same line is refused, and changes nothing.
    const twice = await admin.post(`${W}/orders/${orders.datasets}/refunds`, { orderItemIds: [first.orderItemId] });
    assert.equal(twice.status, 409);
    assert.equal(errorOf(twice).errorCode, 'ALREADY_REFUNDED');
    assert.equal(await orderState(orders.datasets), before);
  });

  test('the whole order: the rest comes back, to the cent of the grand total; a second time is refused', async () => {
    const order = (await consumer.api(`/order-summaries/${orders.datasets}`)).body;
    const whole = await admin.post(`${W}/orders/${orders.datasets}/refunds`, { wholeOrder: true });
    assert.equal(whole.status, 201, whole.text);
    assert.equal(whole.body.orderStatus, 'Refunded');
    assert.equal(whole.body.totalRefundedAmount, order.grandTotalAmount, 'every cent paid, no more');
    const mine = (await consumer.api(`/order-summaries/${orders.datasets}`)).body;
    assert.equal(mine.totalRefundedAmount, order.grandTotalAmount);
    assert.equal(mine.hasDownloads, false);
    assert.equal((await consumer.api(`/order-summaries/${orders.datasets}/downloads`)).body.items.length, 0);
    // What the test gateway gave back is what the order says.
    const gateway = await s.db.db
      .selectFrom('test_gateway_refund')
      .innerJoin('payment', 'payment.gateway_reference', 'test_gateway_refund.reference')
      .select((eb) => eb.fn.sum<number>('test_gateway_refund.amount_minor').as('total'))
      .where('payment.order_id', '=', orders.datasets)
      .executeTakeFirstOrThrow();
    assert.equal(Number(gateway.total), cents(order.grandTotalAmount));

    const before = await orderState(orders.datasets);
    const again = await admin.post(`${W}/orders/${orders.datasets}/refunds`, { wholeOrder: true });
    assert.equal(again.status, 409);
    assert.equal(errorOf(again).errorCode, 'NOTHING_TO_REFUND');
    assert.equal(await orderState(orders.datasets), before);
    assert.deepEqual(
      (await auditOf(orders.datasets)).map((e) => e.action),
      ['refund', 'refund'],
    );
    const emails = await refundEmails(orders.datasets);
    assert.equal(emails.length, 2, 'one email per refund; the refused one sent none');
    const rest = emails[1]!.text_body;
    assert.ok(rest.includes(`Amount: ${dollars(whole.body.refund.amount)}, back to your card.`), rest);
    const stillTheirs = order.lines.filter((l: any) => l.status !== 'Refunded');
    assert.ok(stillTheirs.length > 0);
    for (const l of stillTheirs) assert.ok(rest.includes(`- ${l.quantity} × ${l.name}`), rest);
    assert.doesNotMatch(rest, /Reason:/, 'no reason given, none shown');
  });

  test('two sellers refunding the same line at once: one refund, the other refused', async () => {
    const order = await placeCardOrder(consumer, await productIdOf(s, 'DS-00007'));
    const line = (await admin.get(`${W}/orders/${order}`)).body.lines[0].orderItemId;
    const second = await s.login(DEMO_USERS.admin.email);
    const answers = await Promise.all(
      [admin, second, admin].map((a) => a.post(`${W}/orders/${order}/refunds`, { orderItemIds: [line] })),
    );
    assert.deepEqual(answers.map((r) => r.status).sort(), [201, 409, 409]);
    const refunds = await s.db.db.selectFrom('order_refund').selectAll().where('order_id', '=', order).execute();
    assert.equal(refunds.length, 1);
    const gateway = await s.db.db
      .selectFrom('test_gateway_refund')
      .select('amount_minor')
      .where('idempotency_key', '=', refunds[0]!.idempotency_key)
      .execute();
    assert.deepEqual(
      gateway.map((g) => g.amount_minor),
      [refunds[0]!.amount_minor],
      'the gateway refunded once',
    );
  });

  test('one Idempotency-Key sent twice at once: both get the one refund', async () => {
    const order = await placeCardOrder(consumer, await productIdOf(s, 'DS-00010'));
    const answers = await Promise.all(
      [1, 2].map(() =>
        admin.post(
          `${W}/orders/${order}/refunds`,
          { wholeOrder: true },
          { headers: { 'idempotency-key': `twice-${order}` } },
        ),
      ),
    );
    assert.deepEqual(
      answers.map((r) => r.status),
      [201, 201],
      answers.map((r) => r.text).join(' | '),
    );
    assert.equal(answers[0]!.body.refund.refundId, answers[1]!.body.refund.refundId);
    const refunds = await s.db.db.selectFrom('order_refund').select('id').where('order_id', '=', order).execute();
    assert.equal(refunds.length, 1);
  });

  test('bad refund input is a 400 and changes nothing', async () => {
    const before = await orderState(orders.purchaseOrder);
    const line = (await admin.get(`${W}/orders/${orders.purchaseOrder}`)).body.lines[0].orderItemId;
    for (const body of [
      {},
      { wholeOrder: true, orderItemIds: [line] },
      { orderItemIds: [] },
      { orderItemIds: [line, line] },
      { orderItemIds: ['802000000000999AAA'] },
      { orderItemIds: ['junk'] },
      { wholeOrder: false },
      { wholeOrder: true, amount: '1.00' },
    ]) {
      const res = await admin.post(`${W}/orders/${orders.purchaseOrder}/refunds`, body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
      errorOf(res);
    }
    assert.equal(await orderState(orders.purchaseOrder), before);
  });

  test('a purchase order has nothing at a gateway: the refund is recorded as a credit, and says so', async () => {
    const res = await admin.post(`${W}/orders/${orders.purchaseOrder}/refunds`, { wholeOrder: true });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.refund.kind, 'Credit');
    assert.equal(res.body.refund.gateway, null);
    assert.match(res.body.message, /purchase order.*credit/i);
    const mine = (await buyer.api(`/order-summaries/${orders.purchaseOrder}`)).body;
    assert.equal(mine.refunds[0].kind, 'Credit');
    assert.equal(mine.totalRefundedAmount, mine.grandTotalAmount);
    const [email] = await refundEmails(orders.purchaseOrder);
    assert.equal(email!.to_address, DEMO_USERS.buyer.email);
    assert.ok(
      email!.text_body.includes(`Amount: ${dollars(mine.grandTotalAmount)}, credited to your account`),
      email!.text_body,
    );
  });

  test('cancelling an order before it ships releases the card’s authorisation', async () => {
    const before = await orderState(orders.guest);
    for (const body of [{}, { reason: '   ' }, { reason: 'x', refund: true }]) {
      const bad = await admin.post(`${W}/orders/${orders.guest}/actions/cancel`, body);
      assert.equal(bad.status, 400, `${JSON.stringify(body)}: ${bad.text}`);
    }
    assert.equal(await orderState(orders.guest), before, 'a cancellation must say why; nothing changed');
    const res = await admin.post(`${W}/orders/${orders.guest}/actions/cancel`, { reason: 'Out of print' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.orderStatus, 'Cancelled');
    assert.equal(res.body.refund.kind, 'Void');
    const [email, ...more] = await refundEmails(orders.guest);
    assert.equal(more.length, 0);
    assert.match(email!.subject, /cancelled/);
    assert.match(email!.text_body, /has been cancelled\./);
    assert.ok(email!.text_body.includes(`Amount: ${dollars(res.body.refund.amount)}, not charged`), email!.text_body);
    assert.match(email!.text_body, /Reason: Out of print/);
    const payment = await s.db.db
      .selectFrom('sales_order')
      .innerJoin('payment', 'payment.id', 'sales_order.payment_id')
      .innerJoin('test_gateway_authorization', 'test_gateway_authorization.reference', 'payment.gateway_reference')
      .select('test_gateway_authorization.status')
      .where('sales_order.id', '=', orders.guest)
      .executeTakeFirstOrThrow();
    assert.equal(payment.status, 'Voided');
    const group = (await admin.get(`${W}/orders/${orders.guest}`)).body.deliveryGroups[0].id;
    const ship = await admin.post(`${W}/orders/${orders.guest}/delivery-groups/${group}/actions/ship`, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    assert.equal(ship.status, 409);
    assert.equal(errorOf(ship).errorCode, 'ORDER_CANCELLED');
    assert.deepEqual(
      (await auditOf(orders.guest)).map((e) => e.action),
      ['cancel'],
    );
  });
});

describe('re-sending the downloads email', () => {
  test('fresh links for the datasets still the buyer’s, in a new email', async () => {
    const order = await placeCardOrder(consumer, await productIdOf(s, 'DS-00006'));
    const res = await admin.post(`${W}/orders/${order}/actions/resend-downloads`, {});
    assert.equal(res.status, 202, res.text);
    const detail = (await admin.get(`${W}/orders/${order}`)).body;
    assert.equal(detail.downloadEmailsSent, 2);
    const mail = await s.db.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('id', '=', res.body.emailId)
      .executeTakeFirstOrThrow();
    const link = /\/services\/data\/v65\.0\/commerce\/webstores\/[^/]+\/downloads\/\S+/.exec(mail.text_body)?.[0];
    assert.ok(link, 'the email carries a download link');
    assert.equal((await consumer.get(link!)).status, 200, 'the fresh link downloads');
    assert.deepEqual(
      (await auditOf(order)).map((e) => e.action),
      ['resendDownloads'],
    );

    const none = await admin.post(`${W}/orders/${orders.printed}/actions/resend-downloads`, {});
    assert.equal(none.status, 409);
    assert.equal(errorOf(none).errorCode, 'NO_DOWNLOADS');
  });
});

describe('who may', () => {
  test('guests, shoppers and buyers get 403 on every order operation; the catalogue manager too; nothing changes', async () => {
    const order = await placeCardOrder(consumer, await productIdOf(s, 'PD-00003'));
    const detail = (await admin.get(`${W}/orders/${order}`)).body;
    const group = detail.deliveryGroups[0].id;
    const line = detail.lines[0].orderItemId;
    const calls: Array<{ op: string; method: 'GET' | 'POST'; path: string; body?: unknown }> = [
      { op: 'GET /orders', method: 'GET', path: `${W}/orders` },
      { op: 'GET /orders/{orderId}', method: 'GET', path: `${W}/orders/${order}` },
      {
        op: 'POST /orders/{orderId}/delivery-groups/{deliveryGroupId}/actions/ship',
        method: 'POST',
        path: `${W}/orders/${order}/delivery-groups/${group}/actions/ship`,
        body: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      },
      {
        op: 'POST /orders/{orderId}/actions/resend-downloads',
        method: 'POST',
        path: `${W}/orders/${order}/actions/resend-downloads`,
        body: {},
      },
      {
        op: 'POST /orders/{orderId}/refunds',
        method: 'POST',
        path: `${W}/orders/${order}/refunds`,
        body: { orderItemIds: [line] },
      },
      {
        op: 'POST /orders/{orderId}/actions/cancel',
        method: 'POST',
        path: `${W}/orders/${order}/actions/cancel`,
        body: {},
      },
    ];
    // Every order operation in the OpenAPI document is tried here.
    const doc = (await s.get('/api/docs')).body as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/services/admin/webstores/{webstoreId}/orders'))
      .flatMap(([p, methods]) =>
        Object.keys(methods).map(
          (m) => `${m.toUpperCase()} ${p.replace('/services/admin/webstores/{webstoreId}', '')}`,
        ),
      );
    assert.deepEqual(documented.sort(), calls.map((c) => c.op).sort());

    const parties = {
      guest: s.agent(),
      consumer,
      buyer,
      'catalogue manager': manager,
    };
    let refused = 0;
    for (const [name, agent] of Object.entries(parties)) {
      for (const c of calls) {
        const before = await orderState(order);
        const res = c.method === 'GET' ? await agent.get(c.path) : await agent.post(c.path, c.body);
        assert.equal(res.status, 403, `${name}: ${c.op}: ${res.status} ${res.text}`);
        assert.equal(errorOf(res).errorCode, 'INSUFFICIENT_ACCESS');
        assert.equal(await orderState(order), before, `${name}: ${c.op} changed something`);
        refused++;
      }
    }
    assert.equal(refused, 24);
    // The buyer's order is unchanged for them too.
    const mine = (await consumer.api(`/order-summaries/${order}`)).body;
    assert.equal(mine.status, 'Activated');
    assert.equal(mine.refunds.length, 0);
  });
});

describe('malformed requests from the administrator', () => {
  test('every order operation, fuzzed from the OpenAPI document: no 5xx, every 4xx in the error shape, nothing changed', {
    timeout: 600_000,
  }, async () => {
    const order = await placeCardOrder(consumer, await productIdOf(s, 'PD-00005'));
    const detail = (await admin.get(`${W}/orders/${order}`)).body;
    const doc = (await s.get('/api/docs')).body as OpenApiDoc;
    const ops = operationsOf(doc).filter((op) =>
      op.template.startsWith('/services/admin/webstores/{webstoreId}/orders'),
    );
    assert.equal(ops.length, 6);
    const values = {
      params: { webstoreId: '0ZE000000000001AAA', orderId: order, deliveryGroupId: detail.deliveryGroups[0].id },
      fields: {},
    };
    const tally = await fuzzAsAdministrator(s.url, admin, ops, values, () => orderState(order));
    console.log(
      `workspace order fuzz (administrator): ${ops.length} operations, ${tally.sent} requests sent (${tally.unsendable} unsendable), ${tally.faults.length} 5xx, ${tally.shapeless.length} shapeless 4xx, 0 state changes`,
    );
    assert.deepEqual(tally.faults, []);
    assert.deepEqual(tally.shapeless, []);
    assert.ok(tally.sent > 100);
  });
});
