// Workspace routes for the seller's SEO settings of a product or category (issue 16 item 8): the title and meta
// description search engines are given in place of the derived ones, and "no index".
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SEO_SETTINGS_DESCRIPTION_MAX, SEO_TITLE_MAX } from '@store/core';
import type { Services } from '../../services/index.ts';
import { freeText } from '../schemas.ts';
import { actorOf, guarded, WORKSPACE } from './workspace-guard.ts';
import { workspaceParams } from './schemas.ts';

const params = workspaceParams.extend({ recordId: z.string().max(18) });
const body = z
  .object({
    title: freeText(SEO_TITLE_MAX)
      .nullable()
      .describe("null or '': the record's own (a category's \"<Name> datasets\")"),
    description: freeText(SEO_SETTINGS_DESCRIPTION_MAX)
      .nullable()
      .describe("null or '': from the record's Description"),
    noIndex: z.boolean(),
  })
  .strict();

export function workspaceSeoSettingsRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = async (webstoreId: string) => (await s.webstores.get(webstoreId)).id;

  const read = guarded(s, 'catalogue.read', "A product's or category's SEO settings");
  r.get(
    `${WORKSPACE}/seo-settings/:recordId`,
    { preValidation: read.preValidation, schema: { ...read.doc, params } },
    async (req) => s.seoSettings.get(await store(req.params.webstoreId), req.params.recordId),
  );

  const write = guarded(
    s,
    'catalogue.write',
    "Replace a product's or category's SEO settings (title, description, no index)",
  );
  r.put(
    `${WORKSPACE}/seo-settings/:recordId`,
    { preValidation: write.preValidation, schema: { ...write.doc, params, body } },
    async (req) => s.seoSettings.set(await store(req.params.webstoreId), actorOf(req), req.params.recordId, req.body),
  );
}
