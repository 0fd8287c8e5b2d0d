// Shopper signals (issue 18): the recommendation service's configuration. The activities, recommendations and
// shopper-agent routes sit in their own modules beside this one.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../services/index.ts';
import { aiConfiguration } from '../services/ai-configuration.ts';
import { publicOrigin } from '../http/public-origin.ts';
import { ignoredParams, webstoreParams } from './schemas.ts';
import { WEBSTORE } from './base.ts';

export function aiConfigurationRoutes(app: FastifyInstance, s: Services, opts: { publicUrl?: string }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${WEBSTORE}/ai/configuration`,
    {
      schema: {
        tags: ['Recommendations'],
        summary: 'Whether the store records activities and answers recommendations, and where activities go',
        params: webstoreParams,
        querystring: z.object({ ...ignoredParams }),
      },
    },
    async (req, reply) => {
      // Read fresh, like the application context: a settings change shows on the next read in every process.
      const store = await s.webstores.fresh(req.params.webstoreId);
      reply.header('Cache-Control', 'public, max-age=300');
      return aiConfiguration(s.db, store, publicOrigin(req, opts.publicUrl));
    },
  );
}
