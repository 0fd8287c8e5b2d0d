// The SEO properties of the record a page shows (spec 03 §7, issue 16 item 8), for its <head>: asked beside the
// page's other calls; a failure (or a server without the call) is null, and the page keeps the head it has
// always had (spec 03 §8: "no head tags set from the record").

import { siteIdsOf, type SeoProperties } from '@store/core';
import { isSeoFailure } from '@store/client';
import type { StoreApi } from './api.ts';

export async function loadSeo(api: StoreApi, recordId: string, signal?: AbortSignal): Promise<SeoProperties | null> {
  const { communityId } = siteIdsOf(api.connection.webstoreId);
  try {
    const result = await api.client.getSeoProperties(communityId, recordId, undefined, { signal });
    return isSeoFailure(result) ? null : result;
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    return null;
  }
}

/** The path (and query) of an absolute URL the server made, so the page's own origin makes it absolute again. */
export function pathOfUrl(url: string): string | null {
  try {
    const u = new URL(url);
    return /^https?:$/.test(u.protocol) ? `${u.pathname}${u.search}` : null;
  } catch {
    return null;
  }
}
