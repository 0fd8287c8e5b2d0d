import { test } from 'node:test';
import assert from 'node:assert/strict';
import { COMMON_PASSWORD_MESSAGE } from '@store/core';
import { isCommonPassword, newPasswordProblem } from './common-passwords.ts';

test('common passwords are refused in any case, and the most common words with digits or symbols added', () => {
  for (const pw of [
    'password1',
    'Password1',
    'qwerty123',
    'iloveyou',
    'Password1!',
    'Summer2024!',
    'welcome1',
    'Dragon2026',
  ])
    assert.equal(isCommonPassword(pw), true, pw);
});

test('ordinary passwords pass, so does a rarer word with a number', () => {
  for (const pw of ['Datasets2026!', 'Lists4Sale', 'Engines1843', 'correct horse battery 9'])
    assert.equal(isCommonPassword(pw), false, pw);
});

test("a new password keeps core's shape rule and is not common", () => {
  assert.match(newPasswordProblem('short1')!, /at least 8/);
  assert.match(newPasswordProblem('longenough')!, /letter and one number/);
  assert.match(newPasswordProblem('1234567890')!, /letter and one number/);
  assert.equal(newPasswordProblem('password1'), COMMON_PASSWORD_MESSAGE);
  assert.equal(newPasswordProblem('Datasets2026!'), null);
});
