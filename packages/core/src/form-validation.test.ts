// Each form message of spec 01 §5 with the value that shows it, and the help-message precedence of spec 03 §5.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkChoices, checkField, helpMessage, VALIDITY_PRECEDENCE, type Validity } from './form-validation.ts';

describe('the twelve form messages, each with its trigger (spec 01 §5)', () => {
  test('"Complete this field": a required field left empty (or only spaces); an optional one passes', () => {
    assert.equal(checkField('', { required: true }), 'Complete this field');
    assert.equal(checkField('   ', { required: true }), 'Complete this field');
    assert.equal(checkField('', { maxLength: 3, type: 'email' }), null);
  });

  test('"Enter a valid value": a value the field cannot take', () => {
    const letterAndNumber = (v: string) => /\p{L}/u.test(v) && /\p{N}/u.test(v);
    assert.equal(checkField('onlyletters', { accepts: letterAndNumber }), 'Enter a valid value');
    assert.equal(checkField('letters1', { accepts: letterAndNumber }), null);
  });

  test('"The number is too high" / "The number is too low": outside max / min', () => {
    assert.equal(checkField('11', { type: 'number', min: 1, max: 10 }), 'The number is too high');
    assert.equal(checkField('0', { type: 'number', min: 1, max: 10 }), 'The number is too low');
    assert.equal(checkField('10', { type: 'number', min: 1, max: 10 }), null);
  });

  test('"Your entry is too long" / "Your entry is too short": beyond maxLength / under minLength, in characters', () => {
    assert.equal(checkField('abcd', { maxLength: 3 }), 'Your entry is too long');
    assert.equal(checkField('ab', { minLength: 3 }), 'Your entry is too short');
    assert.equal(checkField('ééé', { minLength: 3, maxLength: 3 }), null);
    assert.equal(checkField('😀😀😀', { maxLength: 3 }), null, 'an emoji is one character, not two');
  });

  test('"Enter a valid numeric value": a number field holding no number', () => {
    assert.equal(checkField('two', { type: 'number' }), 'Enter a valid numeric value');
    assert.equal(checkField('1.5', { type: 'number' }), null);
  });

  test('"Your entry isn\'t a valid increment": off the step counted from min, exact in decimals', () => {
    assert.equal(checkField('4', { type: 'number', min: 1, step: 2 }), "Your entry isn't a valid increment");
    assert.equal(checkField('5', { type: 'number', min: 1, step: 2 }), null);
    assert.equal(checkField('0.3', { type: 'number', step: '0.1' }), null, '0.3 is 3 × 0.1 (no float drift)');
  });

  test('"Invalid Format": a value the form\'s pattern does not match as a whole', () => {
    assert.equal(checkField('AB-12', { pattern: /[A-Z]{2}\d{2}/ }), 'Invalid Format');
    assert.equal(checkField('AB12x', { pattern: /[A-Z]{2}\d{2}/ }), 'Invalid Format');
    assert.equal(checkField('AB12', { pattern: /[A-Z]{2}\d{2}/ }), null);
  });

  test('"You have entered an invalid format": an email of the right shape that is no plain address', () => {
    assert.equal(checkField('jane..doe@example.com', { type: 'email' }), 'You have entered an invalid format');
    assert.equal(checkField('"jane"@example.com', { type: 'email' }), 'You have entered an invalid format');
    assert.equal(checkField('jane@-example.com', { type: 'email' }), 'You have entered an invalid format');
  });

  test('"Enter a valid email address, such as {email}": an address breaking the spec\'s email rule', () => {
    const message = 'Enter a valid email address, such as you@example.com';
    assert.equal(checkField('jane', { type: 'email' }), message, 'no @');
    assert.equal(checkField('jane@', { type: 'email' }), message, 'nothing after the @');
    assert.equal(checkField('@example.com', { type: 'email' }), message, 'nothing before the @');
    assert.equal(checkField('a@b@c', { type: 'email' }), message, 'two @');
    assert.equal(checkField('jane doe@example.com', { type: 'email' }), message, 'whitespace');
    assert.equal(checkField('jane,doe@example.com', { type: 'email' }), message, 'a comma');
    assert.equal(checkField(`${'a'.repeat(65)}@example.com`, { type: 'email' }), message, 'local part over 64');
    assert.equal(checkField(`${'a'.repeat(64)}@example.com`, { type: 'email' }), null, '64 is allowed');
    assert.equal(checkField(' jane@example.com ', { type: 'email' }), null, 'surrounding spaces are trimmed');
    assert.equal(
      checkField('jane', { type: 'email', emailExample: 'buyer@acme.test' }),
      'Enter a valid email address, such as buyer@acme.test',
    );
  });

  test('an email list is split on commas and fails on an empty item', () => {
    const message = 'Enter a valid email address, such as you@example.com';
    assert.equal(checkField('a@b.com, c@d.com', { type: 'email-list' }), null);
    assert.equal(checkField('a@b.com,,c@d.com', { type: 'email-list' }), message);
    assert.equal(checkField('a@b.com,', { type: 'email-list' }), message);
    assert.equal(checkField('a@b.com, c', { type: 'email-list' }), message);
    assert.equal(checkField('a@b.com, c..d@e.com', { type: 'email-list' }), 'You have entered an invalid format');
  });

  test('"You must select at least one choice from this set": a required choice set with none chosen', () => {
    assert.equal(checkChoices([], { required: true }), 'You must select at least one choice from this set');
    assert.equal(checkChoices(['gift'], { required: true }), null);
    assert.equal(checkChoices([], {}), null);
  });

  test('a custom error shows its own text', () => {
    assert.equal(
      checkField('SAVE', { custom: (v) => (v === 'SAVE' ? 'That code has expired.' : null) }),
      'That code has expired.',
    );
  });
});

describe('help-message precedence (spec 03 §5)', () => {
  test("the thirteen in the spec's order: with every problem set, dropping the first each time shows the next one's message", () => {
    assert.equal(VALIDITY_PRECEDENCE.length, 13);
    const shown: Array<string | null> = [];
    for (let i = 0; i < VALIDITY_PRECEDENCE.length; i++) {
      const validity: Validity = Object.fromEntries(VALIDITY_PRECEDENCE.slice(i).map((p) => [p, true]));
      shown.push(helpMessage(validity, { customError: 'Custom' }));
    }
    assert.deepEqual(shown, [
      'Custom',
      'Enter a valid value',
      'Enter a valid numeric value',
      'Invalid Format',
      'The number is too high',
      'The number is too low',
      "Your entry isn't a valid increment",
      'Your entry is too long',
      'Your entry is too short',
      'Enter a valid email address, such as you@example.com',
      'You have entered an invalid format',
      'Complete this field',
      'You must select at least one choice from this set',
    ]);
    assert.equal(helpMessage({}), null);
  });

  test('in a real field: a custom error beats a pattern, a pattern beats too long, too long beats a bad email', () => {
    const all = { pattern: /[a-z@.]+/, maxLength: 5, type: 'email' as const };
    assert.equal(checkField('ABCDEFG', { ...all, custom: () => 'Taken' }), 'Taken');
    assert.equal(checkField('ABCDEFG', all), 'Invalid Format');
    assert.equal(checkField('abcdefg', all), 'Your entry is too long');
    assert.equal(checkField('abc', all), 'Enter a valid email address, such as you@example.com');
  });

  test('a number: bad numeric input beats range; too high beats off-step; too low beats off-step', () => {
    const rule = { type: 'number' as const, min: 2, max: 10, step: 4, pattern: /\d+/ };
    assert.equal(checkField('1.5x', rule), 'Enter a valid numeric value');
    assert.equal(checkField('11', rule), 'The number is too high');
    assert.equal(checkField('1', rule), 'The number is too low');
    assert.equal(checkField('1.5', rule), 'Invalid Format', 'a pattern mismatch ranks above range');
  });
});
