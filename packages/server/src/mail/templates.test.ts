// Email templates: everything the caller gives appears in both bodies, HTML escapes it, links are
// checked, optional parts come and go.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  confirmRegistrationEmail,
  downloadsReadyEmail,
  escapeHtml,
  groupShippedEmail,
  orderRefundedEmail,
  orderConfirmationEmail,
  passwordChangedEmail,
  passwordResetEmail,
  registrationAttemptEmail,
  type OrderConfirmation,
} from './templates.ts';

const order: OrderConfirmation = {
  storeName: 'Data Depot',
  orderNumber: 'DD-00001042',
  orderDate: '21 November 2026',
  lines: [
    { name: 'US Dentists Email List', quantity: 1, lineTotal: '$1,234.00' },
    { name: 'Printed Directory <script>alert("x")</script> & Co', quantity: 3, lineTotal: '$89.97' },
  ],
  totals: { subtotal: '$1,323.97', discounts: '-$132.40', delivery: '$12.50', tax: '$95.33', total: '$1,299.40' },
  deliveryAddress: [
    'Casey Jones',
    "O'Brien & Sons Ltd",
    '1 Main St, Suite 200',
    'Springfield, IL 62701',
    'United States',
  ],
  paymentSummary: 'Visa ending 4242',
  orderUrl: 'https://store.example.com/orders/DD-00001042?a=1&b=2',
};

/** The HTML without markup, entities decoded: what a reader sees. */
const visible = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('escapeHtml', () => {
  it('escapes the five significant characters and nothing else', () => {
    assert.equal(
      escapeHtml(`<a href="x" title='y'>&amp;</a> é`),
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt; é',
    );
    assert.equal(escapeHtml(42), '42');
  });
});

describe('order confirmation', () => {
  it('says everything in the subject, text and HTML', () => {
    const mail = orderConfirmationEmail(order);
    assert.equal(mail.subject, 'Data Depot: order DD-00001042 confirmed');
    for (const body of [mail.text, visible(mail.html)]) {
      for (const value of [
        'Data Depot',
        'DD-00001042',
        '21 November 2026',
        'US Dentists Email List',
        '$1,234.00',
        'Printed Directory <script>alert("x")</script> & Co',
        '$89.97',
        '$1,323.97',
        '-$132.40',
        '$12.50',
        '$95.33',
        '$1,299.40',
        'Casey Jones',
        "O'Brien & Sons Ltd",
        '1 Main St, Suite 200',
        'Springfield, IL 62701',
        'Visa ending 4242',
        'Discounts',
        'Delivery',
        'Tax',
        'Total',
      ]) {
        assert.ok(body.includes(value), `${value} in ${body === mail.text ? 'text' : 'html'}`);
      }
    }
    assert.ok(mail.text.includes('View your order: https://store.example.com/orders/DD-00001042?a=1&b=2'));
    assert.match(mail.text, /^- Printed Directory .* x 3: \$89\.97$/m);
    assert.ok(mail.html.includes('href="https://store.example.com/orders/DD-00001042?a=1&amp;b=2"'));
  });

  it('escapes every value in the HTML', () => {
    const hostile = '<img src=x onerror="alert(1)">\'&';
    const mail = orderConfirmationEmail({
      ...order,
      storeName: hostile,
      orderNumber: hostile,
      orderDate: hostile,
      paymentSummary: hostile,
      deliveryAddress: [hostile],
      lines: [{ name: hostile, quantity: 1, lineTotal: hostile }],
      totals: { subtotal: hostile, discounts: hostile, delivery: hostile, tax: hostile, total: hostile },
    });
    assert.ok(!mail.html.includes('<img'), 'no markup from values');
    assert.ok(!mail.html.includes('<script'), 'no script');
    assert.ok(!/onerror="/.test(mail.html), 'no live attribute');
    assert.ok(mail.html.includes('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&#39;&amp;'));
    // 6 totals-or-line cells, title, header, order number, date, address, payment: all escaped.
    assert.ok(mail.html.split('&lt;img').length - 1 >= 12);
    // The text body is plain text: values as they are.
    assert.ok(mail.text.includes(hostile));
  });

  it('leaves out what is not there: discounts, delivery, address', () => {
    const mail = orderConfirmationEmail({
      ...order,
      totals: { subtotal: '$10.00', tax: '$0.80', total: '$10.80', discounts: null, delivery: '' },
      deliveryAddress: null,
    });
    for (const body of [mail.text, visible(mail.html)]) {
      assert.ok(!body.includes('Discounts'));
      assert.ok(!/Delivery/.test(body));
      assert.ok(body.includes('$10.80'));
    }
    assert.ok(!orderConfirmationEmail({ ...order, deliveryAddress: [] }).text.includes('Delivery address'));
    assert.ok(orderConfirmationEmail(order).text.includes('Delivery address'));
  });

  it('shows the gift wrap in the totals and the gift card, the message line by line, escaped', () => {
    const mail = orderConfirmationEmail({
      ...order,
      totals: { ...order.totals, giftWrap: '$4.95' },
      gift: { wrapped: true, toName: 'Ada <b>L</b>', message: 'Happy 40th,\nfrom all of us' },
    });
    for (const body of [mail.text, visible(mail.html)]) {
      assert.match(body, /Gift wrap:?\s*\$4\.95/);
      assert.ok(body.includes('Gift wrapped'));
      assert.ok(body.includes('To: Ada <b>L</b>'));
      assert.match(body, /Happy 40th,\s+from all of us/);
    }
    assert.ok(!mail.html.includes('<b>L</b>'), 'the name is escaped in HTML');
    assert.ok(mail.text.split('\n').includes('from all of us'), 'the message keeps its lines');
    const plain = orderConfirmationEmail({ ...order, gift: { wrapped: false, toName: null, message: null } });
    assert.ok(!plain.text.includes('Gift'), 'nothing chosen, no gift section');
    assert.ok(!orderConfirmationEmail(order).text.includes('Gift'));
  });

  it('keeps one-line values on one line (no forged lines in the text, no header breaks in the subject)', () => {
    const mail = orderConfirmationEmail({
      ...order,
      orderNumber: 'DD-1\r\nBcc: victim@example.com',
      lines: [{ name: 'A\n\nTotal: $0.00', quantity: 1, lineTotal: '$5.00' }],
    });
    assert.ok(!/[\r\n]/.test(mail.subject));
    assert.equal(mail.subject, 'Data Depot: order DD-1 Bcc: victim@example.com confirmed');
    assert.ok(!mail.text.split('\n').includes('Total: $0.00'));
  });

  it('only links to absolute http(s) URLs', () => {
    assert.throws(() => orderConfirmationEmail({ ...order, orderUrl: 'javascript:alert(1)' }), TypeError);
    assert.throws(() => orderConfirmationEmail({ ...order, orderUrl: '/orders/1' }), TypeError);
    assert.throws(() => orderConfirmationEmail({ ...order, orderUrl: 'data:text/html,<b>x</b>' }), TypeError);
    assert.doesNotThrow(() => orderConfirmationEmail({ ...order, orderUrl: 'http://localhost:3000/orders/1' }));
  });
});

describe('downloads ready', () => {
  const ready = {
    storeName: 'Data Depot',
    orderNumber: 'DD-00001042',
    downloads: [
      { name: 'US Dentists Email List', url: 'https://store.example.com/downloads/eyJvIjoxfQ.sig1' },
      {
        name: 'UK <b>Solicitors</b> & "Barristers"',
        url: 'https://store.example.com/downloads/eyJvIjoyfQ.sig2?x=1&y=2',
      },
    ],
    expiresText: '28 November 2026, 10:00 UTC',
    orderUrl: 'https://store.example.com/orders/DD-00001042',
  };

  it('has one link per dataset, the expiry and the order, in both bodies', () => {
    const mail = downloadsReadyEmail(ready);
    assert.equal(mail.subject, 'Data Depot: your downloads for order DD-00001042 are ready');
    for (const d of ready.downloads) {
      assert.ok(mail.text.includes(`${d.name}\n${d.url}\n`), d.name);
      assert.ok(
        mail.html.includes(`<a href="${escapeHtml(d.url)}" style="color:#0b5cad;">${escapeHtml(d.name)}</a>`),
        d.name,
      );
    }
    assert.ok(mail.html.includes('UK &lt;b&gt;Solicitors&lt;/b&gt; &amp; &quot;Barristers&quot;'));
    assert.ok(!mail.html.includes('<b>'));
    for (const body of [mail.text, visible(mail.html)]) {
      assert.ok(body.includes('28 November 2026, 10:00 UTC'));
      assert.ok(body.includes('DD-00001042'));
      assert.ok(body.includes('Your datasets are ready'));
    }
    assert.ok(mail.text.includes(ready.orderUrl));
    assert.ok(mail.html.includes(`href="${ready.orderUrl}"`));
  });

  it('works without an order link, says "dataset" for one, and refuses non-http links', () => {
    const one = downloadsReadyEmail({ ...ready, downloads: [ready.downloads[0]], orderUrl: null });
    assert.ok(one.text.startsWith('Your dataset is ready'));
    assert.ok(!one.text.includes('/orders/'));
    assert.ok(!one.html.includes('/orders/'));
    assert.throws(
      () => downloadsReadyEmail({ ...ready, downloads: [{ name: 'x', url: 'javascript:alert(1)' }] }),
      TypeError,
    );
    assert.throws(() => downloadsReadyEmail({ ...ready, downloads: [{ name: 'x', url: 'downloads/abc' }] }), TypeError);
  });
});

describe('registration emails', () => {
  it('the confirmation carries its link in both bodies and escapes the name', () => {
    const url = 'https://store.example.com/register/confirm?token=abc_123-XYZ';
    const m = confirmRegistrationEmail({
      storeName: 'Data Depot',
      firstName: '<b>Ada</b>',
      confirmUrl: url,
      expiresText: '2026-11-24 15:00 UTC',
    });
    assert.equal(m.subject, 'Data Depot: confirm your email to finish creating your account');
    assert.ok(m.text.includes(url) && m.html.includes(`href="${url}"`));
    assert.ok(m.html.includes('&lt;b&gt;Ada&lt;/b&gt;') && !m.html.includes('<b>Ada'));
    assert.throws(() =>
      confirmRegistrationEmail({ storeName: 'D', firstName: 'A', confirmUrl: 'javascript:x', expiresText: '' }),
    );
  });

  it('the note to an existing owner links to the login page, never to a way to register', () => {
    const m = registrationAttemptEmail({ storeName: 'Data Depot', loginUrl: 'https://store.example.com/login' });
    assert.match(m.text, /tried to create a new account with this email address/);
    assert.ok(m.html.includes('href="https://store.example.com/login"'));
    assert.ok(!/register\/confirm/.test(m.text + m.html));
  });
});

describe('password emails', () => {
  const resetUrl = 'https://store.example.com/password-reset?token=abc_123-XYZ';
  it('a reset link says who asked: the store, or someone at "forgot password" (who may ignore it)', () => {
    const byStore = passwordResetEmail({ storeName: 'Data Depot', firstName: 'Ada', resetUrl, expiresText: 'x' });
    assert.match(byStore.text, /The store has started a password reset/);
    assert.doesNotMatch(byStore.text, /ignore this email/);
    const asked = passwordResetEmail({
      storeName: 'Data Depot',
      firstName: '<b>Ada</b>',
      resetUrl,
      expiresText: '2026-11-26 11:00 UTC',
      requestedBy: 'forgotPassword',
    });
    assert.equal(asked.subject, 'Data Depot: choose a new password');
    assert.match(asked.text, /Someone, perhaps you, asked to reset the password/);
    assert.match(visible(asked.html), /If you did not ask for it, you can ignore this email/);
    assert.ok(asked.text.includes(resetUrl) && asked.html.includes(`href="${resetUrl}"`));
    assert.ok(asked.html.includes('&lt;b&gt;Ada&lt;/b&gt;') && !asked.html.includes('<b>Ada'));
  });

  it('a changed password is reported with a way back for an owner who did not change it', () => {
    const m = passwordChangedEmail({
      storeName: 'Data Depot',
      firstName: 'Ada',
      changedText: '2026-11-26 10:05 UTC',
      forgotUrl: 'https://store.example.com/forgot-password',
    });
    assert.equal(m.subject, 'Data Depot: your password was changed');
    assert.match(m.text, /changed on 2026-11-26 10:05 UTC, and every other device was logged out/);
    assert.ok(m.text.includes('https://store.example.com/forgot-password'));
    assert.ok(m.html.includes('href="https://store.example.com/forgot-password"'));
    assert.throws(() =>
      passwordChangedEmail({ storeName: 'D', firstName: 'A', changedText: '', forgotUrl: 'javascript:x' }),
    );
  });
});

describe('a delivery group shipped', () => {
  const shipped = {
    storeName: 'Data Depot',
    orderNumber: 'DD-00001042',
    groupName: 'Default Delivery',
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
    items: ['2 × Dentists of Ohio <b>printed</b>'],
    deliveryAddress: ['Ada Lovelace', '415 Mission St', 'San Francisco, CA 94105'],
    orderUrl: 'https://store.example/orders/801000000000001AAA',
  };

  it('says the carrier, tracking number, what is in the parcel and where it goes, in text and HTML', () => {
    const mail = groupShippedEmail(shipped);
    assert.equal(mail.subject, 'Data Depot: order DD-00001042 has shipped');
    for (const part of [
      'Carrier: UPS',
      'Tracking number: 1Z999AA10123456784',
      '- 2 × Dentists of Ohio <b>printed</b>',
      '415 Mission St',
      shipped.orderUrl,
    ])
      assert.ok(mail.text.includes(part), part);
    assert.match(mail.html, /Tracking number: <strong>1Z999AA10123456784<\/strong>/);
    assert.match(mail.html, /2 × Dentists of Ohio &lt;b&gt;printed&lt;\/b&gt;/);
    assert.doesNotMatch(mail.html, /<b>printed/);
  });

  it('leaves the address out when there is none, and links only to http(s)', () => {
    assert.doesNotMatch(groupShippedEmail({ ...shipped, deliveryAddress: null }).text, /Going to/);
    assert.throws(() => groupShippedEmail({ ...shipped, orderUrl: 'javascript:alert(1)' }));
  });
});

describe('the refund email', () => {
  const refunded = {
    storeName: 'Data Depot',
    orderNumber: 'DD-00001042',
    cancelled: false,
    items: ['1 × Dentists <i>of</i> Ohio'],
    amount: '$1,234.50',
    destination: 'back to your card',
    reason: 'Sent the <wrong> list',
    orderUrl: 'https://store.example.com/account/orders/1',
  };

  it('says what was refunded, how much, where it goes and why, in text and HTML', () => {
    const mail = orderRefundedEmail(refunded);
    assert.equal(mail.subject, 'Data Depot: order DD-00001042 refund');
    for (const part of [
      '- 1 × Dentists <i>of</i> Ohio',
      'Amount: $1,234.50, back to your card.',
      'Reason: Sent the <wrong> list',
      refunded.orderUrl,
    ])
      assert.ok(mail.text.includes(part), part);
    assert.match(mail.html, /Amount: <strong>\$1,234\.50<\/strong>, back to your card\./);
    assert.match(mail.html, /Reason: Sent the &lt;wrong&gt; list/);
    assert.doesNotMatch(mail.html, /<i>of/);
  });

  it('a cancellation says so; no reason, no reason line', () => {
    const mail = orderRefundedEmail({ ...refunded, cancelled: true, reason: '  ' });
    assert.equal(mail.subject, 'Data Depot: order DD-00001042 cancelled');
    assert.match(mail.text, /^Your order DD-00001042 has been cancelled\./);
    assert.doesNotMatch(mail.text, /Reason/);
    assert.doesNotMatch(mail.html, /Reason/);
  });
});
