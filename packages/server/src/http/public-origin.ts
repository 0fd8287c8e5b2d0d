// The origin of the store's absolute URLs (canonical links, the SEO properties call, the sitemap, robots.txt).
import type { FastifyRequest } from 'fastify';

/**
 * The configured public address (PUBLIC_URL) when there is one, else the request's own scheme and Host
 * (Fastify reads a proxy's X-Forwarded-Proto/-Host only when TRUST_PROXY trusts it). A Host header that is not a
 * plain host[:port] becomes localhost: it is the client's to write, and it ends up in answers others may cache.
 */
export function publicOrigin(req: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const host = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(req.host) ? req.host : 'localhost';
  return `${req.protocol}://${host}`;
}
