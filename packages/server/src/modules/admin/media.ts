// Workspace routes for a product's uploaded image (issue 15): the image itself as the raw request body (PNG,
// JPEG or WebP, at most PRODUCT_IMAGE_MAX_BYTES), its alternative text, and removing it. The body parser for
// those three types lives in this plugin's scope only, so no other route takes a binary body; the bytes are
// checked to be an image by sharp in the service, whatever the Content-Type says.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_UPLOAD_TYPES, type ProductImageUploadType } from '@store/core';
import type { Services } from '../../services/index.ts';
import { badInput } from '../../domain/errors.ts';
import { actorOf, guarded, WORKSPACE } from './workspace-guard.ts';
import { imageUpdateBody, imageUploadQuery, productParams } from './schemas.ts';

const isUploadType = (t: string): t is ProductImageUploadType =>
  (PRODUCT_IMAGE_UPLOAD_TYPES as readonly string[]).includes(t);

/** The raw image body of an upload and its declared type (sharp checks the bytes are that, in the service). */
export function uploadedImage(req: FastifyRequest): { bytes: Buffer; type: ProductImageUploadType } {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const body = req.body;
  if (!isUploadType(type) || !Buffer.isBuffer(body))
    throw badInput('Send the image as the request body with Content-Type image/png, image/jpeg or image/webp.');
  return { bytes: body, type };
}

/**
 * Lets `scope` (and only it) take a raw image body: PNG, JPEG or WebP up to PRODUCT_IMAGE_MAX_BYTES. Every
 * workspace route that uploads an image registers its routes in such a scope.
 */
export function acceptImageBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    [...PRODUCT_IMAGE_UPLOAD_TYPES],
    { parseAs: 'buffer', bodyLimit: PRODUCT_IMAGE_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );
}

export function workspaceMediaRoutes(app: FastifyInstance, s: Services): void {
  const store = async (webstoreId: string) => (await s.webstores.get(webstoreId)).id;

  app.register(async (scope) => {
    acceptImageBodies(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    const upload = guarded(
      s,
      'catalogue.write',
      "Upload or replace a product's image (PNG, JPEG or WebP as the raw body); its media then show it",
    );
    r.put(
      `${WORKSPACE}/products/:productId/image`,
      {
        preValidation: upload.preValidation,
        bodyLimit: PRODUCT_IMAGE_MAX_BYTES,
        schema: { ...upload.doc, params: productParams, querystring: imageUploadQuery },
      },
      async (req) => {
        const { bytes, type } = uploadedImage(req);
        return s.workspace.images.upload(
          await store(req.params.webstoreId),
          actorOf(req),
          req.params.productId,
          bytes,
          type,
          req.query.altText,
        );
      },
    );

    const describe = guarded(s, 'catalogue.write', "Change the alternative text of a product's uploaded image");
    r.patch(
      `${WORKSPACE}/products/:productId/image`,
      {
        preValidation: describe.preValidation,
        schema: { ...describe.doc, params: productParams, body: imageUpdateBody },
      },
      async (req) =>
        s.workspace.images.describe(
          await store(req.params.webstoreId),
          actorOf(req),
          req.params.productId,
          req.body.altText,
        ),
    );

    const remove = guarded(s, 'catalogue.write', "Remove a product's uploaded image (the generated one returns)");
    r.delete(
      `${WORKSPACE}/products/:productId/image`,
      { preValidation: remove.preValidation, schema: { ...remove.doc, params: productParams } },
      async (req, reply) => {
        await s.workspace.images.remove(await store(req.params.webstoreId), actorOf(req), req.params.productId);
        return reply.status(204).send();
      },
    );
  });
}
