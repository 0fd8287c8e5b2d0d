// The delivery reads bound to this store's site (spec 03 §5 content delivery, client content-api.ts): the page
// list without bodies and one page with its references. The site id is the webstore's (core siteIdsOf, the
// same the application context reports), so no extra call is needed to learn it.

import { CONTENT_TYPES, siteIdsOf } from '@store/core';
import type { StoreApi } from '../api.ts';
import { PAGE_LIST_SIZE, PAGE_REFERENCE_DEPTH, type ContentFetchers } from './page-source.ts';

export function contentFetchersOf(api: StoreApi): ContentFetchers {
  const { siteId } = siteIdsOf(api.connection.webstoreId);
  return {
    listPages: (page, signal) =>
      api.client.getSiteContents(siteId, {
        contentTypeFQN: CONTENT_TYPES.pageLayout,
        page,
        pageSize: PAGE_LIST_SIZE,
        signal,
      }),
    readPage: (contentKey, signal) =>
      api.client.getSiteContent(siteId, contentKey, { referenceDepth: PAGE_REFERENCE_DEPTH, signal }),
  };
}
