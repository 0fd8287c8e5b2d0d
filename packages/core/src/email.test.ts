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

test('only a plain addr-spec: no quoted local parts, comments, angle brackets or control characters', () => {
  for (const bad of [
    '"<script>alert(1)</script>"@example.com',
    '"jane doe"@example.com',
    'jane(comment)@example.com',
    'Jane <jane@example.com>',
    'jane@example.com>',
    '<jane@example.com>',
    'jane@example.com;bob@example.com',
    'jane\u0000@example.com',
    'jane\u202e@example.com',
    'ja\\ne@example.com',
    '.jane@example.com',
    'jane.@example.com',
    'ja..ne@example.com',
    'jane@example..com',
    'jane@-example.com',
    'jane@exa_mple.com',
    'jane@[127.0.0.1]',
  ])
    assert.equal(isValidEmail(bad), false, bad);
  for (const good of ["o'brien@example.ie", 'jane_doe-x+tag@mail.example.com', 'josé@exämple.de', 'a@b'])
    assert.equal(isValidEmail(good), true, good);
});

test('an address is at most 254 characters', () => {
  const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(59)}.example`; // 189 characters
  assert.equal(isValidEmail(`${'a'.repeat(64)}@${domain}`), true);
  assert.equal(isValidEmail(`${'a'.repeat(64)}@${domain}.${'g'.repeat(20)}`), false);
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
