// Workspace routes for managed content (issue 16 item 7): the table of items, one item, create, change,
// publish, unpublish, delete, and an image item's bytes (the raw body, as a product's image in media.ts) and
// alternative text. Reading takes content.read, every change content.write.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PRODUCT_IMAGE_MAX_BYTES } from '@store/core';
import type { Services } from '../../services/index.ts';
import { acceptImageBodies, uploadedImage } from './media.ts';
import { actorOf, guarded, WORKSPACE } from './workspace-guard.ts';
import { workspaceParams } from './schemas.ts';
import {
  contentAltBody,
  contentCreateBody,
  contentImageQuery,
  contentListQuery,
  contentParams,
  contentUpdateBody,
} from './content-schemas.ts';

export function workspaceContentRoutes(app: FastifyInstance, s: Services): void {
  const store = async (webstoreId: string) => (await s.webstores.get(webstoreId)).id;
  const c = () => s.workspace.content;

  app.register(async (scope) => {
    // Binary bodies only in this scope (the image upload), as in media.ts.
    acceptImageBodies(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    const list = guarded(s, 'content.read', 'Managed content items (banners, rich text, images, collections, pages)');
    r.get(
      `${WORKSPACE}/content`,
      {
        preValidation: list.preValidation,
        schema: { ...list.doc, params: workspaceParams, querystring: contentListQuery },
      },
      async (req) => c().list(await store(req.params.webstoreId), req.query),
    );

    const create = guarded(s, 'content.write', 'Create a content item (a Draft until published)');
    r.post(
      `${WORKSPACE}/content`,
      {
        preValidation: create.preValidation,
        schema: { ...create.doc, params: workspaceParams, body: contentCreateBody },
      },
      async (req, reply) =>
        reply.status(201).send(await c().create(await store(req.params.webstoreId), actorOf(req), req.body)),
    );

    const detail = guarded(s, 'content.read', 'One content item: working copy, live copy, status and revision');
    r.get(
      `${WORKSPACE}/content/:contentId`,
      { preValidation: detail.preValidation, schema: { ...detail.doc, params: contentParams } },
      async (req) => c().get(await store(req.params.webstoreId), req.params.contentId),
    );

    const update = guarded(
      s,
      'content.write',
      "Change a content item's working copy (409 when saved since `revision`)",
    );
    r.patch(
      `${WORKSPACE}/content/:contentId`,
      {
        preValidation: update.preValidation,
        schema: { ...update.doc, params: contentParams, body: contentUpdateBody },
      },
      async (req) => c().update(await store(req.params.webstoreId), actorOf(req), req.params.contentId, req.body),
    );

    const remove = guarded(s, 'content.write', 'Delete a content item (409 while another item uses it)');
    r.delete(
      `${WORKSPACE}/content/:contentId`,
      { preValidation: remove.preValidation, schema: { ...remove.doc, params: contentParams } },
      async (req, reply) => {
        await c().remove(await store(req.params.webstoreId), actorOf(req), req.params.contentId);
        return reply.status(204).send();
      },
    );

    const publish = guarded(s, 'content.write', 'Publish a content item: its working copy becomes what shoppers see');
    r.post(
      `${WORKSPACE}/content/:contentId/actions/publish`,
      { preValidation: publish.preValidation, schema: { ...publish.doc, params: contentParams } },
      async (req) => c().publish(await store(req.params.webstoreId), actorOf(req), req.params.contentId),
    );

    const unpublish = guarded(s, 'content.write', 'Unpublish a content item: shoppers no longer see it');
    r.post(
      `${WORKSPACE}/content/:contentId/actions/unpublish`,
      { preValidation: unpublish.preValidation, schema: { ...unpublish.doc, params: contentParams } },
      async (req) => c().unpublish(await store(req.params.webstoreId), actorOf(req), req.params.contentId),
    );

    const upload = guarded(s, 'content.write', "Upload or replace an image item's image (PNG, JPEG or WebP raw body)");
    r.put(
      `${WORKSPACE}/content/:contentId/image`,
      {
        preValidation: upload.preValidation,
        bodyLimit: PRODUCT_IMAGE_MAX_BYTES,
        schema: { ...upload.doc, params: contentParams, querystring: contentImageQuery },
      },
      async (req) => {
        const { bytes, type } = uploadedImage(req);
        return c().uploadImage(
          await store(req.params.webstoreId),
          actorOf(req),
          req.params.contentId,
          bytes,
          type,
          req.query.altText,
        );
      },
    );

    const describe = guarded(s, 'content.write', "Change an image item's alternative text");
    r.patch(
      `${WORKSPACE}/content/:contentId/image`,
      {
        preValidation: describe.preValidation,
        schema: { ...describe.doc, params: contentParams, body: contentAltBody },
      },
      async (req) =>
        c().describeImage(await store(req.params.webstoreId), actorOf(req), req.params.contentId, req.body.altText),
    );
  });
}
