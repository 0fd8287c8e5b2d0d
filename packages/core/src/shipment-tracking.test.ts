import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  carrierProblem,
  normaliseCarrier,
  normaliseTrackingNumber,
  trackingNumberProblem,
} from './shipment-tracking.ts';

test('a known carrier is stored in its own spelling, another one as typed (trimmed)', () => {
  assert.equal(normaliseCarrier(' fedex '), 'FedEx');
  assert.equal(normaliseCarrier('royal  mail'), 'Royal Mail');
  assert.equal(normaliseCarrier(' Acme Couriers '), 'Acme Couriers');
  assert.equal(carrierProblem('ups'), null);
  assert.equal(carrierProblem('Acme Couriers Ltd.'), null);
  assert.match(carrierProblem('x') ?? '', /carrier’s name/);
  assert.match(carrierProblem('<script>') ?? '', /carrier’s name/);
  assert.match(carrierProblem('A'.repeat(41)) ?? '', /carrier’s name/);
});

test('tracking numbers are read without spaces and dashes, in capitals', () => {
  assert.equal(normaliseTrackingNumber(' 1z 999-aa1 0123456784 '), '1Z999AA10123456784');
});

test('a known carrier’s tracking number must have its format', () => {
  assert.equal(trackingNumberProblem('UPS', '1Z 999 AA1 01 2345 6784'), null);
  assert.equal(
    trackingNumberProblem('UPS', '123456789012'),
    'A UPS tracking number is 1Z followed by 16 letters or digits.',
  );
  assert.equal(trackingNumberProblem('fedex', '1234 5678 9012'), null);
  assert.match(trackingNumberProblem('FedEx', '1Z999AA10123456784') ?? '', /12, 15, 20 or 22 digits/);
  assert.equal(trackingNumberProblem('USPS', '9400 1000 0000 0000 0000 00'), null);
  assert.equal(trackingNumberProblem('USPS', 'EA123456789US'), null);
  assert.equal(trackingNumberProblem('DHL Express', '1234567890'), null);
  assert.equal(trackingNumberProblem('Royal Mail', 'AB123456789GB'), null);
  assert.match(trackingNumberProblem('Royal Mail', 'AB123456789US') ?? '', /GB/);
});

test('any other carrier’s number is 6 to 35 letters and digits with a digit in it', () => {
  assert.equal(trackingNumberProblem('Acme Couriers', 'ACME-000123'), null);
  assert.match(trackingNumberProblem('Acme Couriers', 'ABCDEFG') ?? '', /at least one digit/);
  assert.match(trackingNumberProblem('Acme Couriers', '12345') ?? '', /6 to 35/);
  assert.match(trackingNumberProblem('Acme Couriers', '1'.repeat(36)) ?? '', /6 to 35/);
  assert.match(trackingNumberProblem('Acme Couriers', '12345/67') ?? '', /letters and digits/);
});
