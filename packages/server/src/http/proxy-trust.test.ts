// Which X-Forwarded-* headers the server believes, as an attacker and a proxy would meet it over real HTTP:
// a client writing its own X-Forwarded-For cannot step around the per-address login limit, and a forged
// X-Forwarded-Host/-Proto moves neither the canonical URL nor the cookies' Secure flag unless the proxy
// that sent it is trusted. The test client connects from 127.0.0.1, which plays the proxy where one is trusted.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, errorOf, startTestServer, type TestServer } from '../test-support/server.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../seed/access.ts';
import { parseProxyTrust } from './proxy-trust.ts';

const IP_LIMIT = 20; // auth/login-limiter.ts DEFAULT_LIMITS.ip.maxFailures
const counts = { attempts: 0, refused: 0, allowed: 0 };

let direct: TestServer; // no TRUST_PROXY
let oneHop: TestServer; // TRUST_PROXY=1
let listed: TestServer; // TRUST_PROXY=10.0.0.0/8,127.0.0.1, PUBLIC_URL set

before(async () => {
  direct = await startTestServer({ storefront: true });
  oneHop = await startTestServer({ storefront: true, trustProxy: parseProxyTrust('1') });
  listed = await startTestServer({
    storefront: true,
    trustProxy: parseProxyTrust('10.0.0.0/8,127.0.0.1'),
    publicUrl: 'https://shop.example.com/',
  });
});
after(async () => {
  console.log(
    `proxy trust: ${counts.attempts} login attempts sent, ${counts.refused} refused by the limit, ${counts.allowed} answered`,
  );
  await Promise.all([direct, oneHop, listed].map((s) => s?.close()));
});

/** A failed login with the given X-Forwarded-For, on a fresh email each time (a password spray). */
async function sprayAttempt(s: TestServer, forwardedFor: string): Promise<number> {
  const email = `spray-${counts.attempts++}@example.com`;
  const res = await s
    .agent()
    .post('/services/auth/login', { email, password: 'Guess1234!' }, { headers: { 'x-forwarded-for': forwardedFor } });
  if (res.status === 429) counts.refused++;
  else counts.allowed++;
  return res.status;
}

/** The attacker rotates the X-Forwarded-For it writes; the proxy (if any) appends the real address. */
async function spray(s: TestServer, appendedByProxy: string | null): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i <= IP_LIMIT; i++) {
    const spoofed = `198.51.100.${i + 1}`;
    statuses.push(await sprayAttempt(s, appendedByProxy ? `${spoofed}, ${appendedByProxy}` : spoofed));
  }
  return statuses;
}

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
const PRODUCT = '/product/01t000000000101AAA';

describe('TRUST_PROXY values', () => {
  test('a hop count or addresses; unset or 0 trusts nothing; "every hop" is refused', () => {
    assert.equal(parseProxyTrust(undefined), null);
    assert.equal(parseProxyTrust(''), null);
    assert.equal(parseProxyTrust('0'), null);
    assert.deepEqual(parseProxyTrust('1'), { hops: 1 });
    assert.deepEqual(parseProxyTrust(' 10.0.0.0/8, 127.0.0.1 '), { addresses: ['10.0.0.0/8', '127.0.0.1'] });
    for (const everyHop of ['true', '*', 'TRUE', '10.0.0.1,*'])
      assert.throws(() => parseProxyTrust(everyHop), /trusting every hop/, everyHop);
  });
});

describe('forwarded host and scheme', () => {
  // Run before the sprays below, which use up 127.0.0.1's failures on the server without a trusted proxy.
  // (fetch always sends the Host it connects to, here 127.0.0.1:port.)
  const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

  test('without TRUST_PROXY: ignored for the canonical URL, the Secure flag and HSTS', async () => {
    const page = await direct.get(PRODUCT, { headers: forged });
    assert.equal(page.status, 200);
    assert.equal(canonicalOf(page.text), `${direct.url}${PRODUCT}`, 'the Host header, over http');
    assert.doesNotMatch(page.text, /evil\.example/);
    assert.equal(page.headers.get('strict-transport-security'), null);
    const login = await direct
      .agent()
      .post('/services/auth/login', { email: DEMO_USERS.buyer.email, password: DEMO_PASSWORD }, { headers: forged });
    assert.equal(login.status, 200, login.text);
    assert.ok(
      login.headers.getSetCookie().every((c) => !/;\s*secure/i.test(c)),
      'no Secure cookie over http',
    );
  });

  test('from a trusted proxy: its scheme and host count (Secure cookies, HSTS, canonical URL)', async () => {
    const proxied = { 'x-forwarded-host': 'shop.example.net', 'x-forwarded-proto': 'https' };
    const page = await oneHop.get(PRODUCT, { headers: proxied });
    assert.equal(canonicalOf(page.text), `https://shop.example.net${PRODUCT}`, 'the trusted proxy said so');
    assert.equal(page.headers.get('strict-transport-security'), 'max-age=31536000');
    const login = await oneHop
      .agent()
      .post('/services/auth/login', { email: DEMO_USERS.buyer.email, password: DEMO_PASSWORD }, { headers: proxied });
    assert.equal(login.status, 200, login.text);
    const cookies = login.headers.getSetCookie();
    assert.ok(cookies.length > 0 && cookies.every((c) => /;\s*secure/i.test(c)), cookies.join(' | '));
  });

  test('a configured PUBLIC_URL decides the canonical origin, whatever the request or its proxy says', async () => {
    const page = await listed.get(PRODUCT, { headers: forged });
    assert.equal(canonicalOf(page.text), `https://shop.example.com${PRODUCT}`);
  });
});

describe('the CSRF origin check behind a proxy', () => {
  // A proxy that rewrites Host to an internal name passes the public one in X-Forwarded-Host; the store's
  // own pages (Origin: the public address) must still count as same-origin there, and only there.
  const fromShop = { origin: 'https://shop.example.net', 'x-forwarded-host': 'shop.example.net' };

  test('a trusted proxy’s X-Forwarded-Host is the origin writes are checked against', async () => {
    const res = await oneHop.agent().put(`${BASE}/carts/current`, {}, { headers: fromShop });
    assert.ok(res.status < 300, `the store's own page behind its proxy: ${res.status} ${res.text}`);
  });

  test('without TRUST_PROXY, a forged X-Forwarded-Host does not make another origin same-origin', async () => {
    const res = await direct.agent().put(`${BASE}/carts/current`, {}, { headers: fromShop });
    assert.equal(res.status, 403);
    assert.equal(errorOf(res).errorCode, 'INVALID_CSRF_TOKEN');
  });
});

describe('the login limit keys on the address the trusted chain yields', () => {
  test('TRUST_PROXY=1 behind one proxy: a spoofed X-Forwarded-For does not escape the per-address limit', async () => {
    const statuses = await spray(oneHop, '203.0.113.7');
    assert.deepEqual(statuses.slice(0, IP_LIMIT), Array(IP_LIMIT).fill(401));
    assert.equal(statuses[IP_LIMIT], 429, 'the 21st failure from one client is refused, whatever it forged');
    // The limit is that client's, not the proxy's: another client behind the same proxy still gets in.
    assert.equal(await sprayAttempt(oneHop, '198.51.100.1, 203.0.113.8'), 401);
    counts.attempts++;
    const ok = await oneHop
      .agent()
      .post(
        '/services/auth/login',
        { email: DEMO_USERS.consumer.email, password: DEMO_PASSWORD },
        { headers: { 'x-forwarded-for': '203.0.113.8' } },
      );
    assert.equal(ok.status, 200, ok.text);
    counts.allowed++;
  });

  test('TRUST_PROXY as an address list: the nearest untrusted address is the client', async () => {
    const statuses = await spray(listed, '10.1.2.3, 203.0.113.9');
    assert.equal(statuses[IP_LIMIT], 429);
    assert.equal(statuses.filter((c) => c === 401).length, IP_LIMIT);
  });

  test('without TRUST_PROXY, X-Forwarded-For is ignored: the socket address is the client', async () => {
    const statuses = await spray(direct, null);
    assert.equal(statuses[IP_LIMIT], 429);
    assert.equal(statuses.filter((c) => c === 401).length, IP_LIMIT);
  });
});
