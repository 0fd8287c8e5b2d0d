// Request schemas of the content workspace (issue 16 item 7). A content body is taken here as a plain object
// (the OpenAPI document cannot hold the recursive layout); the service checks it in full against the item's
// type (services/admin/content-bodies.ts).
import { z } from 'zod';
import { CONTENT_TITLE_MAX, CONTENT_TYPE_FQNS, CONTENT_URL_NAME_MAX, type ContentTypeFqn } from '@store/core';
import { freeText } from '../schemas.ts';
import { tableQuery, workspaceParams } from './schemas.ts';

export const contentParams = workspaceParams.extend({ contentId: z.string().max(18) });
const contentType = z.enum(CONTENT_TYPE_FQNS as [ContentTypeFqn, ...ContentTypeFqn[]]);
/** Checked in full by the service against the item's type (contentBodySchema). */
const anyBody = z.record(z.string(), z.unknown()).describe("The content type's body (core ContentBodies)");
const title = freeText(CONTENT_TITLE_MAX).refine((v) => v.trim() !== '', 'must not be empty');
const urlName = z.string().max(CONTENT_URL_NAME_MAX);
const instant = z.iso.datetime({ offset: true });

export const contentListQuery = z.object({
  ...tableQuery,
  type: contentType.optional(),
  q: freeText(100).optional(),
});
export const contentCreateBody = z.object({ type: contentType, title, urlName, body: anyBody });
export const contentUpdateBody = z.object({
  revision: z.number().int().min(1),
  title: title.optional(),
  urlName: urlName.optional(),
  body: anyBody.optional(),
  publishStartAt: instant.nullable().optional(),
  publishEndAt: instant.nullable().optional(),
});
export const contentImageQuery = z.object({
  altText: freeText(300)
    .refine((v) => v.trim() !== '', 'must describe the image')
    .optional()
    .describe('What the image shows (kept when absent)'),
});
export const contentAltBody = z.object({
  altText: freeText(300).refine((v) => v.trim() !== '', 'must describe the image'),
});
