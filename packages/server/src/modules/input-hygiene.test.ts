// What the store accepts as text over real HTTP: emails are plain addresses only (registration and
// checkout), checkout phones must read as phone numbers, and free text the store keeps or acts on
// (names, addresses, company, instructions, coupon codes, search terms) carries no control or bidi
// override characters. Each refusal is a 400 in the API's error shape and changes nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, errorOf, startTestServer, type TestServer } from '../test-support/server.ts';
import { DEMO_USERS } from '../seed/access.ts';
import { guestCheckout, productIdOf } from '../test-support/purchase.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s?.close();
});

const BASE_ADDRESS = { name: 'Ada Lovelace', street: '415 Mission St', city: 'San Francisco', region: 'CA' };
const ADDRESS = { ...BASE_ADDRESS, postalCode: '94105', country: 'US' };
const HOSTILE_EMAILS = [
  '"<script>alert(1)</script>"@example.com',
  '"ada lovelace"@example.com',
  'ada(comment)@example.com',
  'Ada <ada@example.com>',
  'ada@example.com>, eve@evil.example',
];
const HOSTILE_TEXT = ['Ada\u0000', 'Ada\u001b[31m', 'evil\u202Egpj.exe', 'a\u2066b\u2069', 'two\nlines'];

/** Users whose email starts so (a refused registration leaves none). */
const usersLike = async (prefix: string) =>
  (await s.db.db.selectFrom('app_user').select('email').where('email', 'like', `${prefix}%`).execute()).length;

/** A guest with a dataset in the cart and a started checkout (no contact or address yet). */
const startedCheckout = () => guestCheckout(s, 'DS-00002', { details: false });

function assertBadInput(res: { status: number; body: unknown; text: string }, what: string) {
  assert.equal(res.status, 400, `${what}: ${res.text}`);
  assert.equal(errorOf(res).errorCode, 'INVALID_API_INPUT', what);
}

describe('emails are plain addresses', () => {
  test('registration refuses quoted, commented and bracketed addresses, creating no user', async () => {
    for (const email of HOSTILE_EMAILS) {
      const res = await s
        .agent()
        .post('/services/auth/register', { firstName: 'Ada', lastName: 'Lovelace', email, password: 'Lists4Sale!' });
      assertBadInput(res, email);
      assert.equal(errorOf(res).message.includes('Enter a valid email address'), true, res.text);
    }
    assert.equal(await usersLike('"'), 0);
    assert.equal(await usersLike('ada'), 0);
  });

  test('checkout contact details refuse them too, keeping the contact unset', async () => {
    const { a, id } = await startedCheckout();
    for (const email of HOSTILE_EMAILS) {
      const res = await a.patch(`${BASE}/checkouts/${id}`, { contactInfo: { lastName: 'Lovelace', email } });
      assertBadInput(res, email);
    }
    assert.equal((await a.api(`/checkouts/${id}`)).body.contactInfo, null);
  });
});

describe('checkout phone numbers', () => {
  test('a contact phone that is not a phone number is refused; a real one is kept', async () => {
    const { a, id } = await startedCheckout();
    const contact = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
    for (const phoneNumber of ['<script>alert(1)</script>', 'call me maybe', '12', '1'.repeat(25)]) {
      const res = await a.patch(`${BASE}/checkouts/${id}`, { contactInfo: { ...contact, phoneNumber } });
      assertBadInput(res, phoneNumber);
      assert.equal(errorOf(res).message, 'Enter a valid phone number.');
    }
    assert.equal((await a.api(`/checkouts/${id}`)).body.contactInfo, null, 'nothing stored');
    const usPhone = await a.patch(`${BASE}/checkouts/${id}`, {
      contactInfo: { ...contact, phoneNumber: '555-0100', isoCountryCodeForPhoneNumber: 'US' },
    });
    assertBadInput(usPhone, 'a US number without its area code');
    const ok = await a.patch(`${BASE}/checkouts/${id}`, {
      contactInfo: { ...contact, phoneNumber: '+44 20 7946 0958' },
    });
    assert.equal(ok.status, 202, ok.text);
    assert.equal((await a.api(`/checkouts/${id}`)).body.contactInfo.phoneNumber, '+44 20 7946 0958');
  });
});

describe('free text carries no control or bidi override characters', () => {
  test('registration names', async () => {
    for (const firstName of HOSTILE_TEXT) {
      const res = await s.agent().post('/services/auth/register', {
        firstName,
        lastName: 'Lovelace',
        email: 'ada.hygiene@example.com',
        password: 'Lists4Sale!',
      });
      assertBadInput(res, JSON.stringify(firstName));
    }
    assert.equal(await usersLike('ada.hygiene'), 0);
  });

  test('checkout contact, delivery address and instructions; a right-to-left mark stays allowed', async () => {
    const { a, id } = await startedCheckout();
    const before = (await a.api(`/checkouts/${id}`)).body;
    for (const text of HOSTILE_TEXT) {
      for (const body of [
        { contactInfo: { lastName: text, email: 'ada@example.com' } },
        { deliveryAddress: { ...ADDRESS, street: text } },
        { deliveryAddress: { ...ADDRESS, companyName: text } },
      ])
        assertBadInput(await a.patch(`${BASE}/checkouts/${id}`, body), JSON.stringify(body));
    }
    assertBadInput(
      await a.patch(`${BASE}/checkouts/${id}`, { shippingInstructions: 'Leave at door\u202E' }),
      'bidi override in instructions',
    );
    const after = (await a.api(`/checkouts/${id}`)).body;
    assert.deepEqual(after.contactInfo, before.contactInfo);
    assert.deepEqual(after.deliveryGroups.items[0].deliveryAddress, before.deliveryGroups.items[0].deliveryAddress);
    const multiline = await a.patch(`${BASE}/checkouts/${id}`, { shippingInstructions: 'Ring twice\nBack door' });
    assert.equal(multiline.status, 202, 'instructions may span lines');
    const rtl = await a.patch(`${BASE}/checkouts/${id}`, {
      contactInfo: { lastName: 'כהן\u200F', email: 'ada@example.com' },
    });
    assert.equal(rtl.status, 202, rtl.text);
  });

  test('address book entries, coupon codes and search terms', async () => {
    const buyer = await s.login(DEMO_USERS.buyer.email);
    const count = async () => (await buyer.api('/accounts/current/addresses')).body.items.length;
    const before = await count();
    for (const text of HOSTILE_TEXT)
      assertBadInput(
        await buyer.post(`${BASE}/accounts/current/addresses`, { ...ADDRESS, name: text }),
        JSON.stringify(text),
      );
    assert.equal(await count(), before);

    const guest = s.agent();
    await guest.post(`${BASE}/carts/current/cart-items`, {
      productId: await productIdOf(s, 'DS-00003'),
      quantity: '1',
      type: 'Product',
    });
    assertBadInput(
      await guest.post(`${BASE}/carts/current/cart-coupons`, { couponCode: 'SPRING\u0000' }),
      'coupon with NUL',
    );
    assertBadInput(await s.api(`/search/products?searchTerm=${encodeURIComponent('dentists\u202E')}`), 'search term');
    assert.equal((await s.api(`/search/products?searchTerm=${encodeURIComponent('dentists')}`)).status, 200);
  });
});
