// Builds the HTTP application: API modules, generated OpenAPI document, assets and the storefront.
import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import cookie from '@fastify/cookie';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import { createServices, type ServiceOptions, type Services } from './services/index.ts';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './http/errors.ts';
import { checkoutRoutes } from './modules/checkouts.ts';
import { addressRoutes } from './modules/addresses.ts';
import { wishlistRoutes } from './modules/wishlists.ts';
import { orderRoutes } from './modules/orders.ts';
import { mountStorefront } from './http/storefront.ts';
import { contextRoutes } from './modules/context.ts';
import { aiConfigurationRoutes } from './modules/shopper-signals.ts';
import { recommendationRoutes } from './modules/recommendations.ts';
import { datasetListRoutes } from './modules/dataset-lists.ts';
import { agentTokenRoutes } from './modules/agent-tokens.ts';
import { shopperAgentRoutes } from './modules/shopper-agent.ts';
import { mcpRoutes } from './modules/mcp.ts';
import { productRoutes } from './modules/products.ts';
import { categoryRoutes } from './modules/categories.ts';
import { pricingRoutes } from './modules/pricing.ts';
import { taxRoutes } from './modules/taxes.ts';
import { inventoryRoutes } from './modules/inventory.ts';
import { searchRoutes } from './modules/search.ts';
import { cartRoutes } from './modules/carts.ts';
import { promotionRoutes } from './modules/promotions.ts';
import { assetRoutes } from './modules/assets.ts';
import { cmsMediaRoutes } from './modules/cms-media.ts';
import { accountRoutes } from './modules/accounts.ts';
import { authRoutes } from './modules/auth.ts';
import { workspaceRoutes } from './modules/admin/index.ts';
import { seoRoutes } from './modules/seo.ts';
import { contentDeliveryRoutes } from './modules/cms-delivery.ts';
import { installCsrfProtection } from './http/csrf.ts';
import { installAnalyticsCookieRule } from './http/analytics-cookie.ts';
import { activityRoutes } from './modules/activities.ts';
import { installInputGuard } from './http/input-guard.ts';
import { sessionConfigFromEnv } from './auth/sessions.ts';
import { fastifyTrustProxy, type ProxyTrust, proxyTrustFromEnv } from './http/proxy-trust.ts';
import { jsonBody } from './domain/json-body.ts';
import { installSecurityHeaders } from './http/security-headers.ts';

export const DEMO_WEBSTORE_ID = '0ZE000000000001AAA';

/** The app's own options, and the services' (ServiceOptions: the policies a store swaps, mail, sessions…). */
export interface AppOptions extends ServiceOptions {
  db: Kysely<Database>;
  logger?: boolean;
  storefront?: boolean;
  webstoreId?: string;
  /**
   * The proxies whose X-Forwarded-For/-Proto/-Host are believed (client address for the login rate limit,
   * Secure cookies, HSTS): a hop count or proxy addresses, from TRUST_PROXY by default (http/proxy-trust.ts).
   */
  trustProxy?: ProxyTrust;
}

export async function buildApp(opts: AppOptions): Promise<{ app: FastifyInstance; services: Services }> {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: fastifyTrustProxy(opts.trustProxy === undefined ? proxyTrustFromEnv() : opts.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // The router's and Node's HTTP parser's refusals bypass the error handler: they get the error shape here.
    frameworkErrors,
    clientErrorHandler,
    // Fastify gives each plugin 10 s to start by default. On a loaded machine (the shared 2-core test machine at
    // load 20+) start-up held the event loop for over 8 s at a time, the storefront's static-file plugin ran out
    // of its 10 s and the server refused to start at all (every browser test's "Plugin did not start in time:
    // '@fastify/static'"). A plugin that never finishes is still caught, only later.
    pluginTimeout: 120_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every JSON reply is written in pieces (domain/json-body.ts): a large answer never becomes one large string.
  // Fastify sends the Buffer it returns for large answers as it is, with its length.
  app.setReplySerializer((payload) => jsonBody(payload) as string);
  installErrorHandling(app);
  installInputGuard(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Data Depot commerce API',
        version: 'v65.0',
        description: 'Webstore API compatible with the platform paths under /services/data/v65.0/commerce.',
      },
    },
    transform: jsonSchemaTransform,
  });

  // Sessions default to SESSION_IDLE_TIMEOUT_S; everything else to the services' own defaults.
  const services = createServices(opts.db, { ...opts, session: opts.session ?? sessionConfigFromEnv() });
  const webstoreId = opts.webstoreId ?? DEMO_WEBSTORE_ID;
  // The seller may set the store's own session timeout (issue 15), read through the store resolver (so within
  // its 2 s cache in other processes); a store that cannot be read leaves the server's default.
  services.sessions.takeIdleTimeoutFrom(() =>
    services.webstores.get(webstoreId).then(
      (store) => store.settings.sessionIdleTimeoutSeconds ?? null,
      () => null,
    ),
  );
  await app.register(cookie);
  // After the cookie plugin, so its onSend has written Set-Cookie when the caching rule looks for it.
  installSecurityHeaders(app);
  installCsrfProtection(app, services);
  installAnalyticsCookieRule(app);
  authRoutes(app, services, webstoreId);
  contextRoutes(app, services);
  aiConfigurationRoutes(app, services, { publicUrl: opts.publicUrl ?? process.env.PUBLIC_URL });
  activityRoutes(app, services, webstoreId);
  recommendationRoutes(app, services);
  datasetListRoutes(app, services);
  // Agents (issue 18): their tokens, shopperAgent/context and the MCP server at /mcp.
  agentTokenRoutes(app, services);
  shopperAgentRoutes(app, services, { publicUrl: opts.publicUrl ?? process.env.PUBLIC_URL });
  mcpRoutes(app, services, { webstoreId, publicUrl: opts.publicUrl ?? process.env.PUBLIC_URL });
  accountRoutes(app, services);
  productRoutes(app, services);
  categoryRoutes(app, services);
  pricingRoutes(app, services);
  taxRoutes(app, services);
  inventoryRoutes(app, services);
  searchRoutes(app, services);
  cartRoutes(app, services);
  promotionRoutes(app, services);
  assetRoutes(app, services, webstoreId);
  cmsMediaRoutes(app, services, webstoreId);
  checkoutRoutes(app, services);
  addressRoutes(app, services);
  wishlistRoutes(app, services);
  orderRoutes(app, services);
  contentDeliveryRoutes(app, services);
  workspaceRoutes(app, services);
  seoRoutes(app, services, { webstoreId, publicUrl: opts.publicUrl ?? process.env.PUBLIC_URL });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));
  // The benchmark's ceiling: the same framework and process doing no work.
  if (process.env.BENCH_BARE_ROUTE === '1') {
    app.get('/bench/bare', { schema: { hide: true } }, async () => ({ ok: true }));
    // Which server process answered (WORKERS=N: the tests and the bench see the requests spread over them).
    app.addHook('onRequest', async (_req, reply) => {
      reply.header('x-store-pid', String(process.pid));
    });
    // The search index's size and build cost, for the benchmark report.
    app.get('/bench/search-index', { schema: { hide: true } }, async () => ({
      ...(await services.searchIndex.status(webstoreId)),
      rssBytes: process.memoryUsage().rss,
    }));
    // The product read model's rows still to build (the reads bench waits for none).
    app.get('/bench/read-model', { schema: { hide: true } }, async () => ({
      stale: await services.readModel.staleCount(),
    }));
  }
  if (opts.storefront !== false)
    await mountStorefront(app, { webstoreId, publicUrl: opts.publicUrl ?? process.env.PUBLIC_URL });
  return { app, services };
}
