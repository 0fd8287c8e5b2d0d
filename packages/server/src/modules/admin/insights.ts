// Workspace route for seller insights (issue 18 item 4): the dataset funnel, top search terms and searches that
// found nothing over a period of whole UTC days. The period's rules (defaults, from ≤ to, at most 366 days) are
// core's (insight-period.ts), applied by the service: a bad period is a 400 in the error shape.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INSIGHT_FUNNEL_LIMIT } from '@store/core';
import type { Services } from '../../services/index.ts';
import { guarded, WORKSPACE } from './workspace-guard.ts';
import { workspaceParams } from './schemas.ts';

const day = z.iso.date();
const insightsQuery = z.object({
  from: day.optional().describe('First day (YYYY-MM-DD, UTC, inclusive); default: 30 days before `to`'),
  to: day.optional().describe('Last day (YYYY-MM-DD, UTC, inclusive); default: today'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(500)
    .optional()
    .describe(`Datasets the funnel lists at most (default ${INSIGHT_FUNNEL_LIMIT})`),
});

export function workspaceInsightsRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = guarded(
    s,
    'insights.read',
    'Seller insights over a period: the dataset funnel (views, add-to-carts, orders, recommendation clicks), top search terms and searches with no results',
  );
  r.get(
    `${WORKSPACE}/insights`,
    { preValidation: read.preValidation, schema: { ...read.doc, params: workspaceParams, querystring: insightsQuery } },
    async (req) => s.workspace.insights.read((await s.webstores.get(req.params.webstoreId)).id, req.query),
  );
}
