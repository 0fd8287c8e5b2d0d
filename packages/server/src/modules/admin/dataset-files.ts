// Workspace routes for a dataset's file (issue 19): the full CSV as the raw request body, streamed into the
// database as it arrives (never held whole; at most DATASET_FILE_MAX_BYTES), then processed in the background;
// and the product's versions with their progress. The pass-through body parser lives in this plugin's scope
// only, so no other route takes a streamed body.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DATASET_FILE_MAX_BYTES } from '@store/core';
import type { Services } from '../../services/index.ts';
import { ApiError } from '../../domain/errors.ts';
import { freeText } from '../schemas.ts';
import { actorOf, guarded, WORKSPACE } from './workspace-guard.ts';
import { productParams } from './schemas.ts';

const uploadQuery = z.object({
  /** The file's name as the seller picked it: shown in the versions table and the audit log. */
  fileName: freeText(200)
    .refine((v) => v.trim() !== '', 'must not be blank')
    .optional(),
});

const tooLarge = () =>
  new ApiError(413, 'PAYLOAD_TOO_LARGE', `A dataset file may be at most ${DATASET_FILE_MAX_BYTES / 1024 ** 3} GiB.`);

/** The body's bytes as they arrive, refused once past the limit (a missing Content-Length is counted as it comes). */
async function* limited(body: AsyncIterable<Buffer>, max: number): AsyncGenerator<Buffer> {
  let bytes = 0;
  for await (const chunk of body) {
    bytes += chunk.length;
    if (bytes > max) throw tooLarge();
    yield chunk;
  }
}

export function workspaceDatasetFileRoutes(app: FastifyInstance, s: Services): void {
  const store = async (webstoreId: string) => (await s.webstores.get(webstoreId)).id;
  app.addHook('onClose', () => s.workspace.datasetFiles.idle());

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // The request stream itself is the body: the service stores it chunk by chunk.
    scope.addContentTypeParser('text/csv', (_req, payload, done) => done(null, payload));
    const upload = guarded(
      s,
      'catalogue.write',
      "Upload a dataset's full file (CSV as the raw body, streamed); it becomes the next version, processed in the background",
    );
    scope.withTypeProvider<ZodTypeProvider>().put(
      `${WORKSPACE}/products/:productId/dataset-file`,
      {
        // The role is checked before a byte of the body is read.
        onRequest: upload.preValidation,
        schema: { ...upload.doc, consumes: ['text/csv'], params: productParams, querystring: uploadQuery },
      },
      async (req, reply) => {
        if (Number(req.headers['content-length'] ?? 0) > DATASET_FILE_MAX_BYTES) throw tooLarge();
        const body = req.body as IncomingMessage | undefined;
        const version = await s.workspace.datasetFiles.upload(
          await store(req.params.webstoreId),
          actorOf(req),
          req.params.productId,
          {
            fileName: req.query.fileName?.trim() ?? 'dataset.csv',
            source: body ? limited(body, DATASET_FILE_MAX_BYTES) : [],
          },
        );
        return reply.status(202).send(version);
      },
    );
  });

  const list = guarded(s, 'catalogue.read', "A dataset's file versions, newest first (with progress while processing)");
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      `${WORKSPACE}/products/:productId/dataset-file`,
      { preValidation: list.preValidation, schema: { ...list.doc, params: productParams } },
      async (req) => s.workspace.datasetFiles.list(await store(req.params.webstoreId), req.params.productId),
    );
}
