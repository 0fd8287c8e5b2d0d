import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CommerceFetchError } from './errors.ts';
import { buildQuery, createHttp } from './http.ts';
import { deferred, json, recordingFetch } from './test-support.ts';

describe('buildQuery', () => {
  it('skips undefined and null, joins lists with commas, encodes values', () => {
    assert.equal(
      buildQuery({ a: 'x y', skip: undefined, nil: null, ids: ['p1', 'p2'], flag: false, n: 3, empty: [] }),
      '?a=x%20y&ids=p1,p2&flag=false&n=3',
    );
  });

  it('keeps a comma inside one list item distinct from the separator', () => {
    assert.equal(buildQuery({ ids: ['a,b', 'c'] }), '?ids=a%2Cb,c');
  });

  it('returns an empty string when nothing is left', () => {
    assert.equal(buildQuery({ a: undefined }), '');
    assert.equal(buildQuery(), '');
  });
});

describe('createHttp', () => {
  it('builds same-origin webstore URLs by default', async () => {
    const { fetch, calls } = recordingFetch();
    const http = createHttp({ webstoreId: '0ZE1', fetch });
    await http.request({ path: http.webstorePath('products', '01t/x'), query: { fields: ['Name', 'Id'] } });
    assert.equal(calls[0].url, '/services/data/v65.0/commerce/webstores/0ZE1/products/01t%2Fx?fields=Name,Id');
  });

  it('prefixes a configured base URL and API version', async () => {
    const { fetch, calls } = recordingFetch();
    const http = createHttp({ webstoreId: 'W', fetch, baseUrl: 'https://shop.example/', apiVersion: 'v66.0' });
    await http.request({ path: http.commercePath('inventory', 'levels') });
    assert.equal(calls[0].url, 'https://shop.example/services/data/v66.0/commerce/inventory/levels');
  });

  it('reads default headers on every request', async () => {
    const { fetch, calls } = recordingFetch();
    let token = 'one';
    const http = createHttp({ webstoreId: 'W', fetch, defaultHeaders: () => ({ 'X-Token': token }) });
    await http.request({ path: '/a' });
    token = 'two';
    await http.request({ path: '/a', headers: { 'X-Extra': '1' } });
    assert.equal(calls[0].headers['X-Token'], 'one');
    assert.equal(calls[1].headers['X-Token'], 'two');
    assert.equal(calls[1].headers['X-Extra'], '1');
    assert.equal(calls[1].headers.Accept, 'application/json');
  });

  it('returns the parsed body, headers and status', async () => {
    const { fetch } = recordingFetch(() => json({ ok: 1 }, { headers: { 'Cache-Control': 'max-age=9' } }));
    const res = await createHttp({ webstoreId: 'W', fetch }).request<{ ok: number }>({ path: '/a' });
    assert.deepEqual(res.data, { ok: 1 });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'max-age=9');
  });

  it('returns undefined for an empty 204', async () => {
    const { fetch } = recordingFetch(() => new Response(null, { status: 204 }));
    const res = await createHttp({ webstoreId: 'W', fetch }).request({ path: '/a', method: 'DELETE' });
    assert.equal(res.data, undefined);
  });

  it('sends a body as JSON', async () => {
    const { fetch, calls } = recordingFetch();
    await createHttp({ webstoreId: 'W', fetch }).request({ path: '/a', method: 'POST', body: { q: 1 } });
    assert.equal(calls[0].method, 'POST');
    assert.equal(calls[0].headers['Content-Type'], 'application/json');
  });
});

describe('CommerceFetchError', () => {
  it('carries url, status, statusText and the server errors; message is the status text', async () => {
    const { fetch } = recordingFetch(() =>
      json([{ errorCode: 'ITEM_NOT_FOUND', message: 'No such product' }], { status: 404, statusText: 'Not Found' }),
    );
    const http = createHttp({ webstoreId: 'W', fetch });
    const error = await http.request({ path: http.webstorePath('products', 'nope') }).then(
      () => assert.fail('expected a rejection'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof CommerceFetchError);
    assert.equal(error.name, 'CommerceFetchError');
    assert.equal(error.url, '/services/data/v65.0/commerce/webstores/W/products/nope');
    assert.equal(error.status, 404);
    assert.equal(error.statusText, 'Not Found');
    assert.equal(error.message, error.statusText);
    assert.deepEqual(error.errors, [{ message: 'No such product', type: 'ITEM_NOT_FOUND', arguments: [] }]);
  });

  it('keeps an empty errors list when the body is not JSON', async () => {
    const { fetch } = recordingFetch(
      () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await assert.rejects(createHttp({ webstoreId: 'W', fetch }).request({ path: '/a' }), (e: unknown) => {
      assert.ok(e instanceof CommerceFetchError);
      assert.equal(e.status, 502);
      assert.deepEqual(e.errors, []);
      return true;
    });
  });

  it('falls back to the standard reason phrase when the transport sends none (HTTP/2)', async () => {
    const { fetch } = recordingFetch(() => json([], { status: 404, statusText: '' }));
    await assert.rejects(createHttp({ webstoreId: 'W', fetch }).request({ path: '/a' }), {
      name: 'CommerceFetchError',
      message: 'Not Found',
      statusText: 'Not Found',
    });
  });
});

describe('cancellation', () => {
  it('rejects with an AbortError when the signal aborts mid-flight, and passes the signal to fetch', async () => {
    const hold = deferred<Response>();
    const { fetch, calls } = recordingFetch(() => hold.promise);
    const controller = new AbortController();
    const pending = createHttp({ webstoreId: 'W', fetch }).request({ path: '/a', signal: controller.signal });
    await Promise.resolve();
    controller.abort();
    await assert.rejects(pending, { name: 'AbortError' });
    assert.equal(calls[0].signal, controller.signal);
  });

  it('rejects with an AbortError even when the fetch implementation ignores the signal', async () => {
    const hold = deferred<Response>();
    const { fetch } = recordingFetch(() => hold.promise, { ignoreSignal: true });
    const controller = new AbortController();
    const pending = createHttp({ webstoreId: 'W', fetch }).request({ path: '/a', signal: controller.signal });
    controller.abort('user navigated away');
    await assert.rejects(pending, { name: 'AbortError' });
    hold.resolve(json({}));
  });

  it('does not call fetch at all when the signal is already aborted', async () => {
    const { fetch, calls } = recordingFetch();
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(createHttp({ webstoreId: 'W', fetch }).request({ path: '/a', signal: controller.signal }), {
      name: 'AbortError',
    });
    assert.equal(calls.length, 0);
  });
});

describe('onResponse', () => {
  it('hears every answer, failures included, but not transport errors or cancellations', async () => {
    const seen: Array<{ method: string; url: string; status: number }> = [];
    let status = 200;
    const { fetch } = recordingFetch((call) => {
      if (call.url.endsWith('/down')) throw new TypeError('fetch failed');
      return json(status === 200 ? {} : [], { status });
    });
    const http = createHttp({ webstoreId: 'W', fetch, onResponse: (info) => seen.push(info) });
    await http.request({ path: '/ok' });
    status = 404;
    await assert.rejects(http.request({ path: '/missing', method: 'POST' }));
    await assert.rejects(http.request({ path: '/down' }), TypeError);
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(http.request({ path: '/ok', signal: controller.signal }), { name: 'AbortError' });
    assert.deepEqual(seen, [
      { method: 'GET', url: '/ok', status: 200 },
      { method: 'POST', url: '/missing', status: 404 },
    ]);
  });

  it('a listener that throws does not fail the call', async () => {
    const { fetch } = recordingFetch(() => json({ fine: true }));
    const http = createHttp({
      webstoreId: 'W',
      fetch,
      onResponse: () => {
        throw new Error('listener bug');
      },
    });
    assert.deepEqual((await http.request({ path: '/a' })).data, { fine: true });
  });
});
