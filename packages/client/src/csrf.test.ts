import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { browserCsrfToken, needsCsrfToken, readCookie } from './csrf.ts';
import { createHttp } from './http.ts';
import { recordingFetch } from './test-support.ts';

describe('readCookie', () => {
  it('finds one cookie among several, trimmed and decoded', () => {
    assert.equal(readCookie('a=1; csrf_token=abc%3D%3D;b=2', 'csrf_token'), 'abc==');
    assert.equal(readCookie('csrf_token=x', 'csrf_token'), 'x');
  });

  it('does not match a cookie whose name only ends with the wanted one', () => {
    assert.equal(readCookie('old_csrf_token=no; other=1', 'csrf_token'), null);
  });

  it('is null when absent and keeps an undecodable value as it is', () => {
    assert.equal(readCookie('', 'csrf_token'), null);
    assert.equal(readCookie('csrf_token=%E0%A4%A', 'csrf_token'), '%E0%A4%A');
  });
});

describe('needsCsrfToken', () => {
  it('is true for state-changing methods only', () => {
    for (const m of ['POST', 'PUT', 'PATCH', 'DELETE', 'post']) assert.equal(needsCsrfToken(m), true, m);
    for (const m of ['GET', 'HEAD', 'OPTIONS']) assert.equal(needsCsrfToken(m), false, m);
  });
});

describe('the CSRF header', () => {
  const g = globalThis as { document?: unknown };
  afterEach(() => delete g.document);

  it('is read from the page cookie in a browser, fresh at every request', async () => {
    const doc = { cookie: 'csrf_token=first' };
    g.document = doc;
    assert.equal(browserCsrfToken(), 'first');
    const { fetch, calls } = recordingFetch();
    const http = createHttp({ webstoreId: 'W', fetch });
    await http.request({ path: '/a', method: 'POST', body: {} });
    doc.cookie = 'sid=ignored; csrf_token=rotated';
    await http.request({ path: '/a', method: 'PATCH', body: {} });
    await http.request({ path: '/a', method: 'DELETE' });
    assert.equal(calls[0].headers['X-CSRF-Token'], 'first');
    assert.equal(calls[1].headers['X-CSRF-Token'], 'rotated');
    assert.equal(calls[2].headers['X-CSRF-Token'], 'rotated');
  });

  it('is not sent with GETs', async () => {
    g.document = { cookie: 'csrf_token=t' };
    const { fetch, calls } = recordingFetch();
    await createHttp({ webstoreId: 'W', fetch }).request({ path: '/a' });
    assert.equal(calls[0].headers['X-CSRF-Token'], undefined);
  });

  it('comes from an injected source outside a browser, and is left out when there is none', async () => {
    assert.equal(browserCsrfToken(), null);
    const { fetch, calls } = recordingFetch();
    let token: string | null = 'injected';
    const http = createHttp({ webstoreId: 'W', fetch, csrfToken: () => token });
    await http.request({ path: '/a', method: 'POST' });
    token = null;
    await http.request({ path: '/a', method: 'POST' });
    await createHttp({ webstoreId: 'W', fetch }).request({ path: '/a', method: 'POST' });
    assert.equal(calls[0].headers['X-CSRF-Token'], 'injected');
    assert.equal('X-CSRF-Token' in calls[1].headers, false);
    assert.equal('X-CSRF-Token' in calls[2].headers, false);
  });

  it('an explicit header on the request wins', async () => {
    const { fetch, calls } = recordingFetch();
    const http = createHttp({ webstoreId: 'W', fetch, csrfToken: () => 'default' });
    await http.request({ path: '/a', method: 'POST', headers: { 'X-CSRF-Token': 'explicit' } });
    assert.equal(calls[0].headers['X-CSRF-Token'], 'explicit');
  });
});
