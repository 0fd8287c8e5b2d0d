// Server rendering: runs the route loaders against the in-process API, renders the page to HTML
// and fills the template's <!--app-head--> and <!--app-html--> placeholders. entry-server.tsx
// binds it to the stylesheet and is what packages/server imports.

import { setMaxListeners } from 'node:events';
import { renderToString } from 'react-dom/server';
import { escapeHtml } from '@store/core';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider } from 'react-router';
import { createStoreApi } from '../lib/api.ts';
import { EARLY_INPUT_SCRIPT } from '../lib/early-input.ts';
import { ERROR_HEAD, headFor, NOT_FOUND_HEAD, renderHead, type HeadMatch } from '../routes/root/head.ts';
import { getServerPurifier } from '../lib/purify-server.ts';
import { setPurifierProvider } from '../lib/sanitize.ts';
import { scriptJson } from '../lib/catalogue/product-view.ts';
import { createRoutes } from '../routes/index.tsx';
import { ROUTE_MODULE, type RouteWithModule } from '../routes/lazy-route.ts';
import { modulePreloadTags, routeChunkFiles, type Manifest } from './route-preloads.ts';
import { appScriptsLoader, takeAppScripts } from './paint-first.ts';

setPurifierProvider(getServerPurifier);
// Load the sanitiser now rather than on the first page with rich text.
getServerPurifier().catch(() => undefined);

/** The in-process fetch the server hands in reaches its API under this origin. */
export const INTERNAL_API_ORIGIN = 'http://store.internal';
export const BOOT_DATA_ID = '__store_data';

export interface RenderRequest {
  url: string;
  headers: Record<string, string | undefined>;
}
export interface RenderContext {
  fetch: typeof fetch;
  template: string;
  webstoreId: string;
  /**
   * The store's public origin for canonical and absolute URLs, as the server decided it (its configured
   * PUBLIC_URL, else the request's own scheme and Host, a proxy's X-Forwarded-* only when the proxy is
   * trusted). The page never reads forwarded headers itself.
   */
  origin?: string;
  /** The request's Content-Security-Policy nonce, written on every <script> and <style> the page carries. */
  nonce?: string;
  /**
   * The client build's manifest, for the modulepreload links of the page's own route chunks (entry-server.tsx
   * hands in the built one); without it the page has only the template's (the entry's) preloads.
   */
  manifest?: Manifest;
}
export interface RenderResult {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * Origin for canonical URLs: the one the server hands in, else the request's Host header; anything that
 * is not a plain http(s) origin with a well-formed host becomes http://localhost (a Host header is the
 * client's to write). X-Forwarded-Host/-Proto are never read here: only the server knows whether the
 * proxy that sent them is trusted.
 */
export function requestOrigin(headers: Record<string, string | undefined>, given?: string): string {
  const match = /^(https?):\/\/([^/]+)\/?$/i.exec(given ?? `http://${headers.host ?? 'localhost'}`);
  const host = match?.[2] ?? '';
  return HOST.test(host) ? `${match![1]!.toLowerCase()}://${host}` : 'http://localhost';
}

/** The template's own <script> tags (the hydration bundle) carry the nonce too. */
function withNonce(html: string, nonce: string | undefined): string {
  return nonce ? html.replace(/<script(?=[\s>])/g, () => `<script nonce="${nonce}"`) : html;
}

// The template is the same on every request: its scripts are taken out once.
let lastTemplate: { text: string; taken: ReturnType<typeof takeAppScripts> } | null = null;
function appScriptsOf(text: string): ReturnType<typeof takeAppScripts> {
  if (lastTemplate?.text !== text) lastTemplate = { text, taken: takeAppScripts(text) };
  return lastTemplate.taken;
}

/** Errors as React Router's own hydration serialises them, so the browser router can revive them. */
function serializeErrors(errors: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (isRouteErrorResponse(value)) out[key] = { ...value, __type: 'RouteErrorResponse' };
    else if (value instanceof Error) out[key] = { message: 'Unexpected error', __type: 'Error' };
    else out[key] = value;
  }
  return out;
}

const FORWARDED = ['cookie', 'authorization', 'accept-language'] as const;

export async function renderPage(req: RenderRequest, ctx: RenderContext, css = ''): Promise<RenderResult> {
  const origin = requestOrigin(req.headers, ctx.origin);
  // Only the path and query of the request count: '//host/x' must not change the origin.
  const url = new URL(`/${req.url.replace(/^[/\\]+/, '')}`, origin);
  const requestHeaders = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !name.startsWith(':')) {
      try {
        requestHeaders.set(name, value);
      } catch {
        /* skip header values fetch refuses */
      }
    }
  }
  const forward: Record<string, string> = {};
  for (const name of FORWARDED) {
    const v = req.headers[name];
    if (v) forward[name] = v;
  }

  const api = createStoreApi({
    baseUrl: INTERNAL_API_ORIGIN,
    webstoreId: ctx.webstoreId,
    fetch: ctx.fetch,
    headers: forward,
  });
  const { query, dataRoutes } = createStaticHandler(createRoutes({ getApi: () => api }));
  const request = new Request(url, { headers: requestHeaders });
  // Every loader of the page hands this one signal to each API call it makes, and a product page makes more than
  // Node's default of ten: without this, each such render warned of a listener leak (the calls end with the render).
  setMaxListeners(0, request.signal);
  const context = await query(request);

  if (context instanceof Response) {
    const headers: Record<string, string> = {};
    const location = context.headers.get('Location');
    if (location) headers.location = location;
    return { status: context.status, headers, body: '' };
  }

  const router = createStaticRouter(dataRoutes, context);
  const html = renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);

  const errored = Boolean(context.errors);
  const notFound = context.statusCode === 404;
  const head = errored
    ? notFound
      ? NOT_FOUND_HEAD
      : ERROR_HEAD
    : headFor(
        context.matches.map(
          (m) => ({ id: m.route.id, data: context.loaderData[m.route.id], handle: m.route.handle }) as HeadMatch,
        ),
        false,
        context.location.search,
      );

  const boot = {
    webstoreId: ctx.webstoreId,
    hydration: {
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: serializeErrors(context.errors),
    },
  };
  const nonce = ctx.nonce ? ` nonce="${escapeHtml(ctx.nonce)}"` : '';
  const routeModules = context.matches.flatMap((m) => (m.route as RouteWithModule)[ROUTE_MODULE] ?? []);
  const routeFiles = ctx.manifest ? routeChunkFiles(ctx.manifest, routeModules) : [];
  // The app's scripts load after the first paint (paint-first.ts), the page's route chunks with them.
  const { template, scripts } = appScriptsOf(ctx.template);
  const headHtml = [
    // First, so that nothing typed or submitted before the page is hydrated is lost (lib/early-input.ts).
    `<script${nonce}>${EARLY_INPUT_SCRIPT}</script>`,
    renderHead(head, origin),
    scripts ? '' : modulePreloadTags(routeFiles),
    `<style${nonce}>${css}</style>`,
    `<script type="application/json" id="${BOOT_DATA_ID}"${nonce}>${scriptJson(boot)}</script>`,
  ]
    .filter(Boolean)
    .join('\n');
  const loader = scripts
    ? appScriptsLoader(
        { entry: scripts.entry, preload: [...scripts.preload, ...routeFiles.map((f) => `/${f}`)] },
        nonce,
        scriptJson,
      )
    : '';

  const body = withNonce(template, ctx.nonce && escapeHtml(ctx.nonce))
    .replace('<!--app-head-->', () => headHtml)
    .replace('<!--app-html-->', () => html)
    .replace('</body>', () => `${loader}</body>`);
  return {
    status: context.statusCode,
    headers: { 'content-type': 'text/html; charset=utf-8', vary: 'Cookie' },
    body,
  };
}
