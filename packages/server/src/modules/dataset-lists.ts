// The dataset page's list builder and evaluation kit (issue 19): GET datasets/{productId} (the file's facts),
// GET datasets/{productId}/counts?{selection} (live count, price, per-value counts), GET
// datasets/{productId}/preview?{selection} (the selection's first records, masked). Ours: the platform has no
// count builder; the paths follow its webstore resources and its error shape. The selection is the query's
// filter parameters (core/list-selection.ts), repeated for several values.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LIST_FILTERS,
  MAX_SELECTION_VALUE_LENGTH,
  MAX_VALUES_PER_FILTER,
  ListSelectionError,
  parseListSelection,
  type ListSelection,
} from '@store/core';
import { catalogueContext } from '../http/context.ts';
import { badInput } from '../domain/errors.ts';
import type { Services } from '../services/index.ts';
import { WEBSTORE } from './base.ts';
import { ignoredParams, optionalAccount, recordId, webstoreParams } from './schemas.ts';

const oneOrMany = z.union([
  z.string().max(MAX_SELECTION_VALUE_LENGTH),
  z.array(z.string().max(MAX_SELECTION_VALUE_LENGTH)).max(MAX_VALUES_PER_FILTER),
]);

/** The selection's parameters: one per filter, a value or several. */
export const selectionQuery = z.object({
  ...(Object.fromEntries(LIST_FILTERS.map((f) => [f.key, oneOrMany.optional()])) as Record<
    (typeof LIST_FILTERS)[number]['key'],
    z.ZodOptional<typeof oneOrMany>
  >),
  effectiveAccountId: optionalAccount,
  ...ignoredParams,
});

/** The selection a query names (400 for a malformed one). */
export function selectionOf(query: Record<string, unknown>): ListSelection {
  const params = new URLSearchParams();
  for (const f of LIST_FILTERS) {
    const v = query[f.key];
    for (const value of Array.isArray(v) ? v : v === undefined ? [] : [v]) params.append(f.key, String(value));
  }
  try {
    return parseListSelection(params);
  } catch (e) {
    if (e instanceof ListSelectionError) throw badInput(e.message);
    throw e;
  }
}

const datasetParams = webstoreParams.extend({ productId: recordId });

export function datasetListRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${WEBSTORE}/datasets/:productId`,
    {
      schema: {
        tags: ['Dataset lists'],
        summary: "A dataset's evaluation facts: its file's columns and data dictionary, freshness and licence",
        params: datasetParams,
        querystring: z.object({ effectiveAccountId: optionalAccount, ...ignoredParams }),
      },
    },
    async (req) => {
      const store = await s.webstores.get(req.params.webstoreId);
      const ctx = await catalogueContext(s, req, store, req.query.effectiveAccountId);
      return s.datasetLists.evaluation(store.id, ctx, req.params.productId);
    },
  );
  r.get(
    `${WEBSTORE}/datasets/:productId/counts`,
    {
      schema: {
        tags: ['Dataset lists'],
        summary: "The exact record count and price of a selection of a dataset's records, with each filter's counts",
        params: datasetParams,
        querystring: selectionQuery,
      },
    },
    async (req) => {
      const store = await s.webstores.get(req.params.webstoreId);
      const ctx = await catalogueContext(s, req, store, req.query.effectiveAccountId);
      return s.datasetLists.counts(store.id, ctx, req.params.productId, selectionOf(req.query));
    },
  );
  r.get(
    `${WEBSTORE}/datasets/:productId/preview`,
    {
      schema: {
        tags: ['Dataset lists'],
        summary: "The first records of a selection of a dataset's records, with emails, phones and names masked",
        params: datasetParams,
        querystring: selectionQuery,
      },
    },
    async (req) => {
      const store = await s.webstores.get(req.params.webstoreId);
      const ctx = await catalogueContext(s, req, store, req.query.effectiveAccountId);
      return s.datasetLists.preview(store.id, ctx, req.params.productId, selectionOf(req.query));
    },
  );
}
