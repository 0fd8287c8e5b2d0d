import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { loginHref, pathOfRequest, registerHref, safeReturnUrl } from './return-url.ts';

describe('safeReturnUrl', () => {
  test('keeps a same-site path with its query and hash', () => {
    assert.equal(safeReturnUrl('/product/01t000000000001AAA'), '/product/01t000000000001AAA');
    assert.equal(safeReturnUrl('/category/dental?page=2#list'), '/category/dental?page=2#list');
    assert.equal(safeReturnUrl('/'), '/');
  });

  test('anything that could leave the site becomes /', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/.//evil.example',
      'javascript:alert(1)',
      '/javascript:alert(1)',
      'product/1',
      ' /x',
    ]) {
      const out = safeReturnUrl(bad);
      // Whatever comes out resolves on this site ('/.//evil.example' is kept as the local path '/evil.example').
      assert.equal(
        new URL(out, 'http://shop.example').origin,
        'http://shop.example',
        `${JSON.stringify(bad)} -> ${out}`,
      );
      assert.ok(out.startsWith('/') && !out.startsWith('//') && !out.includes(':'), `${JSON.stringify(bad)} -> ${out}`);
    }
    assert.equal(safeReturnUrl('//evil.example/x'), '/');
    assert.equal(safeReturnUrl('https://evil.example/'), '/');
  });

  test('an encoded tab stays an encoded tab: a path on this site, never a second slash', () => {
    assert.equal(safeReturnUrl('/%09/evil.example'), '/%09/evil.example');
  });

  test('never back to login, register or logout (a loop, or undoing the login)', () => {
    for (const loop of ['/login', '/login?returnUrl=/x', '/register/', '/webruntime/logout'])
      assert.equal(safeReturnUrl(loop), '/', loop);
    assert.equal(safeReturnUrl('/login-help'), '/login-help');
  });
});

describe('loginHref / registerHref', () => {
  test('never back to a one-time link\u2019s page, so its token is copied into no other address', () => {
    for (const page of ['/password-reset?token=secret-1', '/register/confirm?token=secret-2', '/forgot-password'])
      assert.equal(safeReturnUrl(page), '/', page);
    assert.equal(loginHref('/password-reset?token=secret-1'), '/login');
  });

  test('carry the return address readably, encoding what would end the parameter', () => {
    assert.equal(loginHref('/profile'), '/login?returnUrl=/profile');
    assert.equal(loginHref('/category/dental?page=2&x=1'), '/login?returnUrl=/category/dental%3Fpage%3D2%26x%3D1');
    assert.equal(
      new URL(loginHref('/category/dental?page=2&x=1'), 'http://h').searchParams.get('returnUrl'),
      '/category/dental?page=2&x=1',
    );
    assert.equal(registerHref('/product/1'), '/register?returnUrl=/product/1');
  });

  test('no parameter for the home page, an unsafe address, or the login page itself', () => {
    assert.equal(loginHref('/'), '/login');
    assert.equal(loginHref(null), '/login');
    assert.equal(loginHref('//evil.example'), '/login');
    assert.equal(loginHref('/login?returnUrl=/x'), '/login');
  });

  test('pathOfRequest keeps path and query', () => {
    assert.equal(pathOfRequest('http://shop.example/category/x?page=2'), '/category/x?page=2');
  });
});
