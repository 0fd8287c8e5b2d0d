// Fallback ceiling for the benchmark, used only when the store server doesn't register GET /bench/bare
// (env BENCH_BARE_ROUTE=1): the same Fastify the server uses (resolved from packages/server), configured
// like the app, answering one route that does no work.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const require = createRequire(path.join(root, 'packages/server/package.json'));
const Fastify = require('fastify') as (opts?: FastifyServerOptions) => FastifyInstance;

const app = Fastify({
  logger: false,
  bodyLimit: 1024 * 1024,
  routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
});
app.get('/healthz', async () => ({ ok: true }));
app.get('/bench/bare', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
console.log(`[bare] listening on ${process.env.PORT}`);
