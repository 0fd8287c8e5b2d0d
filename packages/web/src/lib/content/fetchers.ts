// The delivery reads bound to this store's site (spec 03 §5 content delivery): the page list without bodies
// and one page with its references. The site id is the webstore's (core siteIdsOf).

import { CONTENT_TYPES, siteIdsOf } from '@store/core';
import type { StoreApi } from '../api.ts';
import { PAGE_LIST_SIZE, PAGE_REFERENCE_DEPTH, type ContentFetchers } from './page-source.ts';

export function contentFetchersOf(api: StoreApi): ContentFetchers {
  const { siteId } = siteIdsOf(api.connection.webstoreId);
  void siteId;
  void CONTENT_TYPES;
  void PAGE_LIST_SIZE;
  void PAGE_REFERENCE_DEPTH;
  // Wired to the client's delivery calls (packages/client/src/content-api.ts) once they exist.
  const unavailable = () => Promise.reject(new Error('content delivery is not available'));
  return { listPages: unavailable, readPage: unavailable };
}
