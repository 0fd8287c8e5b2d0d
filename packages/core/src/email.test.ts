import { test } from 'node:test';
import assert from 'node:assert/strict';
import { invalidEmailMessage, isValidEmail, isValidEmailList } from './email.ts';

test('a single address needs exactly one @ with text on both sides', () => {
  assert.equal(isValidEmail('a@b'), true);
  assert.equal(isValidEmail('jane.doe+tag@example.co.uk'), true);
  assert.equal(isValidEmail('no-at-sign'), false);
  assert.equal(isValidEmail('@example.com'), false);
  assert.equal(isValidEmail('jane@'), false);
  assert.equal(isValidEmail('a@b@c'), false);
  assert.equal(isValidEmail(''), false);
  assert.equal(isValidEmail(null), false);
});

test('no whitespace or commas in a single address', () => {
  assert.equal(isValidEmail('jane doe@example.com'), false);
  assert.equal(isValidEmail(' jane@example.com'), false);
  assert.equal(isValidEmail('jane@example.com\n'), false);
  assert.equal(isValidEmail('a@b.com,c@d.com'), false);
});

test('local part at most 64 characters', () => {
  assert.equal(isValidEmail(`${'a'.repeat(64)}@example.com`), true);
  assert.equal(isValidEmail(`${'a'.repeat(65)}@example.com`), false);
});

test('a list is split on commas and fails on empty items', () => {
  assert.equal(isValidEmailList('a@b.com'), true);
  assert.equal(isValidEmailList('a@b.com,c@d.com'), true);
  assert.equal(isValidEmailList('a@b.com, c@d.com'), true);
  assert.equal(isValidEmailList('a@b.com,,c@d.com'), false);
  assert.equal(isValidEmailList('a@b.com, ,c@d.com'), false);
  assert.equal(isValidEmailList('a@b.com,'), false);
  assert.equal(isValidEmailList(',a@b.com'), false);
  assert.equal(isValidEmailList('a@b.com,bad'), false);
  assert.equal(isValidEmailList(''), false);
});

test('message names an example address', () => {
  assert.equal(invalidEmailMessage(), 'Enter a valid email address, such as you@example.com');
  assert.equal(invalidEmailMessage('x@y.z'), 'Enter a valid email address, such as x@y.z');
});
