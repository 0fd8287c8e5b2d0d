import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTestToken, passesLuhn, tokenizeTestCard, validateCard } from './test-gateway.ts';

const now = new Date('2026-11-21T12:00:00Z');
const card = {
  number: '4242 4242 4242 4242',
  expiryMonth: '12',
  expiryYear: '28',
  cvv: '123',
  holderName: 'Ada Lovelace',
};

test('a test card becomes a token naming its outcome, brand and last four digits only', () => {
  assert.deepEqual(tokenizeTestCard(card, now), { token: 'tok_test_success_visa_4242', brand: 'Visa', last4: '4242' });
  assert.deepEqual(tokenizeTestCard({ ...card, number: '4000000000000002' }, now), {
    token: 'tok_test_decline_visa_0002',
    brand: 'Visa',
    last4: '0002',
  });
  assert.deepEqual(tokenizeTestCard({ ...card, number: '4000-0000-0000-0119' }, now), {
    token: 'tok_test_fail_visa_0119',
    brand: 'Visa',
    last4: '0119',
  });
  const result = tokenizeTestCard(card, now);
  assert.ok('token' in result && !result.token.includes('424242424242'));
});

test('a mistyped number, a past expiry and a short security code are each named', () => {
  assert.equal(passesLuhn('4242424242424241'), false);
  const problems = validateCard(
    { number: '4242424242424241', expiryMonth: '10', expiryYear: '2026', cvv: '12', holderName: ' ' },
    now,
  );
  assert.deepEqual(problems.map((p) => p.field).sort(), ['cvv', 'expiry', 'holderName', 'number']);
  assert.equal(problems.find((p) => p.field === 'expiry')!.message, 'This card has expired.');
  assert.deepEqual(
    validateCard({ ...card, expiryMonth: '11', expiryYear: '2026' }, now),
    [],
    'the current month is still valid',
  );
  assert.equal(
    validateCard({ ...card, number: '378282246310005', cvv: '123' }, now)[0]!.message,
    'Enter the 4-digit security code.',
  );
  assert.deepEqual(tokenizeTestCard({ ...card, expiryMonth: '13' }, now), {
    problems: [{ field: 'expiry', message: 'Enter the expiry date as MM / YY.' }],
  });
});

test('the server reads test tokens back and rejects anything else', () => {
  assert.deepEqual(parseTestToken('tok_test_decline_mastercard_4444'), {
    outcome: 'decline',
    brand: 'Mastercard',
    last4: '4444',
  });
  assert.equal(parseTestToken('4242424242424242'), null);
  assert.equal(parseTestToken('tok_test_refund_visa_4242'), null);
  assert.equal(parseTestToken('tok_test_success_visa_42424'), null);
});
