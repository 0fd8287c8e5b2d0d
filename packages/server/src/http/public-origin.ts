// The origin of the store's absolute URLs (canonical links, the SEO properties call, the sitemap, robots.txt,
// the MCP address an assistant is given).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';

/**
 * The public origin of the page being rendered, for the API calls its render makes in-process (storefront.ts).
 * Those calls reach the API through Fastify's inject, whose Host is `localhost:80`: without this, a page that
 * shows an absolute address from the API (the MCP endpoint on /account/agents) would show that one on a full
 * page load and the real one after a client-side navigation. Held in the render's async context, never in a
 * header, so no outside request can set it.
 */
const renderingPage = new AsyncLocalStorage<string>();

/** Runs a page render whose in-process API calls answer with `origin` as their public origin. */
export function withPageOrigin<T>(origin: string, render: () => Promise<T>): Promise<T> {
  return renderingPage.run(origin, render);
}

/**
 * The configured public address (PUBLIC_URL) when there is one, else the request's own scheme and Host
 * (Fastify reads a proxy's X-Forwarded-Proto/-Host only when TRUST_PROXY trusts it). A Host header that is not a
 * plain host[:port] becomes localhost: it is the client's to write, and it ends up in answers others may cache.
 */
export function publicOrigin(req: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const page = renderingPage.getStore();
  if (page) return page;
  const host = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(req.host) ? req.host : 'localhost';
  return `${req.protocol}://${host}`;
}
