// Workspace routes for catalogue files: upload (a background import job), the jobs' progress and reports,
// applying a refused file's good rows, and the export of each kind as a download.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type CatalogueFileFormat, MAX_IMPORT_FILE_BYTES } from '@store/core';
import type { Services } from '../../services/index.ts';
import { actorOf, guarded, WORKSPACE } from './workspace-guard.ts';
import { workspaceParams } from './schemas.ts';
import { exportQuery, importJobListQuery, importJobParams, uploadBody, uploadQuery } from './import-schemas.ts';

/** The upload's format is its Content-Type: only these two have a parser in the upload's scope (else 415). */
const formatOf = (contentType: string | undefined): CatalogueFileFormat =>
  contentType?.toLowerCase().startsWith('application/json') ? 'json' : 'csv';

export function workspaceImportRoutes(app: FastifyInstance, s: Services): void {
  const w = s.workspace;
  const store = async (webstoreId: string) => (await s.webstores.get(webstoreId)).id;
  // A closing server finishes the job it is running rather than leaving it for the heartbeat timeout.
  app.addHook('onClose', () => w.imports.stop());

  // The file is the body, read as text (not parsed as JSON: a JSON file is the importer's to read, row by row
  // with row numbers), up to 50 MiB. Its own scope, so these parsers and this limit apply to it alone.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(['text/csv', 'application/json'], { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    const upload = guarded(
      s,
      'catalogue.write',
      'Upload a catalogue file (CSV or JSON); it is imported in the background',
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      `${WORKSPACE}/import-jobs`,
      {
        // The role is checked before a byte of the body is read: no one else may make the server take 50 MiB.
        onRequest: upload.preValidation,
        bodyLimit: MAX_IMPORT_FILE_BYTES,
        schema: {
          ...upload.doc,
          consumes: ['text/csv', 'application/json'],
          params: workspaceParams,
          querystring: uploadQuery,
          body: uploadBody,
        },
      },
      async (req, reply) => {
        const format = formatOf(req.headers['content-type']);
        const job = await w.imports.start(await store(req.params.webstoreId), actorOf(req), {
          text: req.body,
          bytes: Buffer.byteLength(req.body),
          format,
          fileName: req.query.fileName?.trim() ?? `upload.${format}`,
          kind: req.query.kind,
        });
        return reply.status(202).send(job);
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const list = guarded(s, 'catalogue.read', 'Catalogue uploads, newest first, paged');
  r.get(
    `${WORKSPACE}/import-jobs`,
    {
      preValidation: list.preValidation,
      schema: { ...list.doc, params: workspaceParams, querystring: importJobListQuery },
    },
    async (req) => w.imports.list(await store(req.params.webstoreId), req.query),
  );

  const one = guarded(s, 'catalogue.read', 'One catalogue upload: its progress while it runs, then its report');
  r.get(
    `${WORKSPACE}/import-jobs/:jobId`,
    { preValidation: one.preValidation, schema: { ...one.doc, params: importJobParams } },
    async (req) => w.imports.get(await store(req.params.webstoreId), req.params.jobId),
  );

  const apply = guarded(s, 'catalogue.write', "Apply a refused upload's good rows (a new pass over its stored file)");
  r.post(
    `${WORKSPACE}/import-jobs/:jobId/actions/apply-good-rows`,
    { preValidation: apply.preValidation, schema: { ...apply.doc, params: importJobParams } },
    async (req, reply) => {
      const job = await w.imports.applyGoodRows(await store(req.params.webstoreId), actorOf(req), req.params.jobId);
      return reply.status(202).send(job);
    },
  );

  const exported = guarded(s, 'catalogue.read', 'The catalogue of one kind as a CSV or JSON file (a download)');
  r.get(
    `${WORKSPACE}/export`,
    {
      preValidation: exported.preValidation,
      schema: { ...exported.doc, params: workspaceParams, querystring: exportQuery },
    },
    async (req, reply) => {
      const webstoreId = await store(req.params.webstoreId);
      const format = req.query.format ?? 'csv';
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${req.query.kind}-${day}.${format}"`)
        .send(Readable.from(w.imports.exportFile(webstoreId, req.query.kind, format)));
    },
  );
}
