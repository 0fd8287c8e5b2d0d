import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  CHANGE_PASSWORD_RULES,
  currentPassword,
  email,
  FORM_MESSAGES,
  formValues,
  LOGIN_RULES,
  newPassword,
  PASSWORDS_DIFFER,
  REGISTER_RULES,
  required,
  RESET_PASSWORD_RULES,
  validate,
  validateNewPassword,
} from './forms.ts';

describe('field rules', () => {
  test('spec 01 §5 wording', () => {
    assert.equal(FORM_MESSAGES.valueMissing, 'Complete this field');
    assert.equal(FORM_MESSAGES.badEmailInput, 'Enter a valid email address, such as you@example.com');
    assert.equal(FORM_MESSAGES.tooShort, 'Your entry is too short');
    assert.equal(FORM_MESSAGES.badInput, 'Enter a valid value');
  });

  test('required: blank or spaces only is missing', () => {
    assert.equal(required(''), 'Complete this field');
    assert.equal(required('   '), 'Complete this field');
    assert.equal(required('Ada'), null);
  });

  test('email: missing first, then the format', () => {
    assert.equal(email(''), 'Complete this field');
    assert.equal(email('ada'), FORM_MESSAGES.badEmailInput);
    assert.equal(email('ada@@example.com'), FORM_MESSAGES.badEmailInput);
    assert.equal(email('a b@example.com'), FORM_MESSAGES.badEmailInput);
    assert.equal(email(' ada@example.com '), null);
    assert.equal(
      email('ada..l@example.com'),
      'You have entered an invalid format',
      'the right shape, no plain address',
    );
    const long = `ada@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.${'g'.repeat(60)}.com`; // 260 characters, each label within 63
    assert.equal(long.length, 260);
    assert.equal(email(long), 'Your entry is too long');
  });

  test('new password: at least 8 characters with a letter and a digit', () => {
    assert.equal(newPassword(''), 'Complete this field');
    assert.equal(newPassword('abc123'), 'Your entry is too short');
    assert.equal(newPassword('abcdefgh'), 'Enter a valid value');
    assert.equal(newPassword('12345678'), 'Enter a valid value');
    assert.equal(newPassword('abcdefg1'), null);
    assert.equal(newPassword(`${'a1'.repeat(100)}x`), 'Your entry is too long', 'over 200 characters');
    assert.equal(newPassword('   '), 'Your entry is too short', 'spaces are not "empty": a password is not trimmed');
    assert.equal(newPassword('Datasets2026!'), null);
  });

  test('a login password is only required (it may predate the rule)', () => {
    assert.equal(currentPassword(''), 'Complete this field');
    assert.equal(currentPassword('x'), null);
  });
});

describe('validate / formValues', () => {
  test('collects every field message, or null', () => {
    assert.deepEqual(validate(REGISTER_RULES, { firstName: '', lastName: 'L', email: 'nope', password: 'short1' }), {
      firstName: 'Complete this field',
      email: FORM_MESSAGES.badEmailInput,
      password: 'Your entry is too short',
    });
    assert.equal(validate(LOGIN_RULES, { email: 'a@b.c', password: 'x' }), null);
    assert.deepEqual(validate(LOGIN_RULES, {}), { email: 'Complete this field', password: 'Complete this field' });
  });

  test('reads the named fields as strings', () => {
    const form = new FormData();
    form.set('email', 'a@b.c');
    form.set('file', new Blob(['x']));
    assert.deepEqual(formValues(form, ['email', 'password', 'file']), { email: 'a@b.c', password: '', file: '' });
  });
});

describe('new password twice (issue 17)', () => {
  test('each field its rule, then the confirmation must match', () => {
    assert.equal(
      validateNewPassword(RESET_PASSWORD_RULES, { password: 'abcdefg1', confirmPassword: 'abcdefg1' }),
      null,
    );
    assert.deepEqual(validateNewPassword(RESET_PASSWORD_RULES, { password: 'abcdefg1', confirmPassword: 'abcdefg2' }), {
      confirmPassword: PASSWORDS_DIFFER,
    });
    assert.deepEqual(validateNewPassword(RESET_PASSWORD_RULES, { password: 'short1', confirmPassword: '' }), {
      password: FORM_MESSAGES.tooShort,
      confirmPassword: FORM_MESSAGES.valueMissing,
    });
    assert.deepEqual(
      validateNewPassword(CHANGE_PASSWORD_RULES, {
        currentPassword: '',
        password: 'abcdefg1',
        confirmPassword: 'abcdefg1',
      }),
      { currentPassword: FORM_MESSAGES.valueMissing },
    );
  });
});
