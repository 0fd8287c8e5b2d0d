// The one place the server mounts the server-rendered storefront (packages/web's build). The storefront
// reaches the API through an in-process fetch (Fastify inject), so a page render costs no sockets.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFound } from '../domain/errors.ts';
import { ensureCsrfCookie } from './csrf.ts';
import { cspNonceOf } from './security-headers.ts';
import { SESSION_COOKIE } from './caller.ts';
import { publicOrigin, withPageOrigin } from './public-origin.ts';
import { pageBody } from './page-compression.ts';

type Render = (
  req: { url: string; headers: Record<string, string | undefined> },
  ctx: { fetch: typeof fetch; template: string; webstoreId: string; origin: string; nonce: string },
) => Promise<{ status: number; headers: Record<string, string>; body: string }>;

/**
 * The server package's folder: the nearest one above this module holding a package.json. This module runs from
 * src/http (tsx) or from a file or chunk of the compiled bundle in dist/ (scripts/build-server.mjs), so a fixed
 * relative path would fit only one of them.
 */
function serverPackageDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

export const WEB_DIST = path.resolve(serverPackageDir(), '../web/dist');

export function injectFetch(app: FastifyInstance, forward: Record<string, string | undefined>): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' || input instanceof URL ? input.toString() : input.url,
      'http://store.internal',
    );
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(forward)) if (v) headers[k] = v;
    new Headers(init?.headers).forEach((v, k) => {
      headers[k] = v;
    });
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers,
      payload: init?.body as string | undefined,
    });
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      statusText: res.statusMessage,
      headers: res.headers as Record<string, string>,
    });
  }) as typeof fetch;
}

export async function mountStorefront(
  app: FastifyInstance,
  opts: { webstoreId: string; publicUrl?: string },
): Promise<void> {
  const entry = path.join(WEB_DIST, 'server/entry-server.js');
  const templateFile = path.join(WEB_DIST, 'client/index.html');
  if (!existsSync(entry) || !existsSync(templateFile)) {
    app.log.warn('storefront build not found; run `npm run build` (npm start does it for you)');
    return;
  }
  const template = readFileSync(templateFile, 'utf8');
  const { render } = (await import(pathToFileURL(entry).href)) as { render: Render };

  // Hashed bundles never change; everything else in public/ gets a short cache.
  await app.register(fastifyStatic, {
    root: path.join(WEB_DIST, 'client'),
    prefix: '/',
    index: false,
    wildcard: false,
    preCompressed: true,
    setHeaders: (res, file) =>
      res.header(
        'Cache-Control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      ),
  });

  const page = async (req: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    const forward = { cookie: req.headers.cookie, 'accept-language': req.headers['accept-language'] };
    const origin = publicOrigin(req, opts.publicUrl);
    const out = await withPageOrigin(origin, () =>
      render(
        { url: req.url, headers: req.headers as Record<string, string | undefined> },
        { fetch: injectFetch(app, forward), template, webstoreId: opts.webstoreId, origin, nonce: cspNonceOf(req) },
      ),
    );
    ensureCsrfCookie(req, reply);
    // A page rendered for a session (a shopper's name, cart, orders, checkout) is kept by no cache, not
    // even for the back button after logout; a guest's page may be kept but is revalidated every time.
    const caching = req.cookies?.[SESSION_COOKIE] ? 'private, no-store' : 'private, no-cache';
    reply
      .status(out.status)
      .headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': caching, ...out.headers });
    return pageBody(req, reply, out.body);
  };
  app.get('/', { schema: { hide: true } }, page);
  // Every other GET that no API route, asset or file answered is a storefront page (its 404 included);
  // API-looking paths keep the JSON error body.
  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    if (/^\/(services|api|media|samples|assets)(\/|$)/.test(req.url))
      throw notFound(`The requested resource does not exist: GET ${req.url.split('?')[0]}`);
    return page(req, reply);
  });
}
