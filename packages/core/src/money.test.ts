import { test } from 'node:test';
import assert from 'node:assert/strict';
import Big from 'big.js';
import {
  addDecimal,
  compareDecimal,
  decimalToMinorUnits,
  discountPercent,
  formatCurrency,
  isDecimalString,
  isNegativeDecimal,
  minorUnitsToDecimal,
  multiplyDecimal,
  normaliseDecimal,
  parseDecimal,
  percentOff,
  roundHalfUp,
  subtractDecimal,
  sumDecimals,
  tryParseDecimal,
} from './money.ts';

test('isDecimalString accepts plain decimals only', () => {
  for (const ok of ['0', '39.99', '-5', '2.0', '.5', ' 7 ', '389.990']) assert.equal(isDecimalString(ok), true, ok);
  for (const bad of ['', 'abc', '1e3', '+1', '1,000', '0x10', 'NaN', 'Infinity', '1.2.3', '-', null, 5]) {
    assert.equal(isDecimalString(bad), false, String(bad));
  }
});

test('tryParseDecimal returns null for bad input; parseDecimal throws', () => {
  assert.equal(tryParseDecimal('x'), null);
  assert.equal(tryParseDecimal(Number.NaN), null);
  assert.equal(tryParseDecimal(undefined), null);
  assert.equal(tryParseDecimal(3)!.toFixed(), '3');
  assert.equal(tryParseDecimal(new Big('1.5'))!.toFixed(), '1.5');
  assert.throws(() => parseDecimal('12abc'), TypeError);
});

test('arithmetic is exact decimal, not float', () => {
  assert.equal(addDecimal('0.1', '0.2'), '0.3'); // 0.30000000000000004 with floats
  assert.equal(subtractDecimal('1.00', '0.99'), '0.01');
  assert.equal(multiplyDecimal('19.99', '3'), '59.97');
  assert.equal(sumDecimals(['0.1', '0.2', '0.3']), '0.6');
  assert.equal(sumDecimals([]), '0');
  assert.equal(addDecimal('9007199254740993', '1'), '9007199254740994'); // beyond float precision
});

test('compare and sign', () => {
  assert.equal(compareDecimal('10', '9.99'), 1);
  assert.equal(compareDecimal('2.0', '2'), 0);
  assert.equal(compareDecimal('-1', '0'), -1);
  assert.equal(isNegativeDecimal('-0.01'), true);
  assert.equal(isNegativeDecimal('0'), false);
});

test('normaliseDecimal never uses exponent form', () => {
  assert.equal(normaliseDecimal('2.50'), '2.5');
  assert.equal(normaliseDecimal(1e21), '1000000000000000000000');
  assert.equal(normaliseDecimal('0.0000001'), '0.0000001');
  assert.equal(normaliseDecimal('-0'), '0');
});

test('roundHalfUp rounds .5 up and keeps 2 places', () => {
  assert.equal(roundHalfUp('1.005'), '1.01'); // float rounding gives 1.00
  assert.equal(roundHalfUp('1.004'), '1.00');
  assert.equal(roundHalfUp('39.9'), '39.90');
  assert.equal(roundHalfUp('-1.005'), '-1.01');
  assert.equal(roundHalfUp('-0.001'), '0.00');
  assert.equal(roundHalfUp('2.5', 0), '3');
});

test('percentOff', () => {
  assert.equal(percentOff('35.99', '10'), '32.39'); // 32.391
  assert.equal(percentOff('100', '12.5'), '87.50');
  assert.equal(percentOff('0.05', '50'), '0.03'); // 0.025 rounds half up
});

test('discountPercent is a rounded whole percent', () => {
  assert.equal(discountPercent('100', '75'), 25);
  assert.equal(discountPercent('3', '2'), 33); // 33.33
  assert.equal(discountPercent('8', '7'), 13); // 12.5 rounds up
  assert.equal(discountPercent('0', '0'), null);
});

test('minor units <-> decimal string', () => {
  assert.equal(minorUnitsToDecimal('3999'), '39.99');
  assert.equal(minorUnitsToDecimal(5), '0.05');
  assert.equal(minorUnitsToDecimal(125000n), '1250.00');
  assert.equal(minorUnitsToDecimal('1250', 0), '1250');
  // Whole numbers of minor units (the database's) read the same as through decimals, signs and scales included.
  for (const minor of [0, 1, 5, 99, 100, 3999, -5, -100, -123456, 900719925474099, Number.MAX_SAFE_INTEGER])
    for (const digits of [0, 2, 3])
      assert.equal(
        minorUnitsToDecimal(minor, digits),
        minorUnitsToDecimal(String(minor), digits),
        `${minor} at ${digits} digits`,
      );
  assert.equal(minorUnitsToDecimal(-5), '-0.05');
  assert.equal(minorUnitsToDecimal(123456, 3), '123.456');
  assert.throws(() => minorUnitsToDecimal(1.5), TypeError);
  assert.throws(() => minorUnitsToDecimal('1.5'), TypeError);
  assert.equal(decimalToMinorUnits('39.99'), '3999');
  assert.equal(decimalToMinorUnits('1250'), '125000');
  assert.equal(decimalToMinorUnits('0.125'), '13');
  assert.equal(decimalToMinorUnits('123456789012345678.91'), '12345678901234567891');
});

test('decimalToMinorUnits: plain prices (the quick path) convert exactly as the decimal arithmetic does', () => {
  // The oracle: big.js times 10^digits, rounded half-up, in plain notation ("-0" as "0").
  const oracle = (amount: string, digits: number) => {
    const r = new Big(amount).times(new Big(10).pow(digits)).round(0, 1);
    return r.eq(0) ? '0' : r.toFixed();
  };
  const amounts = ['0', '0.0', '0.00', '-0.00', '5', '5.', '5.5', '0.05', '007.50', '-12.34', '449.00', '1250'];
  for (let i = 0; i < 400; i++) {
    const whole = String(Math.floor(Math.random() * 10 ** (1 + (i % 13))));
    const fraction = ['', '.', `.${i % 10}`, `.${String(i % 100).padStart(2, '0')}`][i % 4];
    amounts.push(`${i % 3 === 0 ? '-' : ''}${whole}${fraction}`);
  }
  for (const amount of amounts)
    for (const digits of [0, 2, 3])
      assert.equal(decimalToMinorUnits(amount, digits), oracle(amount, digits), `${amount} at ${digits}`);
  assert.equal(decimalToMinorUnits('-0.05'), '-5');
  assert.equal(decimalToMinorUnits('007.50'), '750');
});

test('formatCurrency: USD symbol with cents', () => {
  assert.equal(formatCurrency('39.99', 'USD'), '$39.99');
  assert.equal(formatCurrency('1250', 'USD'), '$1,250.00');
  assert.equal(formatCurrency('0', 'USD'), '$0.00');
  assert.equal(formatCurrency('-5.5', 'USD'), '-$5.50');
});

test('formatCurrency keeps up to 20 fraction digits', () => {
  assert.equal(formatCurrency('1.23456', 'USD'), '$1.23456');
  assert.equal(formatCurrency('1.23456', 'USD', 'en-US', { maximumFractionDigits: 2 }), '$1.23');
  assert.equal(formatCurrency('0.12345678901234567891', 'USD'), '$0.12345678901234567891');
});

test('formatCurrency does not lose precision on 15+ digit numbers', () => {
  assert.equal(formatCurrency('123456789012345678.99', 'USD'), '$123,456,789,012,345,678.99');
  assert.equal(formatCurrency('9007199254740993', 'USD'), '$9,007,199,254,740,993.00');
});

test('formatCurrency options and fallbacks', () => {
  assert.equal(formatCurrency('1250', 'JPY'), '¥1,250'); // the currency's own digits, not a forced 2
  assert.equal(formatCurrency('3', 'EUR', 'en-US', { currencyDisplay: 'code' }).replace(/\s/g, ' '), 'EUR 3.00');
  assert.equal(formatCurrency('39.99', 'EUR', 'de-DE').replace(/\s/g, ' '), '39,99 €');
  assert.equal(formatCurrency(null, 'USD'), '');
  assert.equal(formatCurrency('abc', 'USD'), '');
  assert.equal(formatCurrency('5', 'NOTACODE'), '5 NOTACODE');
});
