import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { CommerceFetchError } from '@store/client';
import { errorCode, errorMessage, GENERIC_ERROR } from './errors.ts';

describe('error messages for shoppers', () => {
  const fail = (status: number, errors: Array<{ type: string; message: string }>) =>
    new CommerceFetchError({ url: '/x', status, statusText: '', errors: errors.map((e) => ({ ...e, arguments: [] })) });

  test("the server's own message and code when it sent them", () => {
    const e = fail(401, [
      {
        type: 'INVALID_LOGIN',
        message: 'Your login attempt has failed. Make sure the username and password are correct.',
      },
    ]);
    assert.equal(errorMessage(e), 'Your login attempt has failed. Make sure the username and password are correct.');
    assert.equal(errorCode(e), 'INVALID_LOGIN');
  });

  test('fallbacks: a 429 without words, anything else', () => {
    assert.match(errorMessage(fail(429, [])), /Too many attempts/);
    assert.equal(errorMessage(fail(500, [])), GENERIC_ERROR);
    assert.equal(errorMessage(new TypeError('fetch failed'), 'Custom'), 'Custom');
    assert.equal(errorCode(new Error('x')), null);
  });
});
