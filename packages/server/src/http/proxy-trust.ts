// Which proxies' X-Forwarded-For/-Proto/-Host the server believes (TRUST_PROXY). Everything that reads the
// client's address (the login rate limit), the scheme (Secure cookies, HSTS) or the host goes through
// Fastify's req.ip / req.protocol / req.host, which honour the forwarded headers only from a trusted hop;
// without TRUST_PROXY nothing forwarded is believed.
//
//   TRUST_PROXY unset, '' or '0'   trust no proxy: the socket's peer is the client, forwarded headers ignored
//   TRUST_PROXY=N (a whole number) trust the N nearest hops: the socket's peer and the N-1 entries it appended
//                                  last; the entry before them is the client (N=1: one proxy in front of us)
//   TRUST_PROXY=10.0.0.0/8,127.0.0.1
//                                  trust hops with these addresses or ranges (proxy-addr's names loopback,
//                                  linklocal, uniquelocal too); the client is the nearest address not in it
//
// "Trust every hop" (true, '*') is refused: a client could then write its own X-Forwarded-For and pick its
// address, and spray passwords across accounts without ever meeting the per-address login limit.

export type ProxyTrust = { hops: number } | { addresses: string[] } | null;

/** What Fastify's trustProxy option takes for a ProxyTrust. */
export type FastifyTrustProxy = false | string[] | ((address: string, hop: number) => boolean);

export function parseProxyTrust(value: string | undefined): ProxyTrust {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0') return null;
  if (/^\d+$/.test(text)) return { hops: Number(text) };
  const addresses = text
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  if (addresses.some((a) => /^(true|\*|all)$/i.test(a)))
    throw new Error(
      `TRUST_PROXY=${text}: trusting every hop lets any client choose its own address; give a hop count (e.g. 1) or the proxies' addresses (e.g. 10.0.0.0/8,127.0.0.1)`,
    );
  return { addresses };
}

export function proxyTrustFromEnv(): ProxyTrust {
  return parseProxyTrust(process.env.TRUST_PROXY);
}

/**
 * Fastify's own numeric trustProxy trusts nothing (it cannot check the nearest peer), so a hop count is
 * given as proxy-addr's trust function: the hops nearest the socket (0 = the socket's peer) are proxies.
 * An address list is compiled by Fastify (proxy-addr), which throws at start on an entry it cannot read.
 */
export function fastifyTrustProxy(trust: ProxyTrust): FastifyTrustProxy {
  if (!trust) return false;
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  return trust.addresses;
}
