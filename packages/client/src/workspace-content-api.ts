// The workspace's managed-content calls (issue 16 item 7): the table of items, one item, create, change (with
// the revision read: a 409 when someone saved since), publish, unpublish, delete, and an image item's bytes
// (the raw body, as a product's image) and alternative text.

import type {
  AdminContentCreate,
  AdminContentItem,
  AdminContentQuery,
  AdminContentSummary,
  AdminContentUpdate,
  ProductImageUploadType,
  TablePage,
} from '@store/core';
import type { CallOptions } from './call-options.ts';
import { requireId } from './validate.ts';
import type { WorkspaceCall } from './workspace-call.ts';

export interface WorkspaceContentCalls {
  listContent(query?: AdminContentQuery, o?: CallOptions): Promise<TablePage<AdminContentSummary>>;
  getContent(id: string, o?: CallOptions): Promise<AdminContentItem>;
  createContent(input: AdminContentCreate, o?: CallOptions): Promise<AdminContentItem>;
  updateContent(id: string, change: AdminContentUpdate, o?: CallOptions): Promise<AdminContentItem>;
  publishContent(id: string, o?: CallOptions): Promise<AdminContentItem>;
  unpublishContent(id: string, o?: CallOptions): Promise<AdminContentItem>;
  deleteContent(id: string, o?: CallOptions): Promise<void>;
  uploadContentImage(
    id: string,
    image: { file: Blob | Uint8Array; contentType: ProductImageUploadType; altText?: string },
    o?: CallOptions,
  ): Promise<AdminContentItem>;
  describeContentImage(id: string, altText: string, o?: CallOptions): Promise<AdminContentItem>;
}

export function workspaceContentCalls(call: WorkspaceCall): WorkspaceContentCalls {
  const item = (id: string) => `content/${encodeURIComponent(requireId(id, 'contentId'))}`;
  return {
    listContent: (query = {}, o = {}) => call('GET', 'content', o, { query: { ...query } }),
    getContent: (id, o = {}) => call('GET', item(id), o),
    createContent: (input, o = {}) => call('POST', 'content', o, { body: input }),
    updateContent: (id, change, o = {}) => call('PATCH', item(id), o, { body: change }),
    publishContent: (id, o = {}) => call('POST', `${item(id)}/actions/publish`, o),
    unpublishContent: (id, o = {}) => call('POST', `${item(id)}/actions/unpublish`, o),
    deleteContent: async (id, o = {}) => {
      await call('DELETE', item(id), o);
    },
    uploadContentImage: (id, image, o = {}) =>
      call('PUT', `${item(id)}/image`, o, {
        query: image.altText === undefined ? {} : { altText: image.altText },
        rawBody: image.file,
        headers: { 'Content-Type': image.contentType },
      }),
    describeContentImage: (id, altText, o = {}) => call('PATCH', `${item(id)}/image`, o, { body: { altText } }),
  };
}
